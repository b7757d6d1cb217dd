import { Link } from 'react-router';
import { CAMPAIGN_STATUS_LABELS } from '../../../common/campaign-status';
import type { CampaignListItem } from '../../../common/campaigns.schema';
import { formatReportDate } from '../../../common/date-format';
import { numberFormat } from '../dashboard/dashboard-api';

const COLUMNS = ['キャンペーン名', 'ステータス', '対象者数', '送信数', '開封率', 'クリック率', '作成日'] as const;

/** One page of campaigns: a table on wide screens, one card per campaign on phones (CSS only, as on the dashboard). */
export function CampaignTable({ campaigns, caption }: { campaigns: CampaignListItem[]; caption: string }) {
  return (
    <table className="ta-table cmp-table">
      <caption className="visually-hidden">{caption}</caption>
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
        {campaigns.map((campaign) => (
          <tr key={campaign.campaign_id}>
            <th scope="row" className="ta-table__name">
              {campaign.campaign_name}
            </th>
            <td data-label="ステータス">
              <span className={`status-badge status-badge--${campaign.status}`}>{CAMPAIGN_STATUS_LABELS[campaign.status]}</span>
            </td>
            <td data-label="対象者数" className="ta-table__num">
              {numberFormat.format(campaign.total_targets)}
            </td>
            <td data-label="送信数" className="ta-table__num">
              {numberFormat.format(campaign.emails_sent)}
            </td>
            <td data-label="開封率" className="ta-table__num">
              {campaign.open_rate}%
            </td>
            <td data-label="クリック率" className="ta-table__num">
              {campaign.click_rate}%
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
        ))}
      </tbody>
    </table>
  );
}
