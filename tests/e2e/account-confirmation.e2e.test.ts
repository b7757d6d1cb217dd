import { describe, expect, it } from 'vitest';
import { accountMessages as m } from '../../src/common/messages';
import { trainingPaths } from '../../src/common/training-routes';
import { DESKTOP, saveScreenshot } from './support/browser';
import { linkIn, MAIL_SUBJECTS } from './support/mail';
import { newPassword, uniqueEmail, useTrainingEnvironment } from './support/training-env';
import { dashboardPage, loginPage, waitForPath } from './support/training-pages';

/**
 * Issue 9: a directly registered account is asked to confirm its address on the dashboard, can
 * have the mail sent again, and gets the dashboard once the mailed link is opened. (A sign-up
 * link opened again after completion: corporate-signup.e2e.test.ts.)
 */
const { env, mailbox, accounts } = await useTrainingEnvironment();

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
    await page.getByRole('link', { name: 'ダッシュボードへ', exact: true }).click();
    await waitForPath(page, trainingPaths.dashboard);
    await dashboardPage(page).stats.waitFor();
  });
});
