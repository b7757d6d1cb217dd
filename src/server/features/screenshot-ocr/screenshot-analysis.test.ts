import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commonMessages, reportMessages } from '../../../common/messages';
import { multipartPayload, type Upload } from '../../test/report-factories';
import { failingAnalyzer } from '../../test/screenshot-analyzer-doubles';
import { createTestApp, type TestContext, withCsrf } from '../../test/test-app';
import { createScreenshotAnalyzer } from './screenshot-analyzer';
import type { ScreenshotAnalyzer } from './screenshot-ocr.types';

const FIXTURES = path.resolve('tests/fixtures/screenshots');
const fixture = (file: string) => fs.readFileSync(path.join(FIXTURES, file));
const URL_PATH = '/api/phishing-reports/analyze-screenshot';

async function analyze(context: TestContext, upload?: Upload, fields: Record<string, string> = {}, headers: Record<string, string> = {}) {
  const { payload, headers: multipartHeaders } = await multipartPayload(fields, upload);
  return context.app.inject(withCsrf(context, { method: 'POST', url: URL_PATH, payload, headers: { ...multipartHeaders, ...headers } }));
}

let analyzer: ScreenshotAnalyzer;
let context: TestContext;
beforeAll(async () => {
  analyzer = createScreenshotAnalyzer({ size: 1, queueLimit: 4, queueTimeoutMs: 60_000 });
  await analyzer.warmUp();
  context = await createTestApp({ RATE_LIMIT_SCREENSHOT_ANALYZE: '1000' }, { screenshotAnalyzer: analyzer });
}, 120_000);
afterAll(async () => {
  await context.close();
  await analyzer.close();
});

describe('POST /api/phishing-reports/analyze-screenshot', () => {
  it('reads an SMS screenshot into the form fields', async () => {
    const response = await analyze(context, { content: fixture('d01_sms_ios.png') }, { fingerprint: 'device-1' });
    expect(response.statusCode).toBe(200);
    const { form_data } = response.json().data;
    expect(form_data.source_phone.replace(/\D/g, '')).toBe('09038172264');
    expect(form_data.source_email).toBeNull();
    expect(form_data.subject).toBeNull();
    expect(form_data.body.replace(/\s/g, '')).toContain('佐川急便より、お荷物のお届けに伺いましたが');
    expect(form_data.body).not.toMatch(/テキストメッセージ|迷惑メッセージ/);
  }, 60_000);

  it('reads an e-mail screenshot with its sender, subject and URL', async () => {
    const response = await analyze(context, { content: fixture('d14_email_outlook.png') });
    expect(response.statusCode).toBe(200);
    const { form_data } = response.json().data;
    expect(form_data.source_email).toBe('support@sbisec-notice.example');
    expect(form_data.subject).toBe('【SBI証券】お客様情報の確認について');
    expect(form_data.source_phone).toBeNull();
    expect(form_data.body.replace(/\s/g, '')).toContain('https://sbisec-notice.example/kakunin/form?acc=6612');
  }, 60_000);

  it("auto-fills placeholders for the recipient's name and address, and keeps the sender and the phishing URL", async () => {
    const response = await analyze(context, { content: fixture('d02_email_desk.png') });
    expect(response.statusCode).toBe(200);
    const { form_data } = response.json().data;
    expect(form_data.source_email).toBe('account-update@amazon-co-jp.example');
    expect(form_data.body).toMatch(/^〇〇様\n/);
    expect(form_data.body).toContain('お客様のアカウント（受信者のメールアドレス）に登録されている');
    expect(form_data.body.replace(/\s/g, '')).toContain('https://amazon-co-jp.example/gp/css/payment/update?ref=em_0304');
    expect(JSON.stringify(form_data)).not.toMatch(/吉田|大輔|daisuke|yoshida/);
  }, 60_000);

  it('auto-fills a placeholder for the card number and the address the mail was sent to, and keeps the call-back number', async () => {
    const response = await analyze(context, { content: fixture('d06_email_desk_q66.jpg') });
    expect(response.statusCode).toBe(200);
    const { form_data } = response.json().data;
    expect(form_data.source_email).toBe('vpass-info@smbc-card.example');
    expect(form_data.body).toMatch(/ご利用カード: ?（カード番号）/);
    expect(form_data.body).toContain('（受信者のメールアドレス）宛にお送りしています');
    expect(form_data.body).toContain('0120-774-358');
    expect(JSON.stringify(form_data)).not.toMatch(/松本|拓也|matsumoto|4980|3127/);
  }, 60_000);

  it('answers 422 without a screenshot', async () => {
    const response = await analyze(context, undefined, { fingerprint: 'x' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ success: false, message: reportMessages.analyzeFailed });
  });

  it('answers 422 for a file that is not an image, judged by its bytes', async () => {
    const response = await analyze(context, { content: Buffer.from('%PDF-1.7 not an image'), filename: 'photo.png', type: 'image/png' });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(reportMessages.analyzeFailed);
  });

  it('answers 422 for a truncated image', async () => {
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#ffffff' } }).png().toBuffer();
    const response = await analyze(context, { content: png.subarray(0, 60) });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(reportMessages.analyzeFailed);
  });

  it('answers 413 over 10 MB', async () => {
    const response = await analyze(context, { content: Buffer.concat([fixture('d09_sms_ios_1x.png'), Buffer.alloc(10 * 1024 * 1024)]) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ success: false, message: reportMessages.submitTooLarge });
  });

  it('answers 419 without a CSRF token', async () => {
    const { payload, headers } = await multipartPayload({}, { content: fixture('d09_sms_ios_1x.png') });
    const response = await context.app.inject({ method: 'POST', url: URL_PATH, payload, headers });
    expect(response.statusCode).toBe(419);
  });

  it('gives a blank image empty fields rather than guesses', async () => {
    const blank = await sharp({ create: { width: 390, height: 844, channels: 3, background: '#ffffff' } }).png().toBuffer();
    const response = await analyze(context, { content: blank });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.form_data).toEqual({ source_email: null, source_phone: null, subject: null, body: '' });
  }, 60_000);
});

