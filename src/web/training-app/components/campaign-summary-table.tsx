import { Link } from 'react-router';
import type { CampaignSummary } from '../../../common/account.schema';
import { formatReportDate } from '../../../common/date-format';
import { campaignRates, numberFormat, statusLabel } from '../dashboard/dashboard-api';

const COLUMNS = ['キャンペーン名', 'ステータス', '対象者数', '送信数', '開封率', 'クリック率', '作成日'] as const;

type CampaignSummaryTableProps = {
  campaigns: CampaignSummary[];
  /** Read by screen readers only; the dashboard's table is named by its section heading instead. */
  caption?: string;
  className?: string;
};

/** Campaigns with their SPEC §9 rates: a table on wide screens, one card per campaign on phones (CSS only). */
export function CampaignSummaryTable({ campaigns, caption, className }: CampaignSummaryTableProps) {
  return (
    <table className={['card-table ta-table', className].filter(Boolean).join(' ')}>
      {caption && <caption className="visually-hidden">{caption}</caption>}
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
              <td data-label="作成日" className="ta-table__date">
                {formatReportDate(campaign.created_at)}
              </td>
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
  );
}
