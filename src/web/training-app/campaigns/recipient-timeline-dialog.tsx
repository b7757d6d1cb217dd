import { useQuery } from '@tanstack/react-query';
import { useId, useRef } from 'react';
import { RECIPIENT_EVENT_LABELS, type Recipient, type RecipientEventKind, type RecipientEvents } from '../../../common/campaigns.schema';
import { AlertBox } from '../../components/alert-box';
import { Dialog } from '../../components/dialog';
import { Spinner } from '../../components/spinner';
import { apiErrorMessage } from '../../lib/api-error-message';
import { campaignResultKeys, fetchRecipientEvents } from './campaign-results-api';
import { formatEventTime } from './campaign-detail-format';
import { RecipientStatusBadge } from './recipient-table';

/** Steps of the delivery itself are neither counted nor filtered: they carry no 集計 mark. */
const DELIVERY_ONLY: ReadonlySet<RecipientEventKind> = new Set(['scheduled', 'failed', 'cancelled']);

type RecipientTimelineDialogProps = {
  campaignId: number;
  recipient: Recipient;
  /** Same rhythm as the page: new events arrive while the campaign runs. */
  refetchInterval: number | false;
  onClose: () => void;
};

/** One person's timeline: every delivery step and tracking request, and why a request did not count. */
export function RecipientTimelineDialog({ campaignId, recipient, refetchInterval, onClose }: RecipientTimelineDialogProps) {
  const id = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  const events = useQuery({
    queryKey: campaignResultKeys.events(campaignId, recipient.recipient_id),
    queryFn: ({ signal }) => fetchRecipientEvents(campaignId, recipient.recipient_id, signal),
    refetchInterval,
  });
  const shown = events.data?.recipient ?? recipient;

  return (
    <Dialog labelledBy={`${id}-title`} describedBy={`${id}-who`} onClose={onClose} initialFocus={closeRef} className="cd-timeline-dialog">
      <h2 id={`${id}-title`} className="dialog__title">
        {shown.name}さんの記録
      </h2>
      <p id={`${id}-who`} className="cd-timeline__who">
        <span className="cd-timeline__email">{shown.email}</span>
        {shown.department && <span>{shown.department}</span>}
        <span>テンプレート：{shown.template_name}</span>
        <RecipientStatusBadge status={shown.status} />
      </p>
      {events.isError && !events.data ? (
        <AlertBox tone="error" title="読み込みに失敗しました">
          <p>{apiErrorMessage(events.error, '記録を取得できませんでした。時間をおいて再度お試しください。')}</p>
        </AlertBox>
      ) : events.data ? (
        <Timeline events={events.data.events} />
      ) : (
        <Spinner label="記録を読み込み中..." className="cd-timeline__loading" />
      )}
      <div className="dialog__actions">
        <button ref={closeRef} type="button" className="button button--secondary" onClick={onClose}>
          閉じる
        </button>
      </div>
    </Dialog>
  );
}

function Timeline({ events }: { events: RecipientEvents['events'] }) {
  if (events.length === 0) return <p className="cd-muted">まだ記録はありません。</p>;
  return (
    <ol className="cd-timeline">
      {events.map((event, index) => (
        <li key={`${event.at}-${event.kind}-${index}`} className={event.counted || DELIVERY_ONLY.has(event.kind) ? 'cd-timeline__event' : 'cd-timeline__event cd-timeline__event--ignored'}>
          <div className="cd-timeline__head">
            <time className="cd-timeline__time" dateTime={event.at}>
              {formatEventTime(event.at)}
            </time>
            <span className="cd-timeline__kind">{RECIPIENT_EVENT_LABELS[event.kind]}</span>
            {!DELIVERY_ONLY.has(event.kind) && (
              <span className={event.counted ? 'cd-count cd-count--yes' : 'cd-count cd-count--no'}>{event.counted ? '集計対象' : '集計対象外'}</span>
            )}
          </div>
          {event.reason && <p className="cd-timeline__reason">{event.reason}</p>}
          {(event.user_agent || event.ip) && (
            <p className="cd-timeline__client">
              {event.user_agent && <span>アクセス元：{event.user_agent}</span>}
              {event.ip && <span>IPアドレス：{event.ip}</span>}
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}
