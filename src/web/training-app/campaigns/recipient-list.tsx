import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
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

  // A page past the end (a shared link, fewer matches after a refresh): go to the last page.
  useEffect(() => {
    if (data && data.recipients.length === 0 && filter.page > 1 && data.pagination.total > 0) {
      setFilter({ page: Math.ceil(data.pagination.total / RECIPIENT_PAGE_SIZE) });
    }
  }, [data, filter.page, setFilter]);

  let body;
  if (nobodyYet) {
    const draft = detail.campaign.status === 'draft';
    body = (
      <div className="ta-empty">
        <p className="ta-empty__title">{draft ? 'まだ開始されていません' : '送信対象者はいません'}</p>
        <p className="ta-empty__text">{draft ? '開始すると送信対象者の結果がここに表示されます。' : 'このキャンペーンで送信の対象になった受講者はいませんでした。'}</p>
        {/* A draft starts from the editor, through its confirmation step. */}
        {draft && detail.campaign.actions.includes('edit') && (
          <Link to={`/campaigns/${campaignId}/edit`} className="button button--primary">
            内容を確認して開始する
          </Link>
        )}
      </div>
    );
  } else if (recipients.isError && !data) {
    body = (
      <LoadErrorAlert error={recipients.error} fallback="受信者の一覧を取得できませんでした。時間をおいて再度お試しください。" onRetry={() => void recipients.refetch()} busy={recipients.isFetching} />
    );
  } else if (!data) {
    body = <span className="skeleton cd-recipients-skeleton" role="status" aria-label="受信者の一覧を読み込み中" />;
  } else if (data.recipients.length === 0) {
    body = (
      <div className="ta-empty">
        <p className="ta-empty__title">条件に一致する受信者はいません</p>
        <p className="ta-empty__text">キーワードや絞り込みの条件を変えてお試しください。</p>
        {filtered && (
          <button type="button" className="button button--secondary" onClick={() => setFilter({ status: null, q: '', groupId: null })}>
            条件をクリア
          </button>
        )}
      </div>
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
            setFilter({ page: Math.floor(offset / RECIPIENT_PAGE_SIZE) + 1 });
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
