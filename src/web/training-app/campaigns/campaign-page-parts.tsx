import { Link, useParams } from 'react-router';
import { campaignMessages as m } from '../../../common/messages';
import { AlertBox } from '../../components/alert-box';
import { PageHeader } from '../components/page-header';

export const CAMPAIGN_LIST = { label: 'キャンペーン一覧', to: '/campaigns' };

/** The numeric id of /campaigns/:id/…; anything else names no campaign. */
export function useCampaignId(): number | null {
  const { id } = useParams();
  const value = Number(id);
  return Number.isInteger(value) && value > 0 ? value : null;
}

export function CampaignNotFound({ title }: { title: string }) {
  return (
    <div className="ta-page">
      <PageHeader title={title} crumbs={[CAMPAIGN_LIST]} />
      <AlertBox tone="error" title={m.notFound}>
        <p>削除されたか、URLが間違っている可能性があります。</p>
        <p>
          <Link to="/campaigns">キャンペーン一覧へ戻る</Link>
        </p>
      </AlertBox>
    </div>
  );
}
