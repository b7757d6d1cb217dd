import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportMessages } from '../../../common/messages';
import { decodeEntities } from '../../test/html-text';
import { blankAnalyzer } from '../../test/screenshot-analyzer-doubles';
import { createTestApp, type TestContext } from '../../test/test-app';
import { emailReportFields, pngWithMetadata, smsReportFields, submitOk } from '../../test/report-factories';

let context: TestContext;
beforeAll(async () => {
  context = await createTestApp({ RATE_LIMIT_REPORT_SUBMIT: '1000', APP_URL: 'https://kizuki.example' });
});
afterAll(() => context.close());

const page = (url: string) => context.app.inject({ url, headers: { accept: 'text/html' } });

describe('host pages', () => {
  it('renders /phishing-reports with lang, CSRF meta, the containers and the built entry', async () => {
    const response = await page('/phishing-reports');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<html lang="ja">');
    expect(response.body).toMatch(/<meta name="csrf-token" content="[A-Za-z0-9_-]{43}">/);
    expect(response.body.indexOf('id="phishing-report-form-app"')).toBeLessThan(response.body.indexOf('id="phishing-report-list-app"'));
    expect(response.body).toContain('<script type="module" src="/assets/main-test.js"></script>');
    expect(response.body).toContain('<link rel="stylesheet" href="/assets/main-test.css">');
    expect(response.body).toContain('<link rel="canonical" href="https://kizuki.example/phishing-reports">');
  });

  it('renders a report detail readable without JavaScript, with its text in title and description', async () => {
    const id = await submitOk(context, emailReportFields({ subject: '【楽天】ご利用確認のお願い', body: 'お客様のカードが不正利用された可能性があります。\n至急ご確認ください。' }));
    const response = await page(`/phishing-reports/${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>「【楽天】ご利用確認のお願い」フィッシングメールの報告｜Kizuki DB</title>');
    expect(response.body).toMatch(/<meta name="description" content="フィッシングメールの報告（送信元: security@amaz0n-support.example）: お客様のカードが不正利用された可能性があります。 至急ご確認ください。">/);
    expect(response.body).toContain(`id="phishing-report-detail-app" data-report-id="${id}"`);
    expect(response.body).toContain('<p class="ssr-report__body">お客様のカードが不正利用された可能性があります。\n至急ご確認ください。</p>');
    const dataReport = /data-report="([^"]*)"/.exec(response.body)?.[1] ?? '';
    const decoded = JSON.parse(decodeEntities(dataReport));
    expect(decoded).toMatchObject({ report_id: id, subject: '【楽天】ご利用確認のお願い' });
  });

  it('links a report to its 同様の報告 (same sender) and the list back to its section', async () => {
    const first = await submitOk(context, smsReportFields({ source_info: '070-3333-9999', body: '同様の報告の確認 1' }));
    const second = await submitOk(context, smsReportFields({ source_info: '07033339999', body: '同様の報告の確認 2' }));
    const response = await page(`/phishing-reports/${second}`);
    expect(response.body).toContain(`<p><a href="/phishing-reports?similar_to=${second}#report-list">同様の報告 1件</a></p>`);
    expect(response.body).toContain('<a href="/phishing-reports#report-list">報告一覧へ</a>');
    const alone = await submitOk(context, smsReportFields({ source_info: '070-5555-1212', body: 'ひとつだけの報告' }));
    expect((await page(`/phishing-reports/${alone}`)).body).not.toContain('同様の報告');
    expect((await page(`/phishing-reports/${first}`)).body).toContain('同様の報告 1件');
  });

  it('shows URLs defanged and never as links, in the text, the title, the description and data-report', async () => {
    const id = await submitOk(
      context,
      emailReportFields({
        subject: '【重要】https://amaz0n-verify.example でご確認ください',
        body: 'お客様のアカウントに不審なログインがありました。\nhttps://amaz0n-verify.example/login?id=1 から確認してください。\nwww.amaz0n-help.example/faq も参照',
      }),
    );
    const response = await page(`/phishing-reports/${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(
      '<p class="ssr-report__body">お客様のアカウントに不審なログインがありました。\nhxxps://amaz0n-verify[.]example/login?id=1 から確認してください。\nwww[.]amaz0n-help[.]example/faq も参照</p>',
    );
    expect(response.body).toContain('<dt>件名</dt><dd>【重要】hxxps://amaz0n-verify[.]example でご確認ください</dd>');
    expect(response.body).toContain('<title>「【重要】hxxps://amaz0n-verify[.]example でご確認ください」フィッシングメールの報告｜Kizuki DB</title>');
    expect(response.body).not.toMatch(/amaz0n-(verify|help)\.example/);
    expect(response.body).not.toMatch(/<a [^>]*href="[^"]*amaz0n/);
    const dataReport = JSON.parse(decodeEntities(/data-report="([^"]*)"/.exec(response.body)?.[1] ?? ''));
    expect(dataReport.body).toContain('hxxps://amaz0n-verify[.]example/login?id=1');
  });

  it('uses an SMS body excerpt as the title and shows the sender', async () => {
    const id = await submitOk(context, smsReportFields({ source_info: '+81 80-1111-2222' }));
    const response = await page(`/phishing-reports/${id}`);
    expect(response.body).toContain('詐欺SMSの報告｜Kizuki DB</title>');
    expect(response.body).toContain('<dd>080-1111-2222</dd>');
  });

  it('answers 404 with a noindex page for an unknown report', async () => {
    const response = await page('/phishing-reports/AAAAAAAAAAAAAAAAAAAAAA');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<meta name="robots" content="noindex">');
    expect(response.body).toContain(reportMessages.detailNotFound);
    expect(response.body).toContain('id="phishing-report-detail-app" data-report-id="AAAAAAAAAAAAAAAAAAAAAA"');
  });

  it('escapes a hostile id in the path', async () => {
    const response = await page('/phishing-reports/%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<script>alert(1)</script>');
  });

  it('sends unknown pages under the reports to the login (SPEC §2.1), but keeps its own 404 for an unknown report', async () => {
    const response = await page('/phishing-reports/AAAAAAAAAAAAAAAAAAAAAA/extra');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/corporate/login');
    expect((await page('/phishing-reports/AAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
  });

  it('serves built assets with long-lived caching', async () => {
    const response = await context.app.inject({ url: '/assets/main-test.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });
});

describe('detail page with a published screenshot', () => {
  it('shows the redacted thumbnail, linked to the full redacted image, to readers without JavaScript', async () => {
    const withImages = await createTestApp({ RATE_LIMIT_REPORT_SUBMIT: '1000' }, { screenshotAnalyzer: blankAnalyzer() });
    try {
      const id = await submitOk(withImages, smsReportFields({ publish_screenshot: '1' }), { content: await pngWithMetadata() });
      await withImages.app.screenshotPublisher.drain();
      const report = (await withImages.app.inject({ url: `/api/phishing-reports/${id}` })).json().data;
      expect(report.screenshot_url).toMatch(/^\/media\//);
      const response = await withImages.app.inject({ url: `/phishing-reports/${id}`, headers: { accept: 'text/html' } });
      expect(response.body).toContain(`<a href="${report.screenshot_url}"><img class="ssr-report__screenshot" src="${report.thumbnail_url}"`);
    } finally {
      await withImages.app.screenshotPublisher.drain();
      await withImages.close();
    }
  });

  it('has no screenshot section when the report has no published image', async () => {
    const id = await submitOk(context, smsReportFields());
    expect((await page(`/phishing-reports/${id}`)).body).not.toContain('ssr-report__screenshot');
  });
});
