import { reportUiText as t } from '../../../common/messages';
import type { Pagination } from '../../../common/phishing-report.schema';

type Props = {
  pagination: Pagination;
  shown: number;
  busy: boolean;
  onPage: (offset: number) => void;
  /** What is paged, e.g. 「テンプレート」: two pickers on one form need different names. */
  label: string;
};

/**
 * Paging inside a picker of the campaign form. Not the list pages' <nav> (ReportListPagination):
 * the form holds two of these, and two navigation landmarks with one name would be ambiguous.
 */
export function PickerPaging({ pagination, shown, busy, onPage, label }: Props) {
  const { total, limit, offset } = pagination;
  if (total <= limit || shown === 0) return null;
  const to = offset + shown;
  return (
    <div className="pagination" role="group" aria-label={`${label}のページ送り`}>
      <p className="pagination__range" aria-live="polite">
        {t.listRange(offset + 1, to, total)}
      </p>
      <div className="pagination__buttons">
        <button type="button" className="button button--secondary" disabled={offset === 0 || busy} onClick={() => onPage(Math.max(0, offset - limit))}>
          <span aria-hidden="true">‹ </span>
          {t.previousPage}
        </button>
        <button type="button" className="button button--secondary" disabled={!(pagination.has_more || to < total) || busy} onClick={() => onPage(offset + limit)}>
          {t.nextPage}
          <span aria-hidden="true"> ›</span>
        </button>
      </div>
    </div>
  );
}
