import { z } from 'zod';
import { confirmPaymentBodySchema, tenantListQuerySchema } from '../../../common/operator.schema';
import { operatorMessages } from '../../../common/operator-messages';
import { recordIdParam, recordParams, type ZodRoutes } from '../../lib/zod-route';
import { OPERATOR_REALM_ERRORS, operatorOf } from '../../plugins/operator-realm.plugin';
import type { OperatorTenantsService } from './operator-tenants.service';
import { invoiceActionResponseSchema, tenantListResponseSchema } from './operators.schema';

const invoiceParams = recordParams(z.object({ invoice_id: recordIdParam }), operatorMessages.invoiceNotFound);

/** Inside the operator realm: the tenants overview with their unpaid invoices, and 「入金確認」. */
export function registerOperatorTenantRoutes(realm: ZodRoutes, { service }: { service: OperatorTenantsService }): void {
  realm.get('/api/operator/tenants', {
    schema: { querystring: tenantListQuerySchema, response: { 200: tenantListResponseSchema } },
    config: { openapi: { summary: 'Tenants: plan, people, mails this month and unpaid invoices (no campaign content)', tags: ['Operator console'], errors: { ...OPERATOR_REALM_ERRORS, 422: 'Bad query' } } },
  }, async (request) => ({ success: true as const, data: await service.list(request.query) }));

  realm.post('/api/operator/invoices/:invoice_id/confirm-payment', {
    schema: { params: invoiceParams, body: confirmPaymentBodySchema, response: { 200: invoiceActionResponseSchema } },
    config: {
      openapi: {
        summary: '入金確認: mark an unpaid invoice paid (bank transfer received), with an optional memo; logged in the audit log in the same transaction',
        tags: ['Operator console'],
        errors: { ...OPERATOR_REALM_ERRORS, 404: operatorMessages.invoiceNotFound, 409: operatorMessages.invoiceAlreadyPaid, 422: 'Memo too long' },
      },
    },
  }, async (request) => {
    const operator = operatorOf(request);
    const data = await service.confirmPayment({ operatorId: operator.operatorId, email: operator.email }, request.params.invoice_id, request.body);
    return { success: true as const, data };
  });
}
