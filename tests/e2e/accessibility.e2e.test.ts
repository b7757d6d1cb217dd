import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/free-port';
import { CORPORATE_PRIVACY_PATH, CORPORATE_TERMS_PATH, PRIVACY_PATH, TERMS_PATH } from '../../src/common/legal-paths';
import { trainingPaths } from '../../src/common/training-routes';
import { emailReport, smallPng, smsReport } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { DESKTOP, PHONE, saveScreenshot } from './support/browser';
import { useE2EEnvironment, viewportName, type Viewport } from './support/e2e';
import { DevMailboxReader, MAIL_SUBJECTS } from './support/mail';
import { INDEX_PATH, deleteModal, detailPath, reportDetail, reportForm, reportList, waitForListSettled } from './support/report-pages';
import { AccountApi, type CreatedAccount, uniqueEmail } from './support/training-env';
import {
  accountInfoPage,
  appFrame,
  completePage,
  dashboardPage,
  forgotPasswordPage,
  horizontalOverflow,
  loginPage,
  registerPage,
  resetPasswordPage,
  signInThroughForm,
  siteHeader,
} from './support/training-pages';

/**
 * Every page of the site at phone and desktop width, in its main states, checked with axe-core
 * (WCAG 2.x A/AA and best practices: 0 violations) and, through the e2e support, for CSP
 * violations. Without SMTP_URL the server keeps mail in its development mailbox, which is
 * checked too and is where the confirmation link of the registration comes from.
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

const VIEWPORTS = [
  { name: viewportName(PHONE), viewport: PHONE },
  { name: viewportName(DESKTOP), viewport: DESKTOP },
];

/** axe, the page width, and a screenshot to look at: the three checks every visited state gets. */
async function check(page: Page, label: string, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  await expectNoAxeViolations(page, `${label} (${name})`);
  expect(await horizontalOverflow(page), `${label} wider than the viewport`).toBe(0);
  await saveScreenshot(page, `a11y-${label}-${name}`, options);
}

