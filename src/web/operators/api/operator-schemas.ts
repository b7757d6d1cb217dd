import { z } from 'zod';
import {
  auditEntrySchema,
  operatorPaginationSchema,
  operatorReportListItemSchema,
  operatorReportSchema,
  operatorTenantSchema,
  reportFlagViewSchema,
} from '../../../common/operator.schema';

/**
 * The operator API's answers as the console reads them: the shapes the server declares in
 * common/operator.schema.ts, plus the sign-in answers (declared server-side only). Parsed on
 * arrival so a screen never renders a field the server did not send.
 */

export const setupAnswer = z.object({ email: z.string() });

export const loginAnswer = z.discriminatedUnion('stage', [
  z.object({
    stage: z.literal('totp_setup'),
    challenge_token: z.string().min(1),
    totp: z.object({ secret: z.string().min(1), otpauth_url: z.string(), qr_svg: z.string().min(1) }),
  }),
  z.object({ stage: z.literal('totp'), challenge_token: z.string().min(1) }),
]);
export type LoginAnswer = z.infer<typeof loginAnswer>;

export const sessionAnswer = z.object({ token: z.string().min(1), operator: z.object({ email: z.string() }) });
export const meAnswer = z.object({ email: z.string() });

export type OperatorReportRow = z.infer<typeof operatorReportListItemSchema>;
export const reportPageAnswer = z.object({ reports: z.array(operatorReportListItemSchema), pagination: operatorPaginationSchema });

export type AuditEntry = z.infer<typeof auditEntrySchema>;
export type OperatorReport = z.infer<typeof operatorReportSchema>;
export type ReportFlag = z.infer<typeof reportFlagViewSchema>;

export const reportDetailAnswer = z.object({ report: operatorReportSchema, flags: z.array(reportFlagViewSchema), audit: z.array(auditEntrySchema) });
export type OperatorReportDetail = z.infer<typeof reportDetailAnswer>;

// DELETE answers `{ success: true }` without data.
export const reportActionAnswer = z.object({ report: operatorReportSchema }).optional();

export const auditPageAnswer = z.object({ entries: z.array(auditEntrySchema), pagination: operatorPaginationSchema });

export type TenantRow = z.infer<typeof operatorTenantSchema>;
export const tenantPageAnswer = z.object({ tenants: z.array(operatorTenantSchema), pagination: operatorPaginationSchema });

export const flagAnswer = z.object({ message: z.string() });
