import { describe, expect, it } from 'vitest';
import { paidPlans } from '../../../common/plans';
import { dueDateFor, firstInvoiceFigures, planChangeFigures, proratedCharge, renewalInvoiceFigures, tokyoDate } from './invoice-figures';

const [light, standard] = paidPlans() as [ReturnType<typeof paidPlans>[number], ReturnType<typeof paidPlans>[number]];
const tokyo = (local: string) => new Date(`${local}+09:00`);

describe('invoice figures', () => {
  it('dates are Tokyo calendar dates; payment is due at the end of the following month', () => {
    expect(tokyoDate(tokyo('2026-11-30T23:30:00'))).toBe('2026-11-30');
    expect(tokyoDate(new Date('2026-11-30T15:00:00Z'))).toBe('2026-12-01');
    expect(dueDateFor('2026-11-26')).toBe('2026-12-31');
    expect(dueDateFor('2026-12-01')).toBe('2027-01-31');
    expect(dueDateFor('2027-01-15')).toBe('2027-02-28');
    expect(dueDateFor('2028-01-15')).toBe('2028-02-29');
  });

  it('a monthly plan started mid-month pays the rest of the month by the day, tax rounded down once', () => {
    const figures = firstInvoiceFigures(light, 'monthly', tokyo('2026-11-26T10:00:00'));
    // 9,800 × 5 / 30 = 1,633.33 → 1,633; tax 163.3 → 163.
    expect(figures.items).toEqual([{ description: 'ライトプラン（月払い）2026年11月分 日割り（11月26日〜11月30日の5日分）', quantity: 1, unit_price: 1633, amount: 1633 }]);
    expect([figures.subtotal, figures.tax, figures.total, figures.taxRatePercent]).toEqual([1633, 163, 1796, 10]);
    expect(figures.issueDate).toBe('2026-11-26');
    expect(figures.dueDate).toBe('2026-12-31');
    expect(figures.periodEnd.toISOString()).toBe(tokyo('2026-12-01T00:00:00').toISOString());
  });

  it('a monthly plan started on the 1st pays the whole month', () => {
    const figures = firstInvoiceFigures(standard, 'monthly', tokyo('2026-12-01T09:00:00'));
    expect(figures.items.map((item) => item.amount)).toEqual([39_800]);
    expect([figures.subtotal, figures.tax, figures.total]).toEqual([39_800, 3_980, 43_780]);
    expect(figures.periodEnd.toISOString()).toBe(tokyo('2027-01-01T00:00:00').toISOString());
  });

  it('an annual plan started mid-month pays the rest of the month at a twelfth of the year, then twelve months', () => {
    const figures = firstInvoiceFigures(standard, 'annual', tokyo('2026-11-16T12:00:00'));
    // 398,000 / 12 × 15 / 30 = 16,583.33 → 16,583.
    expect(figures.items).toEqual([
      { description: 'スタンダードプラン（年払い）2026年11月分 日割り（11月16日〜11月30日の15日分）', quantity: 1, unit_price: 16_583, amount: 16_583 },
      { description: 'スタンダードプラン（年払い）2026年12月〜2027年11月分', quantity: 1, unit_price: 398_000, amount: 398_000 },
    ]);
    expect([figures.subtotal, figures.tax, figures.total]).toEqual([414_583, 41_458, 456_041]);
    expect(figures.periodEnd.toISOString()).toBe(tokyo('2027-12-01T00:00:00').toISOString());
  });

  it('renewals cover one month or twelve from the period start', () => {
    const monthly = renewalInvoiceFigures(light, 'monthly', tokyo('2027-01-01T00:00:00'));
    expect(monthly.items.map((item) => item.description)).toEqual(['ライトプラン（月払い）2027年1月分']);
    expect([monthly.issueDate, monthly.dueDate, monthly.total]).toEqual(['2027-01-01', '2027-02-28', 10_780]);
    const annual = renewalInvoiceFigures(light, 'annual', tokyo('2027-12-01T00:00:00'));
    expect(annual.periodEnd.toISOString()).toBe(tokyo('2028-12-01T00:00:00').toISOString());
    expect(annual.total).toBe(107_800);
  });

  it('prorates in integers: a twelfth of 398,000円 for 27 of 30 days is 29,850円 exactly', () => {
    // 398,000 / 12 × 27 / 30 = 29,850; in floating point (33,166.67 × 27 / 30) it was 29,849.999…, floored to 29,849.
    expect(proratedCharge(398_000, 'annual', 27, 30)).toBe(29_850);
    expect(Math.floor(((398_000 / 12) * 27) / 30)).toBe(29_849);
    expect(proratedCharge(9_800, 'monthly', 5, 30)).toBe(1_633);
    // Whole months count a month's share each: 30,000 for 3 days of 30 and 2 months.
    expect(proratedCharge(30_000, 'monthly', 3, 30, 2)).toBe(63_000);
  });

  it('a move to a larger plan charges the price difference for the rest of the period, today included', () => {
    const monthly = planChangeFigures(light, standard, 'monthly', tokyo('2026-11-30T23:59:00'), tokyo('2026-12-01T00:00:00'));
    // The last day of the month: (39,800 − 9,800) × 1 / 30 = 1,000.
    expect(monthly.items).toEqual([{ description: 'プラン変更差額（ライトプラン → スタンダードプラン、2026年11月30日〜2026年11月30日）', quantity: 1, unit_price: 1_000, amount: 1_000 }]);
    expect([monthly.subtotal, monthly.tax, monthly.total, monthly.issueDate, monthly.dueDate]).toEqual([1_000, 100, 1_100, '2026-11-30', '2026-12-31']);
    // February 2027 (28 days), from the 10th: 19 days; 30,000 × 19 / 28 = 20,357.14 → 20,357; tax 2,035.7 → 2,035.
    const february = planChangeFigures(light, standard, 'monthly', tokyo('2027-02-10T08:00:00'), tokyo('2027-03-01T00:00:00'));
    expect([february.subtotal, february.tax, february.total]).toEqual([20_357, 2_035, 22_392]);
    expect(february.periodStart.toISOString()).toBe(tokyo('2027-02-10T08:00:00').toISOString());
    // Annual, 2 days of November 2026 left and the twelve months to November 2027:
    // 300,000 × (2 + 12 × 30) / (12 × 30) = 301,666.67 → 301,666; tax 30,166.6 → 30,166.
    const annual = planChangeFigures(light, standard, 'annual', tokyo('2026-11-29T12:00:00'), tokyo('2027-12-01T00:00:00'));
    expect(annual.items.map((item) => item.description)).toEqual(['プラン変更差額（ライトプラン → スタンダードプラン、2026年11月29日〜2027年11月30日）']);
    expect([annual.subtotal, annual.tax, annual.total, annual.dueDate]).toEqual([301_666, 30_166, 331_832, '2026-12-31']);
    expect(annual.periodEnd.toISOString()).toBe(tokyo('2027-12-01T00:00:00').toISOString());
  });
});
