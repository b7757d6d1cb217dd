import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PublicReport } from '../../../common/phishing-report.schema';
import { createTestApp, type TestContext } from '../../test/test-app';
import { clearReports, emailReportFields, smsReportFields, submitOk } from '../../test/report-factories';
import { PhishingReportsRepository } from './phishing-reports.repo';
import { PUBLIC_MEDIA_PATH } from './phishing-reports.routes';
import { PhishingReportsService } from './phishing-reports.service';
import { PUBLIC_TEXT_VERSION, type PublicTextSource, renderPublicText } from './report-public-text';

/**
 * The public answers are joined from each report's stored public text (issue 13: the uncached
 * list and detail). They must say exactly what the object form (toPublic) says of the same row,
 * for a row stored with the text, without it, or under older rules.
 */

let context: TestContext;
let repo: PhishingReportsRepository;
let objectForm: (reportId: string) => Promise<PublicReport>;
beforeAll(async () => {
  context = await createTestApp({ RATE_LIMIT_REPORT_SUBMIT: '1000' });
  repo = new PhishingReportsRepository(context.database.db);
  const service = new PhishingReportsService({
    repo, storage: context.storage, clock: context.clock, secret: 'unused', mediaPath: PUBLIC_MEDIA_PATH, screenshotPublisher: { kick: () => undefined },
  });
  objectForm = async (reportId) => {
    const stored = await repo.findByReportId(reportId);
    if (!stored) throw new Error(`no public report ${reportId}`);
    return service.toPublic(stored);
  };
});
afterAll(() => context.close());
beforeEach(() => clearReports(context.database));

async function answers(reportId: string): Promise<{ listed: unknown; detail: unknown; searched: unknown }> {
  const list = await context.app.inject({ url: '/api/phishing-reports?limit=100' });
  const detail = await context.app.inject({ url: `/api/phishing-reports/${reportId}` });
  const search = await context.app.inject({ url: `/api/phishing-reports?q=${encodeURIComponent('確認')}&limit=100` });
  for (const response of [list, detail, search]) {
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  }
  const find = (body: { data: { reports: PublicReport[] } }) => body.data.reports.find((report) => report.report_id === reportId);
  return { listed: find(list.json()), detail: detail.json().data, searched: find(search.json()) };
}

async function submitAt(fields: Record<string, string>): Promise<string> {
  context.clock.advance(60_000);
  return submitOk(context, fields);
}

describe('public answers from the stored public text', () => {
  it('say exactly what the object form says, defanged, for e-mail and SMS reports', async () => {
    const email = await submitAt(emailReportFields({ subject: '【重要】https://amaz0n-verify.example/login を確認', body: '確認してください "引用" \\ バックスラッシュ\nhttps://amaz0n-verify.example/login?a=1&b=2' }));
    const sms = await submitAt(smsReportFields({ body: '不在のため持ち帰りました。ご確認ください http://sagawa-xyz.example' }));
    for (const reportId of [email, sms]) {
      const expected = await objectForm(reportId);
      const { listed, detail, searched } = await answers(reportId);
      expect(listed).toStrictEqual(expected);
      expect(detail).toStrictEqual(expected);
      expect(searched).toStrictEqual(expected);
    }
    const emailAnswer = (await answers(email)).detail as PublicReport;
    expect(emailAnswer.subject).toBe('【重要】hxxps://amaz0n-verify[.]example/login を確認');
    expect(emailAnswer.body).toContain('"引用" \\ バックスラッシュ\nhxxps://amaz0n-verify[.]example/login?a=1&b=2');
  });

  it('render a report stored without the text, or under older rules, from its columns; the refresh rewrites them', async () => {
    const missing = await submitAt(smsReportFields({ body: '確認のため http://missing.example へ' }));
    const older = await submitAt(emailReportFields({ body: '確認のため https://older.example へ' }));
    const current = await submitAt(smsReportFields({ body: '確認のため http://current.example へ' }));
    const expected = { missing: await objectForm(missing), older: await objectForm(older), current: await objectForm(current) };
    const db = context.database.db;
    await db.updateTable('phishing_reports').set({ public_text: null, public_text_version: null }).where('report_id', '=', missing).execute();
    await db.updateTable('phishing_reports').set({ public_text: '"report_id":"made by older rules"', public_text_version: PUBLIC_TEXT_VERSION - 1 }).where('report_id', '=', older).execute();

    for (const [key, reportId] of Object.entries({ missing, older, current })) {
      const { listed, detail, searched } = await answers(reportId);
      const want = expected[key as keyof typeof expected];
      expect(listed).toStrictEqual(want);
      expect(detail).toStrictEqual(want);
      expect(searched).toStrictEqual(want);
    }

    expect(await repo.refreshPublicTexts(200)).toBe(2);
    expect(await repo.refreshPublicTexts(200)).toBe(0);
    const byId = new Map([[missing, expected.missing], [older, expected.older], [current, expected.current]]);
    const rows = await db.selectFrom('phishing_reports').select(['report_id', 'public_text', 'public_text_version']).execute();
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.public_text_version).toBe(PUBLIC_TEXT_VERSION);
      const { screenshot_url: _url, thumbnail_url: _thumbnail, screenshot_status: _status, similar_count: _similar, ...unchanging } = byId.get(row.report_id)!;
      expect(JSON.parse(`{${row.public_text}}`)).toStrictEqual(unchanging);
    }
    for (const reportId of [missing, older, current]) expect((await answers(reportId)).detail).toStrictEqual(await objectForm(reportId));
  });

  it('answers 404 with the shared failure envelope for an unknown report', async () => {
    const response = await context.app.inject({ url: '/api/phishing-reports/no-such-report-000000' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false });
  });
});

describe('PUBLIC_TEXT_VERSION', () => {
  /**
   * Stored texts are only re-rendered when the version changes. This digest of fixed reports
   * fails the test when the rendering changes (defanging, fields, time format): bump
   * PUBLIC_TEXT_VERSION with such a change, then record the new digest and version here.
   */
  const RECORDED = { version: 1, digest: '4f3c46a0deacd2ca8092d8387556996fb7cbea2462163f119ba4066a758f089c' };
  const samples: PublicTextSource[] = [
    { report_id: 'r1', receipt_method: 'email', subject: '【重要】https://a.example/x', body: 'www.b.example/y を確認\n"q" \\', source_email: 'x@a.example', phone_number: null, publish_screenshot: true, reported_at: new Date('2026-11-21T05:06:07.089Z') },
    { report_id: 'r2', receipt_method: 'sms', subject: 'ignored for SMS', body: 'http://c.example 不在のため', source_email: null, phone_number: '09012345678', publish_screenshot: false, reported_at: new Date('2026-12-31T15:00:00.000Z') },
  ];

  it('changes whenever the rendering of the public text changes', () => {
    const digest = createHash('sha256').update(samples.map(renderPublicText).join('\n')).digest('hex');
    expect({ version: PUBLIC_TEXT_VERSION, digest }).toStrictEqual(RECORDED);
  });
});
