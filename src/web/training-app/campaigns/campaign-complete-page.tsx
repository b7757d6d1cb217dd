import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link, useLocation } from 'react-router';
import { CAMPAIGN_STATUS_LABELS } from '../../../common/campaign-status';
import { DEFAULT_CAMPAIGN_TRACKING_DAYS, type CampaignDetail } from '../../../common/campaigns.schema';
import { AlertBox } from '../../components/alert-box';
import { Spinner } from '../../components/spinner';
import { apiErrorMessage } from '../../lib/api-error-message';
import { PageHeader } from '../components/page-header';
import { numberFormat } from '../dashboard/dashboard-api';
import type { CompleteState } from './campaign-launch';
import { CAMPAIGN_LIST, CampaignNotFound, useCampaignId } from './campaign-page-parts';
import { firstSendOf } from './campaign-schedule-text';
import { formatSendTime } from './campaign-time';
import { campaignKeys, fetchCampaign, isNotFound } from './campaigns-api';

const SOON_MS = 5 * 60 * 1000;

/** 「最初のメールは … ごろに送信されます」, from the saved schedule and the same planner the server used. */
function FirstSendText({ detail }: { detail: CampaignDetail }) {
  const { campaign } = detail;
  if (campaign.emails_sent > 0) return <>訓練メールの送信が始まっています。</>;
  const first = firstSendOf(campaign, new Date());
  if (!first) return <>送信の予定は、キャンペーンの画面で確認できます。</>;
  const soon = first.at.getTime() - Date.now() < SOON_MS;
  if (first.randomized) {
    const end = campaign.schedule.end_at;
    return (
      <>
        訓練メールは{soon ? 'これから' : <strong>{` ${formatSendTime(first.at)} `}</strong>}
        {soon ? '' : 'から'}
        {end && <strong>{` ${formatSendTime(end)} `}</strong>}
        {end ? 'までの間に、' : '、'}受信者ごとにランダムな時刻で送信されます。
      </>
    );
  }
  if (soon) return <>まもなく、最初の訓練メールが送信されます。</>;
  return (
    <>
      最初の訓練メールは <strong>{formatSendTime(first.at)}</strong> ごろに送信されます。
    </>
  );
}

function Done({ detail, outcome }: { detail: CampaignDetail; outcome: CompleteState['outcome'] }) {
  const id = useId();
  const { campaign } = detail;
  return (
    <>
      <AlertBox tone="success" className="cmp-alert">
        <p>
          <FirstSendText detail={detail} />
        </p>
      </AlertBox>
      <section className="card cmp-section" aria-labelledby={`${id}-summary`}>
        <h2 id={`${id}-summary`} className="cmp-section__title">
          {campaign.campaign_name}
        </h2>
        <dl className="summary-list cmp-summary">
          <div className="summary-list__row">
            <dt>ステータス</dt>
            <dd>
              <span className={`status-badge status-badge--${campaign.status}`}>{CAMPAIGN_STATUS_LABELS[campaign.status]}</span>
            </dd>
          </div>
          <div className="summary-list__row">
            <dt>対象者数</dt>
            <dd>{numberFormat.format(campaign.total_targets)}名</dd>
          </div>
          {campaign.last_send_at && (
            <div className="summary-list__row">
              <dt>最後の送信予定</dt>
              <dd>{formatSendTime(campaign.last_send_at)}</dd>
            </div>
          )}
          {campaign.tracking_ends_at && (
            <div className="summary-list__row">
              <dt>結果の集計</dt>
              <dd>{formatSendTime(campaign.tracking_ends_at)} まで</dd>
            </div>
          )}
        </dl>
      </section>
      <section className="card cmp-section" aria-labelledby={`${id}-next`}>
        <h2 id={`${id}-next`} className="cmp-section__title">
          このあとの流れ
        </h2>
        <ol className="cmp-steps">
          <li>{outcome === 'updated' ? '変更後の予定に沿って、' : campaign.schedule.start_at === null ? 'これから順に、' : '予定の日時になると、'}受講者ごとに訓練メールが送信されます。</li>
          <li>開封やリンクのクリックは自動で記録され、キャンペーンの画面でいつでも確認できます。</li>
          <li>リンクをクリックした受講者には、その場で訓練であることと、見分けるポイントを解説するページが表示されます。</li>
          <li>最後の送信から{DEFAULT_CAMPAIGN_TRACKING_DAYS}日後に集計を終え、キャンペーンは自動的に「完了」になります。途中で一時停止や終了もできます。</li>
        </ol>
      </section>
      <div className="cmp-form__actions cmp-form__actions--start">
        <Link to={`/campaigns/${campaign.campaign_id}`} className="button button--primary">
          キャンペーンの画面へ
        </Link>
        <Link to="/campaigns" className="button button--secondary">
          キャンペーン一覧へ
        </Link>
      </div>
    </>
  );
}

/** /campaigns/:id/complete: the done page after 「この内容で開始する」. */
export function Component() {
  const campaignId = useCampaignId();
  const location = useLocation();
  const outcome = (location.state as Partial<CompleteState> | null)?.outcome === 'updated' ? 'updated' : 'launched';
  const campaign = useQuery({
    queryKey: campaignKeys.detail(campaignId ?? 0),
    queryFn: ({ signal }) => fetchCampaign(campaignId ?? 0, signal),
    enabled: campaignId !== null,
  });
  const title = outcome === 'updated' ? 'キャンペーンの予約内容を更新しました' : 'キャンペーンを開始しました';

  if (campaignId === null || isNotFound(campaign.error)) return <CampaignNotFound title={title} />;
  let body;
  if (campaign.isPending) body = <Spinner label="キャンペーンを読み込み中..." />;
  else if (campaign.isError)
    body = (
      <AlertBox tone="error" title="読み込みに失敗しました">
        <p>{apiErrorMessage(campaign.error, 'キャンペーンの情報を取得できませんでした。')}</p>
        <p>
          <Link to={`/campaigns/${campaignId}`}>キャンペーンの画面へ</Link>
        </p>
      </AlertBox>
    );
  else body = <Done detail={campaign.data} outcome={outcome} />;

  return (
    <div className="ta-page cmp-page cmp-complete">
      <PageHeader title={title} crumbs={[CAMPAIGN_LIST]} />
      {body}
    </div>
  );
}
