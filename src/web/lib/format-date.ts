import { formatReportDate as formatDate, formatReportDateTime as formatDateTime } from '../../common/date-format';

// Intl throws on an invalid date; one odd value must not take the whole list down with it.
function safely(format: (iso: string) => string, iso: string): string {
  return Number.isNaN(Date.parse(iso)) ? iso : format(iso);
}

/** 2026/11/21 — the list shows the date only (SPEC §9). */
export const formatReportDate = (iso: string): string => safely(formatDate, iso);

/** 2026/11/21 14:05 — the detail shows date and time to the minute (SPEC §9). */
export const formatReportDateTime = (iso: string): string => safely(formatDateTime, iso);
