import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatReportDateTime } from '../../../common/date-format';
import { operatorScreenText as t } from '../../../common/operator-messages';
import { operatorPaths } from '../../../common/operator-paths';
import { AlertBox } from '../../components/alert-box';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { Spinner } from '../../components/spinner';
import { ApiError } from '../../lib/api-client';
import { fetchReport, operatorKeys } from '../api/operator-api';
import type { OperatorReportDetail } from '../../../common/operator.schema';
import { PageHeading } from '../components/page-heading';
import { AuditTable } from '../audit/audit-table';
import { FlagList } from './flag-list';
import { OriginalScreenshot } from './original-screenshot';
import { ReportActions } from './report-actions';
import { ReportFacts } from './report-facts';

/** /operator/reports/:id: the whole report, both images, its flags and audit entries, and the actions. */
export function Component() {
  const { id = '' } = useParams();
  const [notice, setNotice] = useState<string | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const query = useQuery({ queryKey: operatorKeys.report(id), queryFn: ({ signal }) => fetchReport(id, signal), staleTime: 0 });

  const back = (
    <Link className="op-back" to={operatorPaths.reports}>
      <span aria-hidden="true">‹ </span>
      {t.backToReports}
    </Link>
  );

  if (query.isPending) {
    return (
      <section className="op-screen">
        {back}
        <Spinner label="読み込み中..." className="op-loading" />
      </section>
    );
  }
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <section className="op-screen" aria-labelledby="op-page-title">
        {back}
        <PageHeading title={t.detailTitle} />
        {missing ? (
          <AlertBox tone="warning">
            <p>{t.reportNotFound}</p>
          </AlertBox>
        ) : (
          <LoadErrorAlert error={query.error} fallback={t.loadFailed} onRetry={() => void query.refetch()} busy={query.isFetching} />
        )}
      </section>
    );
  }

  return (
    <DetailBody
      detail={query.data}
      back={back}
      notice={notice}
      noticeRef={noticeRef}
      onDone={(message) => {
        setNotice(message);
        window.setTimeout(() => noticeRef.current?.focus(), 0);
      }}
    />
  );
}

type DetailBodyProps = {
  detail: OperatorReportDetail;
  back: React.ReactNode;
  notice: string | null;
  noticeRef: React.RefObject<HTMLDivElement | null>;
  onDone: (message: string) => void;
};

function DetailBody({ detail, back, notice, noticeRef, onDone }: DetailBodyProps) {
  const { report, flags, audit } = detail;
  return (
    <section className="op-screen" aria-labelledby="op-page-title">
      {back}
      <PageHeading title={t.detailTitle}>
        {!report.hidden_at && (
          <a className="op-public-link" href={`/phishing-reports/${encodeURIComponent(report.report_id)}`} target="_blank" rel="noopener noreferrer">
            {t.publicPage}
          </a>
        )}
      </PageHeading>
      {notice && (
        <AlertBox ref={noticeRef} tone="success">
          <p>{notice}</p>
        </AlertBox>
      )}
      {report.hidden_at && (
        <AlertBox tone="warning" live={false}>
          <p>{t.hiddenNotice(report.hidden_reason ?? '—')}</p>
          <p className="op-muted">非公開にした日時：{formatReportDateTime(report.hidden_at)}</p>
        </AlertBox>
      )}

      <div className="op-detail-grid">
        <div className="op-detail-grid__main">
          <ReportFacts report={report} />
          <section className="card op-panel op-detail__images" aria-labelledby="op-images-title">
            <h2 id="op-images-title" className="op-panel__title">
              スクリーンショット
            </h2>
            {report.screenshot_status === 'none' && !report.has_original && !report.redacted_image_url ? (
              <p className="op-muted">{t.noScreenshot}</p>
            ) : (
              <div className="op-images">
                <div className="op-images__item">
                  <h3 className="op-images__title">{t.originalTitle}</h3>
                  {report.has_original ? (
                    <>
                      <p className="op-images__note">{t.originalNote}</p>
                      <OriginalScreenshot reportId={report.report_id} />
                    </>
                  ) : (
                    <p className="op-muted">{t.originalMissing}</p>
                  )}
                </div>
                <div className="op-images__item">
                  <h3 className="op-images__title">{t.redactedTitle}</h3>
                  {report.redacted_image_url ? (
                    <a className="op-shot" href={report.redacted_image_url} target="_blank" rel="noopener noreferrer">
                      <img className="op-shot__image" src={report.redacted_image_url} alt={t.redactedAlt} />
                      <span className="op-shot__hint">新しいタブで原寸表示</span>
                    </a>
                  ) : (
                    <p className="op-muted">{t.redactedMissing}</p>
                  )}
                </div>
              </div>
            )}
          </section>
        </div>
        <div className="op-detail-grid__side">
          <section className="card op-panel op-detail__actions" aria-labelledby="op-actions-title">
            <h2 id="op-actions-title" className="op-panel__title">
              {t.actionsTitle}
            </h2>
            <ReportActions detail={detail} onDone={onDone} />
          </section>
          <section className="card op-panel op-detail__flags" aria-labelledby="op-flags-title">
            <h2 id="op-flags-title" className="op-panel__title">
              {t.flagsTitle}
            </h2>
            <FlagList flags={flags} />
          </section>
        </div>
      </div>

      <section className="card op-panel" aria-labelledby="op-audit-title">
        <h2 id="op-audit-title" className="op-panel__title">
          {t.auditTitle}
        </h2>
        {audit.length === 0 ? <p className="op-muted">{t.noAudit}</p> : <AuditTable entries={audit} caption={t.auditTitle} showReport={false} />}
      </section>
    </section>
  );
}
