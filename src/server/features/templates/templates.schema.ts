import { z } from 'zod';
import { successEnvelope } from '../../../common/api-envelope';
import { templateMessages as m } from '../../../common/messages';
import { recordIdParam, recordParams } from '../../lib/zod-route';
import { templateListSchema, templatePreviewSchema, templateSchema, templateTestSendSchema } from '../../../common/templates.schema';

/** Route-level schemas of /api/templates, built from the contract in src/common. */

export const TEMPLATE_TAGS = ['Templates'];

/**
 * Ids are PostgreSQL integers: a larger number, or anything that is not a number at all
 * (`/api/templates/abc`), names no template and answers 404 like people, domains and reports.
 */
export const templateParamsSchema = recordParams(
  z.object({ template_id: recordIdParam }),
  m.notFound,
);

/** Template bodies may be long mail HTML in Japanese (3 bytes a character): above the app's 64 KB default. */
export const TEMPLATE_BODY_LIMIT = 1024 * 1024;

export const templateResponseSchema = successEnvelope(templateSchema);
export const templateListResponseSchema = successEnvelope(templateListSchema);
export const templatePreviewResponseSchema = successEnvelope(templatePreviewSchema);
export const templateTestSendResponseSchema = successEnvelope(templateTestSendSchema);
export const templateMessageResponseSchema = successEnvelope(z.object({ message: z.string() }));

/** Refusals every realm route may answer, for the OpenAPI description. */
