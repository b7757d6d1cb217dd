import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { CAMPAIGN_STATUS_LABELS } from '../../../common/campaign-status';
import { AlertBox } from '../../components/alert-box';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { Spinner } from '../../components/spinner';
import { PageHeader } from '../components/page-header';
import { useCurrentRoute } from '../shell/use-current-route';
import { parseDraft, type CampaignDraft } from './campaign-draft';
import { CampaignForm } from './campaign-form';
import { EMPTY_CAMPAIGN, formValuesOf } from './campaign-form-schema';
import { CAMPAIGN_LIST, CampaignNotFound, useCampaignId } from './campaign-page-parts';
import { reservedBy } from './campaign-schedule-text';
import { campaignKeys, fetchCampaign, isNotFound } from './campaigns-api';

/** The values 「修正する」 brought back from the confirmation, for this campaign (or for a new one). */
function useReturnedDraft(campaignId: number | null): CampaignDraft | null {
  const location = useLocation();
  const state = location.state as { draft?: unknown } | null;
  const draft = parseDraft(state?.draft);
  return draft && draft.campaignId === campaignId ? draft : null;
}

function CreatePage() {
  const returned = useReturnedDraft(null);
  return (
    <div className="ta-page cmp-page">
      <PageHeader
        title="キャンペーン作成"
        lead="訓練メールのテンプレート、送信する相手、送信日時を選びます。次の画面で内容を確認してから開始します。"
        crumbs={[CAMPAIGN_LIST]}
      />
      <CampaignForm initial={returned ?? { values: EMPTY_CAMPAIGN, campaignId: null, people: [] }} restored={returned !== null} cancelTo="/campaigns" reserved={0} draftSave />
    </div>
  );
}

function EditPage({ id }: { id: number }) {
  const returned = useReturnedDraft(id);
  const campaign = useQuery({ queryKey: campaignKeys.detail(id), queryFn: ({ signal }) => fetchCampaign(id, signal) });
  const detailPath = `/campaigns/${id}`;
  const crumbs = [CAMPAIGN_LIST, ...(campaign.data ? [{ label: campaign.data.campaign.campaign_name, to: detailPath }] : [])];

  const editable = campaign.data?.campaign.actions.includes('edit') ?? true;

  if (isNotFound(campaign.error)) return <CampaignNotFound title="キャンペーン編集" />;
  let body;
  if (campaign.isPending) body = <Spinner label="キャンペーンを読み込み中..." />;
  else if (campaign.isError)
    body = (
      <LoadErrorAlert error={campaign.error} fallback="キャンペーンを取得できませんでした。時間をおいて再度お試しください。" onRetry={() => void campaign.refetch()} />
    );
  else if (!editable)
    body = (
      <AlertBox tone="info" title="このキャンペーンは編集できません">
        <p>{`内容を変更できるのは「${CAMPAIGN_STATUS_LABELS.draft}」と「${CAMPAIGN_STATUS_LABELS.scheduled}」のキャンペーンです。このキャンペーンは「${CAMPAIGN_STATUS_LABELS[campaign.data.campaign.status]}」です。送信状況や結果は、キャンペーンの画面で確認できます。`}</p>
        <p>
          <Link to={detailPath}>キャンペーンの画面へ戻る</Link>
        </p>
      </AlertBox>
    );
  else
    body = (
      <CampaignForm
        key={id}
        initial={returned ?? { values: formValuesOf(campaign.data), campaignId: id, people: [] }}
        restored={returned !== null}
        cancelTo={detailPath}
        reserved={reservedBy(campaign.data.campaign)}
        draftSave={campaign.data.campaign.status === 'draft'}
      />
    );

  return (
    <div className="ta-page cmp-page">
      <PageHeader title="キャンペーン編集" lead={editable ? '変更した内容は、次の画面で確認してから反映します。' : undefined} crumbs={crumbs} />
      {body}
    </div>
  );
}

/** /campaigns/create and /campaigns/:id/edit share the form. */
export function Component() {
  const id = useCampaignId();
  const route = useCurrentRoute();
  if (route?.pattern === '/campaigns/create') return <CreatePage />;
  if (id === null) return <CampaignNotFound title="キャンペーン編集" />;
  return <EditPage id={id} />;
}
