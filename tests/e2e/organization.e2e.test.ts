import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { billingMessages as m } from '../../src/common/billing-messages';
import { trainingPaths } from '../../src/common/training-routes';
import { checkScreen } from './support/axe';
import { DESKTOP, PHONE } from './support/browser';
import { viewportName } from './support/e2e';
import { useTrainingEnvironment } from './support/training-env';
import { dashboardPage, definitions, fieldError, horizontalOverflow, storeToken, waitForPath } from './support/training-pages';

/**
 * /account/organization/edit → /complete (issue 14) in a real browser against the real server:
 * reached from /account, a bad 〒 refused (in the page, then by the server's 422 under the field),
 * the 請求先 registered, the new name on the shell and the dashboard at once, and a member's read-only view.
 */
const { env, accounts } = await useTrainingEnvironment();

const VIEWPORTS = [
  { name: viewportName(PHONE), viewport: PHONE },
  { name: viewportName(DESKTOP), viewport: DESKTOP },
];

const EDIT = '/account/organization/edit';
const COMPLETE = '/account/organization/complete';
const required = (label: string): RegExp => new RegExp(`^${label}\\s*必須$`);
const optional = (label: string): RegExp => new RegExp(`^${label}\\s*任意`);

/** Makes the account a member of its tenant, straight in the server's SQLite file (no API invites members yet). */
function demoteToMember(email: string): void {
  const db = new Database(path.join(env.server.dataDir, 'kizuki.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    if (db.prepare("update users set role = 'member' where email = ?").run(email).changes !== 1) throw new Error(`no user ${email}`);
  } finally {
    db.close();
  }
}

describe.each(VIEWPORTS)('organisation edit ($name)', ({ name, viewport }) => {
  it('edits the organisation and its 請求先, and the dashboard shows the new name at once', async () => {
    const account = await accounts.newCorporateAccount(`org-${viewport.width}`);
    const token = await accounts.login(account.email, account.password);
    const { page } = await env.open(viewport);
    await storeToken(page, token);
    await page.goto(trainingPaths.account);
    await page.getByRole('link', { name: '組織情報を編集', exact: true }).click();
    await waitForPath(page, EDIT);
    await page.getByRole('heading', { level: 1, name: '組織情報の編集' }).waitFor();

    const companyName = page.getByRole('textbox', { name: required('組織名') });
    const postalCode = page.getByRole('textbox', { name: optional('郵便番号') });
    await expect.poll(() => companyName.inputValue()).toBe(account.organization);
    expect(await horizontalOverflow(page)).toBe(0);
    await checkScreen(page, `organization-edit-${name}`);

    const newName = `株式会社改名${viewport.width}`;
    await companyName.fill(newName);
    await page.getByRole('textbox', { name: optional('住所') }).fill('東京都千代田区丸の内1-1-1');
    await page.getByRole('textbox', { name: optional('電話番号') }).fill('０３ー１２３４ー５６７８');
    await page.getByRole('combobox', { name: optional('業種') }).selectOption('情報通信業');
    await page.getByRole('combobox', { name: optional('従業員数') }).selectOption('10〜49名');
    // A bad 〒 is refused in the page, before any request.
    await postalCode.fill('123-45');
    const save = page.getByRole('button', { name: '変更を保存', exact: true });
    await save.click();
    await expect.poll(() => fieldError(postalCode)).toBe(m.postalCodeInvalid);
    await expect.poll(() => postalCode.evaluate((element) => element === document.activeElement)).toBe(true);

    // The 請求先 starts from the organisation's own details.
    await postalCode.fill('１００ー０００５');
    await page.getByRole('button', { name: '請求先を登録する', exact: true }).click();
    const billing = page.getByRole('region', { name: '請求先' });
    await expect.poll(() => billing.getByRole('textbox', { name: required('請求先の会社名') }).inputValue()).toBe(newName);
    await billing.getByRole('textbox', { name: required('ご担当者名') }).fill('経理 花子');
    await billing.getByRole('textbox', { name: required('請求書送付先メールアドレス') }).fill('keiri@example.co.jp');

    // The server's 422 lands under its field: the request is changed on the way to send a bad 〒.
    await page.route('**/api/account/organization', async (route) => {
      if (route.request().method() !== 'PUT') return route.continue();
      const body = JSON.parse(route.request().postData() ?? '{}') as { billing: Record<string, string> };
      await route.continue({ postData: JSON.stringify({ ...body, billing: { ...body.billing, postal_code: '12345' } }) });
    });
    await save.click();
    const billingPostal = billing.getByRole('textbox', { name: required('郵便番号') });
    await expect.poll(() => fieldError(billingPostal)).toBe(m.postalCodeInvalid);
    expect(await horizontalOverflow(page)).toBe(0);
    await checkScreen(page, `organization-edit-server-error-${name}`);
    await page.unrouteAll();

    await billingPostal.fill('100-0005');
    await save.click();
    await waitForPath(page, COMPLETE);
    await page.getByRole('heading', { level: 1, name: '組織情報の変更完了' }).waitFor();
    const done = page.getByRole('status').filter({ hasText: '組織情報を保存しました' });
    await expect.poll(() => done.getByRole('listitem').allInnerTexts()).toEqual(['組織名', '郵便番号', '住所', '電話番号', '業種', '従業員数', '請求先']);
    expect(await definitions(page)).toMatchObject({ 組織名: newName, 郵便番号: '〒100-0005', 電話番号: '03-1234-5678', 業種: '情報通信業', ご担当者名: '経理 花子' });
    // The shell shows the new name without a reload.
    expect(await page.getByTestId('shell-company-name').innerText()).toBe(newName);
    expect(await horizontalOverflow(page)).toBe(0);
    await checkScreen(page, `organization-complete-${name}`);

    await page.getByRole('link', { name: 'ダッシュボードへ', exact: true }).click();
    await waitForPath(page, trainingPaths.dashboard);
    await dashboardPage(page).heading.waitFor();
    await expect.poll(() => page.getByTestId('dashboard-company-name').innerText()).toBe(newName);

    // A member sees the same details, read-only, and is told who can change them.
    demoteToMember(account.email);
    await page.goto(EDIT);
    await page.getByText(m.organizationAdminOnly, { exact: true }).waitFor();
    expect(await page.getByRole('textbox').count()).toBe(0);
    expect(await page.getByRole('button', { name: '変更を保存' }).count()).toBe(0);
    expect(await definitions(page)).toMatchObject({ 組織名: newName, 業種: '情報通信業', ご担当者名: '経理 花子' });
    expect(await horizontalOverflow(page)).toBe(0);
    await checkScreen(page, `organization-member-${name}`);
  });
});
