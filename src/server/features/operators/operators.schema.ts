import { z } from 'zod';
import { successEnvelope } from '../../../common/api-envelope';
import {
  auditEntrySchema,
  operatorPaginationSchema,
  operatorReportListItemSchema,
  operatorReportSchema,
  operatorTenantSchema,
  reportFlagViewSchema,
} from '../../../common/operator.schema';
import { reportIdSchema } from '../../../common/phishing-report.schema';

/** Server-side answer envelopes of the operator routes (the shapes live in common/operator.schema.ts). */
export const setupResponseSchema = successEnvelope(z.object({ email: z.string() }));

export const loginResponseSchema = successEnvelope(
  z.discriminatedUnion('stage', [
    z.object({
      stage: z.literal('totp_setup'),
      challenge_token: z.string(),
      totp: z.object({ secret: z.string(), otpauth_url: z.string(), qr_svg: z.string() }),
    }),
    z.object({ stage: z.literal('totp'), challenge_token: z.string() }),
  ]),
);

export const totpResponseSchema = successEnvelope(z.object({ token: z.string(), operator: z.object({ email: z.string() }) }));
export const meResponseSchema = successEnvelope(z.object({ email: z.string() }));
export const plainSuccessSchema = z.object({ success: z.literal(true) });
export const flagResponseSchema = successEnvelope(z.object({ message: z.string() }));

export const operatorReportParamsSchema = z.object({ id: reportIdSchema });

export const reportListResponseSchema = successEnvelope(z.object({ reports: z.array(operatorReportListItemSchema), pagination: operatorPaginationSchema }));
export const reportDetailResponseSchema = successEnvelope(
  z.object({ report: operatorReportSchema, flags: z.array(reportFlagViewSchema), audit: z.array(auditEntrySchema) }),
);
export const reportActionResponseSchema = successEnvelope(z.object({ report: operatorReportSchema }));
export const auditLogResponseSchema = successEnvelope(z.object({ entries: z.array(auditEntrySchema), pagination: operatorPaginationSchema }));
export const tenantListResponseSchema = successEnvelope(z.object({ tenants: z.array(operatorTenantSchema), pagination: operatorPaginationSchema }));
