import { describe, expect, it } from 'vitest';
import { emailReport, smallPng, smsReport } from './support/api';
import { DESKTOP, PHONE } from './support/browser';
import { useE2EEnvironment, viewportName } from './support/e2e';
import { eventually } from './support/eventually';
import { createOperatorWithCli, field, look, signIn, totpCode } from './support/operator-pages';
import { detailPath, INDEX_PATH, reportList, waitForListSettled } from './support/report-pages';
import { AccountApi, newPassword, uniqueEmail } from './support/training-env';
import { waitForPath } from './support/training-pages';

/**
 * Issue 13, part 3: an operator created from the command line signs in with TOTP and hides a
 * report a visitor flagged; it disappears from every public page and the audit log shows it.
 */
const env = useE2EEnvironment();

const PASSWORD = 'kanri-Pass-2026';
const HIDE_REASON = '本文に個人の氏名と住所が含まれているため';

const VIEWPORTS = [
  { name: viewportName(PHONE), viewport: PHONE },
  { name: viewportName(DESKTOP), viewport: DESKTOP },
];

describe.each(VIEWPORTS)('operator console ($name)', ({ name, viewport }) => {
  it('CLI → password → TOTP set-up → a visitor flags a report → the operator hides it → gone in public, in the audit log', async () => {
    const email = `ops-${viewport.width}@example.com`;
    const flaggedSubject = `【要確認】${name} 氏名入りの報告`;
    const [otherId, flaggedId] = await env.api.createReports([
      smsReport({ body: `${name} ほかの報告です。https://other.example/ に誘導されました。` }),
      emailReport({ subject: flaggedSubject, body: '山田太郎様 東京都千代田区… 本文に個人情報が入っています。' }),
    ]);
    if (!otherId || !flaggedId) throw new Error('seeding failed');
    // A newer report still comes after the flagged one in the console.
    const newestId = await env.api.createReport(emailReport({ subject: `${name} いちばん新しい報告` }), { content: await smallPng(), filename: 'shot.png' });

    // 1. A visitor flags the report through the public link.
    const visitor = await env.open(viewport);
    await visitor.page.goto(detailPath(flaggedId));
    await visitor.page.getByRole('button', { name: '不適切な報告を通知' }).click();
    const flagDialog = visitor.page.getByRole('dialog', { name: '不適切な報告を通知' });
    await flagDialog.waitFor();
    await flagDialog.getByRole('button', { name: '通知する' }).click();
    await flagDialog.getByText('理由を選択してください').waitFor();
    await flagDialog.getByRole('radio', { name: '個人情報が含まれている' }).check();
    await field(flagDialog, '補足').fill('本文に実名と住所があります。');
    await look(visitor.page, `operator-flag-dialog-${name}`, { fullPage: false });
    await flagDialog.getByRole('button', { name: '通知する' }).click();
    await flagDialog.getByText('通知を受け付けました').waitFor();
    await look(visitor.page, `operator-flag-sent-${name}`, { fullPage: false });
    await flagDialog.getByRole('button', { name: '閉じる' }).click();
    await flagDialog.waitFor({ state: 'detached' });

    // 2. The operator, created with the CLI, sets a password from the printed link.
    const setupPath = await createOperatorWithCli(env, email);
    const { page } = await env.open(viewport);
    await page.goto(setupPath);
    await page.getByRole('heading', { name: 'パスワードの設定', level: 1 }).waitFor();
    await field(page, 'パスワード').fill('short');
    await page.getByRole('button', { name: 'パスワードを設定' }).click();
    await page.getByText('8文字以上', { exact: false }).first().waitFor();
    await look(page, `operator-setup-${name}`);
    await field(page, 'パスワード').fill(PASSWORD);
    await field(page, 'パスワード（確認）').fill(PASSWORD);
    await page.getByRole('button', { name: 'パスワードを設定' }).click();
    await waitForPath(page, '/operator/login');
    await page.getByText('パスワードを設定しました。続けてログインしてください。').waitFor();
    // The used link does not work twice.
    const again = await env.open(viewport);
    await again.page.goto(setupPath);
    await field(again.page, 'パスワード').fill(PASSWORD);
    await field(again.page, 'パスワード（確認）').fill(PASSWORD);
    await again.page.getByRole('button', { name: 'パスワードを設定' }).click();
    await again.page.getByRole('alert').filter({ hasText: 'パスワードを設定できませんでした' }).waitFor();
    await again.context.close();

    // 3. First sign-in: the QR and the key, then a 6-digit code.
    await look(page, `operator-login-${name}`);
    await signIn(page, email, 'wrong-password-1');
    await page.getByRole('alert').filter({ hasText: 'ログインできませんでした' }).waitFor();
    await signIn(page, email, PASSWORD);
    await page.getByRole('heading', { name: '二段階認証の設定', level: 1 }).waitFor();
    const qr = page.getByRole('img', { name: '認証アプリに登録するための QR コード' });
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(await qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    const secret = (await page.getByTestId('totp-secret').textContent())?.replace(/\s+/g, '') ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await look(page, `operator-totp-setup-${name}`);
    await field(page, '確認コード（6桁）').fill('000000' === totpCode(secret) ? '111111' : '000000');
    await page.getByRole('button', { name: '設定してログイン' }).click();
    await page.getByRole('alert').first().waitFor();
    await field(page, '確認コード（6桁）').fill(totpCode(secret));
    await page.getByRole('button', { name: '設定してログイン' }).click();
    await waitForPath(page, '/operator/reports');
    expect(await page.evaluate(() => window.sessionStorage.getItem('kizuki.operator.token'))).toMatch(/^op_/);
    expect(await page.evaluate(() => window.localStorage.getItem('kizuki.operator.token'))).toBeNull();
    await expect.poll(() => page.getByTestId('operator-email').textContent()).toBe(email);

    // 4. Log out; a later sign-in asks only for the code.
    await page.getByRole('button', { name: 'ログアウト' }).click();
    await waitForPath(page, '/operator/login');
    await page.getByText('ログアウトしました。').waitFor();
    await signIn(page, email, PASSWORD);
    await page.getByRole('heading', { name: '二段階認証', level: 1 }).waitFor();
    expect(await page.getByTestId('totp-secret').count()).toBe(0);
    await look(page, `operator-totp-${name}`);
    await field(page, '確認コード（6桁）').fill(totpCode(secret, 1));
    await page.getByRole('button', { name: 'ログイン', exact: true }).click();
    await waitForPath(page, '/operator/reports');

    // 5. The flagged report comes first, with its reason.
    const table = page.getByRole('table', { name: '報告の一覧' });
    await table.waitFor();
    const firstRow = table.locator('tbody tr').first();
    await expect.poll(() => firstRow.getAttribute('data-report-id')).toBe(flaggedId);
    expect(await firstRow.textContent()).toContain('個人情報が含まれている');
    expect(await firstRow.textContent()).toContain('通知 1件');
    expect(await table.locator(`tr[data-report-id="${newestId}"]`).count()).toBe(1);
    await look(page, `operator-reports-${name}`);

    // Search and filter live in the URL.
    await page.getByRole('button', { name: '通知あり' }).click();
    await eventually(() => new URL(page.url()).search).toBe('?status=flagged');
    // Only flagged reports (another width's run may have left its own flagged report).
    await eventually(() => table.locator(`tr[data-report-id="${newestId}"]`).count()).toBe(0);
    expect(await table.locator(`tr[data-report-id="${flaggedId}"]`).count()).toBe(1);
    expect(await table.locator(`tr[data-report-id="${otherId}"]`).count()).toBe(0);
    await page.getByRole('button', { name: 'すべて' }).click();
    await page.getByRole('searchbox', { name: 'キーワードで検索' }).fill('いちばん新しい');
    await page.getByRole('button', { name: '検索', exact: true }).click();
    await eventually(() => new URL(page.url()).searchParams.get('q')).toBe('いちばん新しい');
    await eventually(() => table.locator('tbody tr').first().getAttribute('data-report-id')).toBe(newestId);
    // The back button walks back through the searches and filters.
    await page.goBack();
    await eventually(() => new URL(page.url()).search).toBe('');
    await page.goBack();
    await eventually(() => new URL(page.url()).search).toBe('?status=flagged');
    // The URL moves first; the filter buttons follow on the next render.
    await eventually(() => page.getByRole('button', { name: '通知あり' }).getAttribute('aria-pressed')).toBe('true');

    // The report with a screenshot: the private original arrives through an object URL.
    await page.goto(`/operator/reports/${newestId}`);
    const original = page.getByTestId('original-screenshot');
    await original.waitFor();
    expect(await original.getAttribute('src')).toMatch(/^blob:/);
    await eventually(() => original.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    await look(page, `operator-report-with-image-${name}`);

    // 6. The detail of the flagged report: flags, then hide with a reason.
    await page.goto('/operator/reports');
    await table.locator(`tr[data-report-id="${flaggedId}"]`).getByRole('link').click();
    await waitForPath(page, `/operator/reports/${flaggedId}`);
    await page.getByRole('heading', { name: '報告の詳細', level: 1 }).waitFor();
    await page.getByRole('region', { name: '不適切な報告の通知' }).getByText('本文に実名と住所があります。').waitFor();
    await look(page, `operator-report-detail-${name}`);
    await page.getByRole('button', { name: '非公開にする' }).click();
    const hideDialog = page.getByRole('dialog', { name: '非公開にする' });
    await hideDialog.getByRole('button', { name: '非公開にする' }).click();
    await hideDialog.getByText('理由を入力してください').waitFor();
    await field(hideDialog, '理由').fill(HIDE_REASON);
    await look(page, `operator-hide-dialog-${name}`, { fullPage: false });
    await hideDialog.getByRole('button', { name: '非公開にする' }).click();
    await hideDialog.waitFor({ state: 'detached' });
    await page.getByText('報告を非公開にしました。').waitFor();
    await page.getByText(`この報告は非公開です。理由：${HIDE_REASON}`).waitFor();
    await page.getByRole('button', { name: '公開に戻す' }).waitFor();
    await look(page, `operator-report-hidden-${name}`);

    // 7. Gone from every public answer and page.
    expect(await env.api.reportStatus(flaggedId)).toBe(404);
    const publicPage = (await env.open(viewport)).page;
    const detailAnswer = await publicPage.goto(detailPath(flaggedId));
    expect(detailAnswer?.status()).toBe(404);
    await publicPage.getByText('見つかりません', { exact: false }).first().waitFor();
    await publicPage.goto(INDEX_PATH);
    await waitForListSettled(publicPage);
    expect(await reportList(publicPage).rowFor(flaggedId).count()).toBe(0);
    expect(await reportList(publicPage).rowFor(otherId).count()).toBe(1);

    // 8. The audit log shows the hide, who did it and why.
    await page.getByRole('link', { name: '操作履歴' }).click();
    await waitForPath(page, '/operator/audit-log');
    const audit = page.getByRole('table', { name: '操作履歴' });
    const hideRow = audit.locator('tbody tr', { hasText: flaggedId });
    await hideRow.waitFor();
    expect(await hideRow.getAttribute('data-audit-action')).toBe('hide');
    expect(await hideRow.textContent()).toContain(email);
    expect(await hideRow.textContent()).toContain(HIDE_REASON);
    expect(await hideRow.textContent()).toContain('非公開');
    await look(page, `operator-audit-log-${name}`);

    // 9. Company accounts: a table (cards on phones) with the plan, people and this month's mails.
    const organization = `株式会社運営確認${viewport.width}`;
    // Registered without opening the confirmation mail: the tenant exists either way.
    const noMail = { waitForMail: () => Promise.reject(new Error('not read in this test')) };
    await new AccountApi(() => env.server.baseUrl, noMail).registerCorporate({ email: uniqueEmail('tenant'), password: newPassword(), organization }, { confirm: false });
    await page.getByRole('link', { name: '企業アカウント' }).click();
    await waitForPath(page, '/operator/tenants');
    const tenants = page.getByRole('table', { name: '企業アカウント' });
    const tenantRow = tenants.locator('tbody tr', { hasText: organization });
    await tenantRow.waitFor();
    expect(await tenantRow.textContent()).toContain('フリープラン');
    await page.getByRole('searchbox', { name: '会社名・メールアドレスで検索' }).fill(organization);
    await page.getByRole('button', { name: '検索', exact: true }).click();
    await eventually(() => tenants.locator('tbody tr').count()).toBe(1);
    await look(page, `operator-tenants-${name}`);
  });
});

describe('operator console without a sign-in', () => {
  it('sends a signed-out visitor of a console page to the login, and a bad token back there too', async () => {
    const { page } = await env.open(PHONE);
    await page.goto('/operator/reports');
    await waitForPath(page, '/operator/login');
    await page.evaluate(() => window.sessionStorage.setItem('kizuki.operator.token', 'op_not-a-real-token'));
    await page.goto('/operator/audit-log');
    await waitForPath(page, '/operator/login');
    await page.getByText('ログインの有効期限が切れました。もう一度ログインしてください。').waitFor();
    expect(await page.evaluate(() => window.sessionStorage.getItem('kizuki.operator.token'))).toBeNull();
  });
});
