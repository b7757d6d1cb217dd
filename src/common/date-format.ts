/** Japanese display formats of SPEC §9: date only in the report list, to the minute in the detail. */
const TIME_ZONE = 'Asia/Tokyo';

const dateFormat = new Intl.DateTimeFormat('ja-JP', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
const dateTimeFormat = new Intl.DateTimeFormat('ja-JP', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

// Intl throws on an invalid date; one odd value must not take a whole list or page down with it.
function formatSafely(format: Intl.DateTimeFormat, iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : format.format(date);
}

/** 2026/11/21 — the list shows the date only. */
export function formatReportDate(iso: string): string {
  return formatSafely(dateFormat, iso);
}

/** 2026/11/21 14:05 — the detail shows date and time to the minute. */
export function formatReportDateTime(iso: string): string {
  return formatSafely(dateTimeFormat, iso);
}
