import type { MouseEvent } from 'react';
import { REPORT_LIST_TRUNCATE_AT } from '../../../common/limits';
import { reportMessages as m, reportUiText as t } from '../../../common/report-messages';
import { truncateForList } from '../../../common/text-normalize';
import { defangOptional } from '../../../common/url-defang';
import { ReceiptMethodIcon } from '../../components/receipt-method-icon';
import { formatReportDate } from '../../../common/date-format';
import type { ReportView } from '../api/report-guards';
import { reportHref } from '../report-links';
import { ScreenshotStatusBadge } from '../screenshot-status';
import { similarReportsHref } from './list-url-state';

type ReportTableProps = {
  reports: ReportView[];
  busy: boolean;
  onView: (report: ReportView) => void;
  onDelete: (report: ReportView) => void;
  /** 「同様の報告」 was clicked; the list shows that group without leaving the page. */
  onSimilar: (event: MouseEvent<HTMLAnchorElement>, report: ReportView) => void;
  /** The list shows one group already: its rows need no link to it. */
  showSimilar: boolean;
};

/** Defanged before it is cut: whatever the answer holds, a row never shows a usable phishing URL. */
const listText = (report: ReportView) =>
  truncateForList(defangOptional(report.receipt_method === 'email' ? report.subject : report.body), REPORT_LIST_TRUNCATE_AT) ?? m.emptyText;

/** The whole row opens the report, but real links and buttons inside it keep their own job. */
function openRow(event: MouseEvent<HTMLTableRowElement>, href: string) {
  const target = event.target as HTMLElement;
  if (target.closest('a, button, input, label')) return;
  // Selecting text in a row is not a request to leave the page.
  if (window.getSelection()?.toString()) return;
  if (event.ctrlKey || event.metaKey || event.button === 1) window.open(href, '_blank', 'noopener');
  else window.location.assign(href);
}

export function ReportTable({ reports, busy, onView, onDelete, onSimilar, showSimilar }: ReportTableProps) {
  return (
    <table className={['report-table', busy ? 'report-table--busy' : null].filter(Boolean).join(' ')} aria-busy={busy || undefined}>
      <caption className="visually-hidden">報告の一覧（新しい順）</caption>
      <thead>
        <tr>
          <th scope="col" className="report-table__type">
            種別
          </th>
          <th scope="col" className="report-table__text">
            件名・本文
          </th>
          <th scope="col" className="report-table__image">
            画像
          </th>
          <th scope="col" className="report-table__date">
            報告日
          </th>
          <th scope="col" className="report-table__delete">
            削除
          </th>
        </tr>
      </thead>
      <tbody>
        {reports.map((report) => {
          const href = reportHref(report.report_id);
          const linkId = `report-link-${report.report_id}`;
          const showImage = Boolean(report.screenshot_url) && report.publish_screenshot;
          const text = listText(report);
          return (
            <tr key={report.report_id} className="report-table__row" onClick={(event) => openRow(event, href)}>
              <td className="report-table__type">
                <ReceiptMethodIcon method={report.receipt_method} />
              </td>
              <td className="report-table__text">
                <a id={linkId} href={href} className={text === m.emptyText ? 'report-table__link is-empty' : 'report-table__link'}>
                  {text}
                </a>
                {showSimilar && report.similar_count > 0 && (
                  <a
                    href={similarReportsHref(report.report_id)}
                    className="similar-link"
                    aria-describedby={linkId}
                    onClick={(event) => onSimilar(event, report)}
                  >
                    同様の報告 {report.similar_count}件
                  </a>
                )}
              </td>
              <td className="report-table__image">
                {showImage && report.screenshot_url && (
                  <button type="button" className="thumb" onClick={() => onView(report)} aria-describedby={linkId}>
                    <img src={report.thumbnail_url ?? report.screenshot_url} alt="" loading="lazy" decoding="async" className="thumb__image" />
                    <span className="visually-hidden">スクリーンショットを拡大</span>
                  </button>
                )}
                {!showImage && <ScreenshotStatusBadge report={report} />}
              </td>
              <td className="report-table__date">
                <time dateTime={report.reported_at}>{formatReportDate(report.reported_at)}</time>
              </td>
              <td className="report-table__delete">
                <button
                  type="button"
                  className="button button--danger-outline button--small"
                  onClick={() => onDelete(report)}
                  aria-describedby={linkId}
                >
                  {t.deleteButton}
                </button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
