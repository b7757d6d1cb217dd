import { campaignMessages as m } from '../../../common/messages';
import { ItemNotFound } from '../components/item-not-found';
import { useIdParam } from '../components/use-id-param';

export const CAMPAIGN_LIST = { label: 'キャンペーン一覧', to: '/campaigns' };

/** The numeric id of /campaigns/:id/…; anything else names no campaign. */
export const useCampaignId = useIdParam;

export function CampaignNotFound({ title }: { title: string }) {
  return <ItemNotFound title={title} problem={m.notFound} list={CAMPAIGN_LIST} />;
}
