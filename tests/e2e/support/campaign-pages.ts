import type { Page } from 'playwright-core';
import { CSRF_HEADER, FINGERPRINT_HEADER } from '../../../src/common/http-headers';
import { AUTH_TOKEN_STORAGE_KEY } from '../../../src/common/training-routes';
import { PHONE } from './browser';
import type { Viewport } from './e2e';

/**
 * Accessible locators for the campaign screens (issue 11: /campaigns/create → /campaigns/confirm →
 * /campaigns/{id}/complete, /campaigns/{id}), the training page a click leads to (/t/l/<token>)
 * and its lookalike sign-in form, by role and the Japanese labels a visitor reads.
 */

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `^label\s*必須$`: the accessible name of a required field's control (labels carry a 必須 badge). */
const required = (label: string): RegExp => new RegExp(`^${escapeRegExp(label)}\\s*必須$`);

/**
 * User agents of the browsers an employee reads mail in. Chromium headless announces itself as
 * HeadlessChrome, which the scanner filter rightly takes for automation and does not count.
 */
export const EMPLOYEE_USER_AGENTS = {
  phone: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  desktop: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
} as const;

export function employeeUserAgent(viewport: Viewport): string {
  return viewport.width <= PHONE.width ? EMPLOYEE_USER_AGENTS.phone : EMPLOYEE_USER_AGENTS.desktop;
}

/**
 * A call to the API from a signed-in page, with the headers the app itself sends (bearer from
 * local storage, CSRF from the page's meta tag, fingerprint): for seeding what the test does not
 * look at. Returns the status and the `data` of the JSON envelope.
 */
export async function apiFromPage<T = unknown>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; data: T }> {
  return page.evaluate(
    async ({ method, path, body, tokenKey, csrfHeader, fingerprintHeader }) => {
      const headers: Record<string, string> = {
        accept: 'application/json',
        authorization: `Bearer ${window.localStorage.getItem(tokenKey) ?? ''}`,
      };
      if (method !== 'GET') {
        headers[csrfHeader] = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
        headers[fingerprintHeader] = 'e2e-campaigns';
      }
      if (body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      const payload = (await response.json().catch(() => ({}))) as { data?: unknown };
      return { status: response.status, data: payload.data as never };
    },
    { method, path, body, tokenKey: AUTH_TOKEN_STORAGE_KEY, csrfHeader: CSRF_HEADER, fingerprintHeader: FINGERPRINT_HEADER },
  );
}

/** /campaigns/create (and /edit): the form's sections. */
export function campaignEditor(page: Page) {
  const templateFilter = page.getByRole('search', { name: 'テンプレートの絞り込み' });
  return {
    heading: page.getByRole('heading', { level: 1, name: 'キャンペーン作成' }),
    name: page.getByRole('textbox', { name: required('キャンペーン名') }),
    templateKeyword: templateFilter.getByRole('searchbox', { name: 'キーワード' }),
    templateSearch: templateFilter.getByRole('button', { name: '検索', exact: true }),
    /** A template's checkbox; its label starts with the template's name (category, difficulty and subject follow). */
    template: (name: string) => page.getByRole('checkbox', { name: new RegExp(`^${escapeRegExp(name)}`) }),
    templatesPicked: page.getByText(/^選択中：\d+件$/),
    everyone: page.getByRole('radio', { name: /^登録済みの受講者全員/ }),
    /** 対象 N名 under the choice of people (kept current while the choice changes). */
    audienceCount: page.locator('.cmp-audience__figures').getByRole('definition').first(),
    startNow: page.getByRole('radio', { name: '今すぐ開始', exact: true }),
    businessHoursOnly: page.getByRole('checkbox', { name: /^営業時間内のみ/ }),
    weekdaysOnly: page.getByRole('checkbox', { name: '平日のみ', exact: true }),
    skipHolidays: page.getByRole('checkbox', { name: '祝日を除く', exact: true }),
    next: page.getByRole('button', { name: '確認へ進む', exact: true }),
  };
}

export function campaignConfirm(page: Page) {
  return {
    heading: page.getByRole('heading', { level: 1, name: 'キャンペーン内容の確認' }),
    start: page.getByRole('button', { name: 'この内容で開始する', exact: true }),
    allowance: page.getByRole('region', { name: '今月の送信枠' }),
    sample: page.getByRole('region', { name: 'メールの見本' }),
  };
}

export function campaignComplete(page: Page) {
  return {
    heading: page.getByRole('heading', { level: 1, name: 'キャンペーンを開始しました' }),
    toCampaign: page.getByRole('link', { name: 'キャンペーンの画面へ', exact: true }),
    nextSteps: page.getByRole('region', { name: 'このあとの流れ' }),
  };
}

export type CampaignStatLabel = '対象者' | '送信' | '開封' | 'クリック' | '入力';

/** /campaigns/{id}: counters, funnel, recipients with their timelines, and the actions. */
export function campaignDetail(page: Page) {
  const stats = page.getByRole('list', { name: 'キャンペーンの結果' });
  const funnel = page.getByRole('region', { name: '反応の流れ' });
  const recipients = page.getByRole('region', { name: '受信者ごとの結果' });
  return {
    heading: (name: string) => page.getByRole('heading', { level: 1, name }),
    /** The status badge beside the schedule under the title (a styled span: no role of its own). */
    status: page.locator('.cd-header__badge'),
    stats,
    /** A counter's figure, e.g. 「3通」 or 「1名」. */
    stat: (label: CampaignStatLabel) => stats.getByRole('listitem').filter({ has: page.getByText(label, { exact: true }) }).locator('.ta-stat__value'),
    funnel,
    /** A funnel step's figure, e.g. 「1名（送信の33%）」. */
    funnelStep: (label: CampaignStatLabel) => funnel.getByRole('listitem').filter({ has: page.getByText(label, { exact: true }) }).locator('.cd-funnel__count'),
    recipients,
    recipient: (email: string) => recipients.getByRole('row').filter({ hasText: email }),
    timelineButton: (name: string) => recipients.getByRole('button', { name: `${name}さんの記録を見る`, exact: true }),
    timeline: (name: string) => page.getByRole('dialog', { name: `${name}さんの記録` }),
    pause: page.getByRole('button', { name: '一時停止', exact: true }),
    resume: page.getByRole('button', { name: '再開', exact: true }),
    export: page.getByRole('button', { name: 'CSVに書き出す', exact: true }),
    notice: (text: string) => page.getByRole('status').filter({ hasText: text }),
  };
}

/**
 * Reloads the page until `read` gives what the test waits for (a person pressing F5 on the
 * results): the page's own refresh runs every 10 s, longer than a test should wait each time.
 */
export async function reloadUntil<T>(page: Page, what: string, read: () => Promise<T>, expected: (value: T) => boolean, timeout = 30_000): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await read().catch(() => undefined);
    if (value !== undefined && expected(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)} after ${timeout} ms of reloading ${page.url()}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await page.reload();
  }
}

