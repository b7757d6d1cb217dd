import { randomBytes } from 'node:crypto';
import { type BrowserContext, type Locator, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { INDIVIDUAL_FORM_IDS } from '../../../src/common/individual-registration-form';
import { individualUiText as t } from '../../../src/common/messages';
import type { E2EEnvironment } from './e2e';
import { eventually } from './eventually';
import { Mailbox, type ReceivedMail } from './mail';
import { useMailedServer } from './training-env';

/**
 * Issue 12 "Individual training" in the browser: the server, a real SMTP server it delivers the
 * training mails to, the mails as a person reads them (headers included: List-Unsubscribe), and
 * accessible locators for /phishing-training, /registration/complete, the unsubscribe pages and
 * an individual's training page, by role and the Japanese a visitor reads.
 */

/** A training mail as a person reads it, headers included (the lure, and so the subject, is the server's choice). */
export type IndividualMail = ReceivedMail;

export interface IndividualEnvironment {
  env: E2EEnvironment;
  mailbox: Mailbox;
}

/**
 * One server per test file with its mail worker and individual dispatcher running in-process,
 * delivering to a real SMTP server on loopback; APP_URL (and so the tracking origin) is the
 * server's own address, so the mailed links open it. Call with top-level await, once per file.
 */
export async function useIndividualEnvironment(extraEnv: Record<string, string> = {}): Promise<IndividualEnvironment> {
  return useMailedServer(new Mailbox(), {
    // The click comes seconds after delivery, which the scanner filter would take for a mail scanner.
    TRACKING_MIN_CLICK_DELAY_S: '0',
    // Every registration of the file comes from 127.0.0.1; the per-IP limit is not under test here.
    RATE_LIMIT_INDIVIDUAL_REGISTER: '1000',
    ...extraEnv,
  });
}

/** An address no other test uses (lower case: the server normalises addresses). */
export function uniqueAddress(label: string): string {
  return `${label}-${randomBytes(4).toString('hex')}@example.jp`;
}

/** The URL of the first link to `origin` + `path` in a mail's plain-text part, checked to be in the HTML part too. */
export function mailLink(mail: IndividualMail, origin: string, path: string): URL {
  const escaped = `${origin}${path}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}[^\\s<>"）)]+`).exec(mail.text);
  if (!match) throw new Error(`no link to ${origin}${path} in the mail text:\n${mail.text}`);
  if (!mail.html.includes(`href="${match[0].replace(/&/g, '&amp;')}"`)) throw new Error(`the HTML part lacks the link ${match[0]}`);
  return new URL(match[0]);
}

/** `^label\s*必須$`: the accessible name of a required field's control (labels carry a 必須 badge). */
const required = (label: string): RegExp => new RegExp(`^${label}\\s*${t.requiredBadge}$`);

/** /phishing-training: the intro, the form (the server's, then React's over it) and its messages. */
export function registrationPage(page: Page) {
  const form = page.locator('#phishing-training-registration-app form');
  return {
    heading: page.getByRole('heading', { level: 1, name: /^個人向けセキュリティ訓練/ }),
    form,
    email: page.getByRole('textbox', { name: required(t.emailLabel) }),
    terms: page.getByRole('checkbox', { name: new RegExp(`^${t.termsLink}.*${t.agreeSuffix}$`) }),
    privacy: page.getByRole('checkbox', { name: new RegExp(`^${t.privacyLink}.*${t.agreeSuffix}$`) }),
    /** The links in the checkbox labels (they open in a new tab). */
    termsLink: form.getByRole('link', { name: new RegExp(`^${t.termsLink}\\s*${t.newTab}$`) }),
    privacyLink: form.getByRole('link', { name: new RegExp(`^${t.privacyLink}\\s*${t.newTab}$`) }),
    schedule: page.getByRole('region', { name: t.scheduleTitle }),
    caution: page.getByRole('region', { name: t.cautionTitle }),
    submit: page.getByRole('button', { name: t.submitButton, exact: true }),
    /** The general error list under 「エラーが発生しました」 (a role=alert box in the form). */
    generalErrors: form.getByRole('alert').filter({ hasText: t.errorTitle }).getByRole('listitem'),
    /** Every message under a field (role=alert paragraphs tied to the controls). */
    fieldMessages: form.locator('.field__error'),
  };
}

/**
 * Resolves once React has replaced the server's form with its own (the same markup, so nothing on
 * screen tells): until then a press on the button posts the plain form instead of the JSON call.
 */
export async function waitForReactForm(page: Page): Promise<void> {
  await eventually(
    () =>
      page.evaluate((id) => {
        const input = document.getElementById(id);
        return input !== null && Object.keys(input).some((key) => key.startsWith('__reactFiber'));
      }, INDIVIDUAL_FORM_IDS.field('email')),
    15_000,
  ).toBe(true);
}

export function completePage(page: Page) {
  return {
    heading: page.getByRole('heading', { level: 1, name: '登録を受け付けました', exact: true }),
    next: page.getByRole('region', { name: 'このあとの流れ' }),
    stop: page.getByRole('region', { name: '配信を停止するには' }),
    report: page.getByRole('region', { name: '本物のフィッシングメールが届いたら' }),
    back: page.getByRole('main').getByRole('link', { name: '個人向けセキュリティ訓練のページへ戻る', exact: true }),
  };
}

