import { PUBLIC_SCREENSHOT_STATUSES, type PublicScreenshotStatus, type ReceiptMethod } from '../../../common/limits';
import type { Pagination, PublicReport, ScreenshotFormData } from '../../../common/phishing-report.schema';

/*
 * Shape checks for API answers. The zod schemas in src/common define these shapes for the
 * server; the page only needs to be sure it will not crash on a malformed answer, and doing
 * that without zod keeps zod out of the first-paint bundle (it loads later, for the form).
 */

export class UnexpectedAnswerError extends Error {
  constructor(what: string) {
    super(`Unexpected API answer: ${what}`);
    this.name = 'UnexpectedAnswerError';
  }
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isNullableString = (value: unknown): value is string | null => value === null || isString(value);
const isInt = (value: unknown): value is number => Number.isInteger(value);
const isScreenshotStatus = (value: unknown): value is PublicScreenshotStatus =>
  (PUBLIC_SCREENSHOT_STATUSES as readonly unknown[]).includes(value);
const isReceiptMethod = (value: unknown): value is ReceiptMethod => value === 'email' || value === 'sms';

function expectObject(value: unknown, what: string): Json {
  if (!isObject(value)) throw new UnexpectedAnswerError(what);
  return value;
}

/** A report as the pages use it: the public answer, checked. */
export type ReportView = PublicReport;

export function asReport(value: unknown): ReportView {
  const r = expectObject(value, 'report');
  const optionalString = (key: string) => (r[key] === undefined ? null : r[key]);
  const subject = optionalString('subject');
  const sourceEmail = optionalString('source_email');
  const phone = optionalString('phone_number');
  const screenshot = optionalString('screenshot_url');
  const thumbnail = optionalString('thumbnail_url');
  if (
    !isString(r.report_id) ||
    !r.report_id ||
    !isReceiptMethod(r.receipt_method) ||
    !isString(r.body) ||
    !isString(r.reported_at) ||
    !isNullableString(subject) ||
    !isNullableString(sourceEmail) ||
    !isNullableString(phone) ||
    !isNullableString(screenshot) ||
    !isNullableString(thumbnail)
  ) {
    throw new UnexpectedAnswerError('report fields');
  }
  return {
    report_id: r.report_id,
    receipt_method: r.receipt_method,
    subject,
    body: r.body,
    source_email: sourceEmail,
    phone_number: phone,
    screenshot_url: screenshot,
    thumbnail_url: thumbnail,
    publish_screenshot: r.publish_screenshot === true,
    // An answer without the field predates redaction states: a URL means it is published.
    screenshot_status: isScreenshotStatus(r.screenshot_status) ? r.screenshot_status : screenshot ? 'published' : 'none',
    reported_at: r.reported_at,
    // Missing (an answer from before grouping) or malformed reads as none: no link to an empty list.
    similar_count: isInt(r.similar_count) && r.similar_count > 0 ? r.similar_count : 0,
  };
}

export function asReportPage(value: unknown): { reports: ReportView[]; pagination: Pagination } {
  const data = expectObject(value, 'report page');
  const p = expectObject(data.pagination, 'pagination');
  if (!Array.isArray(data.reports) || !isInt(p.total) || !isInt(p.limit) || !isInt(p.offset)) {
    throw new UnexpectedAnswerError('report page fields');
  }
  return {
    reports: data.reports.map(asReport),
    pagination: { total: p.total, limit: p.limit, offset: p.offset, has_more: p.has_more === true, ...(p.total_capped === true ? { total_capped: true } : {}) },
  };
}

export function asSubmitResult(value: unknown): { message: string; report_id: string } {
  const data = expectObject(value, 'submit result');
  return {
    message: isString(data.message) ? data.message : '',
    report_id: isString(data.report_id) ? data.report_id : '',
  };
}

export function asScreenshotFormData(value: unknown): ScreenshotFormData {
  const formData = expectObject(expectObject(value, 'analysis').form_data, 'form_data');
  const text = (key: keyof ScreenshotFormData) => (isString(formData[key]) ? formData[key] : null);
  return { source_email: text('source_email'), source_phone: text('source_phone'), subject: text('subject'), body: text('body') };
}
