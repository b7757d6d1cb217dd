import { describe, expect, it } from 'vitest';
import { INVALID_TOKEN_REDIRECT_MS } from '../../src/common/limits';
import { accountMessages as m } from '../../src/common/messages';
import { trainingPaths } from '../../src/common/training-routes';
import { DESKTOP, saveScreenshot } from './support/browser';
import { linkIn, MAIL_SUBJECTS } from './support/mail';
import { newPassword, uniqueEmail, useTrainingEnvironment } from './support/training-env';
import { accountInfoPage, completePage, dashboardPage, loginPage, pathOf, waitForPath } from './support/training-pages';

/**
 * Issue 9: a sign-up link opened again after the registration was completed says so and offers
 * the login; a directly registered account is asked to confirm its address on the dashboard, can
 * have the mail sent again, and gets the dashboard once the mailed link is opened.
 */
const { env, mailbox, accounts } = await useTrainingEnvironment();

describe('a sign-up link opened again after the registration was completed', () => {
  it('says the registration is complete and offers the login, without sending the visitor to the register page', async () => {
    const email = uniqueEmail('reopen');
    await accounts.sendConfirmation(email);
    const link = linkIn(await mailbox.waitForMail(email, MAIL_SUBJECTS.registrationConfirmation), env.server.baseUrl);
    const { page } = await env.open(DESKTOP);
    await page.goto(`${link.pathname}${link.search}`);
    const form = accountInfoPage(page);
    await form.organization.fill('株式会社再訪テスト');
    const password = newPassword();
    await form.password.fill(password);
    await form.confirmation.fill(password);
    await form.submit.click();
    await completePage(page).heading.waitFor();

    // Opened again later, in a browser that is not signed in (the mail read on another device).
    const { page: later } = await env.open(DESKTOP);
    await later.goto(`${link.pathname}${link.search}`);
    await later.getByText(m.registrationAlreadyCompleted).waitFor();
    const login = later.getByRole('link', { name: 'ログイン画面へ', exact: true });
    expect(await login.getAttribute('href')).toBe(trainingPaths.login);
    expect(await later.getByText(m.tokenInvalid).count()).toBe(0);
    await saveScreenshot(later, 'account-info-already-completed');
    await later.waitForTimeout(INVALID_TOKEN_REDIRECT_MS + 1000);
    expect(pathOf(later)).toBe(link.pathname);
    await login.click();
    await loginPage(later).heading.waitFor();
  });
});

describe('address confirmation of a direct registration', () => {
  it('asks on the dashboard, mails the link again on request, and opens the dashboard once the link is followed', async () => {
    const account = { email: uniqueEmail('direct'), password: newPassword(), organization: '株式会社直接登録' };
    await accounts.registerCorporate(account, { confirm: false });
    const { page } = await env.open(DESKTOP);
    await page.goto(trainingPaths.login);
    const login = loginPage(page);
    await login.email.fill(account.email);
    await login.password.fill(account.password);
    await login.submit.click();
    await waitForPath(page, trainingPaths.dashboard);

    await page.getByText('メールアドレスの確認をお願いします', { exact: true }).waitFor();
    expect(await page.getByText(m.emailUnconfirmed).count()).toBe(1);
    await page.getByRole('button', { name: '確認メールを再送する' }).click();
    await page.getByText(m.emailConfirmationSent).waitFor();
    await saveScreenshot(page, 'dashboard-unconfirmed');

    const mail = await mailbox.waitForMail(account.email, MAIL_SUBJECTS.emailConfirmation, 2);
    expect(mail.text).not.toContain(account.organization);
    const link = linkIn(mail, env.server.baseUrl);
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByText(m.emailConfirmed).waitFor();
    await page.goto(trainingPaths.dashboard);
    await dashboardPage(page).stats.waitFor();
  });
});
