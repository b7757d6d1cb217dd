import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { REPORT_LIST_PAGE_SIZE } from '../../../common/limits';
import type { PublicReport } from '../../../common/phishing-report.schema';
import { ImageViewer } from '../../components/image-viewer';
import { onReportSubmitted } from '../../lib/report-events';
import { fetchReportPage, reportKeys, type ReportFilter, type ReportPage } from '../api/report-api';
import { DeleteModal } from '../delete-modal/delete-modal';
import { ReportListFilter } from './report-list-filter';
import { ReportListPagination } from './report-list-pagination';
import { ReportListEmpty, ReportListError, ReportListLoading } from './report-list-states';
import { ReportTable } from './report-table';

export function ReportList() {
  const id = useId();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<ReportFilter>('all');
  const [offset, setOffset] = useState(0);
  const [viewing, setViewing] = useState<PublicReport | null>(null);
  const [deleting, setDeleting] = useState<PublicReport | null>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const refocusAfterReload = useRef(false);

  const query = useQuery({
    queryKey: reportKeys.list(filter, offset),
    queryFn: ({ signal }) => fetchReportPage(filter, offset, signal),
    // Keep the current rows on screen while the next page loads instead of flashing a skeleton.
    placeholderData: keepPreviousData,
  });

  useEffect(
    () =>
      onReportSubmitted(() => {
        // Mark every cached page stale first, so the jump to offset 0 cannot show an old first page.
        void queryClient.invalidateQueries({ queryKey: reportKeys.lists });
        setOffset(0);
      }),
    [queryClient],
  );

  const goToPage = (nextOffset: number) => {
    setOffset(nextOffset);
    const top = sectionRef.current?.getBoundingClientRect().top ?? 0;
    if (top < 0) sectionRef.current?.scrollIntoView({ block: 'start' });
  };

  const changeFilter = (next: ReportFilter) => {
    setFilter(next);
    setOffset(0);
  };

  const afterDelete = async (reportId: string) => {
    queryClient.removeQueries({ queryKey: reportKeys.detail(reportId) });
    refocusAfterReload.current = true;
    await queryClient.invalidateQueries({ queryKey: reportKeys.lists });
    const page = queryClient.getQueryData<ReportPage>(reportKeys.list(filter, offset));
    // SPEC §4: deleting the last row of a later page steps back one page.
    if (page && page.reports.length === 0 && offset > 0) setOffset(Math.max(0, offset - REPORT_LIST_PAGE_SIZE));
  };

  const data = query.data;

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
    content = <ReportListEmpty filtered={filter !== 'all'} />;
  } else {
    content = (
      <>
        <ReportTable reports={data.reports} busy={query.isPlaceholderData} onView={setViewing} onDelete={setDeleting} />
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
        <ReportListFilter value={filter} onChange={changeFilter} />
      </header>

      {content}

      {viewing?.screenshot_url && (
        <ImageViewer src={viewing.screenshot_url} alt="報告されたスクリーンショット" onClose={() => setViewing(null)} />
      )}
      {deleting && (
        <DeleteModal
          reportId={deleting.report_id}
          onClose={(deleted) => {
            const reportId = deleting.report_id;
            setDeleting(null);
            if (deleted) void afterDelete(reportId);
          }}
        />
      )}
    </section>
  );
}
