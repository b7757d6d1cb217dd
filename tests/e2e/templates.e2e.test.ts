import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/free-port';
import { categoryLabelForTest } from './support/template-labels';
import { emailReport } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { DESKTOP, PHONE, saveScreenshot } from './support/browser';
import { useE2EEnvironment, viewportName, type Viewport } from './support/e2e';
import { eventually } from './support/eventually';
import { DevMailboxReader } from './support/mail';
import { detailPath } from './support/report-pages';
import { templateEditor, templateLibrary, templatePage } from './support/template-pages';
import { AccountApi } from './support/training-env';
import { appFrame, fieldError, horizontalOverflow, pathOf, signInThroughForm, waitForPath } from './support/training-pages';

/**
 * Issue 10 part 3 in the browser, at phone and desktop width: browse and filter the built-in
 * library, preview a built-in lure as an employee would see it, duplicate and edit it, send a
 * test to oneself and read it in /dev/mailbox (the server runs without SMTP_URL), and turn a
 * Kizuki DB report into a template. Every visited state gets axe, a width check and a screenshot.
 */
const port = await freePort();
const env = useE2EEnvironment({
  PORT: String(port),
  APP_URL: `http://127.0.0.1:${port}`,
  MAIL_WORKER: '1',
  RATE_LIMIT_LOGIN: '1000',
  RATE_LIMIT_ACCOUNT_MAIL: '1000',
  RATE_LIMIT_REGISTER: '1000',
});
const accounts = new AccountApi(() => env.server.baseUrl, new DevMailboxReader(() => env.server.dataDir));

const VIEWPORTS: Viewport[] = [PHONE, DESKTOP];

/**
 * axe, the page width and a full-page screenshot; with `preview`, also a viewport picture with the
 * preview scrolled into view (a full-page capture leaves a sandboxed frame below the fold blank).
 */
async function check(page: Page, label: string, viewport: Viewport, preview?: Locator): Promise<void> {
  const name = `${label} (${viewportName(viewport)})`;
  await expectNoAxeViolations(page, name);
  expect(await horizontalOverflow(page), `${name} wider than the viewport`).toBe(0);
  // The viewport picture first: after a full-page capture Chromium may not repaint the frame.
  if (preview) {
    await preview.evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await saveScreenshot(page, `templates-${label}-preview-${viewportName(viewport)}`, { fullPage: false });
  }
  await saveScreenshot(page, `templates-${label}-${viewportName(viewport)}`);
}

async function signedIn(viewport: Viewport, label: string) {
  const account = await accounts.newCorporateAccount(`tpl-${label}-${viewport.width}`);
  const opened = await env.open(viewport);
  await signInThroughForm(opened.page, account.email, account.password);
  return { ...opened, account };
}

async function cardNames(page: Page): Promise<string[]> {
  return templateLibrary(page).cards.locator('h2').allInnerTexts();
}

