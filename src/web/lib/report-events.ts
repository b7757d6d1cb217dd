/** Window event the form fires after a successful submit; the list listens and reloads at offset 0. */
export const REPORT_SUBMITTED_EVENT = 'kizuki:report-submitted';

export type ReportSubmittedDetail = { reportId: string };

export function announceReportSubmitted(detail: ReportSubmittedDetail): void {
  window.dispatchEvent(new CustomEvent<ReportSubmittedDetail>(REPORT_SUBMITTED_EVENT, { detail }));
}

export function onReportSubmitted(listener: (detail: ReportSubmittedDetail) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<ReportSubmittedDetail>).detail);
  window.addEventListener(REPORT_SUBMITTED_EVENT, handler);
  return () => window.removeEventListener(REPORT_SUBMITTED_EVENT, handler);
}
