/**
 * Times on the campaign screens. The administrator is in Japan, so a `datetime-local` value is read
 * as Japan time whatever the browser's own zone is; Asia/Tokyo has no daylight saving, so +09:00 is exact.
 */
const TIME_ZONE = 'Asia/Tokyo';
const JAPAN_OFFSET_MS = 9 * 60 * 60 * 1000;
const LOCAL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** 「2026-11-27T09:00」 (Japan time) → 「2026-11-27T09:00:00+09:00」; null when it is not a real date and time. */
export function japanLocalToIso(local: string): string | null {
  const match = LOCAL_PATTERN.exec(local.trim());
  if (!match) return null;
  const [, year, month, day, hour, minute] = match.map(Number) as [number, number, number, number, number, number];
  const probe = new Date(Date.UTC(year, month - 1, day, hour, minute));
  // 2026-02-30 rolls over to March: not a date anyone meant.
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day || hour > 23 || minute > 59) return null;
  return `${local.trim()}:00+09:00`;
}

/** An instant as a `datetime-local` value in Japan time (「2026-11-27T09:00」); '' for none or an invalid one. */
export function isoToJapanLocal(iso: string | null | undefined): string {
  if (!iso) return '';
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  return new Date(ms + JAPAN_OFFSET_MS).toISOString().slice(0, 16);
}

/** The Japan-time `datetime-local` value of an instant, for the `min` of the inputs. */
export function japanLocalOf(date: Date): string {
  return new Date(date.getTime() + JAPAN_OFFSET_MS).toISOString().slice(0, 16);
}

const dayFormat = new Intl.DateTimeFormat('ja-JP', { timeZone: TIME_ZONE, month: 'numeric', day: 'numeric', weekday: 'short' });
const dateTimeFormat = new Intl.DateTimeFormat('ja-JP', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

/** 「2026年11月27日(金) 09:00」: a send time, with the weekday because the rules are about weekdays. */
export function formatSendTime(date: Date | string): string {
  const value = typeof date === 'string' ? new Date(date) : date;
  if (Number.isNaN(value.getTime())) return String(date);
  const parts = Object.fromEntries(dateTimeFormat.formatToParts(value).map((part) => [part.type, part.value]));
  return `${parts.year}年${parts.month}月${parts.day}日（${parts.weekday}） ${parts.hour}:${parts.minute}`;
}

/** 「11月27日（金）」 for a Tokyo day key 「2026-11-27」 (the planner's per-day summary). */
export function formatDayKey(day: string): string {
  const ms = Date.parse(`${day}T12:00:00+09:00`);
  if (Number.isNaN(ms)) return day;
  const parts = Object.fromEntries(dayFormat.formatToParts(new Date(ms)).map((part) => [part.type, part.value]));
  return `${parts.month}月${parts.day}日（${parts.weekday}）`;
}
