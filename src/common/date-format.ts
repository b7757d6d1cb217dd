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

export function formatReportDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

export function formatReportDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}
