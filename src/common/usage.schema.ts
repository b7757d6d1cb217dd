import { z } from 'zod';
import { invoiceSummarySchema } from './billing.schema';
import { paginationSchema } from './phishing-report.schema';
import { optionalParameter } from './query-parameter';

/**
 * Usage by month (issue 14): GET /api/billing/usage and /api/billing/usage/{usage_id}, read by the
 * /account/billing (= /billing) and /billing/{usageId} screens. A month is a Tokyo calendar month
 * and its usage_id is `YYYY-MM`.
 */

export const usageMessages = {
  notFound: 'この月の利用状況は見つかりませんでした。',
} as const;

/** A usage id: a Tokyo calendar month, YYYY-MM (01–12). */
export const USAGE_ID_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

export const USAGE_PAGE_SIZE = 12;
export const USAGE_MAX_PAGE_SIZE = 60;

export const usageListQuerySchema = z.object({
  limit: optionalParameter(z.coerce.number().int().min(1).max(USAGE_MAX_PAGE_SIZE).default(USAGE_PAGE_SIZE)),
  offset: optionalParameter(z.coerce.number().int().min(0).max(1_000_000).default(0)),
});
export type UsageListQuery = z.input<typeof usageListQuerySchema>;

/** One month's use against the limits of the plan in force. */
export const usageMonthSchema = z.object({
  usage_id: z.string(),
  /** 2026年11月 */
  month_label: z.string(),
  /** The month in progress (its figures still move; the people count is the live one). */
  is_current: z.boolean(),
  /** The plan in force at the month's end (now, for the current month). */
  plan_id: z.string(),
  plan_name: z.string(),
  /** Training mails sent in the month (test sends excluded). */
  mails_sent: z.number().int(),
  /** The plan's monthly mails; null: no fixed cap. */
  monthly_mails: z.number().int().nullable(),
  /** People registered at the month's end; null: unknown (before the count was recorded). */
  people_count: z.number().int().nullable(),
  max_people: z.number().int().nullable(),
});
export type UsageMonth = z.output<typeof usageMonthSchema>;

export const usageListSchema = z.object({ months: z.array(usageMonthSchema), pagination: paginationSchema });
export type UsageList = z.output<typeof usageListSchema>;

export const usageCampaignSchema = z.object({
  campaign_id: z.number().int(),
  name: z.string(),
  mails_sent: z.number().int(),
});

export const usageTestSendSchema = z.object({
  /** ISO 8601, +09:00. */
  sent_at: z.string(),
  /** Null once the template was deleted. */
  template_name: z.string().nullable(),
});

/** Test sends listed on the detail at most (the count covers them all). */
export const USAGE_TEST_SENDS_SHOWN = 50;

export const usageDetailSchema = usageMonthSchema.extend({
  /** Mails sent in the month per campaign, most first. */
  campaigns: z.array(usageCampaignSchema),
  /** Template test sends of the month: listed, not counted in the allowance. */
  test_send_count: z.number().int(),
  test_sends: z.array(usageTestSendSchema),
  /** Invoices whose billing period covers part of the month. */
  invoices: z.array(invoiceSummarySchema),
});
export type UsageDetail = z.output<typeof usageDetailSchema>;
