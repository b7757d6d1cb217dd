import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportMessages } from '../../../common/messages';
import { blankAnalyzer } from '../../test/screenshot-analyzer-doubles';
import { createTestApp, type TestContext } from '../../test/test-app';
import {
  emailReportFields,
  gifImage,
  jpegWithMetadata,
  pngWithMetadata,
  smsReportFields,
  submitOk,
  submitReport,
} from '../../test/report-factories';

let context: TestContext;
beforeAll(async () => {
  // Publishing runs OCR in the background; these tests are about the upload, so nothing is found.
  context = await createTestApp({ RATE_LIMIT_REPORT_SUBMIT: '1000' }, { screenshotAnalyzer: blankAnalyzer() });
});
afterAll(async () => {
  await context.app.screenshotPublisher.drain();
  await context.close();
});

const publicFiles = () =>
  ['redacted-screenshots', 'screenshot-thumbnails'].flatMap((folder) => {
    const dir = path.join(context.dataDir, 'storage', 'public', folder);
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  });

const getReport = async (reportId: string) => (await context.app.inject({ url: `/api/phishing-reports/${reportId}` })).json().data;

describe('POST /api/phishing-reports', () => {
  it('stores an e-mail report and answers with the message and an opaque id', async () => {
    const response = await submitReport(context, emailReportFields());
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({ success: true, data: { message: reportMessages.submitSuccess, report_id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/) } });
    const report = await getReport(body.data.report_id);
    expect(Object.keys(report).sort()).toEqual(
      ['body', 'phone_number', 'publish_screenshot', 'receipt_method', 'report_id', 'reported_at', 'screenshot_status', 'screenshot_url', 'similar_count', 'source_email', 'subject', 'thumbnail_url'].sort(),
    );
    expect(report).toMatchObject({
      receipt_method: 'email',
      subject: '【重要】アカウントの確認が必要です',
      source_email: 'security@amaz0n-support.example',
      phone_number: null,
      screenshot_url: null,
      thumbnail_url: null,
      publish_screenshot: false,
      screenshot_status: 'none',
      reported_at: '2026-11-21T12:00:00.000+09:00',
    });
  });

  it.each([
    ['+81 90-1234-5678', '090-1234-5678'],
    ['+819012345678', '09012345678'],
    ['０９０－１２３４－５６７８', '090-1234-5678'],
    ['090 1234 5678', '09012345678'],
    ['12345', '12345'],
  ])('normalises the SMS sender %s to %s', async (input, expected) => {
    const reportId = await submitOk(context, smsReportFields({ source_info: input }));
    expect(await getReport(reportId)).toMatchObject({ phone_number: expected, source_email: null, subject: null });
  });

  it('files an SMS sent from an e-mail address under source_email and ignores a subject', async () => {
    const reportId = await submitOk(context, smsReportFields({ source_info: 'info@docomo-pay.example', subject: 'ignored' }));
    expect(await getReport(reportId)).toMatchObject({ source_email: 'info@docomo-pay.example', phone_number: null, subject: null });
  });

  it('accepts a full-width delete password and strips control characters', async () => {
    const reportId = await submitOk(context, emailReportFields({ delete_password: '１２３４', body: 'a\u0000b\u202Ec\r\nd\u0007' }));
    expect((await getReport(reportId)).body).toBe('abc\nd');
  });

  it.each([
    ['email without sender', emailReportFields({ source_info: '' }), 'source_info', reportMessages.sourceEmailRequired],
    ['email with a phone as sender', emailReportFields({ source_info: '090-1234-5678' }), 'source_info', reportMessages.sourceEmailInvalid],
    ['email without subject', emailReportFields({ subject: '  ' }), 'subject', reportMessages.subjectRequired],
    ['email without body', emailReportFields({ body: '' }), 'body', reportMessages.bodyRequired],
    ['sms without sender', smsReportFields({ source_info: '' }), 'source_info', reportMessages.sourceSmsRequired],
    ['sms with nonsense sender', smsReportFields({ source_info: 'call me maybe' }), 'source_info', reportMessages.sourceSmsInvalid],
    ['sms without body', smsReportFields({ body: ' \n ' }), 'body', reportMessages.bodyRequired],
    ['unknown receipt method', emailReportFields({ receipt_method: 'fax' }), 'receipt_method', reportMessages.receiptMethodRequired],
    ['three-digit password', emailReportFields({ delete_password: '123' }), 'delete_password', reportMessages.deletePasswordFormat],
    ['password with a letter', emailReportFields({ delete_password: '12a4' }), 'delete_password', reportMessages.deletePasswordFormat],
    ['subject too long', emailReportFields({ subject: 'あ'.repeat(301) }), 'subject', reportMessages.tooLong(300)],
    ['body too long', emailReportFields({ body: 'x'.repeat(10_001) }), 'body', reportMessages.tooLong(10_000)],
  ])('answers 422 for %s', async (_name, fields, field, message) => {
    const response = await submitReport(context, fields);
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.success).toBe(false);
    expect(body.errors[field]).toContain(message);
    expect(typeof body.message).toBe('string');
  });

  it('refuses a file that only claims to be an image', async () => {
    const response = await submitReport(context, emailReportFields(), { content: Buffer.from('<?php echo 1; ?>'), filename: 'shot.png', type: 'image/png' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.screenshot).toEqual([reportMessages.screenshotType]);
  });

  it('refuses a truncated image', async () => {
    const png = await pngWithMetadata();
    const response = await submitReport(context, emailReportFields(), { content: png.subarray(0, 60) });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.screenshot).toBeDefined();
  });

  it('refuses a decompression bomb by its pixel count', async () => {
    const sharp = (await import('sharp')).default;
    const bomb = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: { r: 0, g: 0, b: 0 } } }).png({ compressionLevel: 9 }).toBuffer();
    const response = await submitReport(context, emailReportFields(), { content: bomb });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.screenshot).toEqual([reportMessages.screenshotTooManyPixels]);
  });

  it('answers 413 with the Japanese message for an image over 10 MB', async () => {
    const png = await pngWithMetadata();
    const oversized = Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)]);
    const response = await submitReport(context, emailReportFields(), { content: oversized });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ success: false, message: reportMessages.submitTooLarge });
  });

  it('publishes a re-encoded copy without metadata when asked, once the background redaction is done', async () => {
    const response = await submitReport(context, emailReportFields({ publish_screenshot: '1' }), { content: await pngWithMetadata() });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.message).toBe(`${reportMessages.submitSuccess}${reportMessages.screenshotPublishedAfterRedaction}`);
    await context.app.screenshotPublisher.drain();
    const report = await getReport(response.json().data.report_id);
    expect(report.publish_screenshot).toBe(true);
    expect(report.screenshot_url).toMatch(/^\/media\/redacted-screenshots\/[A-Za-z0-9_-]+\.png$/);
    expect(report.thumbnail_url).toMatch(/^\/media\/screenshot-thumbnails\/[A-Za-z0-9_-]+\.png$/);
    for (const url of [report.screenshot_url, report.thumbnail_url]) {
      const image = await context.app.inject({ url });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.rawPayload.includes(Buffer.from('SECRET-EXIF-MARKER'))).toBe(false);
    }
  });

  it.each([
    ['JPEG', jpegWithMetadata, /\.jpg$/],
    ['GIF', gifImage, /\.png$/],
  ])('accepts a %s screenshot', async (_name, make, extension) => {
    const reportId = await submitOk(context, smsReportFields({ publish_screenshot: '1' }), { content: await make(), filename: 'x.bin', type: 'application/octet-stream' });
    await context.app.screenshotPublisher.drain();
    const report = await getReport(reportId);
    expect(report.screenshot_url).toMatch(extension);
    expect(report.thumbnail_url).toMatch(extension);
    const image = await context.app.inject({ url: report.screenshot_url });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.includes(Buffer.from('SECRET-EXIF-MARKER'))).toBe(false);
  });

  it('keeps an unpublished screenshot private: no URL, nothing under public storage', async () => {
    await context.app.screenshotPublisher.drain();
    const before = publicFiles().length;
    const response = await submitReport(context, emailReportFields({ publish_screenshot: '0' }), { content: await pngWithMetadata() });
    expect(response.json().data.message).toBe(reportMessages.submitSuccess);
    await context.app.screenshotPublisher.drain();
    const report = await getReport(response.json().data.report_id);
    expect(report).toMatchObject({ screenshot_url: null, thumbnail_url: null, publish_screenshot: false });
    expect(publicFiles().length).toBe(before);
  });

  it('never serves a file outside the redacted screenshots and thumbnails', async () => {
    // The folder of the unredacted copies made before redaction existed is not served at all.
    const legacyName = 'aaaaaaaaaaaaaaaaaaaaaa.png';
    await context.storage.put(`public/screenshots/${legacyName}`, await pngWithMetadata());
    for (const url of [
      `/media/screenshots/${legacyName}`,
      '/media/redacted-screenshots/..%2F..%2Fapp-secret',
      '/media/redacted-screenshots/aaaaaaaaaaaaaaaaaaaa.png',
      '/media/screenshot-thumbnails/x.svg',
      '/media/screenshot-originals/aaaaaaaaaaaaaaaaaaaa.png',
    ]) {
      expect((await context.app.inject({ url })).statusCode).toBe(404);
    }
  });

  it('keeps user HTML as inert text', async () => {
    const body = '<script>alert(1)</script><img src=x onerror=alert(2)>';
    const reportId = await submitOk(context, smsReportFields({ body }));
    expect((await getReport(reportId)).body).toBe(body);
    const page = await context.app.inject({ url: `/phishing-reports/${reportId}`, headers: { accept: 'text/html' } });
    expect(page.body).not.toContain('<script>alert(1)</script>');
    expect(page.body).not.toContain('<img src=x');
    expect(page.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('answers 415 when the body is not multipart', async () => {
    const response = await context.app.inject({
      method: 'POST', url: '/api/phishing-reports', payload: emailReportFields(),
      headers: { cookie: context.csrf.cookie, ...context.csrf.header },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().success).toBe(false);
  });
});

describe("the recipient's personal data in published text", () => {
  const storedText = async (reportId: string) =>
    context.database.db.selectFrom('phishing_reports').select(['subject', 'body']).where('report_id', '=', reportId).executeTakeFirstOrThrow();

  it('stores and publishes placeholders for the name, own address, postal address and card, and keeps the sender and the URL', async () => {
    const reportId = await submitOk(
      context,
      emailReportFields({
        source_info: 'vpass-info@smbc-card.example',
        subject: '山田太郎様 カードご利用確認のお願い',
        body: [
          '山田太郎様',
          'いつも三井住友カードをご利用いただきありがとうございます。',
          'ご登録住所：〒150-0002 東京都渋谷区渋谷2丁目21-1 渋谷ハイツ305',
          'ご利用カード：4111 1111 1111 1111',
          '本メールは taro.yamada@mail.example 宛にお送りしています。',
          'https://smbc-card.example/vpass/confirm?ts=0307',
          'お問い合わせ：0120-774-358 / vpass-info@smbc-card.example',
        ].join('\n'),
      }),
    );
    const report = await getReport(reportId);
    expect(report.source_email).toBe('vpass-info@smbc-card.example');
    expect(report.subject).toBe('〇〇様 カードご利用確認のお願い');
    expect(report.body).toBe(
      [
        '〇〇様',
        'いつも三井住友カードをご利用いただきありがとうございます。',
        'ご登録住所：（住所）',
        'ご利用カード：（カード番号）',
        '本メールは （受信者のメールアドレス） 宛にお送りしています。',
        'hxxps://smbc-card[.]example/vpass/confirm?ts=0307',
        'お問い合わせ：0120-774-358 / vpass-info@smbc-card.example',
      ].join('\n'),
    );
    for (const gone of ['山田', '太郎', '渋谷', '150-0002', '4111', 'taro.yamada']) {
      expect(JSON.stringify(report)).not.toContain(gone);
    }
    // The database keeps the real URL for later analysis; only what is shown is defanged.
    const stored = await storedText(reportId);
    expect(stored.body).toContain('https://smbc-card.example/vpass/confirm?ts=0307');
    expect(stored.body).not.toMatch(/山田|4111|taro\.yamada|渋谷/);
    expect(stored.subject).toBe('〇〇様 カードご利用確認のお願い');

    const listed = (await context.app.inject({ url: '/api/phishing-reports?limit=100' })).json().data.reports;
    expect(listed.find((entry: { report_id: string }) => entry.report_id === reportId)).toEqual(report);
  });

  it('cleans a typed SMS body too, and leaves お客様 and 会員様 as they are', async () => {
    const reportId = await submitOk(
      context,
      smsReportFields({ body: '【楽天カード】佐藤 花子様 お客様のカード（会員様専用）のご利用を制限しました。ご登録の電話番号 090-1234-5678 宛にご連絡します。' }),
    );
    expect((await getReport(reportId)).body).toBe(
      '【楽天カード】〇〇様 お客様のカード（会員様専用）のご利用を制限しました。ご登録の電話番号 （電話番号） 宛にご連絡します。',
    );
  });
});
