import { z } from 'zod';

/**
 * The shapes of the operator API's answers (docs: the operator console contract). Parsed on
 * arrival so a screen never renders a field the server did not send; unknown extra fields pass.
 */

const isoDate = z.string().min(1);
const pagination = z.object({ total: z.number().int(), limit: z.number().int(), offset: z.number().int() });

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

const receiptMethod = z.enum(['email', 'sms']);

export const operatorReportRow = z.object({
  report_id: z.string(),
  receipt_method: receiptMethod,
  subject: z.string().nullable(),
  body_excerpt: z.string().nullable(),
  source_email: z.string().nullable(),
  phone_number: z.string().nullable(),
  reported_at: isoDate,
  hidden_at: isoDate.nullable(),
  hidden_reason: z.string().nullable(),
  screenshot_status: z.string().nullable(),
  open_flag_count: z.number().int(),
  flag_reasons: z.array(z.string()),
});
export type OperatorReportRow = z.infer<typeof operatorReportRow>;

export const reportPageAnswer = z.object({ reports: z.array(operatorReportRow), pagination });
export type OperatorReportPage = z.infer<typeof reportPageAnswer>;

export const auditAction = z.enum(['hide', 'restore', 'delete', 'redact', 'dismiss_flags']);
export type AuditAction = z.infer<typeof auditAction>;

export const auditEntry = z.object({
  id: z.union([z.string(), z.number()]),
  operator_email: z.string(),
  action: z.string(),
  report_id: z.string().nullable(),
  reason: z.string().nullable(),
  created_at: isoDate,
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const operatorReport = z.object({
  report_id: z.string(),
  receipt_method: receiptMethod,
  subject: z.string().nullable(),
  body: z.string(),
  source_email: z.string().nullable(),
  phone_number: z.string().nullable(),
  reported_at: isoDate,
  hidden_at: isoDate.nullable(),
  hidden_reason: z.string().nullable(),
  screenshot_status: z.string().nullable(),
  publish_screenshot: z.boolean(),
  has_original: z.boolean(),
  redacted_image_url: z.string().nullable(),
});
export type OperatorReport = z.infer<typeof operatorReport>;

export const reportFlag = z.object({
  id: z.union([z.string(), z.number()]),
  reason: z.string(),
  comment: z.string().nullable(),
  created_at: isoDate,
  resolved_at: isoDate.nullable(),
});
export type ReportFlag = z.infer<typeof reportFlag>;

export const reportDetailAnswer = z.object({ report: operatorReport, flags: z.array(reportFlag), audit: z.array(auditEntry) });
export type OperatorReportDetail = z.infer<typeof reportDetailAnswer>;

// DELETE answers `{ success: true }` without data.
export const reportActionAnswer = z.object({ report: operatorReport }).partial().optional();

export const auditPageAnswer = z.object({ entries: z.array(auditEntry), pagination });
export type AuditPage = z.infer<typeof auditPageAnswer>;

export const tenantRow = z.object({
  tenant_id: z.union([z.string(), z.number()]),
  company_name: z.string(),
  plan: z.string(),
  admin_email: z.string().nullable(),
  people_count: z.number().int(),
  mails_this_month: z.number().int(),
  created_at: isoDate,
});
export type TenantRow = z.infer<typeof tenantRow>;

export const tenantPageAnswer = z.object({ tenants: z.array(tenantRow), pagination });
export type TenantPage = z.infer<typeof tenantPageAnswer>;

export const flagAnswer = z.object({ message: z.string() });
