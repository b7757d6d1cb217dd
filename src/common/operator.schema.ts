import { z } from 'zod';
import { newPasswordSchema } from './account.schema';
import { RECEIPT_METHODS } from './limits';
import {
  FLAG_COMMENT_MAX_LENGTH,
  FLAG_REASON_CODES,
  MODERATION_REASON_MAX_LENGTH,
  operatorMessages as m,
} from './operator-messages';
import { publicReportSchema } from './phishing-report.schema';
import { cleanMultiLine } from './text-normalize';

/**
 * The operator console's request and answer shapes (issue 13, part 3), shared by the API and the
 * console's forms. The operator's password follows the account password rules (SPEC §5).
 */

const tokenSchema = z.string({ error: m.tokenInvalid }).trim().min(1, { error: m.tokenInvalid }).max(200, { error: m.tokenInvalid });

export const operatorSetupSchema = z.object({ token: tokenSchema, password: newPasswordSchema });

export const operatorLoginSchema = z.object({
  // Compared in lower case, as stored; any text is accepted so a typo answers "wrong address or password".
  email: z.string({ error: m.emailRequired }).trim().toLowerCase().min(1, { error: m.emailRequired }).max(254, { error: m.loginFailed }),
  password: z.string({ error: m.passwordRequired }).min(1, { error: m.passwordRequired }).max(200, { error: m.loginFailed }),
});

export const operatorTotpSchema = z.object({
  challenge_token: tokenSchema,
  // Authenticator apps show `123 456`; spaces and full-width digits are forgiven.
  code: z
    .string({ error: m.totpRequired })
    .transform((value) => value.normalize('NFKC').replace(/\s+/g, ''))
    .pipe(z.string().min(1, { error: m.totpRequired }).regex(/^\d{6}$/, { error: m.totpInvalid })),
});

/** A moderation action's reason (hide, restore, dismiss, delete): required, trimmed, at most 500 characters. */
export const moderationReasonSchema = z
  .string({ error: m.reasonRequired })
  .transform(cleanMultiLine)
  .pipe(z.string().min(1, { error: m.reasonRequired }).max(MODERATION_REASON_MAX_LENGTH, { error: m.reasonTooLong }));

export const moderationReasonBodySchema = z.object({ reason: moderationReasonSchema });
/** Re-running redaction needs no reason (the log records an empty one when none is given). */
export const redactBodySchema = z.object({ reason: moderationReasonSchema.optional() });

/** POST /api/phishing-reports/:id/flags: the public 「不適切な報告を通知」. */
export const reportFlagSchema = z.object({
  reason: z.enum(FLAG_REASON_CODES, { error: m.flagReasonRequired }),
  comment: z
    .string()
    .optional()
    .transform((value) => cleanMultiLine(value ?? ''))
    .pipe(z.string().max(FLAG_COMMENT_MAX_LENGTH, { error: m.flagCommentTooLong })),
  fingerprint: z.string().max(128).optional(),
});
export type ReportFlagInput = z.output<typeof reportFlagSchema>;

const LIST_MAX_LIMIT = 100;
const pageShape = {
  limit: z.coerce.number().int().min(1).max(LIST_MAX_LIMIT).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000_000).default(0),
};
const searchText = z.string().trim().max(100).optional().transform((value) => (value ? value : undefined));

export const operatorReportListQuerySchema = z.object({
  q: searchText,
  status: z.enum(['all', 'flagged', 'hidden']).default('all'),
  ...pageShape,
});
export type OperatorReportListQuery = z.output<typeof operatorReportListQuerySchema>;

export const auditLogQuerySchema = z.object({ report_id: z.string().max(64).optional(), ...pageShape });
export type AuditLogQuery = z.output<typeof auditLogQuerySchema>;

export const tenantListQuerySchema = z.object({ q: searchText, ...pageShape });

/** POST /api/operator/invoices/:invoice_id/confirm-payment: an optional memo (e.g. the transfer's date and name), logged with the action. */
export const confirmPaymentBodySchema = z.object({
  reason: z
    .string({ error: m.paymentMemoTooLong })
    .optional()
    .transform((value) => cleanMultiLine(value ?? ''))
    .pipe(z.string().max(MODERATION_REASON_MAX_LENGTH, { error: m.paymentMemoTooLong })),
});
export type ConfirmPaymentBody = z.output<typeof confirmPaymentBodySchema>;
export type TenantListQuery = z.output<typeof tenantListQuerySchema>;

export const operatorPaginationSchema = z.object({ total: z.number().int(), limit: z.number().int(), offset: z.number().int() });
export type OperatorPagination = z.output<typeof operatorPaginationSchema>;

const screenshotStatusSchema = z.enum(['none', 'pending', 'published', 'failed', 'private']);

