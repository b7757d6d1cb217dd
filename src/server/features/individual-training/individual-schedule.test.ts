import { describe, expect, it } from 'vitest';
import { isJapaneseHoliday } from '../../../common/campaign-schedule';
import { INDIVIDUAL_SCHEDULE } from '../../../common/individual-training.schema';
import { seededRandom } from '../../../common/seeded-random';
import { chooseLure, LURE_REPEAT_DAYS, type PastLure, planMonthlySend, PREFERRED_GAP_DAYS } from './individual-schedule';
import { nextTokyoMonth, tokyoMonthStart } from '../../lib/time-format';

// Every Date is built with an explicit +09:00 offset and read back in Tokyo terms, so nothing here
// depends on the TZ of the process running the tests.
const tokyo = (local: string): Date => new Date(`${local}+09:00`);
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const TOKYO_OFFSET_MS = 9 * 60 * MINUTE_MS;
const inTokyo = (date: Date): Date => new Date(date.getTime() + TOKYO_OFFSET_MS);
const tokyoMonthOf = (date: Date): string => inTokyo(date).toISOString().slice(0, 7);
const tokyoDayOf = (date: Date): string => inTokyo(date).toISOString().slice(0, 10);

/** Weekday, [9:00, 17:00) Tokyo, on a whole minute; and not a public holiday unless they are allowed. */
function expectAllowed(at: Date, skipHolidays: boolean): void {
  const local = inTokyo(at);
  const label = `${local.toISOString()} (Tokyo)`;
  expect([0, 6], label).not.toContain(local.getUTCDay());
  expect(local.getUTCHours(), label).toBeGreaterThanOrEqual(INDIVIDUAL_SCHEDULE.startHour);
  expect(local.getUTCHours(), label).toBeLessThan(INDIVIDUAL_SCHEDULE.endHour);
  expect(at.getTime() % MINUTE_MS, label).toBe(0);
  if (skipHolidays) expect(isJapaneseHoliday(at), label).toBe(false);
}

describe('tokyoMonthStart / nextTokyoMonth', () => {
  it('is 00:00 Tokyo on the first (15:00 UTC the day before) and rolls over the year', () => {
    expect(tokyoMonthStart('2027-01').toISOString()).toBe('2026-12-31T15:00:00.000Z');
    expect(tokyoMonthStart('2027-03')).toEqual(tokyo('2027-03-01T00:00'));
    expect(nextTokyoMonth('2026-12')).toBe('2027-01');
    expect(nextTokyoMonth('2027-09')).toBe('2027-10');
  });
});

