import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { reportMessages as m, reportUiText as t } from '../../../common/report-messages';
import { Spinner } from '../../components/spinner';
import { fetchReport, isNotFound, reportKeys, type ReportView } from '../api/report-api';
import { DeleteModal } from '../delete-modal/delete-modal';
import { DEFAULT_LIST_STATE, listStateHref } from '../report-list/list-url-state';
import { redactionPollInterval } from '../screenshot-status';
import { ReportDetailView } from './report-detail-view';

type ReportDetailProps = {
  reportId: string | null;
  initialReport?: ReportView;
};

/**
 * history.back() only when the previous entry is our own page (it returns to the list's page,
 * filter and search, kept in that URL); otherwise go to the list itself.
 */
export function backToList(): void {
  let cameFromSite = false;
  try {
    cameFromSite = Boolean(document.referrer) && new URL(document.referrer).origin === window.location.origin;
  } catch {
    cameFromSite = false;
  }
  if (cameFromSite && window.history.length > 1) window.history.back();
  else window.location.assign(listStateHref(DEFAULT_LIST_STATE));
}

export function ReportDetail({ reportId, initialReport }: ReportDetailProps) {
  const [deleteOpen, setDeleteOpen] = useState(false);
  const query = useQuery({
    queryKey: reportKeys.detail(reportId ?? ''),
    queryFn: ({ signal }) => fetchReport(reportId ?? '', signal),
    enabled: reportId !== null,
    initialData: initialReport,
    // Right after submitting, the screenshot is still being redacted: it appears by itself when done.
    refetchInterval: (current) => redactionPollInterval(current.state.data ? [current.state.data] : undefined),
  });

  if (reportId === null || query.isError) {
    const notFound = reportId !== null && isNotFound(query.error);
    return (
      <section className="card report-detail report-detail--error" aria-labelledby="report-detail-error-title">
        <div className="list-state list-state--error" role="alert">
          <h1 id="report-detail-error-title" className="list-state__title">
            {notFound ? m.detailNotFound : m.listLoadFailedTitle}
          </h1>
          {notFound ? (
            <p className="list-state__text">削除されたか、URLが間違っている可能性があります。</p>
          ) : (
            <p className="list-state__text">{m.listLoadFailed}</p>
          )}
          <div className="report-detail__actions report-detail__actions--center">
            {!notFound && reportId !== null && (
              <button type="button" className="button button--secondary" onClick={() => void query.refetch()}>
                {t.retry}
              </button>
            )}
            <button type="button" className="button button--primary" onClick={backToList}>
              {t.backToList}
            </button>
          </div>
        </div>
      </section>
    );
  }

  if (!query.data) {
    return (
      <section className="card report-detail report-detail--loading" aria-busy="true">
        <Spinner label="報告を読み込み中..." />
      </section>
    );
  }

  return (
    <>
      <ReportDetailView report={query.data} onDelete={() => setDeleteOpen(true)} onBack={backToList} />
      {deleteOpen && (
        <DeleteModal
          reportId={query.data.report_id}
          onClose={(deleted) => {
            setDeleteOpen(false);
            // SPEC §2.8: the report no longer exists, so the detail page sends the visitor home.
            if (deleted) window.location.assign('/');
          }}
        />
      )}
    </>
  );
}
