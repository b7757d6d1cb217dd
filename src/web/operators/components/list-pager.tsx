import { Link, useSearchParams } from 'react-router';
import { operatorScreenText as t } from '../../../common/operator-messages';

type Pagination = { total: number; limit: number; offset: number };

/** The page number lives in the URL (`page`), so reload and the back button keep the place. */
export function usePageOffset(limit: number): { page: number; offset: number } {
  const [params] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  return { page, offset: (page - 1) * limit };
}

/** 「N件目 - M件目」 and links to the previous and next pages, other query parameters kept. */
export function ListPager({ pagination, shown, label }: { pagination: Pagination; shown: number; label: string }) {
  const [params] = useSearchParams();
  const { total, limit, offset } = pagination;
  if (total === 0 || shown === 0) return null;
  const page = Math.floor(offset / limit) + 1;
  const pageHref = (target: number) => {
    const next = new URLSearchParams(params);
    if (target <= 1) next.delete('page');
    else next.set('page', String(target));
    const query = next.toString();
    return query ? `?${query}` : '?';
  };
  const hasPrevious = page > 1;
  const hasNext = offset + shown < total;
  return (
    <nav className="pagination" aria-label={label}>
      <p className="pagination__range" aria-live="polite">
        {t.range(offset + 1, offset + shown, total)}
      </p>
      {total > limit && (
        <div className="pagination__buttons">
          {hasPrevious ? (
            <Link className="button button--secondary" to={pageHref(page - 1)}>
              <span aria-hidden="true">‹ </span>
              {t.previousPage}
            </Link>
          ) : (
            <span className="button button--secondary op-pager__disabled" aria-disabled="true">
              <span aria-hidden="true">‹ </span>
              {t.previousPage}
            </span>
          )}
          {hasNext ? (
            <Link className="button button--secondary" to={pageHref(page + 1)}>
              {t.nextPage}
              <span aria-hidden="true"> ›</span>
            </Link>
          ) : (
            <span className="button button--secondary op-pager__disabled" aria-disabled="true">
              {t.nextPage}
              <span aria-hidden="true"> ›</span>
            </span>
          )}
        </div>
      )}
    </nav>
  );
}