describe('planMonthlySend', () => {
  it('takes the first or last allowed minute of the month at the ends of the random range, skipping holidays as set', () => {
    // May 2027: Sat 1, Sun 2, then 憲法記念日 / みどりの日 / こどもの日 on Mon 3 – Wed 5.
    const base = { month: '2027-05', now: tokyo('2027-05-01T00:00'), previousAt: null };
    expect(planMonthlySend({ ...base, skipHolidays: true, random: () => 0 })).toEqual(tokyo('2027-05-06T09:00'));
    expect(planMonthlySend({ ...base, skipHolidays: false, random: () => 0 })).toEqual(tokyo('2027-05-03T09:00'));
    // The last minute that starts before 17:00 on the last weekday (Mon 31).
    expect(planMonthlySend({ ...base, skipHolidays: true, random: () => 0.999_999_999 })).toEqual(tokyo('2027-05-31T16:59'));
  });

  it('starts no earlier than now, rounded up to a whole minute', () => {
    const at = planMonthlySend({ month: '2027-06', now: tokyo('2027-06-30T16:58:00.001'), previousAt: null, skipHolidays: true, random: () => 0 });
    expect(at).toEqual(tokyo('2027-06-30T16:59'));
    const early = planMonthlySend({ month: '2027-06', now: tokyo('2027-05-20T10:00'), previousAt: null, skipHolidays: true, random: () => 0 });
    expect(early).toEqual(tokyo('2027-06-01T09:00')); // now before the month: the month's own start counts
  });

  it('aims for about a month after the previous mail when that window has allowed time', () => {
    const random = seededRandom(7);
    const previousAt = tokyo('2027-01-15T10:00:30'); // a first mail keeps the registration's seconds
    const from = previousAt.getTime() + PREFERRED_GAP_DAYS.from * DAY_MS;
    const to = previousAt.getTime() + PREFERRED_GAP_DAYS.to * DAY_MS;
    const days = new Set<string>();
    for (let index = 0; index < 500; index += 1) {
      const at = planMonthlySend({ month: '2027-02', now: tokyo('2027-02-01T00:00'), previousAt, skipHolidays: true, random })!;
      expectAllowed(at, true);
      expect(at.getTime()).toBeGreaterThanOrEqual(from);
      expect(at.getTime()).toBeLessThan(to);
      days.add(tokyoDayOf(at));
    }
    // Feb 10 – 19 without the weekend and 建国記念の日 (Thu 11); every such day is drawn.
    expect([...days].sort()).toEqual(['2027-02-10', '2027-02-12', '2027-02-15', '2027-02-16', '2027-02-17', '2027-02-18', '2027-02-19']);
  });

  it('falls back to any allowed minute at least 21 days after the previous mail when the month ends before the preferred window', () => {
    // Previous Sun 31 Jan 17:00: the preferred window opens Fri 26 Feb 17:00, after the last allowed minute of February.
    const previousAt = tokyo('2027-01-31T17:00');
    const random = seededRandom(11);
    const days = new Set<string>();
    for (let index = 0; index < 300; index += 1) {
      const at = planMonthlySend({ month: '2027-02', now: tokyo('2027-02-01T00:00'), previousAt, skipHolidays: true, random })!;
      expectAllowed(at, true);
      expect(at.getTime() - previousAt.getTime()).toBeGreaterThanOrEqual(INDIVIDUAL_SCHEDULE.minGapDays * DAY_MS);
      days.add(tokyoDayOf(at));
    }
    // 21 days on is Sun 21 Feb 17:00; Tue 23 is 天皇誕生日.
    expect([...days].sort()).toEqual(['2027-02-22', '2027-02-24', '2027-02-25', '2027-02-26']);
  });

  it('keeps the gap to the minute', () => {
    // Previous Wed 6 Jan 2027 13:37: 21 days on is Wed 27 Jan 13:37; the month ends before the preferred window.
    const previousAt = tokyo('2027-01-06T13:37');
    const at = planMonthlySend({ month: '2027-01', now: tokyo('2027-01-07T00:00'), previousAt, skipHolidays: true, random: () => 0 });
    expect(at).toEqual(tokyo('2027-01-27T13:37'));
  });

  it('answers null when the month has no allowed minute left', () => {
    const plan = (now: Date, previousAt: Date | null, month = '2027-01') => planMonthlySend({ month, now, previousAt, skipHolidays: true, random: () => 0 });
    // After 17:00 on Fri 29 Jan 2027; the 30th and 31st are a weekend.
    expect(plan(tokyo('2027-01-29T17:00'), null)).toBeNull();
    expect(plan(tokyo('2027-01-29T16:59'), null)).toEqual(tokyo('2027-01-29T16:59'));
    // The previous mail less than 21 days before the month's last allowed minute.
    expect(plan(tokyo('2027-01-01T00:00'), tokyo('2027-01-08T17:00'))).toBeNull();
    expect(plan(tokyo('2027-01-01T00:00'), tokyo('2027-01-08T16:58'))).toEqual(tokyo('2027-01-29T16:58'));
    // Now past the month altogether.
    expect(plan(tokyo('2027-02-01T00:00'), null)).toBeNull();
  });

  it('plans many registrations month after month over five years: allowed minutes only, one in each month, 21 days apart, never a holiday', () => {
    const random = seededRandom(20_261_126);
    for (let person = 0; person < 300; person += 1) {
      // Registered (and mailed at once) at any minute, with seconds, of any day of 2026 to 2030.
      let previousAt = new Date(tokyo('2026-01-01T00:00').getTime() + Math.floor(random() * 5 * 365 * DAY_MS));
      let month = tokyoMonthOf(previousAt);
      for (let index = 0; index < 14; index += 1) {
        month = nextTokyoMonth(month);
        // The pass runs at the start of the month, or a little later.
        const now = new Date(tokyoMonthStart(month).getTime() + Math.floor(random() * 3 * DAY_MS));
        const at = planMonthlySend({ month, now, previousAt, skipHolidays: true, random });
        expect(at, `${month} after ${previousAt.toISOString()}`).not.toBeNull();
        expectAllowed(at!, true);
        expect(tokyoMonthOf(at!)).toBe(month);
        expect(at!.getTime()).toBeGreaterThanOrEqual(now.getTime());
        expect(at!.getTime() - previousAt.getTime()).toBeGreaterThanOrEqual(INDIVIDUAL_SCHEDULE.minGapDays * DAY_MS);
        previousAt = at!;
      }
    }
  });

  it('lands on public holidays too when skipHolidays is off', () => {
    const random = seededRandom(42);
    let onHoliday = 0;
    for (let person = 0; person < 200; person += 1) {
      let previousAt = new Date(tokyo('2027-01-01T00:00').getTime() + Math.floor(random() * 31 * DAY_MS));
      let month = '2027-01';
      for (let index = 0; index < 12; index += 1) {
        month = nextTokyoMonth(month);
        const at = planMonthlySend({ month, now: tokyoMonthStart(month), previousAt, skipHolidays: false, random })!;
        expectAllowed(at, false);
        expect(tokyoMonthOf(at)).toBe(month);
        expect(at.getTime() - previousAt.getTime()).toBeGreaterThanOrEqual(INDIVIDUAL_SCHEDULE.minGapDays * DAY_MS);
        if (isJapaneseHoliday(at)) onHoliday += 1;
        previousAt = at;
      }
    }
    // About one weekday in twenty is a holiday; 2,400 plans without one would mean the flag is ignored.
    expect(onHoliday).toBeGreaterThan(20);
  });
});

