import type { z } from 'zod';
import { INVOICE_STATUS_LABELS, invoiceListSchema, type InvoiceDisplayStatus, type InvoiceSummary } from '../../../common/billing.schema';
import { USAGE_PAGE_SIZE, usageDetailSchema, usageListSchema, type UsageDetail, type UsageList } from '../../../common/usage.schema';
import { ApiError, apiRequest } from '../../lib/api-client';
import { billingKeys as planKeys } from '../upgrade/upgrade-api';
import { downloadFile } from '../users/people-api';

/** The subscription is read as the upgrade screens read it (one function, one cache entry). */
export { fetchSubscription } from '../upgrade/upgrade-api';

export type InvoiceList = z.output<typeof invoiceListSchema>;

export const billingKeys = {
  subscription: planKeys.subscription,
  invoices: ['billing', 'invoices'] as const,
  usage: (page: number) => ['billing', 'usage', 'list', page] as const,
  usageMonth: (usageId: string) => ['billing', 'usage', 'month', usageId] as const,
};

/** GET /api/billing/usage: months newest first, one page of USAGE_PAGE_SIZE. */
export function fetchUsage(page: number, signal?: AbortSignal): Promise<UsageList> {
  const params = new URLSearchParams({ limit: String(USAGE_PAGE_SIZE), offset: String((page - 1) * USAGE_PAGE_SIZE) });
  return apiRequest(`/api/billing/usage?${params}`, { parse: (data) => usageListSchema.parse(data), signal });
}

/** GET /api/billing/usage/{usage_id}. */
export function fetchUsageMonth(usageId: string, signal?: AbortSignal): Promise<UsageDetail> {
  return apiRequest(`/api/billing/usage/${encodeURIComponent(usageId)}`, { parse: (data) => usageDetailSchema.parse(data), signal });
}

/** GET /api/billing/invoices. */
export function fetchInvoices(signal?: AbortSignal): Promise<InvoiceList> {
  return apiRequest('/api/billing/invoices', { parse: (data) => invoiceListSchema.parse(data), signal });
}

/** The invoice's PDF, fetched with the bearer token (a plain link would carry none). */
export function downloadInvoicePdf(invoice: InvoiceSummary): Promise<{ blob: Blob; fileName: string }> {
  return downloadFile(invoice.pdf_url, `invoice-${invoice.invoice_number}`, { accept: 'application/pdf', extension: 'pdf' });
}

export function invoiceStatusLabel(status: InvoiceDisplayStatus): string {
  return INVOICE_STATUS_LABELS[status];
}

/** 404 while a route is not there yet, or for a month outside the history. */
export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

export const yen = new Intl.NumberFormat('ja-JP', { style: 'currency', currency: 'JPY' });
export const count = new Intl.NumberFormat('ja-JP');

/** 2026-11-01 → 2026年11月1日 */
export function dateLabel(date: string | null): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date ?? '');
  return match ? `${match[1]}年${Number(match[2])}月${Number(match[3])}日` : '—';
}

/** 2026-11-01 → 2026/11/01 (tables: one line per date). */
export function shortDate(date: string): string {
  return /^\d{4}-\d{2}-\d{2}/.test(date) ? date.slice(0, 10).replaceAll('-', '/') : '—';
}

/** "3 / 10名", or "3名" without a cap; 記録なし when the count was not recorded yet. */
export function peopleText(people: number | null, max: number | null): string {
  if (people === null) return '記録なし';
  return max === null ? `${count.format(people)}名` : `${count.format(people)} / ${count.format(max)}名`;
}

export function mailsText(sent: number, limit: number | null): string {
  return limit === null ? `${count.format(sent)}通` : `${count.format(sent)} / ${count.format(limit)}通`;
}
