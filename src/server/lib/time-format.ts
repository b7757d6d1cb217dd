const JST_OFFSET_MINUTES = 9 * 60;

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
