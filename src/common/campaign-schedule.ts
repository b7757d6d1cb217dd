/**
 * Campaign send-time planner (issue 11), shared by the server (planning, resume) and the create screen (preview).
 * Every rule is on the Tokyo calendar. Asia/Tokyo is UTC+9 without DST, so plain arithmetic on epoch milliseconds
 * is exact and nothing here depends on the time zone of the machine or the browser.
 */
import holidayJp from '@holiday-jp/holiday_jp';

export interface ScheduleRules {
  /** First possible send. */
  start: Date;
  /** End of the window; null = all at once. */
  end: Date | null;
  businessHoursOnly: boolean;
  weekdaysOnly: boolean;
  skipHolidays: boolean;
  /** A random instant per recipient (uniform over the allowed time), else evenly spaced. */
  randomize: boolean;
  /** The Tokyo hours businessHoursOnly allows; BUSINESS_HOURS (campaigns) when absent. */
  hours?: { startHour: number; endHour: number };
}
export type AllowRules = Pick<ScheduleRules, 'businessHoursOnly' | 'weekdaysOnly' | 'skipHolidays' | 'hours'>;
/** Returns a number in [0, 1), like Math.random; injectable so tests can seed it. */
export type Random = () => number;
export interface TimeInterval {
  from: Date;
  to: Date;
}

/** Business hours in Tokyo: [startHour:00, endHour:00). */
export const BUSINESS_HOURS = { startHour: 9, endHour: 18 } as const;
/** How far nextAllowedInstant looks; the longest run of non-business days in Japan (Golden Week) is far shorter. */
export const NEXT_ALLOWED_SEARCH_DAYS = 60;
/** After a pause past the window: 1 hour of allowed time per 500 recipients (at least 1 hour), so a resume does not burst. */
export const RESUME_SPREAD_MS_PER_500 = 60 * 60 * 1000;
/** Days scheduleSummary lists by default; the create screen shows a short preview, not a calendar. */
export const SUMMARY_MAX_DAYS = 14;

