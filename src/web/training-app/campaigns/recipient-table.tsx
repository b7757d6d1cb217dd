import { RECIPIENT_STATUS_LABELS, type Recipient, type RecipientStatus } from '../../../common/campaigns.schema';
import { formatReportDateTime } from '../../../common/date-format';

/** One time cell: date over time (Japan time), or a dash that is read as 「なし」. */
export function RecipientTime({ iso }: { iso: string | null }) {
  if (!iso) {
    return (
      <>
        <span className="cd-time__none" aria-hidden="true">
          —
        </span>
        <span className="visually-hidden">なし</span>
      </>
    );
  }
  const [date, time] = formatReportDateTime(iso).split(' ');
  return (
    <time className="cd-time" dateTime={iso}>
      <span className="cd-time__date">{date}</span> <span className="cd-time__clock">{time}</span>
    </time>
  );
}

export function RecipientStatusBadge({ status }: { status: RecipientStatus }) {
  return <span className={`status-badge cd-rstatus--${status}`}>{RECIPIENT_STATUS_LABELS[status]}</span>;
}

const TIME_COLUMNS = [
  { key: 'sent_at', label: '送信' },
  { key: 'opened_at', label: '開封' },
  { key: 'clicked_at', label: 'クリック' },
  { key: 'submitted_at', label: '入力' },
] as const;

type RecipientTableProps = { recipients: Recipient[]; caption: string; onOpen: (recipient: Recipient) => void };

/** One page of recipients: a table on wide screens, one card per person on phones (CSS only). */
export function RecipientTable({ recipients, caption, onOpen }: RecipientTableProps) {
  return (
    <table className="card-table cd-recipients">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">氏名・メール・部署</th>
          <th scope="col">テンプレート</th>
          <th scope="col">状態</th>
          {TIME_COLUMNS.map((column) => (
            <th key={column.key} scope="col">
              {column.label}
            </th>
          ))}
          <th scope="col">
            <span className="visually-hidden">記録</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {recipients.map((recipient) => (
          <tr key={recipient.recipient_id} data-testid="recipient-row">
            <th scope="row" className="cd-recipients__person">
              <span className="cd-recipients__name">{recipient.name}</span>
              <span className="cd-recipients__email">{recipient.email}</span>
              {recipient.department && <span className="cd-recipients__department">{recipient.department}</span>}
            </th>
            <td data-label="テンプレート" className="cd-recipients__template">
              {recipient.template_name}
            </td>
            <td data-label="状態" className="cd-recipients__status">
              <RecipientStatusBadge status={recipient.status} />
              {recipient.reported_at && <span className="cd-recipients__reported">報告済み</span>}
              {recipient.failure_reason && (
                // Red for a send that failed; a deliberate cancellation is only explained.
                <span className={recipient.status === 'failed' ? 'cd-recipients__failure' : 'cd-recipients__failure cd-recipients__failure--quiet'}>{recipient.failure_reason}</span>
              )}
            </td>
            {TIME_COLUMNS.map((column) =>
              // Not sent yet: the send column says when it is planned.
              column.key === 'sent_at' && recipient.status === 'scheduled' ? (
                <td key={column.key} data-label={column.label} className="cd-recipients__time">
                  <span className="cd-time__planned">予定</span>
                  <RecipientTime iso={recipient.planned_at} />
                </td>
              ) : (
                <td key={column.key} data-label={column.label} className={recipient[column.key] ? 'cd-recipients__time' : 'cd-recipients__time cd-recipients__time--empty'}>
                  <RecipientTime iso={recipient[column.key]} />
                </td>
              ),
            )}
            <td className="cd-recipients__action">
              <button type="button" className="button button--secondary button--small" onClick={() => onOpen(recipient)} aria-label={`${recipient.name}さんの記録を見る`}>
                記録
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
