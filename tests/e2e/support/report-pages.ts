import { type Locator, type Page } from 'playwright-core';
import { eventually } from './eventually';

/**
 * Accessible locators for the Kizuki DB screens (SPEC §2.5–2.8), by role and Japanese label,
 * so the tests read like what a visitor (or a screen reader) finds on the page.
 */

export const INDEX_PATH = '/phishing-reports';
export const detailPath = (reportId: string): string => `/phishing-reports/${encodeURIComponent(reportId)}`;

export function reportForm(page: Page) {
  const root = page.getByRole('region', { name: 'フィッシングメール・SMSを報告する' });
  return {
    root,
    emailTab: root.getByRole('tab', { name: 'メール', exact: true }),
    smsTab: root.getByRole('tab', { name: 'SMS・MMS', exact: true }),
    screenshot: root.getByLabel(/^スクリーンショット\s*任意$/),
    publishScreenshot: root.getByRole('checkbox', { name: 'スクリーンショットも公開する' }),
    emailSource: root.getByLabel('送信元メールアドレス'),
    smsSource: root.getByLabel('送信元の電話番号またはメールアドレス'),
    /** Whichever sender field the selected tab shows. */
    source: root.getByRole('textbox', { name: /^送信元/ }),
    subject: root.getByRole('textbox', { name: /^件名/ }),
    body: root.getByRole('textbox', { name: /^本文/ }),
    password: root.getByRole('textbox', { name: /^削除用パスワード（4桁の数字）/ }),
    agree: root.getByRole('checkbox', { name: '上記の注意事項に同意する' }),
    submit: root.getByRole('button', { name: '報告する', exact: true }),
    successBox: root.getByRole('status').filter({ hasText: '報告完了' }),
    errorBox: root.getByRole('alert').filter({ hasText: 'エラーが発生しました' }),
  };
}

export type ReportFormLocators = ReturnType<typeof reportForm>;

export interface FormReport {
  receipt_method: 'email' | 'sms';
  source_info: string;
  subject?: string;
  body: string;
  delete_password: string;
}

/** Fills the form the way a visitor does: tab first, then the fields, then the agreement. */
export async function fillReportForm(form: ReportFormLocators, report: FormReport): Promise<void> {
  await (report.receipt_method === 'email' ? form.emailTab : form.smsTab).click();
  await eventually(() => (report.receipt_method === 'email' ? form.emailTab : form.smsTab).getAttribute('aria-selected')).toBe('true');
  await (report.receipt_method === 'email' ? form.emailSource : form.smsSource).fill(report.source_info);
  if (report.subject !== undefined) await form.subject.fill(report.subject);
  await form.body.fill(report.body);
  await form.password.pressSequentially(report.delete_password);
  await form.agree.check();
}

export function reportList(page: Page) {
  const root = page.getByRole('region', { name: 'みんなのフィッシング報告' });
  const table = root.getByRole('table', { name: '報告の一覧（新しい順）' });
  const pager = root.getByRole('navigation', { name: 'ページ送り' });
  return {
    root,
    table,
    /** Body rows only: every report row holds a link to its detail page. */
    rows: table.getByRole('row').filter({ has: page.getByRole('link') }),
    rowFor: (reportId: string) => table.getByRole('row').filter({ has: page.locator(`a[href="${detailPath(reportId)}"]`) }),
    /** Each row's link to its report (not its 「同様の報告」 link). */
    links: table.getByRole('link').filter({ hasNotText: /^同様の報告/ }),
    filter: (label: 'すべて' | 'メール' | 'SMS') => root.getByRole('group', { name: '受信方法で絞り込む' }).getByRole('button', { name: label, exact: true }),
    pager,
    range: pager.getByText(/件目/),
    previous: pager.getByRole('button', { name: '前へ' }),
    next: pager.getByRole('button', { name: '次へ' }),
    empty: root.getByText('まだ報告はありません', { exact: true }),
    /** The empty state of a search or of a group: 「…は見つかりませんでした」. */
    noResults: root.getByText(/は見つかりませんでした$/),
    search: root.getByRole('searchbox', { name: '報告を検索' }),
    searchButton: root.getByRole('search', { name: '報告の検索' }).getByRole('button', { name: '検索', exact: true }),
    clearSearch: root.getByRole('button', { name: '検索語を消す' }),
    /** 「「楽天」を含む報告：3件」 and the like, above the rows of a narrowed list. */
    summary: root.locator('.report-list__summary').getByRole('status'),
    showAll: root.getByRole('link', { name: 'すべての報告を表示' }),
    similarLinks: table.getByRole('link', { name: /^同様の報告 \d+件$/ }),
  };
}

