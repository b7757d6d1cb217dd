import type { CampaignSummary, DashboardData } from '../../../common/account.schema';
import { CAMPAIGN_STATUS_LABELS, ratePercent, type CampaignStatus } from '../../../common/campaign-status';
import { accountMessages } from '../../../common/messages';
import { ApiError, apiRequest } from '../../lib/api-client';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function asDashboard(data: unknown): DashboardData {
  if (!isObject(data) || !isObject(data.stats) || !Array.isArray(data.recent_campaigns)) throw new Error('dashboard: shape');
  return data as unknown as DashboardData;
}

export const dashboardKey = ['corporate', 'dashboard'] as const;

export function fetchDashboard(signal?: AbortSignal): Promise<DashboardData> {
  return apiRequest('/api/corporate/dashboard', { parse: asDashboard, signal });
}

/** SPEC §9: whole percent of sent, 0 when nothing was sent, shown as "42%". */
export function rateText(part: number, sent: number): string {
  return `${ratePercent(part, sent)}%`;
}

export function statusLabel(status: string): string {
  return CAMPAIGN_STATUS_LABELS[status as CampaignStatus] ?? status;
}

export function campaignRates(campaign: CampaignSummary): { open: string; click: string } {
  return { open: rateText(campaign.emails_opened, campaign.emails_sent), click: rateText(campaign.emails_clicked, campaign.emails_sent) };
}

/** 403 for an account whose address is not confirmed yet (a direct registration before its mailed link is opened). */
export const isUnconfirmedRefusal = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 403 && error.serverMessage === accountMessages.emailUnconfirmed;

/** 403: an individual account has no organisation dashboard. */
export const isIndividualRefusal = (error: unknown): boolean => error instanceof ApiError && error.status === 403 && !isUnconfirmedRefusal(error);

/** POST /api/auth/email/confirmation: mails a new confirmation link to the signed-in account's address. */
export function resendConfirmation(): Promise<{ message: string }> {
  return apiRequest('/api/auth/email/confirmation', {
    method: 'POST',
    json: {},
    parse: (data) => ({ message: isObject(data) && typeof data.message === 'string' ? data.message : accountMessages.emailConfirmationSent }),
  });
}

export function dashboardErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status !== 0 && error.status < 500 && error.serverMessage) return error.serverMessage;
  return 'ダッシュボードの情報を取得できませんでした。時間をおいて再度お試しください。';
}

export const numberFormat = new Intl.NumberFormat('ja-JP');
