import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  campaignDetailSchema,
  RECIPIENT_PAGE_SIZE,
  recipientEventsSchema,
  recipientListSchema,
  type CampaignDetail,
  type RecipientEvents,
  type RecipientList,
  type RecipientStatus,
} from '../../../common/campaigns.schema';
import { apiRequest } from '../../lib/api-client';
import { downloadCsv } from '../users/people-api';
import { campaignKeys } from './campaigns-api';

/** The recipient table as the screen asks for it: one status, search text, one group, a 1-based page. */
export type RecipientFilter = { status: RecipientStatus | null; q: string; groupId: number | null; page: number };

/**
 * Under the campaign's own key (campaignKeys.detail), so that whatever refreshes a campaign
 * elsewhere (an edit, the list) refreshes its recipients and timelines too.
 */
export const campaignResultKeys = {
  recipients: (campaignId: number) => [...campaignKeys.detail(campaignId), 'recipients'] as const,
  recipientList: (campaignId: number, filter: RecipientFilter) => [...campaignKeys.detail(campaignId), 'recipients', filter] as const,
  events: (campaignId: number, recipientId: number) => [...campaignKeys.detail(campaignId), 'events', recipientId] as const,
};

/** The query of GET …/recipients for one filter (server paging, RECIPIENT_PAGE_SIZE a page). */
export function recipientQuery(filter: RecipientFilter): URLSearchParams {
  const params = new URLSearchParams({ limit: String(RECIPIENT_PAGE_SIZE), offset: String((filter.page - 1) * RECIPIENT_PAGE_SIZE) });
  if (filter.status) params.set('status', filter.status);
  if (filter.q.trim()) params.set('q', filter.q.trim());
  if (filter.groupId !== null) params.set('group_id', String(filter.groupId));
  return params;
}

export function fetchRecipients(campaignId: number, filter: RecipientFilter, signal?: AbortSignal): Promise<RecipientList> {
  return apiRequest(`/api/campaigns/${campaignId}/recipients?${recipientQuery(filter)}`, { parse: (data) => recipientListSchema.parse(data), signal });
}

/** One page of the table: the list's query and the page's early prefetch share it. */
export function recipientPageQuery(campaignId: number, filter: RecipientFilter) {
  return queryOptions({
    queryKey: campaignResultKeys.recipientList(campaignId, filter),
    queryFn: ({ signal }) => fetchRecipients(campaignId, filter, signal),
    placeholderData: keepPreviousData,
  });
}

export function fetchRecipientEvents(campaignId: number, recipientId: number, signal?: AbortSignal): Promise<RecipientEvents> {
  return apiRequest(`/api/campaigns/${campaignId}/recipients/${recipientId}/events`, { parse: (data) => recipientEventsSchema.parse(data), signal });
}

/** The changes the detail page offers; each answers with the campaign as it is afterwards. */
export type CampaignChange = 'pause' | 'resume' | 'complete';

export function changeCampaign(campaignId: number, change: CampaignChange): Promise<CampaignDetail> {
  return apiRequest(`/api/campaigns/${campaignId}/${change}`, { method: 'POST', json: {}, parse: (data) => campaignDetailSchema.parse(data) });
}

export function deleteCampaign(campaignId: number): Promise<void> {
  return apiRequest(`/api/campaigns/${campaignId}`, { method: 'DELETE', json: {}, parse: () => undefined });
}

/** GET /api/campaigns/{id}/export: every recipient as CSV (UTF-8 with BOM). */
export function downloadCampaignCsv(campaignId: number): Promise<{ blob: Blob; fileName: string }> {
  return downloadCsv(`/api/campaigns/${campaignId}/export`, `campaign-${campaignId}`);
}
