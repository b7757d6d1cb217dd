import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commonMessages } from '../../../common/messages';
import { operatorMessages } from '../../../common/operator-messages';
import { callApi } from '../../test/account-factories';
import { signedInOperator } from '../../test/operator-factories';
import { emailReportFields, submitOk } from '../../test/report-factories';
import { createTestApp, type TestContext, withCsrf } from '../../test/test-app';

/** The public 「不適切な報告を通知」 (issue 13, part 3): CSRF-protected, rate-limited, only for visible reports. */
describe('POST /api/phishing-reports/:id/flags', () => {
  let context: TestContext;
  let reportId: string;
  beforeAll(async () => {
    context = await createTestApp({ RATE_LIMIT_REPORT_FLAG: '4', RATE_LIMIT_LOGIN: '1000' });
    reportId = await submitOk(context, emailReportFields());
  });
  afterAll(() => context.close());

  const flag = (id: string, payload: Record<string, unknown>, ip = '203.0.113.50') =>
    context.app.inject(withCsrf(context, { method: 'POST', url: `/api/phishing-reports/${id}/flags`, payload, remoteAddress: ip }));

  it('records a flag with its reason and comment', async () => {
    const response = await flag(reportId, { reason: 'personal_info', comment: '  電話番号が載っています  ' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ success: true, data: { message: operatorMessages.flagReceived } });
    const rows = await context.database.db.selectFrom('phishing_report_flags').selectAll().execute();
    expect(rows).toEqual([expect.objectContaining({ reason: 'personal_info', comment: '電話番号が載っています', resolved_at: null })]);
    // The client's address is kept only as a keyed digest.
    expect(rows[0]!.ip_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('needs the CSRF token', async () => {
    const response = await context.app.inject({ method: 'POST', url: `/api/phishing-reports/${reportId}/flags`, payload: { reason: 'spam' }, remoteAddress: '203.0.113.60' });
    expect(response.statusCode).toBe(419);
    expect(response.json().message).toBe(commonMessages.csrfMismatch);
  });

  it('validates the reason and the comment in Japanese', async () => {
    const unknownReason = await flag(reportId, { reason: 'boring' }, '203.0.113.61');
    expect(unknownReason.statusCode).toBe(422);
    expect(unknownReason.json().errors.reason).toEqual([operatorMessages.flagReasonRequired]);
    const longComment = await flag(reportId, { reason: 'other', comment: 'あ'.repeat(501) }, '203.0.113.61');
    expect(longComment.statusCode).toBe(422);
    expect(longComment.json().errors.comment).toEqual([operatorMessages.flagCommentTooLong]);
  });

  it('answers 404 for an unknown or hidden report', async () => {
    expect((await flag('A'.repeat(22), { reason: 'spam' }, '203.0.113.62')).statusCode).toBe(404);
    expect((await flag('short', { reason: 'spam' }, '203.0.113.62')).statusCode).toBe(404);
    const operator = await signedInOperator(context);
    const hidden = await submitOk(context, emailReportFields());
    expect((await callApi(context, { method: 'POST', url: `/api/operator/reports/${hidden}/hide`, token: operator.token, payload: { reason: 'テスト' } })).statusCode).toBe(200);
    const response = await flag(hidden, { reason: 'spam' }, '203.0.113.62');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: operatorMessages.reportNotFound });
  });

  it('limits flags per client (RATE_LIMIT_REPORT_FLAG an hour)', async () => {
    for (let attempt = 1; attempt <= 4; attempt += 1) expect((await flag(reportId, { reason: 'spam' }, '203.0.113.99')).statusCode).toBe(201);
    const limited = await flag(reportId, { reason: 'spam' }, '203.0.113.99');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ success: false, message: operatorMessages.flagRateLimited });
    expect((await flag(reportId, { reason: 'spam' }, '203.0.113.100')).statusCode).toBe(201);
  });
});
