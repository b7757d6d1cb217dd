import { z } from 'zod';
import { successEnvelope } from '../../../common/api-envelope';
import { USAGE_ID_PATTERN, usageDetailSchema, usageListQuerySchema, usageListSchema, usageMessages } from '../../../common/usage.schema';
import { recordParams, type ZodRoutes } from '../../lib/zod-route';
import { REALM_ERRORS, tenantOf } from '../../plugins/tenant-realm.plugin';
import type { UsageService } from './usage.service';

const tags = ['Billing'];
/** A usage id is a month (YYYY-MM); anything else names no month: 404. */
const usageParams = recordParams(z.object({ usage_id: z.string().regex(USAGE_ID_PATTERN) }), usageMessages.notFound);

/** GET /api/billing/usage and /api/billing/usage/{usage_id} (tenant realm, issue 14). */
export function registerUsageRoutes(realm: ZodRoutes, { service }: { service: UsageService }): void {
  realm.get('/api/billing/usage', {
    schema: { querystring: usageListQuerySchema, response: { 200: successEnvelope(usageListSchema) } },
    config: { openapi: { summary: 'Usage by Tokyo month, newest first: mails sent and people at the month’s end against the plan’s limits', tags, errors: { ...REALM_ERRORS, 422: 'Bad limit or offset' } } },
  }, async (request) => ({ success: true as const, data: await service.list(tenantOf(request).tenantId, request.query) }));

  realm.get('/api/billing/usage/:usage_id', {
    schema: { params: usageParams, response: { 200: successEnvelope(usageDetailSchema) } },
    config: { openapi: { summary: 'One month’s usage: mails per campaign, test sends (not counted), people at the month’s end, the plan and its invoices', tags, errors: { ...REALM_ERRORS, 404: usageMessages.notFound } } },
  }, async (request) => ({ success: true as const, data: await service.detail(tenantOf(request).tenantId, request.params.usage_id) }));
}