describe('chooseLure', () => {
  const now = tokyo('2027-06-01T10:00');
  const daysAgo = (days: number): Date => new Date(now.getTime() - days * DAY_MS);
  const lure = (templateId: number, days: number): PastLure => ({ templateId, at: daysAgo(days) });
  const draws = (eligible: number[], history: PastLure[], count = 200, seed = 3): Set<number> => {
    const random = seededRandom(seed);
    const chosen = new Set<number>();
    for (let index = 0; index < count; index += 1) chosen.add(chooseLure(eligible, history, now, random)!);
    return chosen;
  };

  it('never gives the lure the address had last', () => {
    expect(draws([1, 2, 3], [lure(2, 30)])).toEqual(new Set([1, 3]));
    // Even when the last one is also the only one older than a year ago… it is the last: never again in a row.
    expect(draws([1, 2], [lure(1, 400)])).toEqual(new Set([2]));
  });

  it('avoids the lures of the last year while others are left, and counts older ones as fresh', () => {
    const history = [lure(1, 30), lure(2, 60), lure(3, 90), lure(4, LURE_REPEAT_DAYS + 1)];
    expect(draws([1, 2, 3, 4, 5], history)).toEqual(new Set([4, 5]));
    expect(draws([1, 2, 3, 4, 5], [lure(1, 30), lure(2, LURE_REPEAT_DAYS - 1)])).toEqual(new Set([3, 4, 5]));
  });

  it('falls back to the lure had longest ago (its latest use counts), ties at random', () => {
    expect(draws([1, 2, 3], [lure(1, 10), lure(3, 40), lure(2, 70)])).toEqual(new Set([2]));
    // 3 came 400 days ago too, but its latest use (20 days ago) is what counts: 2 is the stalest.
    expect(draws([1, 2, 3], [lure(1, 10), lure(3, 20), lure(2, 50), lure(3, 400)])).toEqual(new Set([2]));
    expect(draws([1, 2, 3], [lure(1, 10), lure(2, 50), lure(3, 50)])).toEqual(new Set([2, 3]));
  });

  it('gives the only lure there is, and null when there is none', () => {
    expect(chooseLure([7], [lure(7, 30)], now, () => 0.5)).toBe(7);
    expect(chooseLure([], [], now, () => 0.5)).toBeNull();
    expect(chooseLure([], [lure(7, 30)], now, () => 0.5)).toBeNull();
  });

  it('month after month: never twice in a row, and no repeat within a year while the library has more than twelve', () => {
    const eligible = Array.from({ length: 15 }, (_, index) => index + 1);
    const random = seededRandom(99);
    let history: PastLure[] = [];
    for (let month = 0; month < 48; month += 1) {
      const at = new Date(tokyo('2027-01-15T10:00').getTime() + month * 30 * DAY_MS);
      const recent = history.filter((past) => past.at.getTime() >= at.getTime() - LURE_REPEAT_DAYS * DAY_MS);
      const chosen = chooseLure(eligible, recent, at, random)!;
      expect(recent.map((past) => past.templateId)).not.toContain(chosen);
      history = [{ templateId: chosen, at }, ...history];
    }
  });
});
