import type { CampaignStatus } from '../../../common/campaign-status';
import {
  CAMPAIGN_PAGE_SIZE,
  campaignAudienceSchema,
  campaignDetailSchema,
  campaignListSchema,
  type CampaignAudience,
  type CampaignDetail,
  type CampaignInput,
  type CampaignList,
} from '../../../common/campaigns.schema';
import { ApiError, apiRequest } from '../../lib/api-client';

/** The client of /api/campaigns for the list, the editor, the confirmation and the done page (issue 11). */
const BASE = '/api/campaigns';

/** The list as the screen asks for it: one status (or all), search text and a 1-based page. */
export type CampaignListFilter = { status: CampaignStatus | null; q: string; page: number };
export type CampaignTargets = { all_users: boolean; user_ids: number[]; group_ids: number[] };

export const campaignKeys = {
  all: ['campaigns'] as const,
  list: (filter: CampaignListFilter) => ['campaigns', 'list', filter] as const,
  detail: (id: number) => ['campaigns', 'detail', id] as const,
  audience: (targets: CampaignTargets) => ['campaigns', 'audience', targets] as const,
};

const path = (id: number, action = '') => `${BASE}/${encodeURIComponent(String(id))}${action}`;

export function fetchCampaigns(filter: CampaignListFilter, signal?: AbortSignal): Promise<CampaignList> {
  const query = new URLSearchParams({ limit: String(CAMPAIGN_PAGE_SIZE), offset: String((filter.page - 1) * CAMPAIGN_PAGE_SIZE) });
  if (filter.status) query.set('status', filter.status);
  if (filter.q.trim()) query.set('q', filter.q.trim());
  return apiRequest(`${BASE}?${query}`, { parse: (data) => campaignListSchema.parse(data), signal });
}

export function fetchCampaign(id: number, signal?: AbortSignal): Promise<CampaignDetail> {
  return apiRequest(path(id), { parse: (data) => campaignDetailSchema.parse(data), signal });
}

export function createCampaign(input: CampaignInput): Promise<CampaignDetail> {
  return apiRequest(BASE, { method: 'POST', json: input, parse: (data) => campaignDetailSchema.parse(data) });
}

export function updateCampaign(id: number, input: CampaignInput): Promise<CampaignDetail> {
  return apiRequest(path(id), { method: 'PUT', json: input, parse: (data) => campaignDetailSchema.parse(data) });
}

export function launchCampaign(id: number): Promise<CampaignDetail> {
  return apiRequest(path(id, '/launch'), { method: 'POST', json: {}, parse: (data) => campaignDetailSchema.parse(data) });
}

/** How many people a choice of targets reaches, and what the month still allows, before anything is saved. */
export function fetchAudience(targets: CampaignTargets, signal?: AbortSignal): Promise<CampaignAudience> {
  return apiRequest(`${BASE}/audience`, { method: 'POST', json: targets, parse: (data) => campaignAudienceSchema.parse(data), signal });
}

export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;