describe('analyze-screenshot limits and failures', () => {
  it('answers 429 with the Japanese message once a client has used its hourly allowance', async () => {
    const limited = await createTestApp({ RATE_LIMIT_SCREENSHOT_ANALYZE: '2' }, { screenshotAnalyzer: failingAnalyzer() });
    try {
      const bad = { content: Buffer.from('not an image') };
      expect((await analyze(limited, bad)).statusCode).toBe(422);
      expect((await analyze(limited, bad)).statusCode).toBe(422);
      const third = await analyze(limited, bad);
      expect(third.statusCode).toBe(429);
      expect(third.json()).toMatchObject({ success: false, message: reportMessages.analyzeRateLimited });
    } finally {
      await limited.close();
    }
  });

  it('answers 500 with the analysis message, without internals, when OCR breaks', async () => {
    const broken = await createTestApp({}, { screenshotAnalyzer: failingAnalyzer('tesseract worker crashed at 0xdeadbeef') });
    try {
      const response = await analyze(broken, { content: fixture('d09_sms_ios_1x.png') });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ success: false, message: reportMessages.analyzeServerError });
      expect(response.body).not.toContain('deadbeef');
    } finally {
      await broken.close();
    }
  });

  it('refuses with 503 instead of queueing without bound when every worker is busy', async () => {
    const tiny = createScreenshotAnalyzer({ size: 1, queueLimit: 1, queueTimeoutMs: 60_000 });
    const busy = await createTestApp({ RATE_LIMIT_SCREENSHOT_ANALYZE: '1000' }, { screenshotAnalyzer: tiny });
    try {
      await tiny.warmUp();
      const image = { content: fixture('d02_email_desk.png') };
      const answers = await Promise.all([analyze(busy, image), analyze(busy, image), analyze(busy, image)]);
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses).toEqual([200, 200, 503]);
      const refused = answers.find((answer) => answer.statusCode === 503)!;
      expect(refused.json()).toEqual({ success: false, message: commonMessages.serviceUnavailable });
    } finally {
      await busy.close();
      await tiny.close();
    }
  }, 120_000);
});
