import type { ReactNode } from 'react';
import type { CampaignDetail } from '../../../common/campaigns.schema';
import { campaignMessages as m } from '../../../common/messages';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { changeCampaign, deleteCampaign, type CampaignChange } from './campaign-results-api';

export type CampaignDialogKind = CampaignChange | 'delete';

type CampaignDetailDialogProps = {
  kind: CampaignDialogKind;
  detail: CampaignDetail;
  onCancel: () => void;
  onChanged: (next: CampaignDetail, message: string) => void;
  onDeleted: () => void;
};

type Wording = { title: string; confirm: string; busy: string; failure: string; body: ReactNode };

function wording(kind: CampaignDialogKind, detail: CampaignDetail): Wording {
  const { campaign } = detail;
  const unsent = detail.status_counts.scheduled;
  switch (kind) {
    case 'pause':
      return {
        title: 'キャンペーンを一時停止しますか？',
        confirm: '一時停止する',
        busy: '一時停止中...',
        failure: 'キャンペーンを一時停止できませんでした。時間をおいて再度お試しください。',
        body: (
          <>
            <p>
              {unsent > 0 ? `まだ送信していないメール（${unsent}通）の送信を止めます。` : 'まだ送信していないメールはありません。'}
              送信済みのメールの開封やクリックは、停止中も記録されます。
            </p>
            <p>「再開」でいつでも送信を再開できます。</p>
          </>
        ),
      };
    case 'resume':
      return {
        title: 'キャンペーンを再開しますか？',
        confirm: '再開する',
        busy: '再開中...',
        failure: 'キャンペーンを再開できませんでした。時間をおいて再度お試しください。',
        body: (
          <p>
            未送信のメール（{unsent}通）の送信を再開します。送信期間をすでに過ぎている場合は、一度に送らず、次に送信できる時間帯に分散して送信します。
          </p>
        ),
      };
    case 'complete':
      return {
        title: 'キャンペーンを終了しますか？',
        confirm: '終了する',
        busy: '終了中...',
        failure: 'キャンペーンを終了できませんでした。時間をおいて再度お試しください。',
        body: (
          <>
            <p>
              {unsent > 0 ? (
                <>
                  まだ送信していないメール（<strong>{unsent}通</strong>）は中止され、今後も送信されません。
                </>
              ) : (
                <>未送信のメールはありません。</>
              )}
              終了したキャンペーンは再開できません。
            </p>
            <p>これまでの結果はそのまま残り、引き続きこの画面とCSVで確認できます。</p>
          </>
        ),
      };
    case 'delete':
      return {
        title: 'キャンペーンを削除しますか？',
        confirm: '削除する',
        busy: '削除中...',
        failure: 'キャンペーンを削除できませんでした。時間をおいて再度お試しください。',
        body: (
          <p>
            「{campaign.campaign_name}」を削除します。
            {campaign.status === 'scheduled' && '予約済みの送信もすべて取り消されます。'}
            削除すると元に戻せません。
          </p>
        ),
      };
  }
}

const DONE_MESSAGES: Record<CampaignChange, string> = { pause: m.paused, resume: m.resumed, complete: m.completed };

/** Confirmation for pause, resume, end and delete; the server's 409 wording shows in the dialog. */
export function CampaignDetailDialog({ kind, detail, onCancel, onChanged, onDeleted }: CampaignDetailDialogProps) {
  const campaignId = detail.campaign.campaign_id;
  const text = wording(kind, detail);
  const common = {
    title: text.title,
    confirmLabel: text.confirm,
    busyLabel: text.busy,
    failureMessage: text.failure,
    failureTitle: `${m.actionLabels[kind]}できませんでした`,
    onCancel,
  };
  if (kind === 'delete') {
    return (
      <ConfirmDialog {...common} action={() => deleteCampaign(campaignId)} onDone={onDeleted}>
        {text.body}
      </ConfirmDialog>
    );
  }
  return (
    <ConfirmDialog
      {...common}
      // Pausing and resuming can be undone; only ending early is red.
      confirmTone={kind === 'complete' ? 'danger' : 'primary'}
      action={() => changeCampaign(campaignId, kind)}
      onDone={(next) => onChanged(next, DONE_MESSAGES[kind])}
    >
      {text.body}
    </ConfirmDialog>
  );
}