export function unsubscribePage(page: Page) {
  return {
    heading: page.getByRole('heading', { level: 1, name: '配信を停止しますか', exact: true }),
    stop: page.getByRole('button', { name: '配信を停止する', exact: true }),
    doneHeading: page.getByRole('heading', { level: 1, name: '配信を停止しました', exact: true }),
    registerAgain: page.getByRole('main').getByRole('link', { name: '登録し直して', exact: true }),
  };
}

/** The training page a click leads to (/t/l/<token>), as an individual sees it. */
export function individualLessonPage(page: Page) {
  return {
    heading: page.getByRole('heading', { level: 1, name: 'これは、ご登録いただいたキヅキの訓練メールです', exact: true }),
    record: page.getByRole('region', { name: 'あなたの訓練の記録' }),
    mail: page.getByRole('article', { name: '受信したメール' }),
    points: page.getByRole('region', { name: /^見分けるポイント/ }).getByRole('listitem'),
    unsubscribe: page.getByRole('contentinfo').getByRole('link', { name: '今後の訓練メールを停止する', exact: true }),
    nothingSent: page.getByRole('status').filter({ hasText: '入力された内容は送信・保存されていません' }),
  };
}

/** The lookalike sign-in form a `landing: login` lure opens before the lesson. */
export function lookalikeForm(page: Page) {
  return {
    heading: page.getByRole('heading', { level: 1, name: 'ログイン', exact: true }),
    id: page.getByLabel('ID またはメールアドレス', { exact: true }),
    password: page.getByLabel('パスワード', { exact: true }),
    submit: page.getByRole('button', { name: 'ログイン', exact: true }),
  };
}

/**
 * A mail's HTML part in a new tab of the reader's browser, as a mail app shows it. A fresh page
 * each time: written into a page of the site, the mail would be held to the site's CSP.
 */
export async function openMail(context: BrowserContext, html: string): Promise<Page> {
  const page = await context.newPage();
  await page.setContent(html);
  return page;
}

/** The subject line of the mail on the training page as the mail had it (without the red-flag numbers marked in it). */
export function lessonSubject(page: Page): Promise<string> {
  return page.locator('.lesson-mail__subject').evaluate((element) => {
    const copy = element.cloneNode(true) as HTMLElement;
    for (const badge of copy.querySelectorAll('.lesson-flag__badge')) badge.remove();
    return copy.textContent?.trim() ?? '';
  });
}

/**
 * Clicks a link and returns the page it opened: a new tab for `target="_blank"` (as a mail's
 * links may be), otherwise the same page once it has left `from`.
 */
export async function follow(page: Page, link: Locator): Promise<Page> {
  if ((await link.getAttribute('target')) === '_blank') {
    const opened = page.context().waitForEvent('page');
    await link.click();
    const tab = await opened;
    await tab.waitForLoadState();
    return tab;
  }
  const from = page.url();
  await link.click();
  await page.waitForURL((url) => url.href !== from);
  return page;
}

/** The error texts a control's aria-describedby points at (role=alert only), or null. */
export function describedErrors(control: Locator): Promise<string | null> {
  return control.evaluate((element) => {
    const ids = (element.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
    const texts = ids
      .map((id) => document.getElementById(id))
      .flatMap((node) => (node ? [...(node.getAttribute('role') === 'alert' ? [node] : node.querySelectorAll('[role="alert"]'))] : []))
      .map((node) => node.textContent?.trim() ?? '');
    return texts.length === 0 ? null : texts.join(' / ');
  });
}

/** The element that has focus, by id (to check where a failed submit leaves the reader). */
export function focusedId(page: Page): Promise<string> {
  return page.evaluate(() => document.activeElement?.id ?? '');
}

/** Layout check: nothing makes the page itself scroll sideways. */
export async function expectNoHorizontalOverflow(page: Page, label: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${label} wider than the viewport`).toBe(0);
}

/**
 * POST /api/individual/register as the page's script calls it (CSRF cookie + header), for seeding
 * what a test does not look at; returns the status.
 */
export async function registerThroughApi(baseUrl: string, email: string): Promise<number> {
  const csrf = await fetch(`${baseUrl}/sanctum/csrf-cookie`);
  const cookies = csrf.headers.getSetCookie().map((line) => line.split(';')[0] ?? '');
  const xsrf = cookies.find((pair) => pair.startsWith('XSRF-TOKEN='));
  if (csrf.status !== 204 || !xsrf) throw new Error(`csrf-cookie answered ${csrf.status} with ${cookies.join(', ')}`);
  const response = await fetch(`${baseUrl}/api/individual/register`, {
    method: 'POST',
    headers: { cookie: cookies.join('; '), 'x-xsrf-token': decodeURIComponent(xsrf.slice('XSRF-TOKEN='.length)), 'content-type': 'application/json' },
    body: JSON.stringify({ email, terms_agreed: 1, privacy_agreed: 1 }),
  });
  return response.status;
}