/** A row's link to its report (a row may also hold a 「同様の報告」 link). */
export const reportLinkOf = (row: Locator): Locator => row.getByRole('link').filter({ hasNotText: /^同様の報告/ });

/** The page is idle once no list request is in flight (the table leaves its busy state). */
export async function waitForListSettled(page: Page): Promise<void> {
  const list = reportList(page);
  await eventually(async () => (await list.empty.isVisible()) || (await list.noResults.isVisible()) || (await list.table.isVisible())).toBe(true);
  await eventually(async () => (await list.table.count()) === 0 || (await list.table.getAttribute('aria-busy')) === null).toBe(true);
}

export async function linkTexts(page: Page): Promise<string[]> {
  return (await reportList(page).links.allTextContents()).map((text) => text.trim());
}

export function reportDetail(page: Page) {
  const root = page.getByRole('article', { name: 'フィッシング報告の詳細' });
  const valueOf = (term: string) =>
    root.locator('dl dt').filter({ hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');
  return {
    root,
    heading: root.getByRole('heading', { name: 'フィッシング報告の詳細', level: 1 }),
    method: valueOf('受信方法'),
    sender: valueOf('送信元'),
    subject: valueOf('件名'),
    reportedAt: valueOf('報告日時'),
    body: root.getByRole('region', { name: '本文' }).locator('.report-detail__body'),
    /** The inline screenshot is a button (click to enlarge) holding the image. */
    screenshotButton: root.getByRole('button', { name: /報告されたスクリーンショット/ }),
    screenshotImage: root.getByRole('button', { name: /報告されたスクリーンショット/ }).locator('img'),
    back: root.getByRole('button', { name: '一覧に戻る' }),
    deleteButton: root.getByRole('button', { name: '削除', exact: true }),
  };
}

export function deleteModal(page: Page) {
  const root = page.getByRole('dialog', { name: '報告の削除' });
  return {
    root,
    password: root.getByLabel('削除用パスワード（4桁の数字）'),
    cancel: root.getByRole('button', { name: 'キャンセル' }),
    confirm: root.getByRole('button', { name: '削除する' }),
    close: root.getByRole('button', { name: '閉じる' }),
    fieldError: root.getByRole('alert'),
  };
}

export function imageViewer(page: Page) {
  const root = page.getByRole('dialog', { name: 'スクリーンショット' });
  return {
    root,
    image: root.getByRole('img', { name: '報告されたスクリーンショット' }),
    close: root.getByRole('button', { name: '閉じる' }),
  };
}

/** naturalWidth of an <img>: 0 until it has loaded and decoded a real image. */
export function naturalWidth(image: Locator): Promise<number> {
  return image.evaluate((element) => (element as HTMLImageElement).naturalWidth);
}

/**
 * The error messages a control announces: the role=alert elements among those its
 * aria-describedby points at, i.e. what is shown under the field and read out with it.
 */
export function fieldErrors(control: Locator): Promise<string[]> {
  return control.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => (id ? document.getElementById(id) : null))
      .filter((node): node is HTMLElement => node !== null && node.getAttribute('role') === 'alert')
      .map((node) => node.textContent?.trim() ?? ''),
  );
}