export const operatorReportListItemSchema = z.object({
  report_id: z.string(),
  receipt_method: z.enum(RECEIPT_METHODS),
  subject: z.string().nullable(),
  body_excerpt: z.string(),
  source_email: z.string().nullable(),
  phone_number: z.string().nullable(),
  reported_at: z.string(),
  hidden_at: z.string().nullable(),
  hidden_reason: z.string().nullable(),
  screenshot_status: screenshotStatusSchema,
  open_flag_count: z.number().int(),
  flag_reasons: z.array(z.string()),
});
export type OperatorReportListItem = z.output<typeof operatorReportListItemSchema>;

/** The public report's fields (their published form), and what moderation needs besides. */
export const operatorReportSchema = publicReportSchema.pick({
  report_id: true,
  receipt_method: true,
  subject: true,
  body: true,
  source_email: true,
  phone_number: true,
  screenshot_url: true,
  thumbnail_url: true,
  publish_screenshot: true,
  reported_at: true,
}).extend({
  hidden_at: z.string().nullable(),
  hidden_reason: z.string().nullable(),
  screenshot_status: screenshotStatusSchema,
  has_original: z.boolean(),
  redacted_image_url: z.string().nullable(),
});
export type OperatorReport = z.output<typeof operatorReportSchema>;

export const reportFlagViewSchema = z.object({
  id: z.number().int(),
  reason: z.string(),
  comment: z.string().nullable(),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
});
export type ReportFlagView = z.output<typeof reportFlagViewSchema>;

export const AUDIT_ACTIONS = ['hide', 'restore', 'delete', 'redact', 'dismiss_flags', 'confirm_payment'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One audit entry: it names a report (moderation) or, for 入金確認 (`confirm_payment`), an invoice and its tenant. */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  operator_email: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  report_id: z.string().nullable(),
  invoice_id: z.number().int().nullable(),
  invoice_number: z.string().nullable(),
  tenant_id: z.number().int().nullable(),
  reason: z.string(),
  created_at: z.string(),
});
export type AuditEntry = z.output<typeof auditEntrySchema>;

/** An unpaid invoice as operators see it beside its tenant (for 「入金確認」). */
export const operatorInvoiceSchema = z.object({
  invoice_id: z.number().int(),
  invoice_number: z.string(),
  tenant_id: z.number().int(),
  /** YYYY-MM-DD, Tokyo. */
  issue_date: z.string(),
  due_date: z.string(),
  /** 税込 yen. */
  total: z.number().int(),
  status: z.enum(['unpaid', 'paid', 'overdue']),
  paid_at: z.string().nullable(),
});
export type OperatorInvoice = z.output<typeof operatorInvoiceSchema>;

export const operatorTenantSchema = z.object({
  tenant_id: z.number().int(),
  company_name: z.string(),
  plan: z.string(),
  admin_email: z.string().nullable(),
  people_count: z.number().int(),
  mails_this_month: z.number().int(),
  created_at: z.string(),
  /** Unpaid invoices, oldest due first (入金確認 marks one paid). */
  unpaid_invoices: z.array(operatorInvoiceSchema),
});
export type OperatorTenant = z.output<typeof operatorTenantSchema>;

// The answers' data (inside `{ success: true, data }`), declared once: the routes wrap them in
// their envelope and the console parses what arrives with the same shapes.

export const operatorSetupAnswerSchema = z.object({ email: z.string() });

export const operatorLoginAnswerSchema = z.discriminatedUnion('stage', [
  z.object({
    stage: z.literal('totp_setup'),
    challenge_token: z.string().min(1),
    totp: z.object({ secret: z.string().min(1), otpauth_url: z.string(), qr_svg: z.string().min(1) }),
  }),
  z.object({ stage: z.literal('totp'), challenge_token: z.string().min(1) }),
]);
export type OperatorLoginAnswer = z.output<typeof operatorLoginAnswerSchema>;

export const operatorSessionAnswerSchema = z.object({ token: z.string().min(1), operator: z.object({ email: z.string() }) });
export const operatorMeAnswerSchema = z.object({ email: z.string() });

export const operatorReportPageSchema = z.object({ reports: z.array(operatorReportListItemSchema), pagination: operatorPaginationSchema });
export const operatorReportDetailSchema = z.object({
  report: operatorReportSchema,
  flags: z.array(reportFlagViewSchema),
  audit: z.array(auditEntrySchema),
});
export type OperatorReportDetail = z.output<typeof operatorReportDetailSchema>;
export const operatorReportActionSchema = z.object({ report: operatorReportSchema });
export const operatorAuditPageSchema = z.object({ entries: z.array(auditEntrySchema), pagination: operatorPaginationSchema });
export const operatorTenantPageSchema = z.object({ tenants: z.array(operatorTenantSchema), pagination: operatorPaginationSchema });
export const operatorInvoiceActionSchema = z.object({ invoice: operatorInvoiceSchema, message: z.string() });
/** The public flag form's answer. */
export const reportFlagAnswerSchema = z.object({ message: z.string() });
