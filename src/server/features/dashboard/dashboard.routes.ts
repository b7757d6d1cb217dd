import { dashboardDataSchema, dashboardStatsSchema } from '../../../common/account.schema';
import { successEnvelope } from '../../../common/api-envelope';
import type { ZodRoutes } from '../../lib/zod-route';
import { REALM_ERRORS as errors, tenantOf } from '../../plugins/tenant-realm.plugin';
import type { DashboardService } from './dashboard.service';

const TAGS = ['Corporate dashboard'];

/** SPEC §7: GET /api/corporate/dashboard and /api/corporate/stats (tenant realm). */
export function registerDashboardRoutes(realm: ZodRoutes, { service }: { service: DashboardService }): void {
  realm.get('/api/corporate/dashboard', {
    schema: { response: { 200: successEnvelope(dashboardDataSchema) } },
    config: { openapi: { summary: 'Tenant, this month’s figures and recent campaigns', tags: TAGS, errors } },
  }, async (request) => ({ success: true as const, data: await service.dashboard(tenantOf(request).tenantId) }));

  realm.get('/api/corporate/stats', {
    schema: { response: { 200: successEnvelope(dashboardStatsSchema) } },
    config: { openapi: { summary: 'Registered users and this month’s sent, opened and clicked mails', tags: TAGS, errors } },
  }, async (request) => ({ success: true as const, data: await service.stats(tenantOf(request).tenantId) }));
}