/** The training page a click leads to (/t/l/<token>): the mail with its red flags marked and numbered. */
export function lessonPage(page: Page) {
  return {
    heading: page.getByRole('heading', { level: 1, name: /^これは.+が実施している標的型メール訓練です$/ }),
    mail: page.getByRole('article', { name: '受信したメール' }),
    /** The numbered marks on the mail (one per red flag whose excerpt was found in it). */
    marks: page.locator('mark.lesson-flag'),
    points: page.getByRole('region', { name: /^見分けるポイント/ }).getByRole('listitem'),
    habits: page.getByRole('region', { name: /^これから心がけたい\d+つの習慣$/ }).getByRole('listitem'),
    /** After the lookalike form: nothing typed was sent or stored. */
    nothingSent: page.getByRole('status').filter({ hasText: '入力された内容は送信・保存されていません' }),
  };
}

/** The lookalike sign-in form a `landing: login` template opens first. */
export function lookalikePage(page: Page) {
  return {
    heading: page.getByRole('heading', { level: 1, name: 'ログイン', exact: true }),
    id: page.getByLabel('ID またはメールアドレス', { exact: true }),
    password: page.getByLabel('パスワード', { exact: true }),
    submit: page.getByRole('button', { name: 'ログイン', exact: true }),
  };
}

/** The numbers on the marks, in document order (each badge reads its red flag's number). */
export function markNumbers(page: Page): Promise<number[]> {
  return lessonPage(page)
    .marks.locator('.lesson-flag__badge')
    .allInnerTexts()
    .then((texts) => texts.map(Number));
}

/** The dev mailbox's entries (links in its list, newest first) for one address. */
export function mailboxEntries(page: Page, address: string) {
  return page.getByRole('main').getByRole('link').filter({ hasText: address });
}
