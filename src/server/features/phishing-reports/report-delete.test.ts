import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportMessages } from '../../../common/messages';
import { createTestApp, type TestContext } from '../../test/test-app';
import { deleteReport, emailReportFields, pngWithMetadata, submitOk } from '../../test/report-factories';
import { blankAnalyzer } from '../../test/screenshot-analyzer-doubles';

let context: TestContext;
beforeAll(async () => {
  context = await createTestApp({ RATE_LIMIT_REPORT_SUBMIT: '1000', RATE_LIMIT_REPORT_DELETE: '1000' }, { screenshotAnalyzer: blankAnalyzer() });
});
afterAll(() => context.close());

const detailStatus = async (id: string) => (await context.app.inject({ url: `/api/phishing-reports/${id}` })).statusCode;
const listedIds = async () =>
  (await context.app.inject({ url: '/api/phishing-reports?limit=100' })).json().data.reports.map((report: { report_id: string }) => report.report_id);

function storedFiles(): string[] {
  const root = path.join(context.dataDir, 'storage');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((entry) => /\.(png|jpg)$/.test(entry));
}

describe('DELETE /api/phishing-reports/:id', () => {
  it('deletes with the right password: gone from list, detail, page and disk', async () => {
    const before = storedFiles().length;
    const id = await submitOk(context, emailReportFields({ publish_screenshot: '1' }), { content: await pngWithMetadata() });
    await context.app.screenshotPublisher.drain();
    const report = (await context.app.inject({ url: `/api/phishing-reports/${id}` })).json().data;
    // The private original, the redacted copy and its thumbnail.
    expect(storedFiles().length).toBe(before + 3);
    expect((await context.app.inject({ url: report.thumbnail_url })).statusCode).toBe(200);

    const response = await deleteReport(context, id, '1234');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect(await detailStatus(id)).toBe(404);
    expect(await listedIds()).not.toContain(id);
    expect((await context.app.inject({ url: report.screenshot_url })).statusCode).toBe(404);
    expect((await context.app.inject({ url: report.thumbnail_url })).statusCode).toBe(404);
    expect((await context.app.inject({ url: `/phishing-reports/${id}`, headers: { accept: 'text/html' } })).statusCode).toBe(404);
    expect(storedFiles().length).toBe(before);
  });

  it('answers 401 with the message for a wrong password and keeps the report', async () => {
    const id = await submitOk(context, emailReportFields());
    const response = await deleteReport(context, id, '0000');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, message: reportMessages.deleteWrongPassword });
    expect(await detailStatus(id)).toBe(200);
  });

  it('locks the report for 24 hours after 3 wrong passwords, whoever asks, then lifts the lock', async () => {
    const id = await submitOk(context, emailReportFields());
    expect((await deleteReport(context, id, '0000')).statusCode).toBe(401);
    expect((await deleteReport(context, id, '1111')).statusCode).toBe(401);
    const third = await deleteReport(context, id, '2222');
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ success: false, message: reportMessages.deleteLocked });

    const rightButLocked = await deleteReport(context, id, '1234', { 'x-fingerprint': 'another-device' });
    expect(rightButLocked.statusCode).toBe(429);
    expect(rightButLocked.json().message).toBe(reportMessages.deleteLocked);
    const fromElsewhere = await context.app.inject({
      method: 'DELETE', url: `/api/phishing-reports/${id}`, remoteAddress: '198.51.100.7',
      payload: { delete_password: '1234', fingerprint: 'fresh' }, headers: { cookie: context.csrf.cookie, ...context.csrf.header },
    });
    expect(fromElsewhere.statusCode).toBe(429);

    context.clock.advance(24 * 60 * 60 * 1000 - 1000);
    expect((await deleteReport(context, id, '1234')).statusCode).toBe(429);
    context.clock.advance(2000);
    expect((await deleteReport(context, id, '1234')).statusCode).toBe(200);
    expect(await detailStatus(id)).toBe(404);
  });

  it('gives a fresh three attempts after a lock has expired', async () => {
    const id = await submitOk(context, emailReportFields());
    for (const guess of ['0000', '1111']) expect((await deleteReport(context, id, guess)).statusCode).toBe(401);
    expect((await deleteReport(context, id, '2222')).statusCode).toBe(429);
    context.clock.advance(24 * 60 * 60 * 1000 + 1);
    expect((await deleteReport(context, id, '3333')).statusCode).toBe(401);
    expect((await deleteReport(context, id, '4444')).statusCode).toBe(401);
    expect((await deleteReport(context, id, '5555')).statusCode).toBe(429);
  });

  it('compares at most 3 passwords however many guesses arrive at once', async () => {
    const id = await submitOk(context, emailReportFields({ delete_password: '9999' }));
    const guesses = Array.from({ length: 12 }, (_, index) => String(index).padStart(4, '0'));
    const responses = await Promise.all(guesses.map((guess) => deleteReport(context, id, guess)));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(2);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(10);
    expect((await deleteReport(context, id, '9999')).statusCode).toBe(429);
  });

  it('answers 422 for a password that is not 4 digits', async () => {
    const id = await submitOk(context, emailReportFields());
    const response = await deleteReport(context, id, '12');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.delete_password).toEqual([reportMessages.deletePasswordFormat]);
  });

  it('answers 404 for an unknown report', async () => {
    const response = await deleteReport(context, 'AAAAAAAAAAAAAAAAAAAAAA', '1234');
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(reportMessages.detailNotFound);
  });

  it('answers 419 without a CSRF token', async () => {
    const id = await submitOk(context, emailReportFields());
    const response = await context.app.inject({ method: 'DELETE', url: `/api/phishing-reports/${id}`, payload: { delete_password: '1234' } });
    expect(response.statusCode).toBe(419);
    expect(await detailStatus(id)).toBe(200);
  });
});
