import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';
import { clearReports } from '../../test/report-factories';
import { PhishingReportsRepository } from './phishing-reports.repo';
import { ANCHOR_STEP } from './report-list-anchors.repo';

/**
 * Deep list pages start from anchors (report-list-anchors.repo.ts): every page must be exactly the
 * plain walk's, for each filter, and stay right after a write moves every offset.
 */

const REPORTS = ANCHOR_STEP * 2 + 137;
let context: TestContext;
let repo: PhishingReportsRepository;
/** Report ids, newest first, with their receipt method. */
let newestFirst: Array<{ id: string; method: 'email' | 'sms' }>;

beforeAll(async () => {
  context = await createTestApp();
  repo = new PhishingReportsRepository(context.database.db);
  await clearReports(context.database);
  const stored: Array<{ id: string; method: 'email' | 'sms' }> = [];
  for (let index = 0; index < REPORTS; index += 1) {
    // Several reports share a second now and then, so the id breaks ties in the order.
    if (index % 3 !== 0) context.clock.advance(1_000);
    const method = index % 5 < 2 ? 'email' : 'sms';
    const reportId = `anchored-${String(index).padStart(8, '0')}`;
    await repo.insert({
      report_id: reportId,
      receipt_method: method,
      subject: method === 'email' ? `件名 ${index}` : null,
      body: `本文 ${index}`,
      source_email: method === 'email' ? 'a@example.jp' : null,
      phone_number: method === 'sms' ? '090-1234-5678' : null,
      publish_screenshot: 0,
      screenshot_status: 'none',
      screenshot_key: null,
      thumbnail_key: null,
      original_key: null,
      delete_password_hash: 'not-a-real-hash',
      reporter_ip_hash: null,
      reporter_fingerprint_hash: null,
      reported_at: context.clock.now(),
    });
    stored.push({ id: reportId, method });
  }
  newestFirst = stored.reverse();
});
afterAll(() => context.close());

const pageIds = async (query: string) => {
  const response = await context.app.inject({ url: `/api/phishing-reports?${query}` });
  expect(response.statusCode).toBe(200);
  return (response.json().data.reports as Array<{ report_id: string }>).map((report) => report.report_id);
};

/** Offsets around every anchor, the middle and the end, asked out of order. */
const offsets = (total: number) =>
  [total - 3, ANCHOR_STEP * 2 + 5, ANCHOR_STEP - 1, ANCHOR_STEP, 3, ANCHOR_STEP * 2 - 10, Math.floor(total / 2), ANCHOR_STEP + 1, ANCHOR_STEP * 2, 0].filter(
    (offset) => offset < total,
  );

async function expectEveryPage(expected: string[], filter: string): Promise<void> {
  for (const offset of offsets(expected.length)) {
    expect(await pageIds(`limit=20&offset=${offset}${filter}`), `offset ${offset}${filter}`).toEqual(expected.slice(offset, offset + 20));
  }
}

describe('deep pages from anchors', () => {
  it('are the same pages as the plain walk, with and without a receipt-method filter', async () => {
    await expectEveryPage(newestFirst.map((report) => report.id), '');
    await expectEveryPage(newestFirst.filter((report) => report.method === 'sms').map((report) => report.id), '&receipt_method=sms');
    await expectEveryPage(newestFirst.filter((report) => report.method === 'email').map((report) => report.id), '&receipt_method=email');
  });

  it('follow a hide and a restore, which move every offset after them', async () => {
    const hidden = newestFirst[7]!.id;
    // Anchors of the current revision are in place (the test above), then the list changes.
    await repo.setHidden(hidden, { at: context.clock.now(), reason: 'test' });
    await expectEveryPage(newestFirst.filter((report) => report.id !== hidden).map((report) => report.id), '');
    await repo.setHidden(hidden, null);
    await expectEveryPage(newestFirst.map((report) => report.id), '');
  });
});
