import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { CampaignDetail } from '../../../common/campaigns.schema';
import { campaignMessages as m } from '../../../common/messages';
import { trainingPaths } from '../../../common/training-routes';
import { SCANNER_FILTER_EXPLANATION } from '../../../common/tracking-reasons';
import { AlertBox } from '../../components/alert-box';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { PageHeader } from '../components/page-header';
import { dashboardKey } from '../dashboard/dashboard-api';
import { CampaignChartsPanel } from './campaign-charts-panel';
import { CampaignDetailHeader } from './campaign-detail-header';
import { refreshInterval } from './campaign-detail-format';
import { CampaignDetailStats } from './campaign-detail-stats';
import { CampaignFunnel } from './campaign-funnel';
import { campaignResultKeys, recipientPageQuery } from './campaign-results-api';
import { CAMPAIGN_LIST, CampaignNotFound, useCampaignId } from './campaign-page-parts';
import { campaignKeys, fetchCampaign, isNotFound } from './campaigns-api';
import { useRecipientFilter } from './recipient-filter';
import { RecipientList } from './recipient-list';

/** /campaigns/{id} (issue 11): results, the funnel and charts, each recipient's timeline, and pause / resume / end. */
export function Component() {
  const id = useCampaignId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // A save on the editor ("下書き保存") arrives with its message in the router state.
  const location = useLocation();
  const [notice, setNotice] = useState<string | null>(() => {
    const state = location.state as { notice?: unknown } | null;
    return typeof state?.notice === 'string' ? state.notice : null;
  });
  const noticeRef = useRef<HTMLDivElement>(null);
  // The button that opened the dialog is gone after the change (pause becomes resume): continue from the result.
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);
  const detail = useQuery({
    queryKey: campaignKeys.detail(id ?? 0),
    queryFn: ({ signal }) => fetchCampaign(id ?? 0, signal),
    enabled: id !== null,
    refetchInterval: (query) => refreshInterval(query.state.data?.campaign.status),
  });
  // The table's first page is asked for alongside the campaign, not after it (one round trip less to a full page).
  const [recipientFilter] = useRecipientFilter();
  useEffect(() => {
    if (id !== null) void queryClient.prefetchQuery(recipientPageQuery(id, recipientFilter));
  }, [queryClient, id, recipientFilter]);

  if (id === null || isNotFound(detail.error)) return <CampaignNotFound title="キャンペーン詳細" />;
  if (detail.isError && !detail.data) {
    return (
      <div className="ta-page ta-page--paired-actions cd-page">
        <PageHeader title="キャンペーン詳細" crumbs={[CAMPAIGN_LIST]} />
        <LoadErrorAlert
          error={detail.error}
          fallback="キャンペーンの結果を取得できませんでした。時間をおいて再度お試しください。"
          onRetry={() => void detail.refetch()}
          busy={detail.isFetching}
        />
      </div>
    );
  }
  if (!detail.data) {
    return (
      <div className="ta-page ta-page--paired-actions cd-page">
        <PageHeader title="キャンペーン詳細" crumbs={[CAMPAIGN_LIST]} />
        <span className="skeleton cd-skeleton" role="status" aria-label="キャンペーンの結果を読み込み中" />
      </div>
    );
  }

  const data = detail.data;
  const afterChange = (next: CampaignDetail, message: string) => {
    queryClient.setQueryData(campaignKeys.detail(id), next);
    setNotice(message);
    // Ending early cancels the unsent; every status in the table may have moved.
    void Promise.all([
      queryClient.invalidateQueries({ queryKey: campaignResultKeys.recipients(id) }),
      queryClient.invalidateQueries({ queryKey: campaignKeys.all, predicate: (query) => query.queryKey[1] !== 'detail' }),
      queryClient.invalidateQueries({ queryKey: dashboardKey }),
    ]);
  };
  const afterDelete = () => {
    queryClient.removeQueries({ queryKey: campaignKeys.detail(id) });
    void queryClient.invalidateQueries({ queryKey: campaignKeys.all });
    void queryClient.invalidateQueries({ queryKey: dashboardKey });
    void navigate(trainingPaths.campaigns, { state: { notice: m.deleted } });
  };

  return (
    <div className="ta-page ta-page--paired-actions cd-page">
      <CampaignDetailHeader detail={data} crumbs={[CAMPAIGN_LIST]} onChanged={afterChange} onDeleted={afterDelete} onStartChange={() => setNotice(null)} />
      {notice && (
        <AlertBox tone="success" className="cd-notice" ref={noticeRef}>
          <p>{notice}</p>
        </AlertBox>
      )}
      {detail.isRefetchError && (
        <AlertBox tone="warning" className="cd-notice" live={false}>
          <p>最新の結果を取得できませんでした。表示中の数値は少し前のものです。自動で再取得を続けます。</p>
        </AlertBox>
      )}
      <CampaignDetailStats campaign={data.campaign} statusCounts={data.status_counts} />
      <div className="cd-overview">
        <CampaignFunnel campaign={data.campaign} />
        <ScannerNote />
      </div>
      <CampaignChartsPanel detail={data} />
      <RecipientList campaignId={id} detail={data} />
    </div>
  );
}

/** Issue 11: scanner requests are kept but not counted; say so where the figures are read. */
function ScannerNote() {
  const headingId = useId();
  // One paragraph per sentence: the shared explanation is long for a side card.
  const sentences = SCANNER_FILTER_EXPLANATION.split('。').filter(Boolean);
  return (
    <aside className="card cd-scanner-note" aria-labelledby={headingId}>
      <h2 id={headingId} className="cd-section-title">
        集計について
      </h2>
      <p>
        メールセキュリティ製品による自動検査など、人による操作ではないと判断したアクセスは、記録したうえで集計から除いています。理由は各受信者の「記録」で確認できます。
      </p>
      <details className="cd-scanner-note__more">
        <summary>集計の仕組みを詳しく見る</summary>
        {sentences.map((sentence) => (
          <p key={sentence}>{sentence}。</p>
        ))}
      </details>
      <p>
        <a href="/help/allow-list">許可リストの設定方法（Microsoft 365・Google Workspace）</a>
      </p>
    </aside>
  );
}
