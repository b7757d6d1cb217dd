import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { CAMPAIGN_STATUS_LABELS } from '../../../common/campaign-status';
import { AlertBox } from '../../components/alert-box';
import { PageHeader } from '../components/page-header';
import { dashboardKey } from '../dashboard/dashboard-api';
import { CampaignConfirmSummary } from './campaign-confirm-summary';
import { clearDraft, currentDraft, editorPathOf, saveDraft, type CampaignDraft } from './campaign-draft';
import { campaignFormErrors } from './campaign-form-schema';
import { launchFailure, saveAndLaunch } from './campaign-launch';
import { CAMPAIGN_LIST } from './campaign-page-parts';
import { allowanceText, exceedsAllowance, previewSchedule, reservedBy, withOwnReservation } from './campaign-schedule-text';
import { CampaignSchedulePreview } from './campaign-schedule-preview';
import { CampaignTemplatePreview } from './campaign-template-preview';
import { campaignKeys, fetchCampaign } from './campaigns-api';
import { targetsOf, useAudience } from './use-audience';
import { useNow } from './use-now';

const TITLE = 'キャンペーン内容の確認';

function NoDraft() {
  return (
    <div className="ta-page cmp-page">
      <PageHeader title={TITLE} crumbs={[CAMPAIGN_LIST]} />
      <AlertBox tone="info" title="確認する内容がありません">
        <p>この画面は、キャンペーンの作成画面で「確認へ進む」を押したときに表示されます。作成画面から内容を入力してください。</p>
        <p>
          <Link to="/campaigns/create" className="button button--primary">
            キャンペーンを作成する
          </Link>
        </p>
      </AlertBox>
    </div>
  );
}

function ConfirmView({ initial }: { initial: CampaignDraft }) {
  const id = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const now = useNow();
  const [draft, setDraft] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ message: string; details: string[] } | null>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const [previewId, setPreviewId] = useState<number | null>(draft.values.template_ids[0] ?? null);
  const { values } = draft;

  const saved = useQuery({
    queryKey: campaignKeys.detail(draft.campaignId ?? 0),
    queryFn: ({ signal }) => fetchCampaign(draft.campaignId ?? 0, signal),
    enabled: draft.campaignId !== null,
  });
  const alreadyScheduled = saved.data?.campaign.status === 'scheduled';
  const audience = useAudience(targetsOf(values), 0);
  const counted = audience.query.data && withOwnReservation(audience.query.data, reservedBy(saved.data?.campaign));
  const sendable = counted?.sendable ?? 0;
  const preview = useMemo(() => previewSchedule(values, sendable, now), [values, sendable, now]);
  // The clock moves on while the page is open: a start time can pass between the editor and here.
  const problems = Object.values(campaignFormErrors(values, now));
  const over = counted ? exceedsAllowance(counted) : false;

  const start = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const { detail, state } = await saveAndLaunch(draft, (campaignId) => {
        if (draft.campaignId !== null) return;
        const next = { ...draft, campaignId };
        saveDraft(next);
        setDraft(next);
      });
      clearDraft();
      queryClient.setQueryData(campaignKeys.detail(detail.campaign.campaign_id), detail);
      await Promise.all([queryClient.invalidateQueries({ queryKey: ['campaigns', 'list'] }), queryClient.invalidateQueries({ queryKey: dashboardKey })]);
      await navigate(`/campaigns/${detail.campaign.campaign_id}/complete`, { replace: true, state });
    } catch (error) {
      setBusy(false);
      setFailure(launchFailure(error, alreadyScheduled));
      window.setTimeout(() => failureRef.current?.focus(), 0);
    }
  };

  const backToEditor = () => void navigate(editorPathOf(draft), { state: { draft } });

  return (
    <div className="ta-page cmp-page">
      <PageHeader title={TITLE} lead="以下の内容で訓練メールを送信します。内容に誤りがないかご確認ください。" crumbs={[CAMPAIGN_LIST]} />
      {failure && (
        <AlertBox ref={failureRef} tone="error" title={alreadyScheduled ? '更新できませんでした' : '開始できませんでした'} className="cmp-alert">
          <p>{failure.message}</p>
          {failure.details.length > 0 && (
            <ul>
              {failure.details.map((detail) => (
                <li key={detail}>{detail}</li>
              ))}
            </ul>
          )}
          {draft.campaignId !== null && !alreadyScheduled && <p>入力した内容は「{CAMPAIGN_STATUS_LABELS.draft}」として保存されています。</p>}
        </AlertBox>
      )}
      {problems.length > 0 && (
        <AlertBox tone="warning" title="修正が必要な項目があります" className="cmp-alert">
          <ul>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
          <p>「修正する」から内容を見直してください。</p>
        </AlertBox>
      )}
      <div className="cmp-confirm">
        <div className="cmp-confirm__main">
          <section className="card cmp-section" aria-labelledby={`${id}-summary`}>
            <h2 id={`${id}-summary`} className="cmp-section__title">
              キャンペーンの内容
            </h2>
            <CampaignConfirmSummary draft={draft} audience={counted} />
            <CampaignSchedulePreview preview={preview} counting={audience.query.isPending} countUnknown={audience.query.isError && !audience.query.data} />
          </section>
          <section className="card cmp-section" aria-labelledby={`${id}-allowance`}>
            <h2 id={`${id}-allowance`} className="cmp-section__title">
              今月の送信枠
            </h2>
            {counted ? (
              <>
                <p className="cmp-allowance">
                  <span className="cmp-allowance__value">{allowanceText(counted.allowance)}</span>
                  <span className="cmp-allowance__need">このキャンペーンの送信数：{counted.sendable.toLocaleString('ja-JP')}通</span>
                </p>
                {over && (
                  <AlertBox tone="warning" live={false}>
                    <p>送信数が今月の残り送信枠を超えているため、このままでは開始できません。対象者を減らすか、送信枠が戻る来月1日（日本時間）以降に開始してください。</p>
                  </AlertBox>
                )}
              </>
            ) : (
              <p className="cmp-muted">{audience.query.isError ? '送信枠を確認できませんでした。開始時にあらためて確認されます。' : '送信枠を確認中...'}</p>
            )}
          </section>
        </div>
        <section className="card cmp-section cmp-confirm__mail" aria-labelledby={`${id}-mail`}>
          <h2 id={`${id}-mail`} className="cmp-section__title">
            メールの見本
          </h2>
          <CampaignTemplatePreview selected={values.template_ids} previewId={previewId} onPreview={setPreviewId} title="テンプレート" />
        </section>
      </div>
      <div className="cmp-form__actions">
        <button type="button" className="button button--secondary" onClick={backToEditor} disabled={busy}>
          修正する
        </button>
        <button type="button" className="button button--primary" onClick={() => void start()} disabled={busy || problems.length > 0}>
          {busy ? '処理中...' : alreadyScheduled ? 'この内容で更新する' : 'この内容で開始する'}
        </button>
      </div>
    </div>
  );
}

/** /campaigns/confirm: the values carried from the editor (router state, or the tab's storage after a reload). */
export function Component() {
  const location = useLocation();
  const [draft] = useState(() => currentDraft(location.state));
  if (!draft) return <NoDraft />;
  return <ConfirmView initial={draft} />;
}
