import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { CAMPAIGN_PAGE_SIZE } from '../../../common/campaigns.schema';
import { AlertBox } from '../../components/alert-box';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { ReportListPagination as Pagination } from '../../phishing-reports/report-list/report-list-pagination';
import { CampaignSummaryTable } from '../components/campaign-summary-table';
import { PageHeader } from '../components/page-header';
import { useCampaignListFilter } from './campaign-list-filter';
import { CampaignListToolbar } from './campaign-list-toolbar';
import { campaignKeys, fetchCampaigns } from './campaigns-api';
import { EmptyState } from '../components/empty-state';
import { useLastPageFallback } from '../components/use-last-page-fallback';
import { pageOfOffset } from '../components/page-number';
import { AdSlot } from '../components/ad-slot';

/** The server page with the allow-list settings for Microsoft 365 and Google Workspace (issue 11 "Dispatch"). */
export const ALLOW_LIST_GUIDE_PATH = '/help/allow-list';

function FirstCampaign() {
  return (
    <EmptyState title="キャンペーンはまだありません" text="テンプレートと送信する相手を選ぶだけで、最初の訓練をすぐに始められます。">
      <Link to="/campaigns/create" className="button button--primary">
        最初のキャンペーンを作成
      </Link>
    </EmptyState>
  );
}

/** /campaigns (issue 11 "Screens"): every campaign with its figures, filtered by status and name, paged on the server. */
export function Component() {
  const id = useId();
  const location = useLocation();
  const notice = (location.state as { notice?: unknown } | null)?.notice;
  const [filter, setFilter] = useCampaignListFilter();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const list = useQuery({ queryKey: campaignKeys.list(filter), queryFn: ({ signal }) => fetchCampaigns(filter, signal), placeholderData: keepPreviousData });
  const data = list.data;
  const filtered = filter.status !== null || filter.q.trim() !== '';
  const noneYet = data !== undefined && data.pagination.total === 0 && !filtered;

  useLastPageFallback({ shown: data?.campaigns.length, total: data?.pagination.total, page: filter.page, pageSize: CAMPAIGN_PAGE_SIZE, setPage: setFilter });

  let body;
  if (list.isError && !data) {
    body = (
      <LoadErrorAlert error={list.error} fallback="キャンペーンの一覧を取得できませんでした。時間をおいて再度お試しください。" onRetry={() => void list.refetch()} busy={list.isFetching} />
    );
  } else if (!data) {
    body = <span className="skeleton cmp-skeleton" role="status" aria-label="キャンペーンの一覧を読み込み中" />;
  } else if (noneYet) {
    body = <FirstCampaign />;
  } else if (data.campaigns.length === 0) {
    body = (
      <EmptyState title="条件に合うキャンペーンはありません" text="ステータスやキーワードを変えてお試しください。" live>
        <button type="button" className="button button--secondary" onClick={() => setFilter({ status: null, q: '' })}>
          絞り込みを解除
        </button>
      </EmptyState>
    );
  } else {
    body = (
      <>
        <CampaignSummaryTable campaigns={data.campaigns} caption="キャンペーン一覧" className="cmp-table" />
        <Pagination
          pagination={data.pagination}
          shown={data.campaigns.length}
          busy={list.isFetching}
          onPage={(offset) => {
            setFilter({ page: pageOfOffset(offset, CAMPAIGN_PAGE_SIZE) });
            headingRef.current?.focus();
          }}
        />
      </>
    );
  }

  return (
    <div className="ta-page cmp-page">
      <PageHeader
        title="キャンペーン一覧"
        lead="訓練メールの送信状況と、開封率・クリック率をキャンペーンごとに確認できます。"
        actions={
          <Link to="/campaigns/create" className="button button--primary">
            <span aria-hidden="true">＋</span>
            キャンペーンを作成
          </Link>
        }
      />
      <AdSlot />
      {typeof notice === 'string' && (
        <AlertBox tone="success" className="cmp-alert">
          <p>{notice}</p>
        </AlertBox>
      )}
      <section className="card cmp-list" aria-labelledby={`${id}-list`}>
        <h2 id={`${id}-list`} ref={headingRef} tabIndex={-1} className="cmp-list__title">
          キャンペーン
          {data && !noneYet && <span className="cmp-list__total">（全{data.pagination.total.toLocaleString('ja-JP')}件）</span>}
        </h2>
        {!noneYet && <CampaignListToolbar filter={filter} onChange={setFilter} />}
        <div aria-busy={list.isFetching || undefined}>{body}</div>
      </section>
      <aside className="cmp-guide" aria-label="配信設定のご案内">
        <span className="cmp-guide__icon" aria-hidden="true">
          i
        </span>
        <p>
          <a href={ALLOW_LIST_GUIDE_PATH}>訓練メールが届かない・誤ってクリック扱いになる場合の設定ガイド</a>
          <span className="cmp-guide__text">Microsoft 365 や Google Workspace で、訓練メールを許可する設定の手順を説明しています。</span>
        </p>
      </aside>
    </div>
  );
}