/** Campaign rows straight into the server's SQLite file: no API creates campaigns yet (a later issue). */
function seedCampaigns(email: string): void {
  const db = new Database(path.join(env.server.dataDir, 'kizuki.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    const user = db.prepare('select tenant_id from users where email = ?').get(email) as { tenant_id: number } | undefined;
    if (!user) throw new Error(`no user ${email}`);
    const insert = db.prepare(
      'insert into campaigns (tenant_id, name, status, total_targets, emails_sent, emails_opened, emails_clicked, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    const rows: Array<[string, string, number, number, number, number]> = [
      ['11月 全社訓練（宅配業者を装うSMS）', 'completed', 10, 10, 7, 2],
      ['新入社員向け 請求書メール訓練', 'running', 4, 4, 1, 0],
      ['年末 アカウント停止通知の訓練', 'scheduled', 8, 0, 0, 0],
      ['下書き：パスワード再設定を装うメール', 'draft', 0, 0, 0, 0],
    ];
    rows.forEach(([name, status, targets, sent, opened, clicked], index) => {
      const created = new Date(Date.now() - index * 86_400_000).toISOString();
      insert.run(user.tenant_id, name, status, targets, sent, opened, clicked, created, created);
    });
  } finally {
    db.close();
  }
}

/** The account-info link of the newest confirmation mail to `email`, read on the development mailbox pages. */
async function confirmationLinkFromDevMailbox(page: Page, email: string, name: string): Promise<string> {
  await page.goto('/dev/mailbox');
  await page.getByRole('heading', { level: 1, name: '開発用メールボックス' }).waitFor();
  await check(page, 'dev-mailbox', name);
  await page.getByRole('link').filter({ hasText: email }).filter({ hasText: MAIL_SUBJECTS.registrationConfirmation }).first().click();
  await page.getByRole('heading', { level: 1, name: MAIL_SUBJECTS.registrationConfirmation }).waitFor();
  // The HTML part is drawn in the sandboxed frame; wait for it before checking the page.
  await page.frameLocator('iframe[title="HTML 本文"]').locator('body').waitFor();
  await check(page, 'dev-mailbox-message', name);
  const text = await page.locator('pre').innerText();
  const link = /https?:\/\/\S+\/corporate\/register\/account\?\S+/.exec(text)?.[0];
  if (!link) throw new Error(`no account-info link in:\n${text}`);
  return link;
}

let reportIds: string[] = [];
let withScreenshot = '';

describe.each(VIEWPORTS)('pages before any data ($name)', ({ name, viewport }) => {
  it('has no violations on the empty Kizuki DB, the guest training pages and the legal pages', async () => {
    const { page } = await env.open(viewport);
    await page.goto(INDEX_PATH);
    await waitForListSettled(page);
    await reportList(page).empty.waitFor();
    await reportForm(page).submit.waitFor();
    await check(page, 'reports-empty', name);

    // The form's client-side messages (the button is enabled once a sender, a password and the agreement are there).
    const form = reportForm(page);
    await form.emailSource.fill('not-an-address');
    await form.password.pressSequentially('12');
    await form.agree.check();
    await form.submit.click();
    await form.emailSource.and(page.locator('[aria-invalid="true"]')).waitFor();
    await check(page, 'reports-form-errors', name);

    for (const [label, target] of [
      ['terms', TERMS_PATH],
      ['privacy', PRIVACY_PATH],
      ['corporate-terms', CORPORATE_TERMS_PATH],
      ['corporate-privacy', CORPORATE_PRIVACY_PATH],
    ] as const) {
      await page.goto(target);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await check(page, label, name);
    }

    await page.goto('/dev/mailbox');
    await page.getByRole('heading', { level: 1, name: '開発用メールボックス' }).waitFor();
    await check(page, 'dev-mailbox-empty', name);
  });

  it('has no violations on the guest screens of the training app', async () => {
    const { page } = await env.open(viewport);
    await page.goto(trainingPaths.login);
    await loginPage(page).heading.waitFor();
    await check(page, 'login', name);
    await loginPage(page).submit.click();
    await loginPage(page).email.and(page.locator('[aria-invalid="true"]')).waitFor();
    await check(page, 'login-errors', name);

    await page.goto(trainingPaths.passwordForgot);
    await forgotPasswordPage(page).heading.waitFor();
    await check(page, 'password-forgot', name);

    await page.goto(`${trainingPaths.passwordReset}?token=${'a'.repeat(40)}&email=${encodeURIComponent('taro@example.co.jp')}`);
    await resetPasswordPage(page).heading.waitFor();
    await check(page, 'password-reset', name);

    await page.goto(`${trainingPaths.registrationComplete}?email=${encodeURIComponent('taro@example.co.jp')}&organization_name=${encodeURIComponent('株式会社キヅキ')}`);
    await completePage(page).heading.waitFor();
    await check(page, 'registration-complete-guest', name);
  });
});

describe('seeding', () => {
  beforeAll(async () => {
    reportIds = await env.api.createReports([
      emailReport({ subject: '【重要】アカウントの利用停止について', delete_password: '1357' }),
      smsReport({ body: 'お荷物のお届けにあがりましたが不在のため持ち帰りました。こちらからご確認ください。', delete_password: '1357' }),
      emailReport({ subject: 'ご請求金額確定のお知らせ', delete_password: '1357' }),
    ]);
    withScreenshot = await env.api.createReport(emailReport({ subject: 'スクリーンショット付きの報告', delete_password: '1357' }), {
      filename: 'mail.png',
      type: 'image/png',
      content: await smallPng(),
    });
  });

  it('has reports to show', () => {
    expect(reportIds).toHaveLength(3);
  });
});

describe.each(VIEWPORTS)('pages with data ($name)', ({ name, viewport }: { name: string; viewport: Viewport }) => {
  it('has no violations on the populated list, a detail page and the delete modal', async () => {
    const { page } = await env.open(viewport);
    await page.goto(INDEX_PATH);
    await waitForListSettled(page);
    await reportList(page).rows.first().waitFor();
    await check(page, 'reports-list', name);

    // The server's rendering of the report, as readers without JavaScript get it (the client entry is
    // held back; axe itself needs JavaScript in the page).
    const server = await env.open(viewport);
    await server.page.route('**/assets/*.js', (route) => route.abort());
    await server.page.goto(detailPath(withScreenshot));
    await server.page.getByRole('heading', { name: 'フィッシングメールの報告', level: 1 }).waitFor();
    await check(server.page, 'report-detail-server', name);

    await page.goto(detailPath(withScreenshot));
    await reportDetail(page).heading.waitFor();
    await reportDetail(page).deleteButton.waitFor();
    await check(page, 'report-detail', name);

    await reportDetail(page).deleteButton.click();
    const modal = deleteModal(page);
    await modal.password.waitFor();
    await check(page, 'delete-modal', name, { fullPage: false });
    await modal.password.fill('0000');
    await modal.confirm.click();
    await modal.fieldError.waitFor();
    await check(page, 'delete-modal-wrong', name, { fullPage: false });
  });

  it('has no violations through the registration and on every signed-in screen', async () => {
    const email = uniqueEmail(`a11y-${viewport.width}`);
    const { page } = await env.open(viewport);
    await page.goto(trainingPaths.register);
    const register = registerPage(page);
    await register.heading.waitFor();
    await check(page, 'register', name);
    await register.submit.click();
    await register.email.and(page.locator('[aria-invalid="true"]')).waitFor();
    await check(page, 'register-errors', name);
    await register.email.fill(email);
    await register.terms.check();
    await register.privacy.check();
    await register.submit.click();
    await register.sentHeading.waitFor();
    await check(page, 'register-sent', name);

    const link = await confirmationLinkFromDevMailbox(page, email, name);
    await page.goto(link);
    const account = accountInfoPage(page);
    await account.organization.waitFor();
    await check(page, 'account-info', name);
    await account.organization.fill(`株式会社アクセシビリティ${viewport.width}`);
    await account.password.fill('Kizuki2026a11y');
    await account.confirmation.fill('Kizuki2026a11y');
    await account.submit.click();
    await completePage(page).heading.waitFor();
    await completePage(page).dashboardButton.waitFor();
    await siteHeader(page).dashboard.waitFor();
    await check(page, 'registration-complete', name);

    await page.goto(trainingPaths.register);
    await registerPage(page).signedIn.heading.waitFor();
    await check(page, 'register-signed-in', name);

    await page.goto(trainingPaths.dashboard);
    const dashboard = dashboardPage(page);
    await dashboard.recent.getByText('キャンペーンはまだありません', { exact: true }).waitFor();
    await check(page, 'dashboard-empty', name);
  });

  it('has no violations on the dashboard with campaigns, the account page and the upcoming screens', async () => {
    const account: CreatedAccount = await accounts.newCorporateAccount(`a11y-campaigns-${viewport.width}`);
    seedCampaigns(account.email);
    const { page } = await env.open(viewport);
    await signInThroughForm(page, account.email, account.password);
    const dashboard = dashboardPage(page);
    await dashboard.recent.getByText('11月 全社訓練（宅配業者を装うSMS）').waitFor();
    await check(page, 'dashboard-campaigns', name);

    await page.goto(trainingPaths.account);
    await appFrame(page).heading.waitFor();
    await page.getByRole('button', { name: /変更|保存|更新/ }).first().waitFor();
    await check(page, 'account', name);

    for (const target of ['/campaigns', '/campaigns/create', trainingPaths.billing, '/account/upgrade']) {
      await page.goto(target);
      await appFrame(page).heading.waitFor();
      await check(page, `upcoming${target.replace(/\//g, '-')}`, name);
    }
  });
});
