import { billingMessages } from '../../../common/billing-messages';
import { japaneseDate, yen } from '../../../common/billing-dates';
import { BILLING_CYCLE_LABELS, type BillingCycle, consumptionTax, CONSUMPTION_TAX_PERCENT, type PaidPlanDefinition, periodPrice } from '../../../common/plans';
import { nextTokyoMonth, tokyoMonth, tokyoMonthStart, toJstIsoString } from '../../lib/time-format';

/**
 * The figures of an invoice, computed in one place for the confirm screen, the first invoice at
 * upgrade and the monthly job.
 *
 * Billing periods follow the Tokyo calendar month: a monthly plan is invoiced on the 1st for that
 * month, an annual plan on the 1st of its first month for twelve months. An upgrade on any other
 * day starts the plan at once and pays the rest of that month by the day (日割り, rounded down to
 * the yen), together with the first full period when the plan is annual. A move to a larger plan
 * mid-period pays the price difference for the rest of the period at the same daily rate
 * (planChangeFigures).
 */

export interface InvoiceItem {
  description: string;
  quantity: number;
  /** 税抜 yen. */
  unit_price: number;
  amount: number;
}

export interface InvoiceFigures {
  items: InvoiceItem[];
  periodStart: Date;
  /** Exclusive. */
  periodEnd: Date;
  subtotal: number;
  taxRatePercent: number;
  tax: number;
  total: number;
  /** YYYY-MM-DD, Tokyo. */
  issueDate: string;
  dueDate: string;
}

/** The Tokyo calendar date of an instant, YYYY-MM-DD. */
export function tokyoDate(at: Date): string {
  return toJstIsoString(at).slice(0, 10);
}

function daysInMonth(month: string): number {
  return Math.round((tokyoMonthStart(nextTokyoMonth(month)).getTime() - tokyoMonthStart(month).getTime()) / 86_400_000);
}

function addMonths(month: string, count: number): string {
  let result = month;
  for (let index = 0; index < count; index++) result = nextTokyoMonth(result);
  return result;
}

/** 支払期限: the last day of the month after the invoice's month (月末締め翌月末払い). */
export function dueDateFor(issueDate: string): string {
  const following = nextTokyoMonth(issueDate.slice(0, 7));
  return `${following}-${String(daysInMonth(following)).padStart(2, '0')}`;
}

/** 2026年11月 */
export function monthLabel(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return `${year}年${monthNumber}月`;
}

function periodItem(plan: PaidPlanDefinition, cycle: BillingCycle, firstMonth: string): InvoiceItem {
  const price = cycle === 'annual' ? plan.annualPrice : plan.monthlyPrice;
  const span = cycle === 'annual' ? `${monthLabel(firstMonth)}〜${monthLabel(addMonths(firstMonth, 11))}分` : `${monthLabel(firstMonth)}分`;
  return { description: `${plan.name}（${BILLING_CYCLE_LABELS[cycle]}）${span}`, quantity: 1, unit_price: price, amount: price };
}

function totals(items: InvoiceItem[]): Pick<InvoiceFigures, 'subtotal' | 'taxRatePercent' | 'tax' | 'total'> {
  const subtotal = items.reduce((sum, item) => sum + item.amount, 0);
  // One rounding of the tax per invoice and rate (適格請求書の端数処理).
  const tax = consumptionTax(subtotal);
  return { subtotal, taxRatePercent: CONSUMPTION_TAX_PERCENT, tax, total: subtotal + tax };
}

function monthsOf(cycle: BillingCycle): number {
  return cycle === 'annual' ? 12 : 1;
}

/**
 * 日割り: what `periodPrice` (one billing period's price) comes to for `remainingDays` of a Tokyo month
 * of `monthDays` days plus `fullMonths` whole months. A month costs the monthly price, or a twelfth
 * of the annual one; a day of a month costs that month's share divided by its days (so a day of
 * February costs more than one of March, as the first month's invoice has always charged).
 * Rounded down to the yen once, on the whole amount, in the customer's favour; integer arithmetic,
 * so 398,000円 / 12 × 27 / 30 is exactly 29,850円, not the 29,849円 that floating point gave.
 */
export function proratedCharge(periodPrice: number, cycle: BillingCycle, remainingDays: number, monthDays: number, fullMonths = 0): number {
  return Math.floor((periodPrice * (remainingDays + fullMonths * monthDays)) / (monthsOf(cycle) * monthDays));
}

/** The invoice issued when a tenant starts a paid plan at `now` (請求書払い). */
export function firstInvoiceFigures(plan: PaidPlanDefinition, cycle: BillingCycle, now: Date): InvoiceFigures {
  return startFigures(plan, cycle, now, cycle === 'annual');
}

