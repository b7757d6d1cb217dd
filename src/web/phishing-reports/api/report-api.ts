import { REPORT_LIST_PAGE_SIZE, type ReceiptMethod } from '../../../common/limits';
import { reportMessages as m } from '../../../common/report-messages';
import type { Pagination, ScreenshotFormData } from '../../../common/phishing-report.schema';
import { ApiError, apiRequest } from '../../lib/api-client';
import { getFingerprint } from '../../lib/fingerprint';
import { asReport, asReportPage, asScreenshotFormData, asSubmitResult, type ReportView } from './report-guards';

const BASE = '/api/phishing-reports';

export type ReportFilter = ReceiptMethod | 'all';
export type { ReportView };
export type ReportPage = { reports: ReportView[]; pagination: Pagination };
/** One page of the list: which reports (filter, search, group) and where. */
export type ReportPageQuery = { filter: ReportFilter; q: string; similarTo: string | null; offset: number };

export const reportKeys = {
  lists: ['phishing-reports', 'list'] as const,
  list: ({ filter, q, similarTo, offset }: ReportPageQuery) => ['phishing-reports', 'list', filter, q, similarTo, offset] as const,
  detail: (reportId: string) => ['phishing-reports', 'detail', reportId] as const,
};

export function fetchReportPage({ filter, q, similarTo, offset }: ReportPageQuery, signal?: AbortSignal): Promise<ReportPage> {
  const query = new URLSearchParams({ limit: String(REPORT_LIST_PAGE_SIZE), offset: String(offset) });
  if (filter !== 'all') query.set('receipt_method', filter);
  if (q) query.set('q', q);
  if (similarTo) query.set('similar_to', similarTo);
  return apiRequest(`${BASE}?${query}`, { parse: asReportPage, signal });
}

export function fetchReport(reportId: string, signal?: AbortSignal): Promise<ReportView> {
  return apiRequest(`${BASE}/${encodeURIComponent(reportId)}`, { parse: asReport, signal });
}

export type ReportDraft = {
  receipt_method: ReceiptMethod;
  source_info: string;
  subject: string;
  body: string;
  delete_password: string;
  screenshot: File | null;
  publish_screenshot: boolean;
};

export function submitReport(draft: ReportDraft): Promise<{ message: string; report_id: string }> {
  const form = new FormData();
  form.append('receipt_method', draft.receipt_method);
  form.append('source_info', draft.source_info);
  // SPEC §5: the subject only exists for e-mail; screenshot and its flag only with a file.
  if (draft.receipt_method === 'email') form.append('subject', draft.subject);
  form.append('body', draft.body);
  if (draft.screenshot) {
    form.append('screenshot', draft.screenshot);
    form.append('publish_screenshot', draft.publish_screenshot ? '1' : '0');
  }
  form.append('delete_password', draft.delete_password);
  form.append('fingerprint', getFingerprint());
  return apiRequest(BASE, { method: 'POST', form, parse: asSubmitResult });
}

export function analyzeScreenshot(screenshot: File): Promise<ScreenshotFormData> {
  const form = new FormData();
  form.append('screenshot', screenshot);
  form.append('fingerprint', getFingerprint());
  return apiRequest(`${BASE}/analyze-screenshot`, {
    method: 'POST',
    form,
    parse: asScreenshotFormData,
  });
}

export function deleteReport(reportId: string, deletePassword: string): Promise<unknown> {
  return apiRequest(`${BASE}/${encodeURIComponent(reportId)}`, {
    method: 'DELETE',
    json: { delete_password: deletePassword, fingerprint: getFingerprint() },
    // DELETE answers { success: true } with no data.
    parse: () => undefined,
  });
}

// --- SPEC §8: what each failure says ------------------------------------------------

const asApiError = (error: unknown): ApiError =>
  error instanceof ApiError ? error : new ApiError(0, null);

export function submitErrorMessage(error: unknown): string {
  const e = asApiError(error);
  switch (e.status) {
    case 413:
      return m.submitTooLarge;
    case 500:
      return m.submitServerError;
    case 429:
      return e.serverMessage ?? m.submitRateLimited;
    default:
      return e.serverMessage ?? m.networkError;
  }
}

export function analyzeErrorMessage(error: unknown): string {
  const e = asApiError(error);
  switch (e.status) {
    case 429:
      return e.serverMessage ?? m.analyzeRateLimited;
    case 422:
      return m.analyzeFailed;
    case 500:
      return m.analyzeServerError;
    case 413:
      return m.submitTooLarge;
    case 0:
      return m.networkError;
    case 404:
      // The endpoint may not be deployed yet; its generic 404 text would only confuse.
      return m.analyzeServerError;
    default:
      return e.serverMessage ?? m.analyzeServerError;
  }
}

export type DeleteFailure = { locked: boolean; message: string };

export function deleteFailure(error: unknown): DeleteFailure {
  const e = asApiError(error);
  if (e.status === 429) return { locked: true, message: e.serverMessage ?? m.deleteLocked };
  if (e.status === 401) return { locked: false, message: m.deleteWrongPassword };
  return { locked: false, message: m.deleteFailed };
}

export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;
