import { Link } from 'react-router';
import type { CampaignSummary } from '../../../common/account.schema';
import { formatReportDate } from '../../../common/date-format';
import { campaignRates, numberFormat, statusLabel } from './dashboard-api';

const COLUMNS = ['キャンペーン名', 'ステータス', '対象者数', '送信数', '開封率', 'クリック率', '作成日'] as const;

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
        <div className="ta-empty">
          <p className="ta-empty__title">キャンペーンはまだありません</p>
          <p className="ta-empty__text">最初の訓練キャンペーンを作成して、従業員のフィッシング対策を始めましょう。</p>
          <Link to="/campaigns/create" className="button button--primary">
            最初のキャンペーンを作成
          </Link>
        </div>
      ) : (
        <table className="ta-table">
          <thead>
            <tr>
              {COLUMNS.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
              <th scope="col">
                <span className="visually-hidden">操作</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {campaigns.map((campaign) => {
              const rates = campaignRates(campaign);
              return (
                <tr key={campaign.campaign_id}>
                  <th scope="row" className="ta-table__name">
                    {campaign.campaign_name}
                  </th>
                  <td data-label="ステータス">
                    <span className={`status-badge status-badge--${campaign.status}`}>{statusLabel(campaign.status)}</span>
                  </td>
                  <td data-label="対象者数" className="ta-table__num">
                    {numberFormat.format(campaign.total_targets)}
                  </td>
                  <td data-label="送信数" className="ta-table__num">
                    {numberFormat.format(campaign.emails_sent)}
                  </td>
                  <td data-label="開封率" className="ta-table__num">
                    {rates.open}
                  </td>
                  <td data-label="クリック率" className="ta-table__num">
                    {rates.click}
                  </td>
                  <td data-label="作成日" className="ta-table__date">{formatReportDate(campaign.created_at)}</td>
                  <td className="ta-table__action">
                    <Link to={`/campaigns/${campaign.campaign_id}`} className="button button--secondary button--small" aria-label={`${campaign.campaign_name}の詳細`}>
                      詳細
                    </Link>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
