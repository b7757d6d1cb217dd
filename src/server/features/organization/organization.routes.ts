import { successEnvelope } from '../../../common/api-envelope';
import { billingMessages as m } from '../../../common/billing-messages';
import { organizationInputSchema, organizationSchema, organizationUpdateResultSchema } from '../../../common/organization.schema';
import type { ZodRoutes } from '../../lib/zod-route';
import { REALM_ERRORS, tenantOf } from '../../plugins/tenant-realm.plugin';
import type { OrganizationService } from './organization.service';

const TAGS = ['Organization'];

/** Issue 14: GET and PUT /api/account/organization (tenant realm). */
export function registerOrganizationRoutes(realm: ZodRoutes, { service }: { service: OrganizationService }): void {
  realm.get('/api/account/organization', {
    schema: { response: { 200: successEnvelope(organizationSchema) } },
    config: { openapi: { summary: 'The organisation’s name, address, phone, industry, size and 請求先; is_admin says whether the caller may change them', tags: TAGS, errors: REALM_ERRORS } },
  }, async (request) => ({ success: true as const, data: await service.get(tenantOf(request)) }));

  realm.put('/api/account/organization', {
    // A member is refused before validation: no field messages for a change they may not make.
    preValidation: async (request) => service.assertCanEdit(tenantOf(request)),
    schema: { body: organizationInputSchema, response: { 200: successEnvelope(organizationUpdateResultSchema) } },
    config: {
      openapi: {
        summary: 'Change the organisation (administrators only). Optional fields sent empty are cleared; `billing` replaces the 請求先, absent or null leaves it unchanged',
        tags: TAGS,
        errors: { ...REALM_ERRORS, 403: `${REALM_ERRORS[403]} / ${m.organizationAdminOnly}`, 422: 'Validation failed (per-field messages; 請求先 fields as billing.<field>)' },
      },
    },
  }, async (request) => ({ success: true as const, data: await service.update(tenantOf(request), request.body) }));
}
