import type { CampaignDetail } from '../../../common/campaigns.schema';
import { ApiError } from '../../lib/api-client';
import { apiErrorMessage } from '../../lib/api-error-message';
import type { CampaignDraft } from './campaign-draft';
import { inputOf } from './campaign-form-schema';
import { createCampaign, launchCampaign, updateCampaign } from './campaigns-api';

/** What the done page is told: a new start, or new settings for a campaign that was already scheduled. */
export type CompleteState = { outcome: 'launched' | 'updated' };

/**
 * 「この内容で開始する」: saves the draft (POST, or PUT for a saved one), then launches it when it is
 * still a draft. A scheduled campaign that was edited is only updated: it is already on its way.
 * `onSaved` hears the id as soon as it exists, so a retry after a refused launch updates that
 * campaign instead of creating a second one.
 */
export async function saveAndLaunch(draft: CampaignDraft, onSaved: (campaignId: number) => void): Promise<{ detail: CampaignDetail; state: CompleteState }> {
  const input = inputOf(draft.values);
  const saved = draft.campaignId === null ? await createCampaign(input) : await updateCampaign(draft.campaignId, input);
  const campaignId = saved.campaign.campaign_id;
  onSaved(campaignId);
  if (!saved.campaign.actions.includes('launch')) return { detail: saved, state: { outcome: 'updated' } };
  return { detail: await launchCampaign(campaignId), state: { outcome: 'launched' } };
}

/**
 * The server's own words for a refusal (the 422 of the monthly allowance is shown as it is), with the
 * per-field messages of a validation failure under it.
 */
export function launchFailure(error: unknown, updating = false): { message: string; details: string[] } {
  const message = apiErrorMessage(error, `キャンペーンを${updating ? '更新' : '開始'}できませんでした。時間をおいて再度お試しください。`);
  const details = error instanceof ApiError ? [...new Set(Object.values(error.fieldErrors).flat())].filter((text) => text !== message) : [];
  return { message, details };
}
