import { successEnvelope } from '../../../common/api-envelope';
import { billingMessages as m } from '../../../common/billing-messages';
import {
  downgradeInputSchema, downgradeResultSchema, planListSchema, subscriptionSchema, upgradeInputSchema, upgradeResultSchema,
} from '../../../common/billing.schema';
import { AppError } from '../../errors';
import type { ZodRoutes } from '../../lib/zod-route';
import { REALM_ERRORS, tenantOf } from '../../plugins/tenant-realm.plugin';
import type { SubscriptionService } from './subscription.service';

const tags = ['Plans and billing'];
const ADMIN_ERRORS = { ...REALM_ERRORS, 403: `${REALM_ERRORS[403]} / ${m.adminOnly}` };

/** Only a tenant's administrator changes its plan or 請求先 (issue 14). */
function adminTenantOf(request: Parameters<typeof tenantOf>[0]) {
  const tenant = tenantOf(request);
  if (tenant.role !== 'admin') throw new AppError('FORBIDDEN', m.adminOnly);
  return tenant;
}

/** GET /api/plans, GET /api/account/subscription, POST /api/account/upgrade and /downgrade (tenant realm). */
export function registerSubscriptionRoutes(realm: ZodRoutes, { service }: { service: SubscriptionService }): void {
  realm.get('/api/plans', {
    schema: { response: { 200: successEnvelope(planListSchema) } },
    config: { openapi: { summary: 'The plans with their limits and prices (税抜 and 税込), and whether card payment is offered', tags, errors: REALM_ERRORS } },
  }, async () => ({ success: true as const, data: service.plans() }));

  realm.get('/api/account/subscription', {
    schema: { response: { 200: successEnvelope(subscriptionSchema) } },
    config: { openapi: { summary: 'The plan in force, its limits, the paid period, a scheduled change and the 請求先', tags, errors: REALM_ERRORS } },
  }, async (request) => {
    const tenant = tenantOf(request);
    return { success: true as const, data: await service.subscription(tenant.tenantId, tenant.role === 'admin') };
  });

  realm.post('/api/account/upgrade', {
    schema: { body: upgradeInputSchema, response: { 200: successEnvelope(upgradeResultSchema) } },
    config: {
      openapi: {
        summary: 'Start a paid plan: with preview true only the first invoice’s figures; by invoice the plan starts at once; by card the answer is the Stripe Checkout URL and the plan starts from the signed webhook. A paid plan by invoice moves to a larger one at once, with a 差額 invoice for the rest of the period (preview: its figures)',
        tags, errors: { ...ADMIN_ERRORS, 422: `${m.samePlan} / ${m.paidPlanChange} / ${m.cardPlanChange} / ${m.useDowngrade} / ${m.cycleChange('月払い')} / ${m.cardUnavailable} / per-field messages`, 503: m.cardCheckoutFailed },
      },
    },
  }, async (request) => {
    return { success: true as const, data: await service.upgrade(adminTenantOf(request).tenantId, request.body) };
  });

  realm.post('/api/account/downgrade', {
    schema: { body: downgradeInputSchema, response: { 200: successEnvelope(downgradeResultSchema) } },
    config: {
      openapi: {
        summary: 'Move to a lower plan, or cancel (plan "free"), at the end of the paid period; the current plan withdraws a scheduled change',
        tags, errors: { ...ADMIN_ERRORS, 422: `${m.notPaid} / ${m.notLower} / ${m.tooManyPeople(12, 10)}` },
      },
    },
  }, async (request) => ({ success: true as const, data: await service.downgrade(adminTenantOf(request).tenantId, request.body) }));
}