describe.each(VIEWPORTS)('templates at $width px', (viewport) => {
  it('browses and filters the library, previews a built-in, duplicates and edits it, and sends a test', async () => {
    const { page, account } = await signedIn(viewport, 'flow');
    const library = templateLibrary(page);

    // The menu leads to the library.
    await appFrame(page).menu.getByRole('link', { name: 'テンプレート', exact: true }).click();
    await waitForPath(page, '/templates');
    await library.heading.waitFor();
    await library.cards.first().waitFor();
    expect(await library.cards.count()).toBeGreaterThanOrEqual(12);
    await check(page, 'library', viewport);

    // By theme: every card is a parcel-redelivery lure.
    await library.theme.selectOption({ label: categoryLabelForTest('delivery') });
    await eventually(async () => new URL(page.url()).searchParams.get('category'), 10_000).toBe('delivery');
    await eventually(async () => (await library.cards.locator('.tpl-card__category').allInnerTexts()).every((text) => text === categoryLabelForTest('delivery')), 10_000).toBe(true);
    const deliveryNames = await cardNames(page);
    expect(deliveryNames.length).toBeGreaterThanOrEqual(2);

    // And by difficulty: only 初級 cards are left.
    await library.difficulty('初級').click();
    await eventually(async () => new URL(page.url()).searchParams.get('difficulty'), 10_000).toBe('1');
    await eventually(async () => (await library.cards.locator('.tpl-difficulty').allInnerTexts()).every((text) => text.includes('初級')), 10_000).toBe(true);
    await check(page, 'library-filtered', viewport);

    // A keyword that matches nothing says so; clearing the filters brings everything back.
    await library.keyword.fill('該当しないキーワードxyz');
    await library.search.click();
    await library.empty.waitFor();
    await page.getByRole('button', { name: '絞り込みを解除', exact: true }).click();
    await eventually(async () => library.cards.count(), 10_000).toBeGreaterThanOrEqual(12);

    // Preview a built-in parcel lure.
    await library.theme.selectOption({ label: categoryLabelForTest('delivery') });
    const builtinName = deliveryNames[0] ?? '';
    await library.card(builtinName).click();
    const detail = templatePage(page);
    await page.getByRole('heading', { level: 1, name: builtinName }).waitFor();
    await detail.frame.waitFor();
    expect(await detail.frame.getAttribute('sandbox')).toBe('');
    expect(await detail.frame.getAttribute('src')).toMatch(/^\/template-previews\//);
    expect((await detail.from.innerText()).length).toBeGreaterThan(0);
    expect(await detail.subject.innerText()).not.toContain('{{');
    const body = page.frameLocator('.tpl-preview iframe').locator('body');
    await eventually(async () => (await body.innerText()).length, 10_000).toBeGreaterThan(20);
    expect(await body.innerText()).not.toContain('{{');
    expect(await detail.flags.count()).toBeGreaterThanOrEqual(2);
    // A built-in is read-only: no 編集/削除.
    expect(await detail.edit.count()).toBe(0);
    expect(await detail.delete.count()).toBe(0);
    await check(page, 'builtin', viewport, detail.preview);
    await detail.device(viewport === PHONE ? 'パソコン' : 'スマートフォン').click();
    await eventually(async () => (await body.innerText()).length, 10_000).toBeGreaterThan(20);
    await check(page, 'builtin-other-device', viewport, detail.preview);

    // Duplicate and edit.
    await detail.duplicate.click();
    await page.waitForURL(/\/templates\/\d+\/edit$/);
    const editor = templateEditor(page);
    await eventually(async () => editor.name.inputValue(), 10_000).toContain(builtinName);
    await editor.name.fill(`自社版 ${builtinName}`);
    // {{department}} goes where the caret is: at the start of the subject.
    await editor.subject.focus();
    await editor.subject.evaluate((input: HTMLInputElement) => input.setSelectionRange(0, 0));
    await editor.variable('department').click();
    await eventually(() => editor.subject.inputValue()).toMatch(/^\{\{department\}\}/);
    await editor.addFlag.click();
    const flags = await editor.flagItems.count();
    await editor.flagLabel(flags).fill('部署名を知っている');
    await editor.flagExplanation(flags).fill('社内の情報を使ったメールでも、リンク先のドメインを確かめましょう。');
    await editor.moveUp(flags).click();
    await eventually(() => editor.flagLabel(flags - 1).inputValue()).toBe('部署名を知っている');
    // An unknown variable is refused on its field (422), in the live preview too.
    const html = await editor.htmlBody.inputValue();
    await editor.htmlBody.fill(`${html}\n<p>{{coupon}}</p>`);
    await editor.save.click();
    await eventually(async () => fieldError(editor.htmlBody), 10_000).toContain('{{coupon}}');
    await check(page, 'editor-error', viewport, editor.preview);
    await editor.htmlBody.fill(html);
    await editor.save.click();
    await page.waitForURL(/\/templates\/\d+$/);
    await page.getByRole('heading', { level: 1, name: `自社版 ${builtinName}` }).waitFor();
    await page.getByRole('status').filter({ hasText: '変更を保存しました' }).waitFor();
    const previewSubject = await detail.subject.innerText();
    expect(previewSubject).toMatch(/^営業部/);
    // The test mail carries the administrator's own values; the rest of the subject is the same.
    const subjectTail = previewSubject.replace(/^営業部/, '');
    expect(await detail.edit.isVisible()).toBe(true);
    expect(await detail.flags.nth(flags - 2).innerText()).toContain('部署名を知っている');

    // A test send to oneself, read in the development mailbox.
    await detail.testSend.click();
    await detail.sent.waitFor();
    expect(await detail.sent.innerText()).toContain(account.email);
    await check(page, 'own-test-sent', viewport);
    await page.goto('/dev/mailbox');
    // The mail to this administrator, marked as a test, with the subject of the edited copy.
    const mail = page.getByRole('link').filter({ hasText: account.email }).filter({ hasText: '【テスト送信】' });
    await eventually(async () => {
      await page.reload();
      return mail.count();
    }, 15_000).toBeGreaterThanOrEqual(1);
    expect(await mail.first().innerText()).toContain(subjectTail);
    await mail.first().click();
    await page.getByRole('heading', { level: 1 }).filter({ hasText: '【テスト送信】' }).waitFor();
    expect(await page.locator('.dev-mailbox__headers').innerText()).toContain(account.email);
    await saveScreenshot(page, `templates-mailbox-${viewportName(viewport)}`);
  });
});

describe('own templates', () => {
  it('creates one from scratch with a live preview, and deletes it', async () => {
    const { page } = await signedIn(DESKTOP, 'create');
    await page.goto('/templates/create');
    const editor = templateEditor(page);
    await editor.name.waitFor();
    await editor.name.fill('総務部からのお知らせ（自作）');
    await page.getByRole('textbox', { name: /^差出人名/ }).fill('総務部');
    await page.getByRole('textbox', { name: /^送信元アドレス/ }).fill('soumu');
    await editor.subject.fill('【要対応】{{name}}様 年末調整の書類提出');
    await eventually(async () => editor.preview.getByTestId('preview-subject').innerText().catch(() => ''), 10_000).toContain('山田 太郎');
    await expectNoAxeViolations(page, 'editor (create)');
    await saveScreenshot(page, `templates-create-${viewportName(DESKTOP)}`);
    // Leaving with unsaved edits asks first; staying keeps them.
    await page.getByRole('navigation', { name: 'パンくずリスト' }).getByRole('link', { name: 'テンプレート一覧' }).click();
    const leave = page.getByRole('dialog', { name: '編集内容を破棄しますか？' });
    await leave.waitFor();
    await expectNoAxeViolations(page, 'leave dialog');
    await saveScreenshot(page, `templates-leave-${viewportName(DESKTOP)}`, { fullPage: false });
    await leave.getByRole('button', { name: '編集を続ける', exact: true }).click();
    await leave.waitFor({ state: 'detached' });
    expect(pathOf(page)).toBe('/templates/create');
    expect(await editor.name.inputValue()).toBe('総務部からのお知らせ（自作）');
    await editor.save.click();
    await page.waitForURL(/\/templates\/\d+$/);
    await page.getByRole('status').filter({ hasText: 'テンプレートを作成しました' }).waitFor();
    const detail = templatePage(page);
    await detail.delete.click();
    const dialog = page.getByRole('dialog', { name: 'テンプレートを削除しますか？' });
    await dialog.getByRole('button', { name: '削除する', exact: true }).click();
    await waitForPath(page, '/templates');
    await templateLibrary(page).heading.waitFor();
  });

  it('says what to do on a built-in’s edit page and on a template that does not exist', async () => {
    const { page } = await signedIn(PHONE, 'readonly');
    await page.goto('/templates');
    const library = templateLibrary(page);
    await library.cards.first().waitFor();
    const href = (await library.cards.first().getByRole('link').getAttribute('href')) ?? '';
    await page.goto(`${href}/edit`);
    await page.getByText('標準テンプレートは編集できません', { exact: true }).waitFor();
    expect(await page.getByRole('textbox').count()).toBe(0);
    await page.getByRole('link', { name: 'テンプレートの画面へ戻る' }).click();
    await waitForPath(page, href);
    await templatePage(page).duplicate.waitFor();

    await page.goto('/templates/99999999');
    await page.getByRole('alert').filter({ hasText: 'テンプレートが見つかりません' }).waitFor();
    await expectNoAxeViolations(page, 'template not found');
  });

  it('turns a Kizuki DB report into a template for a signed-in administrator only', async () => {
    const reportId = await env.api.createReport(emailReport({ subject: '【重要】お支払い方法の確認', body: 'ご利用料金の支払いが確認できません。\nhttps://pay-check.example/login から更新してください。\nお問い合わせ 03-1234-5678' }));
    const guest = await env.open(PHONE);
    await guest.page.goto(detailPath(reportId));
    await guest.page.getByRole('heading', { level: 1, name: 'フィッシング報告の詳細' }).waitFor();
    expect(await guest.page.getByRole('button', { name: 'この報告から訓練テンプレートを作成' }).count()).toBe(0);

    const { page } = await signedIn(PHONE, 'report');
    await page.goto(detailPath(reportId));
    const button = page.getByRole('button', { name: 'この報告から訓練テンプレートを作成' });
    await button.waitFor();
    await expectNoAxeViolations(page, 'report detail (administrator)');
    await saveScreenshot(page, `templates-report-button-${viewportName(PHONE)}`);
    await button.click();
    await page.waitForURL(/\/templates\/\d+\/edit$/);
    const editor = templateEditor(page);
    await eventually(async () => editor.subject.inputValue(), 10_000).toContain('お支払い方法の確認');
    expect(await editor.textBody.inputValue()).toContain('{{url}}');
    expect(await editor.textBody.inputValue()).not.toContain('pay-check.example');
    expect(pathOf(page)).toMatch(/^\/templates\/\d+\/edit$/);
  });
});
