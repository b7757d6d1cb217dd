import { templateMessages as m } from '../../../common/messages';
import { TEMPLATE_TEST_SENDS_PER_HOUR, templateFromReportRequestSchema, templateInputSchema, templatePreviewRequestSchema } from '../../../common/templates.schema';
import { AppError } from '../../errors';
import type { ZodRoutes } from '../../lib/zod-route';
import { REALM_ERRORS, tenantOf } from '../../plugins/tenant-realm.plugin';
import {
  TEMPLATE_BODY_LIMIT, TEMPLATE_TAGS as tags, templateParamsSchema, templatePreviewResponseSchema, templateResponseSchema,
  templateTestSendResponseSchema,
} from './templates.schema';
import type { TemplatesService } from './templates.service';

/** The tenant of an administrator; a member is refused (403), as the UI hides these actions from them. */
function adminTenantOf(request: Parameters<typeof tenantOf>[0]) {
  const tenant = tenantOf(request);
  if (tenant.role !== 'admin') throw new AppError('FORBIDDEN', m.adminOnly);
  return tenant;
}

const ADMIN_ERRORS = { ...REALM_ERRORS, 403: `${REALM_ERRORS[403]} / ${m.adminOnly}` };

/** Preview (saved or draft), test send, and a template from a Kizuki DB report (tenant realm). */
export function registerTemplateActionRoutes(realm: ZodRoutes, { service }: { service: TemplatesService }): void {
  realm.post('/api/templates/:template_id/preview', {
    schema: { params: templateParamsSchema, body: templatePreviewRequestSchema, response: { 200: templatePreviewResponseSchema } },
    config: {
      openapi: {
        summary: 'Render a template with sample values or one person’s (user_id); preview_url serves it under its own CSP',
        tags, errors: { ...REALM_ERRORS, 404: m.notFound, 422: m.personNotFound },
      },
    },
  }, async (request) => ({ success: true as const, data: await service.preview(tenantOf(request).tenantId, request.params.template_id, request.body.user_id) }));

  realm.post('/api/templates/preview', {
    bodyLimit: TEMPLATE_BODY_LIMIT,
    schema: { body: templateInputSchema, response: { 200: templatePreviewResponseSchema } },
    config: { openapi: { summary: 'Render a draft (unsaved) template with sample values, cleaned as a save would', tags, errors: { ...REALM_ERRORS, 422: 'Validation failed' } } },
  }, async (request) => ({ success: true as const, data: await service.previewDraft(tenantOf(request).tenantId, request.body) }));

  realm.post('/api/templates/:template_id/test-send', {
    schema: { params: templateParamsSchema, response: { 200: templateTestSendResponseSchema } },
    config: {
      openapi: {
        summary: 'Mail the template to the signed-in administrator (not counted against the monthly allowance)',
        tags, errors: { ...ADMIN_ERRORS, 404: m.notFound, 429: m.testSendLimited(TEMPLATE_TEST_SENDS_PER_HOUR) },
      },
    },
  }, async (request) => {
    const { tenantId, userId } = adminTenantOf(request);
    return { success: true as const, data: await service.testSend(tenantId, userId, request.params.template_id) };
  });

  realm.post('/api/templates/from-report', {
    schema: { body: templateFromReportRequestSchema, response: { 201: templateResponseSchema } },
    config: { openapi: { summary: 'Create a tenant template from a Kizuki DB report (URLs → {{url}}, addresses and numbers neutralised)', tags, errors: { ...ADMIN_ERRORS, 404: m.reportNotFound } } },
  }, async (request, reply) => reply.status(201).send({ success: true as const, data: await service.createFromReport(adminTenantOf(request).tenantId, request.body.report_id) }));
}