/**
 * The first invoice of a card subscription. Each card charge is one invoice: started after the
 * 1st, the first charge is only the rest of the month by the day, and Stripe charges the first
 * full period (a month or a year) on the 1st, which the monthly job invoices like any renewal.
 * Started on the 1st, it is the full period at once, as by invoice.
 */
export function firstCardInvoiceFigures(plan: PaidPlanDefinition, cycle: BillingCycle, now: Date): InvoiceFigures {
  return startFigures(plan, cycle, now, false);
}

/** `fullPeriodWithRest`: started after the 1st, the first full period is invoiced with the rest of the month. */
function startFigures(plan: PaidPlanDefinition, cycle: BillingCycle, now: Date, fullPeriodWithRest: boolean): InvoiceFigures {
  const month = tokyoMonth(now);
  const today = tokyoDate(now);
  const day = Number(today.slice(8, 10));
  const items: InvoiceItem[] = [];
  let firstFullMonth = month;
  if (day > 1) {
    const days = daysInMonth(month);
    const remaining = days - day + 1;
    const amount = proratedCharge(periodPrice(plan, cycle), cycle, remaining, days);
    const [, monthNumber] = month.split('-').map(Number) as [number, number];
    items.push({
      description: `${plan.name}（${BILLING_CYCLE_LABELS[cycle]}）${monthLabel(month)}分 日割り（${monthNumber}月${day}日〜${monthNumber}月${days}日の${remaining}日分）`,
      quantity: 1, unit_price: amount, amount,
    });
    firstFullMonth = nextTokyoMonth(month);
  }
  // A monthly plan started after the 1st pays only the rest of the month now; the next month's
  // invoice comes on the 1st.
  const withFullPeriod = fullPeriodWithRest || day === 1;
  if (withFullPeriod) items.push(periodItem(plan, cycle, firstFullMonth));
  const coveredUntil = withFullPeriod ? addMonths(firstFullMonth, monthsOf(cycle)) : firstFullMonth;
  return { items, periodStart: now, periodEnd: tokyoMonthStart(coveredUntil), ...totals(items), issueDate: today, dueDate: dueDateFor(today) };
}

/** The invoice of the period that starts at `periodStart` (a Tokyo month's first instant). */
export function renewalInvoiceFigures(plan: PaidPlanDefinition, cycle: BillingCycle, periodStart: Date): InvoiceFigures {
  const month = tokyoMonth(periodStart);
  const items = [periodItem(plan, cycle, month)];
  const issueDate = tokyoDate(periodStart);
  return {
    items, periodStart: tokyoMonthStart(month), periodEnd: tokyoMonthStart(addMonths(month, monthsOf(cycle))),
    ...totals(items), issueDate, dueDate: dueDateFor(issueDate),
  };
}

/** The 差額 invoice of a move to a larger plan, with the sentence that explains its proration. */
export interface PlanChangeFigures extends InvoiceFigures {
  proration: string;
}

/**
 * The 差額 invoice when a tenant moves from `from` to the larger `to` at `now`, mid-period: the
 * larger plan is in force at once and the period (ending at `periodEnd`, a Tokyo month's first
 * instant) stays the same, so the rest of it is charged at the price difference. The rest of the
 * period is today's Tokyo month from today (today included, as the first month's 日割り counts the
 * day of the upgrade) plus the whole months up to `periodEnd` (none on monthly billing), prorated
 * by proratedCharge: the difference of the two period prices at the same daily rate as the first
 * invoice, rounded down to the yen once. 消費税 is computed once on the invoice's subtotal.
 */
export function planChangeFigures(from: PaidPlanDefinition, to: PaidPlanDefinition, cycle: BillingCycle, now: Date, periodEnd: Date): PlanChangeFigures {
  const month = tokyoMonth(now);
  const today = tokyoDate(now);
  const days = daysInMonth(month);
  const remaining = days - Number(today.slice(8, 10)) + 1;
  const endMonth = tokyoMonth(periodEnd);
  let fullMonths = 0;
  for (let next = nextTokyoMonth(month); next < endMonth; next = nextTokyoMonth(next)) fullMonths += 1;
  const difference = periodPrice(to, cycle) - periodPrice(from, cycle);
  const amount = proratedCharge(difference, cycle, remaining, days, fullMonths);
  const lastDay = tokyoDate(new Date(periodEnd.getTime() - 1));
  const items: InvoiceItem[] = [{
    description: `プラン変更差額（${from.name} → ${to.name}、${japaneseDate(today)}〜${japaneseDate(lastDay)}）`,
    quantity: 1, unit_price: amount, amount,
  }];
  const proration = cycle === 'annual'
    ? billingMessages.annualProration(yen(difference), monthLabel(month), remaining, days, fullMonths)
    : billingMessages.monthlyProration(yen(difference), remaining, days);
  return { items, periodStart: now, periodEnd, ...totals(items), issueDate: today, dueDate: dueDateFor(today), proration };
}
