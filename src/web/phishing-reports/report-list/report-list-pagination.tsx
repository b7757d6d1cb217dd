import { reportUiText as t } from '../../../common/report-messages';
import type { Pagination } from '../../../common/phishing-report.schema';

type ReportListPaginationProps = {
  pagination: Pagination;
  shown: number;
  busy: boolean;
  onPage: (offset: number) => void;
};

export function ReportListPagination({ pagination, shown, busy, onPage }: ReportListPaginationProps) {
  const { total, limit, offset } = pagination;
  if (total === 0 || shown === 0) return null;
  const from = offset + 1;
  const to = offset + shown;
  const hasPrevious = offset > 0;
  const hasNext = pagination.has_more || to < total;

  return (
    <nav className="pagination" aria-label="ページ送り">
      <p className="pagination__range" aria-live="polite">
        {t.listRange(from, to, total)}
      </p>
      {/* SPEC §9: the buttons only exist when there is more than one page. */}
      {total > limit && (
        <div className="pagination__buttons">
          <button
            type="button"
            className="button button--secondary"
            disabled={!hasPrevious || busy}
            onClick={() => onPage(Math.max(0, offset - limit))}
          >
            <span aria-hidden="true">‹ </span>
            {t.previousPage}
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={!hasNext || busy}
            onClick={() => onPage(offset + limit)}
          >
            {t.nextPage}
            <span aria-hidden="true"> ›</span>
          </button>
        </div>
      )}
    </nav>
  );
}
