import { Link } from 'react-router';
import { formatReportDateTime } from '../../../common/date-format';
import { operatorScreenText as t } from '../../../common/operator-messages';
import { operatorReportPath } from '../../../common/operator-paths';
import { ReceiptMethodIcon } from '../../components/receipt-method-icon';
import type { OperatorReportListItem } from '../../../common/operator.schema';
import { flagReasonLabel } from './flag-reason';

const headlineOf = (report: OperatorReportListItem) => report.subject?.trim() || report.body_excerpt?.trim() || t.noSubject;
const senderOf = (report: OperatorReportListItem) => report.source_email ?? report.phone_number ?? '送信元不明';

/** One page of reports: a table on wide screens, one card per report on phones. */
export function ReportsTable({ reports }: { reports: OperatorReportListItem[] }) {
  return (
    <table className="card-table op-table op-reports-table">
      <caption className="visually-hidden">報告の一覧</caption>
      <thead>
        <tr>
          <th scope="col">報告</th>
          <th scope="col">通知</th>
          <th scope="col">状態</th>
          <th scope="col">報告日時</th>
        </tr>
      </thead>
      <tbody>
        {reports.map((report) => (
          <tr key={report.report_id} data-report-id={report.report_id} className={report.open_flag_count > 0 ? 'op-reports-table__flagged' : undefined}>
            <th scope="row" className="op-reports-table__report">
              <Link className="op-reports-table__link" to={operatorReportPath(report.report_id)}>
                <ReceiptMethodIcon method={report.receipt_method} />
                <span className="op-reports-table__headline">{headlineOf(report)}</span>
              </Link>
              <span className="op-reports-table__sender">{senderOf(report)}</span>
            </th>
            <td data-label="通知" className="op-reports-table__flags">
              {report.open_flag_count > 0 ? (
                <>
                  <span className="op-badge op-badge--flag">{t.flagCount(report.open_flag_count)}</span>
                  <ul className="op-chips" aria-label="通知の理由">
                    {report.flag_reasons.map((reason) => (
                      <li key={reason} className="op-chip">
                        {flagReasonLabel(reason)}
                      </li>
                    ))}
                  </ul>
                </>
              ) : (
                <span className="op-muted">なし</span>
              )}
            </td>
            <td data-label="状態">
              {report.hidden_at ? <span className="op-badge op-badge--hidden">{t.hiddenBadge}</span> : <span className="op-badge op-badge--public">公開中</span>}
            </td>
            <td data-label="報告日時" className="op-table__date">
              <time dateTime={report.reported_at}>{formatReportDateTime(report.reported_at)}</time>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
