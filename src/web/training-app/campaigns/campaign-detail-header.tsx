import { useState } from 'react';
import { Link } from 'react-router';
import { CAMPAIGN_STATUS_LABELS } from '../../../common/campaign-status';
import type { CampaignDetail } from '../../../common/campaigns.schema';
import { formatReportDateTime } from '../../../common/date-format';
import { campaignMessages as m } from '../../../common/messages';
import { AlertBox } from '../../components/alert-box';
import { PageHeader } from '../components/page-header';
import { ExportButton } from '../users/export-button';
import { CampaignDetailDialog, type CampaignDialogKind } from './campaign-detail-dialog';
import { savedScheduleInWords } from './campaign-detail-format';
import { downloadCampaignCsv } from './campaign-results-api';

type CampaignDetailHeaderProps = {
  detail: CampaignDetail;
  crumbs: { label: string; to: string }[];
  onChanged: (next: CampaignDetail, message: string) => void;
  onDeleted: () => void;
  /** A new change begins: the note about the previous one no longer applies. */
  onStartChange: () => void;
};

/** Name, status, schedule and key dates, and the actions the campaign allows right now (`campaign.actions`). */
export function CampaignDetailHeader({ detail, crumbs, onChanged, onDeleted, onStartChange }: CampaignDetailHeaderProps) {
  const { campaign } = detail;
  const [dialog, setDialog] = useState<CampaignDialogKind | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);
  const allows = (action: (typeof campaign.actions)[number]) => campaign.actions.includes(action);
  const open = (kind: CampaignDialogKind) => {
    onStartChange();
    setDialog(kind);
  };
  const recipientTotal = Object.values(detail.status_counts).reduce((sum, count) => sum + count, 0);

  return (
    <>
      <PageHeader
        title={campaign.campaign_name}
        crumbs={crumbs}
        lead={
          <>
            <span className={`status-badge status-badge--${campaign.status} cd-header__badge`}>{CAMPAIGN_STATUS_LABELS[campaign.status]}</span>
            <span className="cd-header__schedule">
              <span className="visually-hidden">送信スケジュール：</span>
              {savedScheduleInWords(campaign.schedule, campaign.launched_at)}
            </span>
          </>
        }
        actions={
          <>
            {allows('resume') && (
              <button type="button" className="button button--primary" onClick={() => open('resume')}>
                {m.actionLabels.resume}
              </button>
            )}
            {allows('pause') && (
              <button type="button" className="button button--secondary" onClick={() => open('pause')}>
                {m.actionLabels.pause}
              </button>
            )}
            {allows('launch') && (
              // A draft starts through the confirmation screen, as a new campaign does.
              <Link to={`/campaigns/${campaign.campaign_id}/edit`} className="button button--primary">
                内容を確認して開始
              </Link>
            )}
            {allows('edit') && (
              <Link to={`/campaigns/${campaign.campaign_id}/edit`} className="button button--secondary">
                {m.actionLabels.edit}
              </Link>
            )}
            <ExportButton disabled={recipientTotal === 0} onError={setExportError} download={() => downloadCampaignCsv(campaign.campaign_id)} />
            {allows('complete') && (
              <button type="button" className="button button--danger-outline" onClick={() => open('complete')}>
                {m.actionLabels.complete}
              </button>
            )}
            {allows('delete') && (
              <button type="button" className="button button--danger-outline" onClick={() => open('delete')}>
                {m.actionLabels.delete}
              </button>
            )}
          </>
        }
      />
      <KeyDates campaign={campaign} />
      {exportError && (
        <AlertBox tone="error" title="書き出せませんでした" className="cd-notice">
          <p>{exportError}</p>
        </AlertBox>
      )}
      {dialog && (
        <CampaignDetailDialog
          kind={dialog}
          detail={detail}
          onCancel={() => setDialog(null)}
          onChanged={(next, message) => {
            setDialog(null);
            onChanged(next, message);
          }}
          onDeleted={() => {
            setDialog(null);
            onDeleted();
          }}
        />
      )}
    </>
  );
}

/** The moments that explain where the campaign stands, in Japan time. */
function KeyDates({ campaign }: { campaign: CampaignDetail['campaign'] }) {
  // Launched before its first send: the launch was a reservation, the sends start later.
  const reserved = campaign.launched_at !== null && campaign.schedule.start_at !== null && Date.parse(campaign.launched_at) < Date.parse(campaign.schedule.start_at);
  const dates: [string, string | null][] = [
    ['作成', campaign.created_at],
    [reserved ? '予約' : '開始', campaign.launched_at],
    ['一時停止', campaign.status === 'paused' ? campaign.paused_at : null],
    // Once ended, the last planned send may never have happened: the end date says enough.
    ['最終送信予定', campaign.status === 'completed' ? null : campaign.last_send_at],
    ['終了', campaign.completed_at],
    ['集計終了予定', campaign.completed_at ? null : campaign.tracking_ends_at],
  ];
  const shown = dates.filter((entry): entry is [string, string] => entry[1] !== null);
  return (
    <dl className="cd-dates">
      {shown.map(([label, iso]) => (
        <div key={label} className="cd-dates__item">
          <dt>{label}</dt>
          <dd>
            <time dateTime={iso}>{formatReportDateTime(iso)}</time>
          </dd>
        </div>
      ))}
    </dl>
  );
}
