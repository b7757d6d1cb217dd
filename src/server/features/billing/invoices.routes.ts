import { z } from 'zod';
import { successEnvelope } from '../../../common/api-envelope';
import { invoiceListSchema } from '../../../common/billing.schema';
import { billingMessages } from '../../../common/billing-messages';
import { recordIdParam, recordParams, type ZodRoutes } from '../../lib/zod-route';
import { REALM_ERRORS, tenantOf } from '../../plugins/tenant-realm.plugin';
import type { InvoicesService } from './invoices.service';

const tags = ['Billing'];
const invoiceParams = recordParams(z.object({ invoice_id: recordIdParam }), billingMessages.invoiceNotFound);

/** GET /api/billing/invoices and GET /api/billing/invoices/:invoice_id/pdf (tenant realm; administrators and members). */
export function registerInvoiceRoutes(realm: ZodRoutes, { service }: { service: InvoicesService }): void {
  realm.get('/api/billing/invoices', {
    schema: { response: { 200: successEnvelope(invoiceListSchema) } },
    config: { openapi: { summary: 'The tenant’s invoices, newest first, with their status (未入金, 入金済み, 期限超過) and PDF path', tags, errors: REALM_ERRORS } },
  }, async (request) => ({ success: true as const, data: { invoices: await service.list(tenantOf(request).tenantId) } }));

  realm.get('/api/billing/invoices/:invoice_id/pdf', {
    schema: { params: invoiceParams },
    config: {
      openapi: {
        summary: 'One invoice as a 適格請求書 PDF (attachment; a Japanese file name in RFC 5987 form)',
        tags,
        errors: { ...REALM_ERRORS, 404: billingMessages.invoiceNotFound },
      },
    },
  }, async (request, reply) => {
    const { body, disposition } = await service.pdf(tenantOf(request).tenantId, request.params.invoice_id);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', disposition)
      .header('cache-control', 'private, no-store')
      .send(body);
  });
}
