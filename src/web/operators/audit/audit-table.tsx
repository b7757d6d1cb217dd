import { Link } from 'react-router';
import { formatReportDateTime } from '../../../common/date-format';
import { operatorUiText, operatorScreenText as t } from '../../../common/operator-messages';
import { operatorReportPath } from '../../../common/operator-paths';
import type { AuditEntry } from '../../../common/operator.schema';

type AuditTableProps = { entries: AuditEntry[]; caption: string; showReport: boolean };

/** Audit entries (moderation of a report, or an invoice's 入金確認): a table on wide screens, one card per entry on phones. */
export function AuditTable({ entries, caption, showReport }: AuditTableProps) {
  // A report deleted for good keeps its entries (and its id) but has no page to link to.
  const deleted = new Set(entries.filter((entry) => entry.action === 'delete').map((entry) => entry.report_id));
  return (
    <table className="card-table op-table op-audit-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t.auditWhen}</th>
          <th scope="col">{t.auditWhat}</th>
          {showReport && <th scope="col">{t.auditSubject}</th>}
          <th scope="col">{t.auditWho}</th>
          <th scope="col">{t.auditReason}</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.id} data-audit-action={entry.action}>
            <th scope="row" className="op-table__date">
              <time dateTime={entry.created_at}>{formatReportDateTime(entry.created_at)}</time>
            </th>
            <td data-label={t.auditWhat}>
              <span className={`op-badge op-badge--action op-badge--${entry.action}`}>{operatorUiText.auditActions[entry.action]}</span>
            </td>
            {showReport && (
              <td data-label={t.auditSubject} className="op-audit-table__report">
                {entry.invoice_number !== null ? (
                  <>
                    <span className="detail-list__mono">{t.auditInvoice(entry.invoice_number)}</span>
                    {entry.tenant_id !== null && <span className="op-muted">{` ${t.auditTenant(entry.tenant_id)}`}</span>}
                  </>
                ) : !entry.report_id ? (
                  <span className="op-muted">{t.deletedReport}</span>
                ) : deleted.has(entry.report_id) ? (
                  <>
                    <span className="detail-list__mono">{entry.report_id}</span>
                    <span className="op-muted">{t.deletedReportNote}</span>
                  </>
                ) : (
                  <Link to={operatorReportPath(entry.report_id)} className="detail-list__mono">
                    {entry.report_id}
                  </Link>
                )}
              </td>
            )}
            <td data-label={t.auditWho} className="op-audit-table__who">
              {entry.operator_email}
            </td>
            <td data-label={t.auditReason} className="op-audit-table__reason">
              {entry.reason || <span className="op-muted">—</span>}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