export class NoSendableTimeError extends Error {
  constructor(message = 'The schedule window contains no allowed sending time.') {
    super(message);
    this.name = 'NoSendableTimeError';
  }
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const TOKYO_OFFSET_MS = 9 * HOUR_MS;

/** Epoch ms of 00:00 Tokyo of the Tokyo day containing `ms`. */
function tokyoDayStart(ms: number): number {
  return Math.floor((ms + TOKYO_OFFSET_MS) / DAY_MS) * DAY_MS - TOKYO_OFFSET_MS;
}

/** YYYY-MM-DD of the Tokyo calendar day containing `ms`. */
function tokyoDayKey(ms: number): string {
  return new Date(ms + TOKYO_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * The library's isHoliday(Date) reads the Date in the process's local zone, which would make the answer depend on
 * where the code runs; looking the Tokyo day key up in its table avoids that (and is O(1) rather than a key scan).
 */
function isHolidayKey(dayKey: string): boolean {
  return Object.hasOwn(holidayJp.holidays, dayKey);
}

export function isJapaneseHoliday(date: Date): boolean {
  return isHolidayKey(tokyoDayKey(date.getTime()));
}

function restrictsNothing(rules: AllowRules): boolean {
  return !rules.businessHoursOnly && !rules.weekdaysOnly && !rules.skipHolidays;
}

/** Whether sending is allowed at all on the Tokyo day starting at `dayStart`. */
function isAllowedDay(rules: AllowRules, dayStart: number): boolean {
  const weekday = new Date(dayStart + TOKYO_OFFSET_MS).getUTCDay(); // 0 = Sunday in Tokyo terms
  if (rules.weekdaysOnly && (weekday === 0 || weekday === 6)) return false;
  if (rules.skipHolidays && isHolidayKey(tokyoDayKey(dayStart))) return false;
  return true;
}

/** Allowed sending intervals [from, to) inside [from, to), honouring the rules; merged and sorted. */
export function allowedIntervals(rules: AllowRules, from: Date, to: Date): TimeInterval[] {
  const fromMs = from.getTime();
  const toMs = to.getTime();
  if (!(fromMs < toMs)) return [];
  if (restrictsNothing(rules)) return [{ from: new Date(fromMs), to: new Date(toMs) }];

  const spans: Array<[number, number]> = [];
  for (let day = tokyoDayStart(fromMs); day < toMs; day += DAY_MS) {
    if (!isAllowedDay(rules, day)) continue;
    const hours = rules.hours ?? BUSINESS_HOURS;
    const open = rules.businessHoursOnly ? day + hours.startHour * HOUR_MS : day;
    const close = rules.businessHoursOnly ? day + hours.endHour * HOUR_MS : day + DAY_MS;
    const spanFrom = Math.max(open, fromMs);
    const spanTo = Math.min(close, toMs);
    if (spanFrom >= spanTo) continue;
    const last = spans[spans.length - 1];
    // Whole allowed days touch each other; one interval per run keeps callers' loops short.
    if (last && last[1] === spanFrom) last[1] = spanTo;
    else spans.push([spanFrom, spanTo]);
  }
  return spans.map(([a, b]) => ({ from: new Date(a), to: new Date(b) }));
}

/** First allowed instant at or after `from` (searching NEXT_ALLOWED_SEARCH_DAYS ahead); null if none. */
export function nextAllowedInstant(rules: AllowRules, from: Date): Date | null {
  const horizon = new Date(from.getTime() + NEXT_ALLOWED_SEARCH_DAYS * DAY_MS);
  return allowedIntervals(rules, from, horizon)[0]?.from ?? null;
}

/** Whole seconds: up for the start (so a floored send never lands before it), down for each planned instant. */
function ceilToSecond(date: Date): Date {
  return new Date(Math.ceil(date.getTime() / 1000) * 1000);
}
function floorToSecond(ms: number): Date {
  return new Date(Math.floor(ms / 1000) * 1000);
}

function totalMs(intervals: TimeInterval[]): number {
  return intervals.reduce((sum, interval) => sum + (interval.to.getTime() - interval.from.getTime()), 0);
}

/**
 * Places `count` instants along the concatenated intervals: evenly at (i + 0.5) / count (ascending, first and last
 * strictly inside), or uniformly at random in recipient order.
 */
function spread(intervals: TimeInterval[], count: number, randomize: boolean, random: Random): Date[] {
  const starts = intervals.map((interval) => interval.from.getTime());
  const lengths = intervals.map((interval) => interval.to.getTime() - interval.from.getTime());
  const offsets: number[] = []; // cumulative allowed time before each interval
  let total = 0;
  for (const length of lengths) {
    offsets.push(total);
    total += length;
  }
  // Position p in [0, total) → instant; binary search, since random positions come in no order.
  const instantAt = (position: number): Date => {
    let low = 0;
    let high = offsets.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (offsets[middle]! <= position) low = middle;
      else high = middle - 1;
    }
    return floorToSecond(starts[low]! + (position - offsets[low]!));
  };
  const times: Date[] = new Array<Date>(count);
  for (let i = 0; i < count; i++) {
    times[i] = instantAt(randomize ? random() * total : ((i + 0.5) / count) * total);
  }
  return times;
}

/**
 * Planned send times for `count` recipients, in recipient order (random when rules.randomize, else ascending).
 * end null: every recipient gets the first allowed instant at or after start.
 * Throws NoSendableTimeError when the rules leave no allowed time, also for count 0, so the create screen can
 * validate the schedule before recipients are chosen.
 */
export function planSendTimes(rules: ScheduleRules, count: number, random: Random = Math.random): Date[] {
  const start = ceilToSecond(rules.start);
  if (rules.end === null) {
    const first = nextAllowedInstant(rules, start);
    if (!first) throw new NoSendableTimeError();
    return Array.from({ length: count }, () => new Date(first.getTime()));
  }
  const intervals = allowedIntervals(rules, start, rules.end);
  if (totalMs(intervals) === 0) throw new NoSendableTimeError();
  return spread(intervals, count, rules.randomize, random);
}

/** The first `wantedMs` of allowed time at or after `from`. */
function takeAllowedTime(rules: AllowRules, from: Date, wantedMs: number): TimeInterval[] {
  // Business hours on weekdays outside holidays are at least ~1/4 of wall time; ×6 plus the usual search horizon
  // is always enough to find wantedMs when any allowed time exists at all.
  const horizon = new Date(from.getTime() + NEXT_ALLOWED_SEARCH_DAYS * DAY_MS + wantedMs * 6);
  const taken: TimeInterval[] = [];
  let remaining = wantedMs;
  for (const interval of allowedIntervals(rules, from, horizon)) {
    if (remaining <= 0) break;
    const length = interval.to.getTime() - interval.from.getTime();
    const used = Math.min(length, remaining);
    taken.push({ from: interval.from, to: new Date(interval.from.getTime() + used) });
    remaining -= used;
  }
  return taken;
}

/**
 * New times for `count` unsent recipients after a pause. With the window still ahead, they are spread over its
 * remaining allowed time; once it has passed (or end is null, or nothing allowed is left in it) they are spread
 * over the next RESUME_SPREAD_MS_PER_500 of allowed time per 500 recipients (at least that much), never all at once.
 */
export function replanRemaining(rules: ScheduleRules, now: Date, count: number, random: Random = Math.random): Date[] {
  const from = ceilToSecond(now);
  if (rules.end !== null && rules.end.getTime() > from.getTime()) {
    const remaining = allowedIntervals(rules, from, rules.end);
    if (totalMs(remaining) > 0) return spread(remaining, count, rules.randomize, random);
  }
  const wantedMs = Math.max(RESUME_SPREAD_MS_PER_500, (count / 500) * RESUME_SPREAD_MS_PER_500);
  const intervals = takeAllowedTime(rules, from, wantedMs);
  if (totalMs(intervals) === 0) throw new NoSendableTimeError();
  return spread(intervals, count, rules.randomize, random);
}

export interface ScheduleSummary {
  first: Date | null;
  last: Date | null;
  /** Sends per Tokyo day, ascending, at most maxDays entries (the first days). */
  perDay: Array<{ day: string; count: number }>;
}

/** A short preview for the create screen: first send, last send and how many per Tokyo day. */
export function scheduleSummary(times: Date[], maxDays: number = SUMMARY_MAX_DAYS): ScheduleSummary {
  let first: number | null = null;
  let last: number | null = null;
  const perDayStart = new Map<number, number>();
  // One pass, no sort of the times: randomized plans arrive in recipient order and can hold 10,000 entries.
  for (const time of times) {
    const ms = time.getTime();
    if (first === null || ms < first) first = ms;
    if (last === null || ms > last) last = ms;
    const day = tokyoDayStart(ms);
    perDayStart.set(day, (perDayStart.get(day) ?? 0) + 1);
  }
  return {
    first: first === null ? null : new Date(first),
    last: last === null ? null : new Date(last),
    perDay: [...perDayStart]
      .sort(([a], [b]) => a - b)
      .slice(0, maxDays)
      .map(([day, count]) => ({ day: tokyoDayKey(day), count })),
  };
}
