import { INDIVIDUAL_SCHEDULE } from '../../../common/individual-training.schema';
import { type AllowRules, allowedIntervals, nextAllowedInstant, type Random, type TimeInterval } from '../../../common/campaign-schedule';
import { nextTokyoMonth, tokyoMonthStart } from '../../lib/time-format';


/**
 * When an individual's monthly training mail goes out, and which lure it is (issue 12). Pure
 * functions on the Tokyo calendar (UTC+9, no DST: plain arithmetic on epoch milliseconds).
 *
 * One mail per registration per Tokyo month, at a random minute on a weekday between 9:00 and
 * 17:00, never on a Japanese public holiday unless INDIVIDUAL_SKIP_HOLIDAYS is off. Two mails are
 * never closer than INDIVIDUAL_SCHEDULE.minGapDays (21); the mail aims for about a month after
 * the previous one (PREFERRED_GAP_DAYS) and falls back to any allowed minute of the month that
 * keeps the gap. A month whose allowed time all lies within the gap cannot happen (the previous
 * mail was in the month before, so day 22 onwards always qualifies), but the planner answers null
 * rather than break the gap if it ever did.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** The window a later mail aims for, in days after the previous one: "about a month". */
export const PREFERRED_GAP_DAYS = { from: 26, to: 35 } as const;

/** Tokyo business window of individual mails (weekdays 9:00–17:00, holidays as configured). */
export function individualAllowRules(skipHolidays: boolean): AllowRules {
  return { businessHoursOnly: true, weekdaysOnly: true, skipHolidays, hours: { startHour: INDIVIDUAL_SCHEDULE.startHour, endHour: INDIVIDUAL_SCHEDULE.endHour } };
}


export interface MonthlyPlanInput {
  /** The Tokyo month to plan (YYYY-MM). */
  month: string;
  now: Date;
  /** When the registration's previous mail went out (or was planned, if it never did); null: none. */
  previousAt: Date | null;
  skipHolidays: boolean;
  random: Random;
}

/** A random whole minute in the allowed time of the month, keeping the gap; null when there is none. */
export function planMonthlySend(input: MonthlyPlanInput): Date | null {
  const rules = individualAllowRules(input.skipHolidays);
  const monthStart = tokyoMonthStart(input.month).getTime();
  const monthEnd = tokyoMonthStart(nextTokyoMonth(input.month)).getTime();
  const previous = input.previousAt?.getTime() ?? null;
  // Whole minutes: the earliest instant rounds up, so a floored minute never falls before it.
  const earliest = ceilToMinute(Math.max(monthStart, input.now.getTime(), previous === null ? 0 : previous + INDIVIDUAL_SCHEDULE.minGapDays * DAY_MS));
  if (earliest >= monthEnd) return null;
  if (previous !== null) {
    const preferred = allowedIntervals(rules, new Date(Math.max(earliest, previous + PREFERRED_GAP_DAYS.from * DAY_MS)), new Date(Math.min(monthEnd, previous + PREFERRED_GAP_DAYS.to * DAY_MS)));
    const chosen = randomMinute(preferred, input.random);
    if (chosen) return chosen;
  }
  return randomMinute(allowedIntervals(rules, new Date(earliest), new Date(monthEnd)), input.random);
}

/**
 * A random whole minute in the first hour of allowed time at or after `now` (an overdue mail moved
 * back into its window: spread over an hour, not sent in one burst at 9:00).
 */
export function firstAllowedHourMinute(rules: AllowRules, now: Date, random: Random): Date {
  const start = nextAllowedInstant(rules, new Date(ceilToMinute(now.getTime())));
  if (!start) return now;
  return randomMinute(allowedIntervals(rules, start, new Date(start.getTime() + 60 * MINUTE_MS)), random) ?? start;
}

function ceilToMinute(ms: number): number {
  return Math.ceil(ms / MINUTE_MS) * MINUTE_MS;
}

/** A uniformly random whole minute that starts inside the intervals (whose ends are whole minutes here). */
function randomMinute(intervals: TimeInterval[], random: Random): Date | null {
  const minutes = intervals.map((interval) => Math.floor((interval.to.getTime() - interval.from.getTime()) / MINUTE_MS));
  const total = minutes.reduce((sum, count) => sum + count, 0);
  if (total === 0) return null;
  let pick = Math.min(total - 1, Math.floor(random() * total));
  for (const [index, interval] of intervals.entries()) {
    const count = minutes[index]!;
    if (pick < count) return new Date(ceilToMinute(interval.from.getTime()) + pick * MINUTE_MS);
    pick -= count;
  }
  return null;
}

/** A lure the address had before, newest first. */
export interface PastLure {
  templateId: number;
  at: Date;
}

/** How long a lure is kept from coming back to the same address when others are left. */
export const LURE_REPEAT_DAYS = 365;

/**
 * The next lure for an address: never the one it had last; among the others, one it has not had in
 * LURE_REPEAT_DAYS if any, else the one it had longest ago (ties at random). Null when there is none.
 */
export function chooseLure(eligible: readonly number[], history: readonly PastLure[], now: Date, random: Random): number | null {
  const last = history[0]?.templateId;
  const candidates = eligible.filter((id) => id !== last);
  if (candidates.length === 0) return eligible.length > 0 ? eligible[Math.floor(random() * eligible.length)]! : null;
  const lastUse = new Map<number, number>();
  for (const lure of history) if (!lastUse.has(lure.templateId)) lastUse.set(lure.templateId, lure.at.getTime());
  const horizon = now.getTime() - LURE_REPEAT_DAYS * DAY_MS;
  const fresh = candidates.filter((id) => (lastUse.get(id) ?? -Infinity) < horizon);
  if (fresh.length > 0) return fresh[Math.floor(random() * fresh.length)]!;
  const oldest = Math.min(...candidates.map((id) => lastUse.get(id)!));
  const stalest = candidates.filter((id) => lastUse.get(id) === oldest);
  return stalest[Math.floor(random() * stalest.length)]!;
}
