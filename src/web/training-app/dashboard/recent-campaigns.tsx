import { Link } from 'react-router';
import type { CampaignSummary } from '../../../common/account.schema';
import { CampaignSummaryTable } from '../components/campaign-summary-table';
import { EmptyState } from '../components/empty-state';

/** SPEC §2.3 recent campaigns: a table on wide screens, stacked cards on phones (CSS only). */
export function RecentCampaigns({ campaigns, headingId }: { campaigns: CampaignSummary[]; headingId: string }) {
  return (
    <section className="ta-section card ta-recent" aria-labelledby={headingId}>
      <div className="ta-section__header">
        <h2 id={headingId} className="ta-section__title">
          最近のキャンペーン
        </h2>
        {campaigns.length > 0 && (
          <Link to="/campaigns" className="ta-section__more">
            すべて表示
          </Link>
        )}
      </div>
      {campaigns.length === 0 ? (
        <EmptyState title="キャンペーンはまだありません" text="最初の訓練キャンペーンを作成して、従業員のフィッシング対策を始めましょう。">
          <Link to="/campaigns/create" className="button button--primary">
            最初のキャンペーンを作成
          </Link>
        </EmptyState>
      ) : (
        <CampaignSummaryTable campaigns={campaigns} />
      )}
    </section>
  );
}
