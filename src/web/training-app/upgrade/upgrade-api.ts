import {
  downgradeResultSchema, planListSchema, subscriptionSchema, upgradeResultSchema,
  type DowngradeResult, type Subscription, type UpgradeInput, type UpgradeResult,
} from '../../../common/billing.schema';
import type { z } from 'zod';
import { getAuthState, updateSignedInUser } from '../../auth/auth-store';
import { apiRequest } from '../../lib/api-client';

export type PlanList = z.output<typeof planListSchema>;

export const billingKeys = {
  plans: ['billing', 'plans'] as const,
  subscription: ['billing', 'subscription'] as const,
};

export function fetchPlans(signal?: AbortSignal): Promise<PlanList> {
  return apiRequest('/api/plans', { parse: (data) => planListSchema.parse(data), signal });
}

export function fetchSubscription(signal?: AbortSignal): Promise<Subscription> {
  return apiRequest('/api/account/subscription', { parse: (data) => subscriptionSchema.parse(data), signal });
}

export function postUpgrade(input: UpgradeInput): Promise<UpgradeResult> {
  return apiRequest('/api/account/upgrade', { method: 'POST', json: input, parse: (data) => upgradeResultSchema.parse(data) });
}

export function postDowngrade(plan: string): Promise<DowngradeResult> {
  return apiRequest('/api/account/downgrade', { method: 'POST', json: { plan }, parse: (data) => downgradeResultSchema.parse(data) });
}

/** The header's plan badge and every plan-dependent screen follow a plan change at once. */
export function applyPlanToSession(planId: string): void {
  const { user, tenant } = getAuthState();
  if (user && tenant) updateSignedInUser(user, { ...tenant, plan: planId });
}
