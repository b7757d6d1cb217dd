import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reportMessages } from '../../../common/messages';
import { createTestApp, type TestContext } from '../../test/test-app';
import { clearReports, deleteReport, emailReportFields, smsReportFields, submitOk } from '../../test/report-factories';
import { PhishingReportsRepository } from './phishing-reports.repo';

/** Operator moderation (issue 13): a hidden report is in no public answer, and every counter agrees. */

let context: TestContext;
let repo: PhishingReportsRepository;
beforeAll(async () => {
  context = await createTestApp({ RATE_LIMIT_REPORT_SUBMIT: '1000', RATE_LIMIT_REPORT_DELETE: '1000' });
  repo = new PhishingReportsRepository(context.database.db);
});
afterAll(() => context.close());
beforeEach(() => clearReports(context.database));

const list = async (query = '') => {
  const response = await context.app.inject({ url: `/api/phishing-reports${query}` });
  expect(response.statusCode).toBe(200);
  return response.json().data as { reports: Array<{ report_id: string; similar_count: number }>; pagination: { total: number } };
};
const ids = (page: { reports: Array<{ report_id: string }> }) => page.reports.map((report) => report.report_id);
const detail = (reportId: string) => context.app.inject({ url: `/api/phishing-reports/${reportId}` });
const hide = (reportId: string) => repo.setHidden(reportId, { at: context.clock.now(), reason: '個人情報が含まれている' });

async function submitAt(fields: Record<string, string>): Promise<string> {
  context.clock.advance(60_000);
  return submitOk(context, fields);
}

describe('setHidden', () => {
  it('removes a report from the list, the counts, the detail and its page at once, and restore brings it back', async () => {
    const sms = await submitAt(smsReportFields());
    const email = await submitAt(emailReportFields());
    // Asked once before hiding, so a cached page would be served if the revision did not move.
    expect(ids(await list())).toEqual([email, sms]);
    expect((await list('?receipt_method=sms')).pagination.total).toBe(1);

    expect(await hide(sms)).toBe(true);
    const after = await list();
    expect(ids(after)).toEqual([email]);
    expect(after.pagination.total).toBe(1);
    const smsOnly = await list('?receipt_method=sms');
    expect(smsOnly.reports).toEqual([]);
    expect(smsOnly.pagination.total).toBe(0);
    const missing = await detail(sms);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, message: reportMessages.detailNotFound });
    expect((await context.app.inject({ url: `/phishing-reports/${sms}` })).statusCode).toBe(404);
    expect((await context.app.inject({ url: `/phishing-reports/${email}` })).statusCode).toBe(200);

    expect(await hide(sms)).toBe(false);
    expect(await repo.setHidden(sms, null)).toBe(true);
    expect(await repo.setHidden(sms, null)).toBe(false);
    expect(ids(await list())).toEqual([email, sms]);
    expect((await list('?receipt_method=sms')).pagination.total).toBe(1);
    expect((await detail(sms)).statusCode).toBe(200);
  });

  it('answers false for a report that does not exist', async () => {
    expect(await hide('no-such-report-aaaaaaaa')).toBe(false);
    expect(await repo.setHidden('no-such-report-aaaaaaaa', null)).toBe(false);
  });

  it('keeps the hidden reason and time on the row for the audit', async () => {
    const reportId = await submitAt(smsReportFields());
    await hide(reportId);
    const row = await context.database.db.selectFrom('phishing_reports').select(['hidden_at', 'hidden_reason']).where('report_id', '=', reportId).executeTakeFirstOrThrow();
    expect(new Date(row.hidden_at as string | Date).toISOString()).toBe(context.clock.now().toISOString());
    expect(row.hidden_reason).toBe('個人情報が含まれている');
    await repo.setHidden(reportId, null);
    const restored = await context.database.db.selectFrom('phishing_reports').select(['hidden_at', 'hidden_reason']).where('report_id', '=', reportId).executeTakeFirstOrThrow();
    expect(restored).toEqual({ hidden_at: null, hidden_reason: null });
  });

  it('keeps the similar count of the other reports in the group right', async () => {
    const first = await submitAt(smsReportFields({ source_info: '090-1111-2222' }));
    const second = await submitAt(smsReportFields({ source_info: '09011112222' }));
    const third = await submitAt(smsReportFields({ source_info: '+81 90-1111-2222' }));
    const other = await submitAt(smsReportFields({ source_info: '080-9999-0000', body: '別の本文です' }));
    const counts = async () => Object.fromEntries((await list()).reports.map((report) => [report.report_id, report.similar_count]));
    expect(await counts()).toEqual({ [first]: 2, [second]: 2, [third]: 2, [other]: 0 });

    await hide(second);
    expect(await counts()).toEqual({ [first]: 1, [third]: 1, [other]: 0 });
    expect((await detail(first)).json().data.similar_count).toBe(1);

    await repo.setHidden(second, null);
    expect(await counts()).toEqual({ [first]: 2, [second]: 2, [third]: 2, [other]: 0 });
  });

  it('is not deleted with the public password, and deleting it for good changes no public total', async () => {
    const reportId = await submitAt(smsReportFields());
    const kept = await submitAt(smsReportFields());
    await hide(reportId);
    expect((await deleteReport(context, reportId, '5678')).statusCode).toBe(404);

    const row = await context.database.db.selectFrom('phishing_reports').select('id').where('report_id', '=', reportId).executeTakeFirstOrThrow();
    expect(await repo.deleteById(Number(row.id))).toEqual([]);
    const page = await list();
    expect(ids(page)).toEqual([kept]);
    expect(page.pagination.total).toBe(1);
    expect(page.reports[0]?.similar_count).toBe(0);
  });
});
