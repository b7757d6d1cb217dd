import { templateMessages as m } from '../../../common/messages';
import { templateInputSchema, templateListQuerySchema } from '../../../common/templates.schema';
import type { ZodRoutes } from '../../lib/zod-route';
import { REALM_ERRORS, tenantOf } from '../../plugins/tenant-realm.plugin';
import {
  TEMPLATE_BODY_LIMIT, TEMPLATE_TAGS as tags, templateListResponseSchema, templateMessageResponseSchema,
  templateParamsSchema, templateResponseSchema,
} from './templates.schema';
import type { TemplatesService } from './templates.service';

/**
 * /api/templates: the library (built-ins and the tenant's own), one template, and the tenant's
 * own templates' create, update, delete and duplicate (tenant realm). Preview, test send and
 * "from a report" are in template-actions.routes.ts.
 */
export function registerTemplateRoutes(realm: ZodRoutes, { service }: { service: TemplatesService }): void {
  realm.get('/api/templates', {
    schema: { querystring: templateListQuerySchema, response: { 200: templateListResponseSchema } },
    config: { openapi: { summary: 'The library: built-in lures and the tenant’s own, filtered and paged', tags, errors: { ...REALM_ERRORS, 422: 'Bad filter, limit or offset' } } },
  }, async (request) => ({ success: true as const, data: await service.list(tenantOf(request).tenantId, request.query) }));

  realm.get('/api/templates/:template_id', {
    schema: { params: templateParamsSchema, response: { 200: templateResponseSchema } },
    config: { openapi: { summary: 'One template (built-in or the tenant’s own)', tags, errors: { ...REALM_ERRORS, 404: m.notFound } } },
  }, async (request) => ({ success: true as const, data: await service.get(tenantOf(request).tenantId, request.params.template_id) }));

  realm.post('/api/templates', {
    bodyLimit: TEMPLATE_BODY_LIMIT,
    schema: { body: templateInputSchema, response: { 201: templateResponseSchema } },
    config: { openapi: { summary: 'Create one of the tenant’s own templates (HTML is sanitised)', tags, errors: { ...REALM_ERRORS, 422: 'Validation failed: fields, unknown variables, missing {{url}}' } } },
  }, async (request, reply) => reply.status(201).send({ success: true as const, data: await service.create(tenantOf(request).tenantId, request.body) }));

  realm.put('/api/templates/:template_id', {
    bodyLimit: TEMPLATE_BODY_LIMIT,
    schema: { params: templateParamsSchema, body: templateInputSchema, response: { 200: templateResponseSchema } },
    config: { openapi: { summary: 'Update one of the tenant’s own templates', tags, errors: { ...REALM_ERRORS, 403: m.builtinReadOnly, 404: m.notFound, 422: 'Validation failed' } } },
  }, async (request) => ({ success: true as const, data: await service.update(tenantOf(request).tenantId, request.params.template_id, request.body) }));

  realm.delete('/api/templates/:template_id', {
    schema: { params: templateParamsSchema, response: { 200: templateMessageResponseSchema } },
    config: { openapi: { summary: 'Delete one of the tenant’s own templates (409 while a campaign uses it)', tags, errors: { ...REALM_ERRORS, 403: m.builtinReadOnly, 404: m.notFound, 409: m.inUse } } },
  }, async (request) => {
    await service.delete(tenantOf(request).tenantId, request.params.template_id);
    return { success: true as const, data: { message: m.deleted } };
  });

  realm.post('/api/templates/:template_id/duplicate', {
    schema: { params: templateParamsSchema, response: { 201: templateResponseSchema } },
    config: { openapi: { summary: 'Copy any readable template (built-ins included) into the tenant’s own', tags, errors: { ...REALM_ERRORS, 404: m.notFound } } },
  }, async (request, reply) => reply.status(201).send({ success: true as const, data: await service.duplicate(tenantOf(request).tenantId, request.params.template_id) }));
}
