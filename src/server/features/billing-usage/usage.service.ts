import { planOf } from '../../../common/plans';
import { USAGE_TEST_SENDS_SHOWN, type UsageDetail, type UsageList, usageMessages, type UsageMonth } from '../../../common/usage.schema';
import type { Clock } from '../../clock';
import { AppError } from '../../errors';
import { nextTokyoMonth, toJstIsoString, tokyoMonth, tokyoMonthStart } from '../../lib/time-format';
import { monthLabel } from '../billing/invoice-figures';
import type { TenantUsage, UsageRepository, UsageRow } from './usage.repo';
import { presentInvoice } from '../billing/invoices.service';
import type { StoredInvoice } from '../billing/invoices.repo';

/** The month `count` months before `month` (YYYY-MM). */
export function monthsBefore(month: string, count: number): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (monthNumber - 1) - count;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** Months from `first` to `last` inclusive (0 when `last` is earlier). */
function monthSpan(first: string, last: string): number {
  const [firstYear, firstMonth] = first.split('-').map(Number) as [number, number];
  const [lastYear, lastMonth] = last.split('-').map(Number) as [number, number];
  return Math.max(0, (lastYear - firstYear) * 12 + (lastMonth - firstMonth) + 1);
}

interface TenantMonths {
  usage: TenantUsage;
  plan: string;
  firstMonth: string;
  currentMonth: string;
}

/**
 * Usage by month (issue 14). A tenant's months run from the month it was created to the current
 * Tokyo month. Per month:
 * - mails sent: `tenant_monthly_usage.emails_sent` (test sends are never counted there);
 * - people at the month's end: the month's recorded count, else the latest earlier month's
 *   (nothing changed since), the live count for the current month, null before any record;
 * - the plan in force: the current plan for the current month; for a past month, the plan recorded
 *   at the month's last change of plan, else the latest earlier month's (carried forward); before
 *   plans were recorded (20261129100000_usage_plan), the plan of the invoice whose period covers the
 *   month's last day, else the free plan.
 */
export class UsageService {
  constructor(private readonly deps: { repo: UsageRepository; clock: Clock }) {}

  async list(tenantId: number, query: { limit: number; offset: number }): Promise<UsageList> {
    const tenant = await this.tenantMonths(tenantId);
    const total = monthSpan(tenant.firstMonth, tenant.currentMonth);
    const shown = Math.max(0, Math.min(query.limit, total - query.offset));
    const months = Array.from({ length: shown }, (_, index) => monthsBefore(tenant.currentMonth, query.offset + index));
    const pagination = { total, limit: query.limit, offset: query.offset, has_more: query.offset + shown < total };
    if (months.length === 0) return { months: [], pagination };
    const oldest = months[months.length - 1]!;
    const [rows, invoices, live] = await Promise.all([
      tenant.usage.usageRows(tenant.currentMonth),
      tenant.usage.invoicesOverlapping(tokyoMonthStart(oldest), tokyoMonthStart(nextTokyoMonth(months[0]!))),
      tenant.usage.peopleCount(),
    ]);
    return { months: months.map((month) => this.monthFigures(tenant, month, rows, invoices, live)), pagination };
  }

  async detail(tenantId: number, usageId: string): Promise<UsageDetail> {
    const tenant = await this.tenantMonths(tenantId);
    if (usageId < tenant.firstMonth || usageId > tenant.currentMonth) throw new AppError('NOT_FOUND', usageMessages.notFound);
    const from = tokyoMonthStart(usageId);
    const to = tokyoMonthStart(nextTokyoMonth(usageId));
    const [rows, invoices, live, campaigns, testSends] = await Promise.all([
      tenant.usage.usageRows(tenant.currentMonth),
      tenant.usage.invoicesOverlapping(from, to),
      tenant.usage.peopleCount(),
      tenant.usage.mailsPerCampaign(from, to),
      tenant.usage.testSends(from, to, USAGE_TEST_SENDS_SHOWN),
    ]);
    const now = this.deps.clock.now();
    return {
      ...this.monthFigures(tenant, usageId, rows, invoices, live),
      campaigns: campaigns.map((campaign) => ({ campaign_id: campaign.campaignId, name: campaign.name, mails_sent: campaign.mailsSent })),
      test_send_count: testSends.total,
      test_sends: testSends.sends.map((send) => ({ sent_at: toJstIsoString(send.sentAt), template_name: send.templateName })),
      invoices: invoices.map((invoice) => presentInvoice(invoice, now)),
    };
  }

  private async tenantMonths(tenantId: number): Promise<TenantMonths> {
    const usage = this.deps.repo.forTenant(tenantId);
    const tenant = await usage.tenant();
    if (!tenant) throw new AppError('NOT_FOUND', usageMessages.notFound);
    const currentMonth = tokyoMonth(this.deps.clock.now());
    const created = tokyoMonth(tenant.createdAt);
    return { usage, plan: tenant.plan, firstMonth: created < currentMonth ? created : currentMonth, currentMonth };
  }

  private monthFigures(tenant: TenantMonths, month: string, rows: UsageRow[], invoices: StoredInvoice[], livePeople: number): UsageMonth {
    const isCurrent = month === tenant.currentMonth;
    const row = rows.find((candidate) => candidate.month === month);
    let people: number | null = livePeople;
    if (!isCurrent) {
      const recorded = rows.filter((candidate) => candidate.month <= month && candidate.peopleCount !== null);
      people = recorded.length > 0 ? recorded[recorded.length - 1]!.peopleCount : null;
    }
    const plan = planOf(isCurrent ? tenant.plan : (recordedPlanAtEndOf(month, rows) ?? planAtEndOf(month, invoices)));
    return {
      usage_id: month,
      month_label: monthLabel(month),
      is_current: isCurrent,
      plan_id: plan.id,
      plan_name: plan.name,
      mails_sent: row?.emailsSent ?? 0,
      monthly_mails: plan.monthlyMails,
      people_count: people,
      max_people: plan.maxPeople,
    };
  }
}

/** The plan recorded in the month or, failing that, the latest earlier month (carried forward); null before any record. */
function recordedPlanAtEndOf(month: string, rows: UsageRow[]): string | null {
  const recorded = rows.filter((candidate) => candidate.month <= month && candidate.plan !== null);
  return recorded.length > 0 ? recorded[recorded.length - 1]!.plan : null;
}

/**
 * Before plans were recorded by month: the plan of the latest-starting invoice covering the month's last day; the free plan when none
 * does. A move to a larger plan mid-period issues a 差額 invoice that starts at the change and runs
 * to the period's end, after the period's own invoice: a month with a change reads the larger plan,
 * the one in force at its end.
 */
function planAtEndOf(month: string, invoices: StoredInvoice[]): string {
  const end = tokyoMonthStart(nextTokyoMonth(month)).getTime();
  const covering = invoices.filter((invoice) => invoice.periodStart.getTime() < end && invoice.periodEnd.getTime() >= end);
  return covering.length > 0 ? covering[covering.length - 1]!.plan : 'free';
}
