import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportMessages } from '../../../common/messages';
import { operatorMessages } from '../../../common/operator-messages';
import { callApi, createAccount } from '../../test/account-factories';
import { signedInOperator } from '../../test/operator-factories';
import { emailReportFields, smsReportFields, submitOk } from '../../test/report-factories';
import { blankAnalyzer } from '../../test/screenshot-analyzer-doubles';
import { createTestApp, type TestContext, withCsrf } from '../../test/test-app';
import type { ScreenshotAnalyzer } from '../screenshot-ocr/screenshot-ocr.types';

/**
 * Issue 13, part 3: operators hide, restore, redact again, dismiss flags and delete for good;
 * every action lands in the append-only audit log with the change it records.
 */
/** Finds nothing to black out; a test may hold an analysis back (`gate`) to act while redaction is under way. */
const blank = blankAnalyzer();
const analyzer: ScreenshotAnalyzer & { gate: Promise<void> | null } = {
  gate: null,
  analyze: async (image) => {
    if (analyzer.gate) await analyzer.gate;
    return blank.analyze(image);
  },
  warmUp: blank.warmUp,
  close: blank.close,
};

describe('moderation of Kizuki DB reports', () => {
  let context: TestContext;
  let operator: { email: string; token: string };
  let png: Buffer;
  beforeAll(async () => {
    context = await createTestApp({ RATE_LIMIT_LOGIN: '1000', RATE_LIMIT_REPORT_SUBMIT: '1000', RATE_LIMIT_REPORT_FLAG: '1000' }, { screenshotAnalyzer: analyzer });
    operator = await signedInOperator(context);
    png = await sharp({ create: { width: 320, height: 480, channels: 3, background: '#fafafa' } }).png().toBuffer();
  });
  afterAll(() => context.close());

  const asOperator = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
    callApi(context, { method, url, token: operator.token, ...(payload ? { payload } : {}) });
  const flag = (reportId: string, reason: string, ip: string, comment?: string) =>
    context.app.inject(withCsrf(context, { method: 'POST', url: `/api/phishing-reports/${reportId}/flags`, payload: { reason, ...(comment ? { comment } : {}) }, remoteAddress: ip }));
  const row = (reportId: string) =>
    context.database.db.selectFrom('phishing_reports').select(['id', 'screenshot_status', 'screenshot_key', 'thumbnail_key', 'original_key', 'screenshot_job_id', 'hidden_at']).where('report_id', '=', reportId).executeTakeFirst();
  const publicIds = async (query = '') => ((await context.app.inject({ method: 'GET', url: `/api/phishing-reports?limit=100${query}` })).json().data.reports as Array<{ report_id: string }>).map((report) => report.report_id);

  async function publishedReport(subject: string): Promise<string> {
    const reportId = await submitOk(context, { ...emailReportFields({ subject }), publish_screenshot: '1' }, { content: png });
    await context.app.screenshotPublisher.drain();
    expect((await row(reportId))?.screenshot_status).toBe('published');
    return reportId;
  }

  it('lists flagged reports first with their reasons, then every report newest first', async () => {
    const flagged = await submitOk(context, emailReportFields({ subject: '【要対応】口座の確認（通知あり）' }));
    context.clock.advance(1000);
    const newer = await submitOk(context, smsReportFields());
    expect((await flag(flagged, 'personal_info', '203.0.113.1', '私の名前が写っています')).statusCode).toBe(201);
    expect((await flag(flagged, 'spam', '203.0.113.2')).statusCode).toBe(201);
    // The same client again is not counted twice.
    expect((await flag(flagged, 'other', '203.0.113.2')).statusCode).toBe(201);

    const allResponse = await asOperator('GET', '/api/operator/reports?limit=100');
    expect(allResponse.statusCode, allResponse.body).toBe(200);
    expect(allResponse.headers['cache-control']).toBe('no-store');
    const all = allResponse.json().data;
    expect(all.reports[0]).toMatchObject({ report_id: flagged, open_flag_count: 2, flag_reasons: ['personal_info', 'spam'], hidden_at: null, subject: '【要対応】口座の確認（通知あり）' });
    expect(all.reports[1]).toMatchObject({ report_id: newer, open_flag_count: 0, flag_reasons: [], receipt_method: 'sms' });
    expect(all.pagination).toEqual({ total: all.reports.length, limit: 100, offset: 0 });
    // Page by page, the same order (the flagged part and the rest meet at the right place).
    const paged: string[] = [];
    for (let offset = 0; offset < all.pagination.total; offset += 1) {
      const page = (await asOperator('GET', `/api/operator/reports?limit=1&offset=${offset}`)).json().data;
      expect(page.pagination.total).toBe(all.pagination.total);
      paged.push(...page.reports.map((report: { report_id: string }) => report.report_id));
    }
    expect(paged).toEqual(all.reports.map((report: { report_id: string }) => report.report_id));

    const onlyFlagged = (await asOperator('GET', '/api/operator/reports?status=flagged')).json().data;
    expect(onlyFlagged.reports.map((report: { report_id: string }) => report.report_id)).toEqual([flagged]);
    const searched = (await asOperator('GET', `/api/operator/reports?q=${encodeURIComponent('通知あり')}`)).json().data;
    expect(searched.reports.map((report: { report_id: string }) => report.report_id)).toEqual([flagged]);
    // As the public search: width and hyphens in a phone number do not matter.
    const byPhone = (await asOperator('GET', `/api/operator/reports?q=${encodeURIComponent('０９０－１２３４－５６７８')}`)).json().data;
    expect(byPhone.reports.map((report: { report_id: string }) => report.report_id)).toContain(newer);
    expect(byPhone.reports.map((report: { report_id: string }) => report.report_id)).not.toContain(flagged);

    const detail = (await asOperator('GET', `/api/operator/reports/${flagged}`)).json().data;
    expect(detail.flags).toEqual([
      { id: expect.any(Number), reason: 'spam', comment: null, created_at: expect.any(String), resolved_at: null },
      { id: expect.any(Number), reason: 'personal_info', comment: '私の名前が写っています', created_at: expect.any(String), resolved_at: null },
    ]);
    expect(detail.report).toMatchObject({ report_id: flagged, has_original: false, redacted_image_url: null, hidden_at: null });
    expect(JSON.stringify(detail)).not.toMatch(/ip_hash|203\.0\.113/);
  });

  it('serves the private original to operators only, never cached', async () => {
    const reportId = await publishedReport('原本の確認');
    const original = await asOperator('GET', `/api/operator/reports/${reportId}/original`);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/png');
    expect(original.headers['cache-control']).toBe('no-store');
    expect(original.headers['x-robots-tag']).toBe('noindex');
    const stored = await context.storage.get((await row(reportId))!.original_key!);
    expect(original.rawPayload.equals(stored!)).toBe(true);

    const tenant = await createAccount(context);
    expect((await callApi(context, { method: 'GET', url: `/api/operator/reports/${reportId}/original`, token: tenant.token })).statusCode).toBe(401);
    expect((await context.app.inject({ method: 'GET', url: `/api/operator/reports/${reportId}/original` })).statusCode).toBe(401);
    const textOnly = await submitOk(context, smsReportFields());
    const none = await asOperator('GET', `/api/operator/reports/${textOnly}/original`);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(operatorMessages.originalNotFound);
  });

  it('hides a report from every public answer at once, deletes its public images and resolves its flags, then restores it', async () => {
    const reportId = await publishedReport('非公開にする報告 固有語ヒミツ');
    expect((await flag(reportId, 'personal_info', '198.51.100.7')).statusCode).toBe(201);
    const before = (await row(reportId))!;
    expect(await context.storage.get(before.screenshot_key!)).not.toBeNull();
    expect(await publicIds()).toContain(reportId);
    expect(await publicIds(`&q=${encodeURIComponent('固有語ヒミツ')}`)).toEqual([reportId]);

    const noReason = await asOperator('POST', `/api/operator/reports/${reportId}/hide`, { reason: '  ' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.reason).toEqual([operatorMessages.reasonRequired]);
    expect((await asOperator('POST', `/api/operator/reports/${reportId}/hide`, { reason: 'x'.repeat(501) })).statusCode).toBe(422);

    const hidden = await asOperator('POST', `/api/operator/reports/${reportId}/hide`, { reason: '受信者の氏名が写っているため' });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json().data.report).toMatchObject({ report_id: reportId, hidden_at: expect.stringMatching(/\+09:00$/), hidden_reason: '受信者の氏名が写っているため', screenshot_status: 'private', screenshot_url: null, redacted_image_url: null, has_original: true });

    // Gone from every public answer.
    const detail = await context.app.inject({ method: 'GET', url: `/api/phishing-reports/${reportId}` });
    expect(detail.statusCode).toBe(404);
    expect(detail.json().message).toBe(reportMessages.detailNotFound);
    expect(await publicIds()).not.toContain(reportId);
    expect(await publicIds(`&q=${encodeURIComponent('固有語ヒミツ')}`)).toEqual([]);
    expect((await context.app.inject({ method: 'GET', url: `/phishing-reports/${reportId}` })).statusCode).toBe(404);
    expect((await flag(reportId, 'spam', '198.51.100.8')).statusCode).toBe(404);
    // Its public images are deleted; the private original stays for the operators.
    expect(await context.storage.get(before.screenshot_key!)).toBeNull();
    expect(await context.storage.get(before.thumbnail_key!)).toBeNull();
    expect(await context.storage.get(before.original_key!)).not.toBeNull();
    const media = await context.app.inject({ method: 'GET', url: `/media/${before.screenshot_key!.slice('public/'.length)}` });
    expect(media.statusCode).toBe(404);

    const operatorView = (await asOperator('GET', `/api/operator/reports/${reportId}`)).json().data;
    expect(operatorView.flags.every((entry: { resolved_at: string | null }) => entry.resolved_at !== null)).toBe(true);
    expect(operatorView.audit).toEqual([{ id: expect.any(Number), operator_email: operator.email, action: 'hide', report_id: reportId, invoice_id: null, invoice_number: null, tenant_id: null, reason: '受信者の氏名が写っているため', created_at: expect.any(String) }]);
    expect((await asOperator('GET', '/api/operator/reports?status=hidden')).json().data.reports.map((report: { report_id: string }) => report.report_id)).toContain(reportId);
    // The operators' search still finds it.
    expect((await asOperator('GET', `/api/operator/reports?q=${encodeURIComponent('固有語ヒミツ')}`)).json().data.reports.map((report: { report_id: string }) => report.report_id)).toEqual([reportId]);

    const twice = await asOperator('POST', `/api/operator/reports/${reportId}/hide`, { reason: 'もう一度' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(operatorMessages.alreadyHidden);

    // Restore: public again, and the image comes back once redacted again from the original.
    const restored = await asOperator('POST', `/api/operator/reports/${reportId}/restore`, { reason: '氏名は写っていなかった' });
    expect(restored.statusCode).toBe(200);
    expect(restored.json().data.report).toMatchObject({ hidden_at: null, hidden_reason: null, screenshot_status: 'pending' });
    expect((await context.app.inject({ method: 'GET', url: `/api/phishing-reports/${reportId}` })).statusCode).toBe(200);
    expect(await publicIds()).toContain(reportId);
    await context.app.screenshotPublisher.drain();
    const republished = (await context.app.inject({ method: 'GET', url: `/api/phishing-reports/${reportId}` })).json().data;
    expect(republished.screenshot_url).toMatch(/^\/media\/redacted-screenshots\//);
    expect(republished.screenshot_url).not.toBe(`/media/${before.screenshot_key!.slice('public/'.length)}`);

    const again = await asOperator('POST', `/api/operator/reports/${reportId}/restore`, { reason: '二回目' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(operatorMessages.notHidden);
    const actions = (await asOperator('GET', `/api/operator/audit-log?report_id=${reportId}`)).json().data.entries.map((entry: { action: string }) => entry.action);
    expect(actions).toEqual(['restore', 'hide']);
  });

  it('publishes nothing for a report hidden while its redaction is under way', async () => {
    const publicFiles = async () => {
      const keys: string[] = [];
      for (const folder of ['public/redacted-screenshots', 'public/screenshot-thumbnails']) for await (const file of context.storage.list(folder)) keys.push(file.key);
      return keys.sort();
    };
    const before = await publicFiles();
    let release!: () => void;
    analyzer.gate = new Promise((resolve) => {
      release = resolve;
    });
    try {
      const reportId = await submitOk(context, { ...emailReportFields({ subject: '黒塗り中に非公開' }), publish_screenshot: '1' }, { content: png });
      expect((await row(reportId))?.screenshot_status).toBe('pending');
      const hidden = await asOperator('POST', `/api/operator/reports/${reportId}/hide`, { reason: '黒塗りの完了を待たずに非公開' });
      expect(hidden.json().data.report).toMatchObject({ screenshot_status: 'private', hidden_at: expect.any(String) });
      release();
      await context.app.screenshotPublisher.drain();
      expect(await row(reportId)).toMatchObject({ screenshot_status: 'private', screenshot_key: null, thumbnail_key: null });
      expect(await publicFiles()).toEqual(before);
    } finally {
      analyzer.gate = null;
      release();
    }
  });

  it('re-runs redaction from the original through the publish_screenshot job', async () => {
    const reportId = await publishedReport('黒塗りをやり直す報告');
    const before = (await row(reportId))!;
    const response = await asOperator('POST', `/api/operator/reports/${reportId}/redact`, {});
    expect(response.statusCode).toBe(200);
    expect(response.json().data.report).toMatchObject({ screenshot_status: 'pending', screenshot_url: null });
    const after = (await row(reportId))!;
    expect(after.screenshot_job_id).not.toBe(before.screenshot_job_id);
    const job = await context.database.db.selectFrom('jobs').select(['kind', 'payload', 'status']).where('id', '=', after.screenshot_job_id!).executeTakeFirstOrThrow();
    expect(job.kind).toBe('publish_screenshot');
    expect(JSON.parse(job.payload)).toEqual({ reportId: Number(after.id) });
    // The old copy is withdrawn at once.
    expect(await context.storage.get(before.screenshot_key!)).toBeNull();
    await context.app.screenshotPublisher.drain();
    const done = (await row(reportId))!;
    expect(done.screenshot_status).toBe('published');
    expect(await context.storage.get(done.screenshot_key!)).not.toBeNull();
    const entry = (await asOperator('GET', `/api/operator/audit-log?report_id=${reportId}`)).json().data.entries[0];
    expect(entry).toMatchObject({ action: 'redact', reason: '' });

    const textOnly = await submitOk(context, smsReportFields());
    const refused = await asOperator('POST', `/api/operator/reports/${textOnly}/redact`, { reason: '試し' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(operatorMessages.noOriginal);
  });

  it('dismisses open flags without hiding', async () => {
    const reportId = await submitOk(context, smsReportFields());
    expect((await flag(reportId, 'not_phishing', '192.0.2.10')).statusCode).toBe(201);
    const dismissed = await asOperator('POST', `/api/operator/reports/${reportId}/flags/dismiss`, { reason: '実在の詐欺SMSと確認' });
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json().data.report.hidden_at).toBeNull();
    const listed = (await asOperator('GET', '/api/operator/reports?limit=100')).json().data.reports.find((report: { report_id: string }) => report.report_id === reportId);
    expect(listed).toMatchObject({ open_flag_count: 0, flag_reasons: [] });
    expect((await asOperator('POST', `/api/operator/reports/${reportId}/flags/dismiss`, { reason: '再度' })).statusCode).toBe(409);
    expect((await context.app.inject({ method: 'GET', url: `/api/phishing-reports/${reportId}` })).statusCode).toBe(200);
  });

  it('deletes a report for good, files and row, keeping the audit entry', async () => {
    const reportId = await publishedReport('完全に削除する報告');
    expect((await flag(reportId, 'defamation', '192.0.2.20')).statusCode).toBe(201);
    const before = (await row(reportId))!;
    const deleted = await asOperator('DELETE', `/api/operator/reports/${reportId}`, { reason: '投稿者本人からの削除依頼' });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ success: true });
    expect(await row(reportId)).toBeUndefined();
    for (const key of [before.screenshot_key, before.thumbnail_key, before.original_key]) expect(await context.storage.get(key!)).toBeNull();
    expect((await context.app.inject({ method: 'GET', url: `/api/phishing-reports/${reportId}` })).statusCode).toBe(404);
    expect((await asOperator('GET', `/api/operator/reports/${reportId}`)).statusCode).toBe(404);
    const flags = await context.database.db.selectFrom('phishing_report_flags').select('id').where('report_id', '=', Number(before.id)).execute();
    expect(flags).toEqual([]);
    const log = (await asOperator('GET', `/api/operator/audit-log?report_id=${reportId}`)).json().data;
    expect(log.entries).toEqual([expect.objectContaining({ action: 'delete', reason: '投稿者本人からの削除依頼', operator_email: operator.email })]);
    expect((await asOperator('DELETE', `/api/operator/reports/${reportId}`, { reason: '二回目' })).statusCode).toBe(404);
  });

  it('keeps the audit log append-only, whoever asks', async () => {
    const db = context.database.db;
    const entries = await db.selectFrom('operator_audit_log').selectAll().orderBy('id').execute();
    expect(entries.length).toBeGreaterThan(0);
    await expect(db.updateTable('operator_audit_log').set({ reason: '書き換え' }).execute()).rejects.toThrow(/append-only/);
    await expect(db.deleteFrom('operator_audit_log').execute()).rejects.toThrow(/append-only/);
    expect(await db.selectFrom('operator_audit_log').selectAll().orderBy('id').execute()).toEqual(entries);

    const page = (await asOperator('GET', '/api/operator/audit-log?limit=2')).json().data;
    expect(page.pagination).toEqual({ total: entries.length, limit: 2, offset: 0 });
    expect(page.entries.map((entry: { id: number }) => entry.id)).toEqual(entries.slice(-2).reverse().map((entry) => Number(entry.id)));
  });
});
