import { formatReportDateTime } from '../../../common/date-format';
import { operatorScreenText as t } from '../../../common/operator-messages';
import type { ReportFlagView } from '../../../common/operator.schema';
import { flagReasonLabel } from './flag-reason';

/** The visitors' flags, open ones first as the server sends them, each with its state. */
export function FlagList({ flags }: { flags: ReportFlagView[] }) {
  if (flags.length === 0) return <p className="op-muted">{t.noFlags}</p>;
  return (
    <ul className="op-flags">
      {flags.map((flag) => (
        <li key={flag.id} className="op-flags__item">
          <p className="op-flags__head">
            <span className="op-flags__reason">{flagReasonLabel(flag.reason)}</span>
            <span className={flag.resolved_at ? 'op-badge op-badge--done' : 'op-badge op-badge--flag'}>{flag.resolved_at ? t.flagResolved : t.flagOpen}</span>
          </p>
          {flag.comment && <p className="op-flags__comment">{flag.comment}</p>}
          <p className="op-flags__date">
            <time dateTime={flag.created_at}>{formatReportDateTime(flag.created_at)}</time>
          </p>
        </li>
      ))}
    </ul>
  );
}
