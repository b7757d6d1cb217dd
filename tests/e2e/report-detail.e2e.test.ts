import { describe, expect, it } from 'vitest';
import { emailReport, japaneseDateTime, smsReport } from './support/api';
import { DESKTOP, PHONE, saveScreenshot } from './support/browser';
import { useE2EEnvironment } from './support/e2e';
import { detailPath, INDEX_PATH, reportDetail, reportLinkOf, reportList, waitForListSettled } from './support/report-pages';

/** SPEC §2.7: the detail page, including the server-rendered content that works without JavaScript. */
const env = useE2EEnvironment();

describe('report detail without JavaScript', () => {
  it('shows the subject, sender, date and body as plain text', async () => {
    const subject = '【重要】<b>お支払い情報</b>の更新のお願い';
    const body = '平素よりご利用いただきありがとうございます。\n<script>alert(1)</script> お支払い情報の確認が必要です。';
    const reportId = await env.api.createReport(emailReport({ subject, body, source_info: 'billing@netflix-account.example' }));
    const saved = await env.api.getReport(reportId);

    const { page } = await env.open(PHONE, { javaScriptEnabled: false });
    const response = await page.goto(detailPath(reportId));
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { name: 'フィッシングメールの報告', level: 1 }).waitFor();
    const main = page.getByRole('main');
    expect(await main.getByText(subject, { exact: true }).isVisible()).toBe(true);
    expect(await main.getByText('billing@netflix-account.example', { exact: true }).isVisible()).toBe(true);
    expect(await main.getByText(japaneseDateTime(saved.reported_at), { exact: true }).isVisible()).toBe(true);
    const bodyText = main.getByText('お支払い情報の確認が必要です。');
    expect(await bodyText.isVisible()).toBe(true);
    expect(await bodyText.textContent()).toBe(body);
    expect(await main.locator('b, script').count()).toBe(0);
    expect(await main.getByRole('link', { name: '報告一覧へ' }).getAttribute('href')).toBe(`${INDEX_PATH}#report-list`);
    // Without JavaScript axe cannot run in the page; accessibility.e2e.test.ts checks this server rendering.
    await saveScreenshot(page, 'detail-no-js-390px');
  });

  it('shows an SMS report body and says when a report does not exist', async () => {
    const body = '【国税庁】未払いの税金があります。本日中にお支払いください。';
    const reportId = await env.api.createReport(smsReport({ body, source_info: '070-1111-2222' }));
    const { page } = await env.open(DESKTOP, { javaScriptEnabled: false });
    await page.goto(detailPath(reportId));
    await page.getByRole('heading', { name: '詐欺SMSの報告', level: 1 }).waitFor();
    expect(await page.getByRole('main').getByText(body, { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('main').getByText('070-1111-2222', { exact: true }).isVisible()).toBe(true);

    const missing = await page.goto(detailPath('AAAAAAAAAAAAAAAAAAAAAA'));
    expect(missing?.status()).toBe(404);
    await page.getByRole('heading', { name: 'フィッシング情報が見つかりませんでした。' }).waitFor();
  });
});

describe('report detail with JavaScript', () => {
  it('goes back to the list with 一覧に戻る after coming from the list', async () => {
    const reportId = await env.api.createReport(emailReport({ subject: '戻るボタン確認' }));
    const { page } = await env.open(DESKTOP);
    await page.goto(INDEX_PATH);
    await waitForListSettled(page);
    await reportLinkOf(reportList(page).rowFor(reportId)).click();
    await page.waitForURL((url) => url.pathname === detailPath(reportId));
    const detail = reportDetail(page);
    expect((await detail.subject.textContent())?.trim()).toBe('戻るボタン確認');
    await detail.back.click();
    await page.waitForURL((url) => url.pathname === INDEX_PATH);
    await waitForListSettled(page);
    expect(await reportList(page).rowFor(reportId).count()).toBe(1);
  });
});
