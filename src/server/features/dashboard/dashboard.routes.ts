import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { successEnvelope } from '../../../common/api-envelope';
import { accountMessages } from '../../../common/messages';
import { tenantSchema } from '../accounts/accounts.schema';
import type { AuthService } from '../accounts/auth.service';
import { bearerGuard, principalOf } from '../accounts/bearer-auth';
import type { OpenApiRegistry } from '../openapi/openapi.registry';
import type { DashboardService } from './dashboard.service';

const TAGS = ['Corporate dashboard'];
const statsSchema = z.object({ totalUsers: z.number(), emailsSent: z.number(), emailsOpened: z.number(), emailsClicked: z.number() });
const dashboardSchema = z.object({
  tenant: tenantSchema,
  stats: statsSchema,
  recent_campaigns: z.array(z.object({
    campaign_id: z.number(), campaign_name: z.string(), status: z.string(), total_targets: z.number(),
    emails_sent: z.number(), emails_opened: z.number(), emails_clicked: z.number(), created_at: z.string(),
  })),
  month: z.string(),
});

/** SPEC §7: GET /api/corporate/dashboard and /api/corporate/stats (bearer). */
export function registerDashboardRoutes(app: FastifyInstance, { service, auth, openapi }: { service: DashboardService; auth: AuthService; openapi: OpenApiRegistry }): void {
  const guard = bearerGuard(auth);
  const errors = { 401: accountMessages.unauthenticated, 403: 'An individual account (no tenant), or an account whose address is not confirmed yet' };
  openapi.add({ method: 'get', path: '/api/corporate/dashboard', summary: 'Tenant, this month’s figures and recent campaigns', tags: TAGS, responses: { 200: successEnvelope(dashboardSchema) }, errors });
  app.get('/api/corporate/dashboard', { preHandler: guard }, async (request) => ({ success: true, data: await service.dashboard(principalOf(request)) }));

  openapi.add({ method: 'get', path: '/api/corporate/stats', summary: 'Registered users and this month’s sent, opened and clicked mails', tags: TAGS, responses: { 200: successEnvelope(statsSchema) }, errors });
  app.get('/api/corporate/stats', { preHandler: guard }, async (request) => ({ success: true, data: await service.stats(principalOf(request)) }));
}
