import type { ReportView } from './api/report-guards';

/*
 * A screenshot to publish is redacted in the background after the report is saved (the server's
 * screenshot publisher). Until the redacted copy exists the pages say so and ask again now and
 * then; if redaction fails, no image is ever published and they say that instead. The detail
 * page's wording is in report-detail/screenshot-status-note.tsx, apart so the list does not load it.
 */

export const REDACTION_PENDING_TEXT = '画像を黒塗り処理中です';
export const REDACTION_FAILED_TEXT = '画像は公開されません';

export const isRedactionPending = (report: ReportView): boolean => report.publish_screenshot && report.screenshot_status === 'pending';

export const isRedactionFailed = (report: ReportView): boolean => report.publish_screenshot && report.screenshot_status === 'failed';

/** Asks often while a fresh upload is usually done within seconds, then rarely, then stops. */
const POLL_STEPS: Array<{ until: number; every: number }> = [
  { until: 2 * 60_000, every: 3_000 },
  { until: 15 * 60_000, every: 20_000 },
];

/**
 * How often to refetch while any of `reports` waits for its redacted copy (TanStack Query's
 * refetchInterval); false when none does, or when one has waited so long that asking again is
 * pointless (a reload still shows the latest).
 */
export function redactionPollInterval(reports: readonly ReportView[] | undefined, now = Date.now()): number | false {
  let interval: number | false = false;
  for (const report of reports ?? []) {
    if (!isRedactionPending(report)) continue;
    const waited = Math.max(0, now - Date.parse(report.reported_at));
    const step = POLL_STEPS.find((candidate) => waited < candidate.until);
    if (step && (interval === false || step.every < interval)) interval = step.every;
  }
  return interval;
}

/** In place of the list's thumbnail. */
export function ScreenshotStatusBadge({ report }: { report: ReportView }) {
  if (isRedactionPending(report)) {
    return (
      <span className="shot-status shot-status--pending">
        <span className="spinner spinner--small" aria-hidden="true" />
        {/* Two unbreakable halves: in a thumbnail's room it wraps between them, never inside a word. */}
        <span className="shot-status__text">
          <span>画像を黒塗り</span>
          <span>処理中です</span>
        </span>
      </span>
    );
  }
  if (isRedactionFailed(report)) {
    return (
      <span className="shot-status shot-status--failed">
        <span className="shot-status__text">
          <span>画像は</span>
          <span>公開されません</span>
        </span>
      </span>
    );
  }
  return null;
}
