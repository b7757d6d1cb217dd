import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { RECIPIENT_PAGE_SIZE, type CampaignDetail, type Recipient } from '../../../common/campaigns.schema';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { ReportListPagination as Pagination } from '../../phishing-reports/report-list/report-list-pagination';
import { refreshInterval } from './campaign-detail-format';
import { recipientPageQuery } from './campaign-results-api';
import { useRecipientFilter } from './recipient-filter';
import { RecipientTable } from './recipient-table';
import { RecipientTimelineDialog } from './recipient-timeline-dialog';
import { RecipientToolbar } from './recipient-toolbar';
import { EmptyState } from '../components/empty-state';
import { useLastPageFallback } from '../components/use-last-page-fallback';
import { pageOfOffset } from '../components/page-number';

/** Each recipient's result, one server page at a time (10,000 recipients are never fetched at once). */
export function RecipientList({ campaignId, detail }: { campaignId: number; detail: CampaignDetail }) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [filter, setFilter] = useRecipientFilter();
  const [opened, setOpened] = useState<Recipient | null>(null);
  const interval = refreshInterval(detail.campaign.status);
  const total = Object.values(detail.status_counts).reduce((sum, count) => sum + count, 0);
  const nobodyYet = total === 0;
  const recipients = useQuery({ ...recipientPageQuery(campaignId, filter), enabled: !nobodyYet, refetchInterval: interval });
  const data = recipients.data;
  const filtered = filter.status !== null || filter.q.trim() !== '' || filter.groupId !== null;

  useLastPageFallback({ shown: data?.recipients.length, total: data?.pagination.total, page: filter.page, pageSize: RECIPIENT_PAGE_SIZE, setPage: setFilter });

  let body;
  if (nobodyYet) {
    const draft = detail.campaign.status === 'draft';
    body = (
      <EmptyState title={draft ? 'まだ開始されていません' : '送信対象者はいません'} text={draft ? '開始すると送信対象者の結果がここに表示されます。' : 'このキャンペーンで送信の対象になった受講者はいませんでした。'}>
        {/* A draft starts from the editor, through its confirmation step. */}
        {draft && detail.campaign.actions.includes('edit') && (
          <Link to={`/campaigns/${campaignId}/edit`} className="button button--primary">
            内容を確認して開始する
          </Link>
        )}
      </EmptyState>
    );
  } else if (recipients.isError && !data) {
    body = (
      <LoadErrorAlert error={recipients.error} fallback="受信者の一覧を取得できませんでした。時間をおいて再度お試しください。" onRetry={() => void recipients.refetch()} busy={recipients.isFetching} />
    );
  } else if (!data) {
    body = <span className="skeleton cd-recipients-skeleton" role="status" aria-label="受信者の一覧を読み込み中" />;
  } else if (data.recipients.length === 0) {
    body = (
      <EmptyState title="条件に一致する受信者はいません" text="キーワードや絞り込みの条件を変えてお試しください。">
        {filtered && (
          <button type="button" className="button button--secondary" onClick={() => setFilter({ status: null, q: '', groupId: null })}>
            条件をクリア
          </button>
        )}
      </EmptyState>
    );
  } else {
    body = (
      <>
        <RecipientTable recipients={data.recipients} caption="受信者ごとの結果" onOpen={setOpened} />
        <Pagination
          pagination={data.pagination}
          shown={data.recipients.length}
          busy={recipients.isFetching}
          onPage={(offset) => {
            setFilter({ page: pageOfOffset(offset, RECIPIENT_PAGE_SIZE) });
            headingRef.current?.scrollIntoView({ block: 'start' });
          }}
        />
      </>
    );
  }

  return (
    <section className="card cd-recipients-card" aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="cd-section-title">
        受信者ごとの結果
      </h2>
      {!nobodyYet && <RecipientToolbar filter={filter} statusCounts={detail.status_counts} groups={detail.groups} onChange={setFilter} />}
      <div className="cd-recipients-body" aria-busy={recipients.isFetching || undefined}>
        {body}
      </div>
      {opened && <RecipientTimelineDialog campaignId={campaignId} recipient={opened} refetchInterval={interval} onClose={() => setOpened(null)} />}
    </section>
  );
}
