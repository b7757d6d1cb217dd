import { tenantListQuerySchema } from '../../../common/operator.schema';
import type { ZodRoutes } from '../../lib/zod-route';
import { OPERATOR_REALM_ERRORS } from '../../plugins/operator-realm.plugin';
import type { OperatorTenantsService } from './operator-tenants.service';
import { tenantListResponseSchema } from './operators.schema';

/** Inside the operator realm: the tenants overview (billing's 「入金確認」 will join it). */
export function registerOperatorTenantRoutes(realm: ZodRoutes, { service }: { service: OperatorTenantsService }): void {
  realm.get('/api/operator/tenants', {
    schema: { querystring: tenantListQuerySchema, response: { 200: tenantListResponseSchema } },
    config: { openapi: { summary: 'Tenants: plan, people and mails this month (no campaign content)', tags: ['Operator console'], errors: { ...OPERATOR_REALM_ERRORS, 422: 'Bad query' } } },
  }, async (request) => ({ success: true as const, data: await service.list(request.query) }));
}
