import { z } from 'zod';
import {
  DELETE_PASSWORD_LENGTH,
  PUBLIC_SCREENSHOT_STATUSES,
  RECEIPT_METHODS,
  REPORT_ID_PATTERN,
  REPORT_LIST_MAX_LIMIT,
  REPORT_LIST_PAGE_SIZE,
  REPORT_TEXT_LIMITS,
} from './limits';
import { reportMessages as m } from './messages';
import {
  cleanMultiLine,
  cleanSingleLine,
  isEmailAddress,
  normalizePhoneNumber,
  toAsciiDigits,
} from './text-normalize';

const cappedText = (max: number, clean: (value: string) => string) =>
  z
    .string()
    .default('')
    .transform(clean)
    .pipe(z.string().max(max, { error: m.tooLong(max) }));

export const receiptMethodSchema = z.enum(RECEIPT_METHODS, { error: m.receiptMethodRequired });

const deletePasswordSchema = z
  .string({ error: m.deletePasswordFormat })
  .transform((value) => toAsciiDigits(value.trim()))
  .pipe(z.string().regex(new RegExp(`^[0-9]{${DELETE_PASSWORD_LENGTH}}$`), { error: m.deletePasswordFormat }));

/** The fields a reporter types; shared by the form (react-hook-form) and the API. */
export const reportContentShape = {
  receipt_method: receiptMethodSchema,
  source_info: cappedText(REPORT_TEXT_LIMITS.source_info, cleanSingleLine),
  subject: cappedText(REPORT_TEXT_LIMITS.subject, cleanSingleLine),
  body: cappedText(REPORT_TEXT_LIMITS.body, cleanMultiLine),
  delete_password: deletePasswordSchema,
};

type ReportContent = {
  receipt_method: (typeof RECEIPT_METHODS)[number];
  source_info: string;
  subject: string;
  body: string;
};

/** Mode-dependent rules of SPEC §5: email needs address, subject and body; SMS needs phone or address, and body. */
export function refineReportContent(value: ReportContent, ctx: z.RefinementCtx): void {
  const issue = (path: keyof ReportContent, message: string) =>
    ctx.addIssue({ code: 'custom', path: [path], message });

  if (value.receipt_method === 'email') {
    if (!value.source_info) issue('source_info', m.sourceEmailRequired);
    else if (!isEmailAddress(value.source_info)) issue('source_info', m.sourceEmailInvalid);
    if (!value.subject) issue('subject', m.subjectRequired);
  } else {
    if (!value.source_info) issue('source_info', m.sourceSmsRequired);
    else if (!isEmailAddress(value.source_info) && normalizePhoneNumber(value.source_info) === null) {
      issue('source_info', m.sourceSmsInvalid);
    }
  }
  if (!value.body) issue('body', m.bodyRequired);
}

/** The visitor's device id (SPEC §6): an opaque value the client makes; only its size is checked. */
const fingerprintSchema = z.string({ error: m.fingerprintInvalid }).max(128, m.fingerprintInvalid).optional();

const optionalFlag = z
  .union([z.literal('1'), z.literal('0'), z.literal('true'), z.literal('false'), z.boolean()])
  .optional()
  .transform((flag) => flag === '1' || flag === 'true' || flag === true);

/** Multipart text fields of POST /api/phishing-reports (the screenshot travels beside them). */
export const reportSubmissionSchema = z
  .object({
    ...reportContentShape,
    publish_screenshot: optionalFlag,
    fingerprint: fingerprintSchema,
  })
  .superRefine(refineReportContent)
  .transform((value) => ({
    ...value,
    // SPEC §5: the subject belongs to e-mail reports only.
    subject: value.receipt_method === 'email' ? value.subject : '',
  }));
export type ReportSubmission = z.output<typeof reportSubmissionSchema>;

const LIST_OFFSET_MAX = 1_000_000_000;

/** The longest search query, in characters (GET /api/phishing-reports?q=). */
export const REPORT_SEARCH_MAX_LENGTH = 100;

