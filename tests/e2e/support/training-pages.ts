import { type Locator, type Page } from 'playwright-core';
import { AUTH_TOKEN_STORAGE_KEY, trainingPaths } from '../../../src/common/training-routes';
import { eventually } from './eventually';

/**
 * Accessible locators for the training pages (SPEC §2.1–2.3): corporate registration, the
 * sign-in screens and the signed-in frame, by role and the Japanese labels a visitor reads.
 * Form labels carry a 必須 badge, hence the `^label\s*必須$` patterns.
 */

/** `^label\s*必須$`: the accessible name of a required field's control. */
const required = (label: string): RegExp => new RegExp(`^${label.replace(/[()（）]/g, '\\$&')}\\s*必須$`);

export function registerPage(page: Page) {
  return {
    heading: page.getByRole('heading', { level: 1, name: '法人アカウント登録' }),
    email: page.getByRole('textbox', { name: required('メールアドレス') }),
    terms: page.getByRole('checkbox', { name: /^利用規約.*に同意する$/ }),
    privacy: page.getByRole('checkbox', { name: /^プライバシーポリシー.*に同意する$/ }),
    /** The links beside the checkboxes (open in a new tab), not the footer's. */
    termsLink: page.getByRole('link', { name: /^利用規約\s*（新しいタブで開きます）$/ }),
    privacyLink: page.getByRole('link', { name: /^プライバシーポリシー\s*（新しいタブで開きます）$/ }),
    submit: page.getByRole('button', { name: '確認メールを送信', exact: true }),
    sending: page.getByRole('button', { name: '送信中...', exact: true }),
    /** Step 2 (SPEC §2.2): "a confirmation mail was sent to the address". */
    sentHeading: page.getByRole('heading', { name: '確認メールを送信しました' }),
    currentStep: page.getByRole('navigation', { name: '登録の手順' }).locator('[aria-current="step"]'),
    /** What a signed-in visitor gets instead of the form. */
    signedIn: {
      heading: page.getByRole('heading', { level: 2, name: 'すでにログインしています' }),
      dashboardLink: page.getByRole('main').getByRole('link', { name: 'ダッシュボードへ進む', exact: true }),
      logout: page.getByRole('button', { name: 'ログアウトして別のアドレスで登録', exact: true }),
    },
    /** The note above the form after logging out from that notice. */
    signedOut: page.getByRole('status').filter({ hasText: 'ログアウトしました' }),
  };
}

/** The training header (site frame): guest links, or the signed-in ones the client swaps in. */
export function siteHeader(page: Page) {
  const nav = page.getByRole('banner').getByRole('navigation', { name: 'サイト内' });
  return {
    nav,
    login: nav.getByRole('link', { name: 'ログイン', exact: true }),
    signUp: nav.getByRole('link', { name: '無料で始める', exact: true }),
    dashboard: nav.getByRole('link', { name: 'ダッシュボード', exact: true }),
  };
}

export function accountInfoPage(page: Page) {
  return {
    heading: page.getByRole('heading', { level: 1, name: 'アカウント情報の入力' }),
    /** The form (fieldset) that shows the confirmed address as text, then asks for the rest. */
    form: page.getByRole('group', { name: 'アカウント情報' }),
    organization: page.getByRole('textbox', { name: required('組織名') }),
    password: page.getByLabel(required('パスワード')),
    confirmation: page.getByLabel(required('パスワード（確認）')),
    submit: page.getByRole('button', { name: '登録を完了する', exact: true }),
    securityTips: page.getByRole('complementary').getByRole('heading', { name: '安全なパスワードのヒント' }),
  };
}

export function completePage(page: Page) {
  return {
    heading: page.getByRole('heading', { level: 1, name: '登録が完了しました' }),
    /** For a visitor who is not signed in (the page opened later, elsewhere). */
    loginButton: page.getByRole('link', { name: 'ログインして始める', exact: true }),
    /** After registering: the automatic sign-in (SPEC §4) leads straight in. */
    dashboardButton: page.getByRole('main').getByRole('link', { name: 'ダッシュボードへ進む', exact: true }),
    topLink: page.getByRole('link', { name: 'トップページへ戻る', exact: true }),
    nextSteps: page.getByRole('region', { name: '次のステップ' }),
  };
}

