import { mountRoot } from '../../components/app-root';
import { asReport, type ReportView } from '../api/report-guards';
import { REPORT_LIST_PATH } from '../report-links';
import { ReportDetail } from './report-detail';

/** SPEC §2.7: the id is the last path segment; the host page also puts it in data-report-id. */
function readReportId(container: HTMLElement): string | null {
  const fromHost = container.dataset.reportId?.trim();
  if (fromHost) return fromHost;
  const match = new RegExp(`^${REPORT_LIST_PATH}/([^/]+)/?$`).exec(window.location.pathname);
  try {
    return match?.[1] ? decodeURIComponent(match[1]) : null;
  } catch {
    return null;
  }
}

/** The report the server already rendered, reused as cache seed so the page does not refetch. */
function readInitialReport(container: HTMLElement, reportId: string | null): ReportView | undefined {
  const raw = container.dataset.report;
  if (!raw || !reportId) return undefined;
  try {
    const report = asReport(JSON.parse(raw));
    return report.report_id === reportId ? report : undefined;
  } catch {
    return undefined;
  }
}

export function mount(container: HTMLElement): void {
  const reportId = readReportId(container);
  mountRoot(container, <ReportDetail reportId={reportId} initialReport={readInitialReport(container, reportId)} />);
}