/** An optional text parameter: one value, cleaned to a single line; empty means absent. */
const optionalQueryText = (invalid: string) =>
  z
    .string({ error: invalid })
    .transform(cleanSingleLine)
    .optional()
    .transform((value) => (value === '' ? undefined : value));

/** Query values arrive as text; each rule names its own Japanese message (SPEC §8 envelope). */
export const reportListQuerySchema = z.object({
  limit: z.coerce
    .number({ error: m.listLimitInvalid(REPORT_LIST_MAX_LIMIT) })
    .int(m.listLimitInvalid(REPORT_LIST_MAX_LIMIT))
    .min(1, m.listLimitInvalid(REPORT_LIST_MAX_LIMIT))
    .max(REPORT_LIST_MAX_LIMIT, m.listLimitInvalid(REPORT_LIST_MAX_LIMIT))
    .default(REPORT_LIST_PAGE_SIZE),
  offset: z.coerce
    .number({ error: m.listOffsetInvalid })
    .int(m.listOffsetInvalid)
    .min(0, m.listOffsetInvalid)
    .max(LIST_OFFSET_MAX, m.listOffsetInvalid)
    .default(0),
  receipt_method: z.enum(RECEIPT_METHODS, { error: m.receiptMethodFilterInvalid }).optional(),
  /** Free text: every word must appear in the subject, body, sender address or number (or a URL). */
  q: optionalQueryText(m.searchQueryInvalid).refine(
    (value) => value === undefined || Array.from(value).length <= REPORT_SEARCH_MAX_LENGTH,
    m.searchQueryTooLong(REPORT_SEARCH_MAX_LENGTH),
  ),
  /** A report id: the public reports in its group (itself included); an unknown id lists nothing. */
  similar_to: optionalQueryText(m.similarToInvalid),
});
export type ReportListQuery = z.output<typeof reportListQuerySchema>;

export const reportIdSchema = z.string().regex(REPORT_ID_PATTERN);

export const reportDeleteSchema = z.object({
  delete_password: deletePasswordSchema,
  fingerprint: fingerprintSchema,
});

/** A report as the API returns it (SPEC §3): nothing more, never a hash, IP or fingerprint. */
export const publicReportSchema = z.object({
  report_id: z.string(),
  receipt_method: z.enum(RECEIPT_METHODS),
  subject: z.string().nullable(),
  body: z.string(),
  source_email: z.string().nullable(),
  phone_number: z.string().nullable(),
  /** The published screenshot: always the automatically redacted copy; null until it exists. */
  screenshot_url: z.string().nullable(),
  /** A small version of screenshot_url for the list (made from the redacted pixels); null with it. */
  thumbnail_url: z.string().nullable(),
  publish_screenshot: z.boolean(),
  /**
   * Where the screenshot to publish stands: `pending` while it is being redacted (no URL yet),
   * `published` once the redacted copy is served, `failed` when it never will be; `none` without
   * one (none uploaded, or kept private by the reporter).
   */
  screenshot_status: z.enum(PUBLIC_SCREENSHOT_STATUSES),
  reported_at: z.string(),
  /** The number of OTHER public reports in the same group (same sender number, address or URL host). */
  similar_count: z.number().int(),
});
export type PublicReport = z.output<typeof publicReportSchema>;

export const paginationSchema = z.object({
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
  has_more: z.boolean(),
  /**
   * Searches only: true when the search found more matches than it pages through (it keeps the
   * newest ones), so `total` is a lower bound (「200件以上」).
   */
  total_capped: z.boolean().optional(),
});
export type Pagination = z.output<typeof paginationSchema>;

export const screenshotFormDataSchema = z.object({
  source_email: z.string().nullable(),
  source_phone: z.string().nullable(),
  subject: z.string().nullable(),
  body: z.string().nullable(),
});
export type ScreenshotFormData = z.output<typeof screenshotFormDataSchema>;
