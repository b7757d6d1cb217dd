import { BILLING_CYCLE_LABELS, type BillingCycle, consumptionTax, CONSUMPTION_TAX_PERCENT, type PaidPlanDefinition } from '../../../common/plans';
import { nextTokyoMonth, tokyoMonth, tokyoMonthStart, toJstIsoString } from '../../lib/time-format';

/**
 * The figures of an invoice, computed in one place for the confirm screen, the first invoice at
 * upgrade and the monthly job.
 *
 * Billing periods follow the Tokyo calendar month: a monthly plan is invoiced on the 1st for that
 * month, an annual plan on the 1st of its first month for twelve months. An upgrade on any other
 * day starts the plan at once and pays the rest of that month by the day (日割り, rounded down to
 * the yen), together with the first full period when the plan is annual.
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
    // The month's rate: the monthly price, or a twelfth of the annual one.
    const monthlyRate = cycle === 'annual' ? plan.annualPrice / 12 : plan.monthlyPrice;
    const amount = Math.floor((monthlyRate * remaining) / days);
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
