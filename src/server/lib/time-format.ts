const JST_OFFSET_MINUTES = 9 * 60;
const TOKYO_OFFSET_MS = JST_OFFSET_MINUTES * 60_000;

/**
 * ISO 8601 with the Japan offset (e.g. 2026-11-21T14:05:00.000+09:00): the service's public
 * times are Japanese local time, and the offset keeps them unambiguous for any client.
 */
export function toJstIsoString(date: Date): string {
  const shifted = new Date(date.getTime() + JST_OFFSET_MINUTES * 60_000);
  return `${shifted.toISOString().slice(0, -1)}+09:00`;
}

/** The calendar month (Asia/Tokyo) monthly figures and the free allowance count, e.g. "2026-11". */
export function tokyoMonth(at: Date): string {
  return toJstIsoString(at).slice(0, 7);
}

/** 00:00 Tokyo on the first day of `month` (YYYY-MM). */
export function tokyoMonthStart(month: string): Date {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, monthNumber - 1, 1) - TOKYO_OFFSET_MS);
}

/** The Tokyo month after `month`. */
export function nextTokyoMonth(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return monthNumber === 12 ? `${year + 1}-01` : `${year}-${String(monthNumber + 1).padStart(2, '0')}`;
}
