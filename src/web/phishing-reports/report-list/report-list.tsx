import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { DialogUnavailable, lazyOnDemand } from '../../components/lazy-on-demand';
import { onReportSubmitted } from '../../lib/report-events';
import { whenIdle } from '../../lib/when-idle';
import { fetchReportPage, reportKeys, type ReportPage, type ReportPageQuery, type ReportView } from '../api/report-api';
import { redactionPollInterval } from '../screenshot-status';
import { type ListState, lastPageOf, offsetOfPage, pageOfOffset } from './list-url-state';
import { ReportListFilter } from './report-list-filter';
import { ReportListPagination } from './report-list-pagination';
import { ReportListEmpty, ReportListError, ReportListLoading } from './report-list-states';
import { ReportListSummary } from './report-list-summary';
import { ReportSearch } from './report-search';
import { ReportTable } from './report-table';
import { useListUrlState } from './use-list-url-state';

// The list's two dialogs open only on a click, so their code (and the dialog frame's) loads once the
// list has painted instead of before first paint (the 120 KB budget, docs/performance.md).
const imageViewer = lazyOnDemand(
  () => import('../../components/image-viewer').then((module) => module.ImageViewer),
  ({ onClose }) => <DialogUnavailable onClose={onClose} />,
);
const deleteModal = lazyOnDemand(
  () => import('../delete-modal/delete-modal').then((module) => module.DeleteModal),
  ({ onClose }) => <DialogUnavailable onClose={() => onClose(false)} />,
);

/** A plain left click on a same-page link: handled here instead of reloading the page. */
const isPlainClick = (event: MouseEvent) => event.button === 0 && !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey;

export function ReportList() {
  const id = useId();
  const queryClient = useQueryClient();
  const [state, navigate] = useListUrlState();
  const [viewing, setViewing] = useState<ReportView | null>(null);
  const [deleting, setDeleting] = useState<ReportView | null>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const refocusAfterReload = useRef(false);

  useEffect(
    () =>
      whenIdle(() => {
        void imageViewer.preload().catch(() => undefined);
        void deleteModal.preload().catch(() => undefined);
      }),
    [],
  );

  const pageQuery: ReportPageQuery = { filter: state.filter, q: state.q, similarTo: state.similarTo, offset: offsetOfPage(state.page) };
  const query = useQuery({
    queryKey: reportKeys.list(pageQuery),
    queryFn: ({ signal }) => fetchReportPage(pageQuery, signal),
    // Keep the current rows on screen while the next page loads instead of flashing a skeleton.
    placeholderData: keepPreviousData,
    // A screenshot still being redacted appears by itself once its redacted copy exists.
    refetchInterval: (current) => redactionPollInterval(current.state.data?.reports),
  });
  const data = query.data;
  const settled = data !== undefined && !query.isPlaceholderData;

  // Always the latest state, for the submit listener registered once.
  const stateRef = useRef(state);
  stateRef.current = state;
  useEffect(
    () =>
      onReportSubmitted(() => {
        // Mark every cached page stale first, so the jump to page 1 cannot show an old first page.
        void queryClient.invalidateQueries({ queryKey: reportKeys.lists });
        navigate({ ...stateRef.current, page: 1 }, { replace: true });
      }),
    [queryClient, navigate],
  );

  // A page past the end (a stale link, or reports deleted meanwhile) shows the last page instead.
  useEffect(() => {
    if (!settled || data.reports.length > 0 || state.page === 1) return;
    navigate({ ...state, page: lastPageOf(data.pagination.total) }, { replace: true });
  }, [settled, data, state, navigate]);

  const scrollToList = () => {
    const top = sectionRef.current?.getBoundingClientRect().top ?? 0;
    if (top < 0) sectionRef.current?.scrollIntoView({ block: 'start' });
  };

  const goToPage = (nextOffset: number) => {
    navigate({ ...state, page: pageOfOffset(nextOffset) });
    scrollToList();
  };

  const changeFilter = (filter: ListState['filter']) => navigate({ ...state, filter, page: 1 });

  const search = (q: string) => {
    if (q === state.q && state.page === 1) return;
    navigate({ ...state, q, page: 1 });
  };

  /** Links to another view of this list (同様の報告, すべての報告) stay on the page. */
  const followListLink = (event: MouseEvent<HTMLAnchorElement>, next: ListState) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    navigate(next);
    sectionRef.current?.scrollIntoView({ block: 'start' });
    // The link clicked may leave with its row: focus goes to the list's heading instead of <body>.
    headingRef.current?.focus({ preventScroll: true });
  };

  const afterDelete = async (reportId: string) => {
    queryClient.removeQueries({ queryKey: reportKeys.detail(reportId) });
    refocusAfterReload.current = true;
    await queryClient.invalidateQueries({ queryKey: reportKeys.lists });
    const page = queryClient.getQueryData<ReportPage>(reportKeys.list(pageQuery));
    // SPEC §4: deleting the last row of a later page steps back one page.
    if (page && page.reports.length === 0 && state.page > 1) navigate({ ...state, page: state.page - 1 }, { replace: true });
  };

  useEffect(() => {
    // The delete button that had focus leaves with its row once the reloaded page renders;
    // put focus somewhere sensible instead of letting it fall back to <body>.
    if (!refocusAfterReload.current) return;
    refocusAfterReload.current = false;
    if (!sectionRef.current?.contains(document.activeElement)) headingRef.current?.focus();
  }, [data]);

  let content;
  if (query.isError) {
    content = <ReportListError onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  } else if (!data) {
    content = <ReportListLoading />;
  } else if (data.reports.length === 0) {
    content = <ReportListEmpty state={state} />;
  } else {
    content = (
      <>
        <ReportTable
          reports={data.reports}
          busy={query.isPlaceholderData}
          onView={setViewing}
          onDelete={setDeleting}
          showSimilar={state.similarTo === null}
          onSimilar={(event, report) => followListLink(event, { page: 1, filter: 'all', q: '', similarTo: report.report_id })}
        />
        <ReportListPagination
          pagination={data.pagination}
          shown={data.reports.length}
          busy={query.isPlaceholderData}
          onPage={goToPage}
        />
      </>
    );
  }

  return (
    <section ref={sectionRef} className="card report-list" aria-labelledby={`${id}-title`}>
      <header className="card__header report-list__header">
        <div>
          <h2 ref={headingRef} id={`${id}-title`} className="card__title" tabIndex={-1}>
            みんなのフィッシング報告
          </h2>
          <p className="card__lead">
            皆さまから寄せられたフィッシングメール・SMSの一覧です。似た連絡が届いても、リンクを開いたり返信したりしないでください。
          </p>
        </div>
      </header>

      <div className="report-list__tools">
        <ReportSearch value={state.q} onSearch={search} />
        <ReportListFilter value={state.filter} onChange={changeFilter} />
      </div>

      <ReportListSummary
        state={state}
        total={settled ? data.pagination.total : null}
        totalCapped={settled && data.pagination.total_capped === true}
        onNavigate={followListLink}
      />

      {content}

      <Suspense fallback={null}>
        {viewing?.screenshot_url && (
          <imageViewer.Component src={viewing.screenshot_url} alt="報告されたスクリーンショット" onClose={() => setViewing(null)} />
        )}
        {deleting && (
          <deleteModal.Component
            reportId={deleting.report_id}
            onClose={(deleted) => {
              const reportId = deleting.report_id;
              setDeleting(null);
              if (deleted) void afterDelete(reportId);
            }}
          />
        )}
      </Suspense>
    </section>
  );
}
