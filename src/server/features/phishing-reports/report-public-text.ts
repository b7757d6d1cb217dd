import type { PublicReport } from '../../../common/phishing-report.schema';
import { defangOptional, defangText } from '../../../common/url-defang';
import type { ScreenshotStatus } from '../../db/schema';
import { toJstIsoString } from '../../lib/time-format';
import { publishedImageUrls } from './published-image-urls';

/**
 * A public report in two parts. The unchanging part (id, method, defanged subject and body,
 * sender, publish choice, Tokyo time) is fixed when the report is submitted, so it is rendered
 * once, at insert, and stored as JSON text (`public_text`); the changing part (screenshot state and
 * URLs, the similar-report count) is added on every read from a few short columns. A list page
 * then joins twenty stored texts instead of defanging, formatting and encoding twenty reports
 * (issue 13: the uncached list and detail). Both parts come from the functions below, and
 * toPublic builds the object form from the same ones, so the text and the object cannot differ.
 *
 * PUBLIC_TEXT_VERSION names these rules. Change it with anything that changes what
 * unchangingPublicFields answers (defanging, the fields, the time format): rows made under another
 * version are rendered from their columns on every read until the start-up refresh
 * (report-public-text-refresh.ts) has rewritten them. report-public-text.test.ts fails when the
 * rendering changes and the version does not.
 */
export const PUBLIC_TEXT_VERSION = 1;

/** What the unchanging part is made from: the report's columns as submitted. */
export interface PublicTextSource {
  report_id: string;
  receipt_method: PublicReport['receipt_method'];
  subject: string | null;
  body: string;
  source_email: string | null;
  phone_number: string | null;
  publish_screenshot: boolean;
  reported_at: Date;
}

/** What the changing part is made from: short columns, read with every public row. */
export interface PublicState {
  publish_screenshot: boolean;
  screenshot_status: ScreenshotStatus;
  screenshot_key: string | null;
  thumbnail_key: string | null;
  /** The number of OTHER public reports in its group. */
  similar_count: number;
}

type UnchangingFields = Pick<PublicReport, 'report_id' | 'receipt_method' | 'subject' | 'body' | 'source_email' | 'phone_number' | 'publish_screenshot' | 'reported_at'>;
type ChangingFields = Pick<PublicReport, 'screenshot_url' | 'thumbnail_url' | 'screenshot_status' | 'similar_count'>;

export function unchangingPublicFields(report: PublicTextSource): UnchangingFields {
  return {
    report_id: report.report_id,
    receipt_method: report.receipt_method,
    // Published text never carries a live URL, whoever renders it (url-defang.ts).
    subject: report.receipt_method === 'email' ? defangOptional(report.subject) : null,
    body: defangText(report.body),
    source_email: report.source_email,
    phone_number: report.phone_number,
    publish_screenshot: report.publish_screenshot,
    reported_at: toJstIsoString(report.reported_at),
  };
}

export function changingPublicFields(state: PublicState, mediaPath: string): ChangingFields {
  const published = state.publish_screenshot && state.screenshot_status === 'published';
  const images = publishedImageUrls(mediaPath, published, { screenshotKey: state.screenshot_key, thumbnailKey: state.thumbnail_key });
  return {
    screenshot_url: images.screenshot_url,
    thumbnail_url: images.thumbnail_url,
    // A private screenshot is none of the public's business: it reads as no screenshot.
    screenshot_status: state.screenshot_status === 'private' ? 'none' : state.screenshot_status,
    similar_count: state.similar_count,
  };
}

/** The stored text: the unchanging members of the JSON object, without its braces. */
export function renderPublicText(report: PublicTextSource): string {
  return JSON.stringify(unchangingPublicFields(report)).slice(1, -1);
}

/** One report of a public answer as JSON: the stored text and the changing part. */
export function publicReportJson(publicText: string, state: PublicState, mediaPath: string): string {
  return `{${publicText},${JSON.stringify(changingPublicFields(state, mediaPath)).slice(1)}`;
}
