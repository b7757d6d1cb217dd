import { describe, expect, it } from 'vitest';
import type { ReportView } from './api/report-guards';
import { isRedactionPending, redactionPollInterval } from './screenshot-status';

const NOW = Date.parse('2026-11-26T12:00:00+09:00');
const agoIso = (ms: number) => new Date(NOW - ms).toISOString();

function report(overrides: Partial<ReportView>): ReportView {
  return {
    report_id: 'abcdefghijklmnop',
    receipt_method: 'sms',
    subject: null,
    body: '本文',
    source_email: null,
    phone_number: '09012345678',
    screenshot_url: null,
    thumbnail_url: null,
    publish_screenshot: true,
    screenshot_status: 'pending',
    reported_at: agoIso(5_000),
    similar_count: 0,
    ...overrides,
  };
}

describe('waiting for the redacted screenshot', () => {
  it('is pending only for a screenshot to publish that is not done yet', () => {
    expect(isRedactionPending(report({}))).toBe(true);
    expect(isRedactionPending(report({ screenshot_status: 'published', screenshot_url: '/media/x.png' }))).toBe(false);
    expect(isRedactionPending(report({ screenshot_status: 'failed' }))).toBe(false);
    expect(isRedactionPending(report({ publish_screenshot: false, screenshot_status: 'none' }))).toBe(false);
  });

  it('does not poll when nothing waits', () => {
    expect(redactionPollInterval(undefined, NOW)).toBe(false);
    expect(redactionPollInterval([], NOW)).toBe(false);
    expect(redactionPollInterval([report({ screenshot_status: 'published' }), report({ screenshot_status: 'failed' })], NOW)).toBe(false);
  });

  it('polls often for a fresh upload, rarely later, and gives up after a long wait', () => {
    expect(redactionPollInterval([report({ reported_at: agoIso(5_000) })], NOW)).toBe(3_000);
    expect(redactionPollInterval([report({ reported_at: agoIso(5 * 60_000) })], NOW)).toBe(20_000);
    expect(redactionPollInterval([report({ reported_at: agoIso(60 * 60_000) })], NOW)).toBe(false);
    // A clock a little behind the server's still counts as fresh.
    expect(redactionPollInterval([report({ reported_at: agoIso(-30_000) })], NOW)).toBe(3_000);
  });

  it('follows the freshest report of a page', () => {
    const reports = [report({ reported_at: agoIso(60 * 60_000) }), report({ reported_at: agoIso(10 * 60_000) }), report({ reported_at: agoIso(10_000) })];
    expect(redactionPollInterval(reports, NOW)).toBe(3_000);
  });
});
