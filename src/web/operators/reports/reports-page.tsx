import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLocation, useSearchParams } from 'react-router';
import { operatorScreenText as t } from '../../../common/operator-messages';
import { OPERATOR_PAGE_SIZE } from '../../../common/operator-paths';
import { AlertBox } from '../../components/alert-box';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { Spinner } from '../../components/spinner';
import { fetchReports, operatorKeys, type ReportStatusFilter } from '../api/operator-api';
import { ListPager, usePageOffset } from '../components/list-pager';
import { PageHeading } from '../components/page-heading';
import { SearchBox } from '../components/search-box';
import { ReportsTable } from './reports-table';

const STATUS_OPTIONS: Array<{ value: ReportStatusFilter; label: string }> = [
  { value: 'all', label: t.statusAll },
  { value: 'flagged', label: t.statusFlagged },
  { value: 'hidden', label: t.statusHidden },
];

const readStatus = (value: string | null): ReportStatusFilter => (value === 'flagged' || value === 'hidden' ? value : 'all');

/** /operator/reports: flagged reports first, then all newest first; search, filter and page in the URL. */
export function Component() {
  const [params, setParams] = useSearchParams();
  // Set after a report was deleted for good on its detail screen.
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  const q = params.get('q') ?? '';
  const status = readStatus(params.get('status'));
  const { offset } = usePageOffset(OPERATOR_PAGE_SIZE);
  const query = useQuery({
    queryKey: operatorKeys.reports(q, status, offset),
    queryFn: ({ signal }) => fetchReports({ q, status, offset }, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

  const chooseStatus = (value: ReportStatusFilter) => {
    const next = new URLSearchParams(params);
    if (value === 'all') next.delete('status');
    else next.set('status', value);
    next.delete('page');
    setParams(next);
  };

  return (
    <section className="op-screen" aria-labelledby="op-page-title">
      <PageHeading title={t.reportsTitle} lead={t.reportsLead} />
      {notice && (
        <AlertBox tone="success">
          <p>{notice}</p>
        </AlertBox>
      )}
      <div className="card op-panel">
        <div className="op-toolbar">
          <SearchBox label={t.searchLabel} placeholder={t.searchPlaceholder} />
          <div className="op-toolbar__filter">
            <span className="list-toolbar__label" id="op-status-label">
              {t.statusLabel}
            </span>
            <div className="segmented" role="group" aria-labelledby="op-status-label">
              {STATUS_OPTIONS.map((option) => (
                <button
                  key={option.value}
                  type="button"
                  className="segmented__option"
                  aria-pressed={option.value === status}
                  onClick={() => option.value !== status && chooseStatus(option.value)}
                >
                  {option.label}
                </button>
              ))}
            </div>
          </div>
        </div>
        {query.isPending ? (
          <Spinner label="読み込み中..." className="op-loading" />
        ) : query.isError ? (
          <LoadErrorAlert error={query.error} fallback={t.loadFailed} onRetry={() => void query.refetch()} busy={query.isFetching} />
        ) : query.data.reports.length === 0 ? (
          <p className="op-empty">{t.noReports}</p>
        ) : (
          <div aria-busy={query.isFetching || undefined}>
            <ReportsTable reports={query.data.reports} />
            <ListPager pagination={query.data.pagination} shown={query.data.reports.length} label="報告のページ送り" />
          </div>
        )}
      </div>
    </section>
  );
}
