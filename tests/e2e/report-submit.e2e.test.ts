import { type Page, type Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkScreen } from './support/axe';
import { japaneseDate, japaneseDateTime } from './support/api';
import { DESKTOP, PHONE } from './support/browser';
import { useE2EEnvironment, viewportName } from './support/e2e';
import { eventually } from './support/eventually';
import { detailPath, fieldErrors, fillReportForm, INDEX_PATH, reportDetail, reportForm, reportLinkOf, reportList, type FormReport, type ReportFormLocators, waitForListSettled } from './support/report-pages';

/** SPEC §2.5, §4 (form reset), §2.6 (new report on top), §2.7 (detail), §5 (validation), §8 (errors). */
const env = useE2EEnvironment();

const isSubmit = (response: Response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/phishing-reports';

async function openForm(viewport: typeof PHONE): Promise<{ page: Page; form: ReportFormLocators; dialogs: string[] }> {
  const { page, dialogs } = await env.open(viewport);
  await page.goto(INDEX_PATH);
  const form = reportForm(page);
  await form.submit.waitFor();
  await waitForListSettled(page);
  return { page, form, dialogs };
}

/** Submits and returns the server's answer (message and new id), checking the success box shows that message. */
async function submitSuccessfully(page: Page, form: ReportFormLocators): Promise<{ message: string; reportId: string }> {
  const answer = page.waitForResponse(isSubmit);
  await form.submit.click();
  const response = await answer;
  expect(response.status()).toBe(201);
  const { data } = (await response.json()) as { data: { message: string; report_id: string } };
  await form.successBox.waitFor();
  expect(await form.successBox.getByText('報告完了', { exact: true }).isVisible()).toBe(true);
  expect(await form.successBox.getByText(data.message, { exact: true }).isVisible()).toBe(true);
  return { message: data.message, reportId: data.report_id };
}

/** SPEC §4: after success every field is reset and the receipt method is back on e-mail. */
async function expectFormReset(form: ReportFormLocators): Promise<void> {
  await eventually(() => form.emailTab.getAttribute('aria-selected')).toBe('true');
  expect(await form.smsTab.getAttribute('aria-selected')).toBe('false');
  expect(await form.emailSource.inputValue()).toBe('');
  expect(await form.subject.inputValue()).toBe('');
  expect(await form.body.inputValue()).toBe('');
  expect(await form.password.inputValue()).toBe('');
  expect(await form.agree.isChecked()).toBe(false);
  expect(await form.publishScreenshot.isChecked()).toBe(true);
  expect(await form.submit.isDisabled()).toBe(true);
}

describe.each([
  { name: viewportName(PHONE), viewport: PHONE },
  { name: viewportName(DESKTOP), viewport: DESKTOP },
])('report form at $name', ({ name, viewport }) => {
  it('reports an e-mail: success box, reset form, top of the list, detail page with the script-like body as plain text', async () => {
    const { page, form, dialogs } = await openForm(viewport);
    await checkScreen(page, `form-empty-${name}`);
    // The notices say plainly what is published as text and what is replaced in it.
    const textNotice = form.root.getByText(/^送信元・件名・本文は、文字のまま一覧と詳細ページに掲載されます。/);
    expect(await textNotice.isVisible()).toBe(true);
    expect(await textNotice.textContent()).toContain('「〇〇様」「（住所）」などに自動で置き換えます');

    const report: FormReport = {
      receipt_method: 'email',
      source_info: `no-reply@rakuten-card-${viewport.width}.example`,
      subject: `【重要】カード利用確認 ${name}`,
      body: `<script>alert("xss-${name}")</script>\n<img src=x onerror=alert(document.cookie)>\nお客様のカードに不正利用の疑いがあります。`,
      delete_password: '2580',
    };
    await fillReportForm(form, report);
    const { reportId } = await submitSuccessfully(page, form);
    await expectFormReset(form);
    await checkScreen(page, `form-success-${name}`);

    const list = reportList(page);
    await eventually(() => reportLinkOf(list.rows.first()).getAttribute('href')).toBe(detailPath(reportId));
    const saved = await env.api.getReport(reportId);
    const firstRow = list.rows.first();
    expect((await reportLinkOf(firstRow).textContent())?.trim()).toBe(report.subject);
    expect(await firstRow.getByRole('img', { name: 'メール', exact: true }).count()).toBe(1);
    expect((await firstRow.locator('time').textContent())?.trim()).toBe(japaneseDate(saved.reported_at));

    await reportLinkOf(firstRow).click();
    await page.waitForURL((url) => url.pathname === detailPath(reportId));
    const detail = reportDetail(page);
    await detail.heading.waitFor();
    expect((await detail.method.textContent())?.trim()).toBe('メール');
    expect((await detail.sender.textContent())?.trim()).toBe(report.source_info);
    expect((await detail.subject.textContent())?.trim()).toBe(report.subject);
    expect((await detail.reportedAt.textContent())?.trim()).toBe(japaneseDateTime(saved.reported_at));
    expect(await detail.body.textContent()).toBe(report.body);

    // The markup-looking body is text: no element was made from it and nothing ran.
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(await page.evaluate(() => Array.from(document.scripts).some((script) => script.textContent?.includes('xss')))).toBe(false);
    await page.waitForLoadState('networkidle');
    expect(dialogs).toEqual([]);
    await checkScreen(page, `detail-${name}`);
  });

  it('reports an SMS with a long body: the list shows 25 characters and an ellipsis, the detail the whole text', async () => {
    const { page, form } = await openForm(viewport);
    const report: FormReport = {
      receipt_method: 'sms',
      source_info: '080-9876-5432',
      body: `【佐川急便】お荷物のお届けにあがりましたが不在の為持ち帰りました。${name} 配送物は下記よりご確認ください http://sagawa-abc.example/`,
      delete_password: '1357',
    };
    await fillReportForm(form, report);
    expect(await form.subject.count()).toBe(0);
    const { reportId } = await submitSuccessfully(page, form);
    const saved = await env.api.getReport(reportId);
    await expectFormReset(form);

    const list = reportList(page);
    await eventually(() => reportLinkOf(list.rows.first()).getAttribute('href')).toBe(detailPath(saved.report_id));
    const firstRow = list.rows.first();
    const expected = `${Array.from(report.body).slice(0, 25).join('')}…`;
    expect(expected).toBe('【佐川急便】お荷物のお届けにあがりましたが不在の為…');
    expect((await reportLinkOf(firstRow).textContent())?.trim()).toBe(expected);
    expect(await firstRow.getByRole('img', { name: 'SMS・MMS', exact: true }).count()).toBe(1);

    await reportLinkOf(firstRow).click();
    await page.waitForURL((url) => url.pathname === detailPath(saved.report_id));
    const detail = reportDetail(page);
    await detail.heading.waitFor();
    expect((await detail.method.textContent())?.trim()).toBe('SMS・MMS');
    expect((await detail.sender.textContent())?.trim()).toBe(report.source_info);
    expect(await detail.subject.count()).toBe(0);
    expect((await detail.reportedAt.textContent())?.trim()).toBe(japaneseDateTime(saved.reported_at));
    // Published text shows the phishing URL defanged and never as a link (url-defang.ts).
    expect(await detail.body.textContent()).toBe(report.body.replace('http://sagawa-abc.example/', 'hxxp://sagawa-abc[.]example/'));
    expect(await page.locator('a[href*="sagawa-abc"]').count()).toBe(0);
  });

  it('shows the client-side messages under the fields and focuses the first wrong one', async () => {
    const { page, form } = await openForm(viewport);
    const reportsBefore = await env.api.total();
    await form.emailSource.fill('not-an-address');
    await form.password.pressSequentially('12');
    await form.agree.check();
    await eventually(() => form.submit.isEnabled()).toBe(true);
    await form.submit.click();

    await eventually(() => fieldErrors(form.emailSource)).toEqual(['有効なメールアドレスを入力してください']);
    expect(await fieldErrors(form.subject)).toEqual(['件名を入力してください']);
    expect(await fieldErrors(form.body)).toEqual(['本文を入力してください']);
    expect(await fieldErrors(form.password)).toEqual(['4桁の数字を入力してください']);
    for (const control of [form.emailSource, form.subject, form.body, form.password]) {
      expect(await control.getAttribute('aria-invalid')).toBe('true');
    }
    await eventually(() => form.emailSource.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await form.successBox.count()).toBe(0);
    await checkScreen(page, `form-errors-${name}`);

    // SMS mode has its own sender rule and no subject.
    await form.smsTab.click();
    await form.smsSource.fill('abc');
    await form.body.fill('本文あり');
    await form.password.fill('');
    await form.password.pressSequentially('1234');
    await form.submit.click();
    await eventually(() => fieldErrors(form.smsSource)).toEqual(['電話番号またはメールアドレスの形式が正しくありません']);
    expect(await fieldErrors(form.body)).toEqual([]);
    expect(await fieldErrors(form.password)).toEqual([]);
    expect(await env.api.total()).toBe(reportsBefore);
  });
});

describe('report form rules (SPEC §5)', () => {
  it('keeps the submit button disabled until sender, 4-digit password and agreement are set', async () => {
    const { form } = await openForm(PHONE);
    expect(await form.emailTab.getAttribute('aria-selected')).toBe('true');
    expect(await form.submit.isDisabled()).toBe(true);
    await form.emailSource.fill('info@example.com');
    expect(await form.submit.isDisabled()).toBe(true);
    await form.password.pressSequentially('1234');
    expect(await form.submit.isDisabled()).toBe(true);
    await form.agree.check();
    await eventually(() => form.submit.isEnabled()).toBe(true);

    await form.agree.uncheck();
    await eventually(() => form.submit.isDisabled()).toBe(true);
    await form.agree.check();
    await form.password.fill('');
    await eventually(() => form.submit.isDisabled()).toBe(true);
    await form.password.pressSequentially('1234');
    await form.emailSource.fill('   ');
    await eventually(() => form.submit.isDisabled()).toBe(true);
    await form.emailSource.fill('info@example.com');
    await eventually(() => form.submit.isEnabled()).toBe(true);
  });

  it('keeps only digits in the delete password, converting full-width ones, at most 4', async () => {
    const { form } = await openForm(DESKTOP);
    await form.password.pressSequentially('１２a34');
    expect(await form.password.inputValue()).toBe('1234');
    await form.password.fill('');
    await form.password.pressSequentially('98x-7６5４');
    expect(await form.password.inputValue()).toBe('9876');
  });

  it('shows a server 422 field error under the screenshot field and keeps what was typed', async () => {
    const { page, form } = await openForm(DESKTOP);
    const reportsBefore = await env.api.total();
    // Named and typed as a PNG, so the browser accepts it; only the server can tell it is not an image.
    const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    await form.screenshot.setInputFiles({ name: 'screenshot.png', mimeType: 'image/png', buffer: Buffer.concat([pngSignature, Buffer.from('not really an image')]) });
    const report: FormReport = {
      receipt_method: 'email',
      source_info: 'info@bank-verify.example',
      subject: '口座確認のお願い',
      body: '以下のリンクから口座情報を確認してください。',
      delete_password: '4321',
    };
    await fillReportForm(form, report);
    const answer = page.waitForResponse(isSubmit);
    await form.submit.click();
    expect((await answer).status()).toBe(422);

    await eventually(() => fieldErrors(form.screenshot)).toEqual(['画像を読み込めませんでした。別の画像をお試しください']);
    expect(await form.screenshot.getAttribute('aria-invalid')).toBe('true');
    expect(await form.successBox.count()).toBe(0);
    expect(await form.emailSource.inputValue()).toBe(report.source_info);
    expect(await form.subject.inputValue()).toBe(report.subject);
    expect(await form.body.inputValue()).toBe(report.body);
    expect(await env.api.total()).toBe(reportsBefore);
  });
});
