import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reportMessages } from '../../../common/messages';
import { createTestApp, type TestContext } from '../../test/test-app';
import { clearReports, deleteReport, emailReportFields, smsReportFields, submitOk } from '../../test/report-factories';

let context: TestContext;
beforeAll(async () => {
  context = await createTestApp({ RATE_LIMIT_REPORT_SUBMIT: '1000' });
});
afterAll(() => context.close());
beforeEach(() => clearReports(context.database));

/** Submits n reports one minute apart, alternating e-mail and SMS; returns ids oldest first. */
async function seed(count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    context.clock.advance(60_000);
    const fields = index % 2 === 0 ? emailReportFields({ subject: `件名${index}` }) : smsReportFields({ body: `本文${index}` });
    ids.push(await submitOk(context, fields));
  }
  return ids;
}

const list = (query = '') => context.app.inject({ url: `/api/phishing-reports${query}` });

describe('GET /api/phishing-reports', () => {
  it('answers an empty page when there are no reports', async () => {
    const response = await list();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: { reports: [], pagination: { total: 0, limit: 20, offset: 0, has_more: false } } });
  });

  it('lists newest first with a default page of 20', async () => {
    const ids = await seed(23);
    const body = (await list()).json();
    expect(body.data.pagination).toEqual({ total: 23, limit: 20, offset: 0, has_more: true });
    expect(body.data.reports.map((report: { report_id: string }) => report.report_id)).toEqual(ids.slice().reverse().slice(0, 20));
    const next = (await list('?offset=20')).json();
    expect(next.data.pagination).toEqual({ total: 23, limit: 20, offset: 20, has_more: false });
    expect(next.data.reports.map((report: { report_id: string }) => report.report_id)).toEqual(ids.slice(0, 3).reverse());
  });

  it('returns the same order from both ends of the list (every offset)', async () => {
    const ids = await seed(17);
    const newestFirst = ids.slice().reverse();
    for (let offset = 0; offset <= 17; offset += 1) {
      for (const limit of [1, 4, 7]) {
        const body = (await list(`?limit=${limit}&offset=${offset}`)).json();
        expect(body.data.reports.map((report: { report_id: string }) => report.report_id)).toEqual(newestFirst.slice(offset, offset + limit));
        expect(body.data.pagination.has_more).toBe(offset + limit < 17);
      }
    }
  });

  it('filters by receipt method and counts only that method', async () => {
    await seed(9);
    const email = (await list('?receipt_method=email')).json().data;
    const sms = (await list('?receipt_method=sms&limit=2&offset=3')).json().data;
    expect(email.pagination.total).toBe(5);
    expect(email.reports.every((report: { receipt_method: string }) => report.receipt_method === 'email')).toBe(true);
    expect(sms.pagination).toEqual({ total: 4, limit: 2, offset: 3, has_more: false });
    expect(sms.reports).toHaveLength(1);
    expect(sms.reports[0].receipt_method).toBe('sms');
  });

  it.each(['?limit=0', '?limit=101', '?limit=abc', '?offset=-1', '?offset=1.5', '?receipt_method=fax'])('answers 422 for %s', async (query) => {
    const response = await list(query);
    expect(response.statusCode).toBe(422);
    expect(response.json().success).toBe(false);
  });

  it('accepts the maximum limit of 100', async () => {
    await seed(2);
    expect((await list('?limit=100')).json().data.pagination.limit).toBe(100);
  });
});

describe('list caching', () => {
  it('never serves a cached page after a report is added or deleted, even through another instance', async () => {
    const other = await createTestApp({ RATE_LIMIT_REPORT_SUBMIT: '1000', RATE_LIMIT_REPORT_DELETE: '1000' });
    try {
      const [first] = await seed(1);
      expect((await list()).json().data.pagination.total).toBe(1);
      expect((await list()).json().data.pagination.total).toBe(1);

      other.clock.set(new Date(context.clock.now().getTime() + 60_000));
      const added = await submitOk(other, smsReportFields({ delete_password: '4321' }));
      const afterInsert = (await list()).json().data;
      expect(afterInsert.pagination.total).toBe(2);
      expect(afterInsert.reports[0].report_id).toBe(added);

      expect((await deleteReport(other, added, '4321')).statusCode).toBe(200);
      const afterDelete = (await list()).json().data;
      expect(afterDelete.pagination.total).toBe(1);
      expect(afterDelete.reports.map((report: { report_id: string }) => report.report_id)).toEqual([first]);
    } finally {
      await other.close();
    }
  });
});

describe('GET /api/phishing-reports/:id', () => {
  it('answers the report', async () => {
    const [id] = await seed(1);
    const response = await context.app.inject({ url: `/api/phishing-reports/${id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, data: { report_id: id, receipt_method: 'email', subject: '件名0' } });
  });

  it.each(['AAAAAAAAAAAAAAAAAAAAAA', 'short', '..%2F..%2Fetc'])('answers 404 with the message for %s', async (id) => {
    const response = await context.app.inject({ url: `/api/phishing-reports/${id}` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: reportMessages.detailNotFound });
  });
});
