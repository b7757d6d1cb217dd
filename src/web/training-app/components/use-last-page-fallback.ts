import { useEffect } from 'react';
import { lastPage } from './page-number';

type PageState = {
  /** Rows on the page the server answered; undefined while nothing has arrived. */
  shown: number | undefined;
  /** Rows in the whole list. */
  total: number | undefined;
  page: number;
  pageSize: number;
  setPage: (change: { page: number }) => void;
};

/**
 * A page past the end (its last row deleted, an old or shared link, fewer matches after a refresh)
 * moves to the last page that has rows instead of showing an empty one.
 */
export function useLastPageFallback({ shown, total, page, pageSize, setPage }: PageState): void {
  useEffect(() => {
    if (shown === 0 && page > 1 && total !== undefined && total > 0) setPage({ page: lastPage(total, pageSize) });
  }, [shown, total, page, pageSize, setPage]);
}
