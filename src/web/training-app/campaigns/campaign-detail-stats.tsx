import type { CampaignDetail } from '../../../common/campaigns.schema';
import { numberFormat } from '../dashboard/dashboard-api';

type CampaignDetailStatsProps = { campaign: CampaignDetail['campaign']; statusCounts: CampaignDetail['status_counts'] };

/** 対象者, 送信, 開封, クリック, 入力: people counted once each, rates as whole percents of sent (SPEC §9). */
export function CampaignDetailStats({ campaign, statusCounts }: CampaignDetailStatsProps) {
  const sendNote = [
    statusCounts.scheduled > 0 && `送信予定 ${numberFormat.format(statusCounts.scheduled)}通`,
    statusCounts.failed > 0 && `送信失敗 ${numberFormat.format(statusCounts.failed)}通`,
    statusCounts.cancelled > 0 && `中止 ${numberFormat.format(statusCounts.cancelled)}通`,
  ].filter(Boolean);
  // A draft's targets become recipients only at launch; its 0 would read as "nobody".
  const draft = campaign.status === 'draft';
  const cards = [
    { tone: 'users', label: '対象者', value: draft ? null : campaign.total_targets, unit: '名', note: draft ? '開始時に確定します' : null },
    { tone: 'sent', label: '送信', value: campaign.emails_sent, unit: '通', note: sendNote.length > 0 ? sendNote.join('・') : null },
    { tone: 'opened', label: '開封', value: campaign.emails_opened, unit: '名', rate: campaign.open_rate, rateLabel: '開封率' },
    { tone: 'clicked', label: 'クリック', value: campaign.emails_clicked, unit: '名', rate: campaign.click_rate, rateLabel: 'クリック率' },
    { tone: 'submitted', label: '入力', value: campaign.emails_submitted, unit: '名', rate: campaign.submit_rate, rateLabel: '入力率' },
  ] as const;

  return (
    <ul className="ta-stats cd-stats" aria-label="キャンペーンの結果">
      {cards.map((card) => (
        <li key={card.tone} className={`ta-stat ta-stat--${card.tone} cd-stat`} data-testid={`campaign-stat-${card.tone}`}>
          <p className="ta-stat__label">{card.label}</p>
          <p className="ta-stat__value">
            {card.value === null ? (
              <>
                <span aria-hidden="true">—</span>
                <span className="visually-hidden">未確定</span>
              </>
            ) : (
              <>
                {numberFormat.format(card.value)}
                <span className="ta-stat__unit">{card.unit}</span>
              </>
            )}
          </p>
          {'rate' in card ? (
            <p className="cd-stat__rate">
              {card.rateLabel} <strong>{card.rate}%</strong>
            </p>
          ) : (
            card.note && <p className="ta-stat__note">{card.note}</p>
          )}
        </li>
      ))}
    </ul>
  );
}
