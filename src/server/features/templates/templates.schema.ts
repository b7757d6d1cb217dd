import { z } from 'zod';
import { successEnvelope } from '../../../common/api-envelope';
import { accountMessages, realmMessages, templateMessages as m } from '../../../common/messages';
import { templateListSchema, templatePreviewSchema, templateSchema, templateTestSendSchema } from '../../../common/templates.schema';

/** Route-level schemas of /api/templates, built from the contract in src/common. */

export const TEMPLATE_TAGS = ['Templates'];

/** Ids are PostgreSQL integers: a larger number is no template at all. */
export const templateParamsSchema = z.object({
  template_id: z.coerce.number({ error: m.notFound }).int({ error: m.notFound }).min(1, { error: m.notFound }).max(2_147_483_647, { error: m.notFound }),
});

/** Template bodies may be long mail HTML in Japanese (3 bytes a character): above the app's 64 KB default. */
export const TEMPLATE_BODY_LIMIT = 1024 * 1024;

export const templateResponseSchema = successEnvelope(templateSchema);
export const templateListResponseSchema = successEnvelope(templateListSchema);
export const templatePreviewResponseSchema = successEnvelope(templatePreviewSchema);
export const templateTestSendResponseSchema = successEnvelope(templateTestSendSchema);
export const templateMessageResponseSchema = successEnvelope(z.object({ message: z.string() }));

/** Refusals every realm route may answer, for the OpenAPI description. */
export const REALM_ERRORS = { 401: accountMessages.unauthenticated, 403: `${realmMessages.corporateOnly} / ${accountMessages.emailUnconfirmed}` };