export function loginPage(page: Page) {
  return {
    heading: page.getByRole('heading', { level: 1, name: 'ログイン', exact: true }),
    email: page.getByRole('textbox', { name: required('メールアドレス') }),
    password: page.getByLabel(required('パスワード')),
    submit: page.getByRole('button', { name: 'ログイン', exact: true }),
    failure: page.getByRole('alert').filter({ hasText: 'ログインできませんでした' }),
    forgotLink: page.getByRole('link', { name: 'パスワードをお忘れの方', exact: true }),
  };
}

export function forgotPasswordPage(page: Page) {
  return {
    heading: page.getByRole('heading', { level: 1, name: 'パスワードをお忘れの方' }),
    email: page.getByRole('textbox', { name: required('メールアドレス') }),
    submit: page.getByRole('button', { name: '再設定メールを送信', exact: true }),
    done: page.getByRole('status').filter({ hasText: '送信手続きが完了しました' }),
  };
}

export function resetPasswordPage(page: Page) {
  return {
    heading: page.getByRole('heading', { level: 1, name: 'パスワードの再設定' }),
    password: page.getByLabel(required('新しいパスワード')),
    confirmation: page.getByLabel(required('新しいパスワード（確認）')),
    submit: page.getByRole('button', { name: 'パスワードを再設定', exact: true }),
    done: page.getByRole('status').filter({ hasText: '再設定が完了しました' }),
    loginLink: page.getByRole('link', { name: '新しいパスワードでログイン', exact: true }),
  };
}

/** The frame of every signed-in screen (SPEC §2.3: company name and logout). */
export function appFrame(page: Page) {
  return {
    menu: page.getByRole('navigation', { name: 'メインメニュー' }),
    logout: page.getByRole('button', { name: 'ログアウト', exact: true }),
    heading: page.getByRole('heading', { level: 1 }),
  };
}

export const STAT_LABELS = ['登録ユーザー数', '今月の送信数', '開封数', 'クリック数'] as const;

export function dashboardPage(page: Page) {
  const stats = page.getByRole('list', { name: '今月の概要' });
  return {
    heading: page.getByRole('heading', { level: 1, name: 'ダッシュボード' }),
    stats,
    stat: (label: (typeof STAT_LABELS)[number]) => stats.getByRole('listitem').filter({ has: page.getByText(label, { exact: true }) }),
    quickActions: page.getByRole('region', { name: 'クイックアクション' }),
    recent: page.getByRole('region', { name: '最近のキャンペーン' }),
  };
}

/**
 * The error tied to a control: the role=alert element its aria-describedby points at (what a
 * screen reader reads with the field), or null when there is none.
 */
export function fieldError(control: Locator): Promise<string | null> {
  return control.evaluate((element) => {
    const ids = (element.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
    const errors = ids.map((id) => document.getElementById(id)).filter((node) => node?.getAttribute('role') === 'alert');
    return errors.length === 0 ? null : errors.map((node) => node?.textContent?.trim() ?? '').join(' / ');
  });
}

/** The term → definition pairs of the page's description lists (e.g. the completion summary). */
export function definitions(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const pairs: Record<string, string> = {};
    for (const term of document.querySelectorAll('dl dt')) {
      const definition = term.nextElementSibling;
      if (definition?.tagName === 'DD') pairs[term.textContent?.trim() ?? ''] = definition.textContent?.trim() ?? '';
    }
    return pairs;
  });
}

export const pathOf = (page: Page): string => new URL(page.url()).pathname;

/** Waits until the browser is on this path (after a server redirect or a client-side one). */
export async function waitForPath(page: Page, path: string, timeout = 10_000): Promise<void> {
  await eventually(() => pathOf(page), timeout).toBe(path);
}

export function storedToken(page: Page): Promise<string | null> {
  return page.evaluate((key) => window.localStorage.getItem(key), AUTH_TOKEN_STORAGE_KEY);
}

/** Puts a bearer token in this origin's local storage (as a sign-in does), from a guest page. */
export async function storeToken(page: Page, token: string): Promise<void> {
  if (!page.url().startsWith('http')) await page.goto(trainingPaths.register);
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [AUTH_TOKEN_STORAGE_KEY, token] as const);
}

/** Signs in through the login form and waits for the dashboard. */
export async function signInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto(trainingPaths.login);
  const login = loginPage(page);
  await login.email.fill(email);
  await login.password.fill(password);
  await login.submit.click();
  await waitForPath(page, trainingPaths.dashboard);
  await dashboardPage(page).heading.waitFor();
}

/** Layout check at phone width: nothing makes the page itself scroll sideways. */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}
