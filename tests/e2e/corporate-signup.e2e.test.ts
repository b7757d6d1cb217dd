import { describe, expect, it } from 'vitest';
import { INVALID_TOKEN_REDIRECT_MS } from '../../src/common/limits';
import { accountMessages as m } from '../../src/common/messages';
import { FREE_PLAN, FREE_PLAN_FEATURES } from '../../src/common/plans';
import { accountInfoPath, AUTH_TOKEN_STORAGE_KEY, trainingPaths } from '../../src/common/training-routes';
import { CORPORATE_PRIVACY_PATH, CORPORATE_TERMS_PATH } from '../../src/common/legal-paths';
import { checkScreen, expectNoAxeViolations } from './support/axe';
import { DESKTOP, PHONE, saveScreenshot } from './support/browser';
import { viewportName } from './support/e2e';
import { eventually } from './support/eventually';
import { linkIn, MAIL_SUBJECTS } from './support/mail';
import { newPassword, uniqueEmail, useTrainingEnvironment } from './support/training-env';
import {
  accountInfoPage,
  appFrame,
  completePage,
  dashboardPage,
  definitions,
  fieldError,
  horizontalOverflow,
  loginPage,
  pathOf,
  registerPage,
  siteHeader,
  STAT_LABELS,
  storedToken,
  storeToken,
  waitForPath,
} from './support/training-pages';

/**
 * SPEC §2.2 corporate registration (email → confirmation mail → account info → done), §2.3 the
 * dashboard it leads to, §4 the automatic sign-in, §5 every message of both steps, §8/§9 the
 * invalid link and its 3-second return. The confirmation mail is really sent (SMTP on loopback)
 * and its link followed in the browser.
 */
const { env, mailbox, accounts } = await useTrainingEnvironment();

const VIEWPORTS = [
  { name: viewportName(PHONE), viewport: PHONE },
  { name: viewportName(DESKTOP), viewport: DESKTOP },
];

/** Sends the confirmation mail through the API and returns the mailed account-info link. */
async function mailedAccountLink(email: string): Promise<URL> {
  const before = mailbox.mailsTo(email, MAIL_SUBJECTS.registrationConfirmation).length;
  await accounts.sendConfirmation(email);
  return linkIn(await mailbox.waitForMail(email, MAIL_SUBJECTS.registrationConfirmation, before + 1), env.server.baseUrl);
}

describe.each(VIEWPORTS)('corporate sign-up from the first page to the dashboard ($name)', ({ name, viewport }) => {
  it('registers through the mailed link, signs in automatically, shows the empty dashboard and logs out', async () => {
    const email = uniqueEmail(`signup-${viewport.width}`);
    const organization = `株式会社キヅキ試験${viewport.width}`;
    const password = newPassword();
    const { page } = await env.open(viewport);

    // Step 1: the email form.
    await page.goto(trainingPaths.register);
    const register = registerPage(page);
    await register.heading.waitFor();
    expect(await register.currentStep.textContent()).toContain('メールアドレス入力');
    expect(await register.termsLink.getAttribute('href')).toBe(CORPORATE_TERMS_PATH);
    expect(await register.privacyLink.getAttribute('href')).toBe(CORPORATE_PRIVACY_PATH);
    await checkScreen(page, `signup-1-email-${name}`);
    expect(await horizontalOverflow(page), 'page wider than the viewport').toBe(0);
    await register.email.fill(email);
    await register.terms.check();
    await register.privacy.check();

    // Hold the request so the sending state can be seen (SPEC §2.2: the button shows it while in flight).
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/corporate/send-confirmation', async (route) => {
      await held;
      await route.continue();
    });
    await register.submit.click();
    await register.sending.waitFor();
    expect(await register.sending.isDisabled()).toBe(true);
    expect(await register.email.isDisabled()).toBe(true);
    await checkScreen(page, `signup-1-sending-${name}`);
    expect(await horizontalOverflow(page), 'page wider than the viewport').toBe(0);
    release();

    // Step 2: mail sent, to which address, and the spam-folder advice.
    await register.sentHeading.waitFor();
    expect(await page.getByText(email, { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText(/迷惑メールフォルダ/).isVisible()).toBe(true);
    expect(await register.currentStep.textContent()).toContain('確認メール送信');
    await checkScreen(page, `signup-2-sent-${name}`);
    expect(await horizontalOverflow(page), 'page wider than the viewport').toBe(0);

    // The mail arrives with a link to the account-info page for this address.
    const mail = await mailbox.waitForMail(email, MAIL_SUBJECTS.registrationConfirmation);
    const link = linkIn(mail, env.server.baseUrl);
    expect(link.pathname).toBe(trainingPaths.accountInfo);
    expect(link.searchParams.get('email')).toBe(email);
    expect(link.searchParams.get('token')).toMatch(/\S{16,}/);

    // Step 3: account info.
    await page.goto(link.toString());
    const account = accountInfoPage(page);
    await account.organization.waitFor();
    expect(await account.form.getByText(email, { exact: true }).isVisible()).toBe(true);
    expect(await account.securityTips.isVisible()).toBe(true);
    await checkScreen(page, `signup-3-account-${name}`);
    expect(await horizontalOverflow(page), 'page wider than the viewport').toBe(0);
    await account.organization.fill(organization);
    await account.password.fill(password);
    await account.confirmation.fill(password);
    await account.submit.click();

    // Step 4: complete, with the server-given redirect (email and organisation in the query).
    await waitForPath(page, trainingPaths.registrationComplete);
    const complete = completePage(page);
    await complete.heading.waitFor();
    const url = new URL(page.url());
    expect(url.searchParams.get('email')).toBe(email);
    expect(url.searchParams.get('organization_name')).toBe(organization);
    const summary = await definitions(page);
    expect(summary['メールアドレス']).toBe(email);
    expect(summary['組織名']).toBe(organization);
    expect(summary['ご利用プラン']).toBe(FREE_PLAN.name);
    const features = page.getByRole('region', { name: `${FREE_PLAN.name}でご利用いただける内容` }).getByRole('listitem');
    expect(await features.count()).toBe(FREE_PLAN_FEATURES.length);
    for (const [index, feature] of FREE_PLAN_FEATURES.entries()) {
      expect((await features.nth(index).innerText()).replace(/^✓\s*/, '').trim()).toBe(feature);
    }
    expect(await complete.nextSteps.getByText('従業員を登録する').isVisible()).toBe(true);
    expect(await complete.nextSteps.getByText('訓練キャンペーンを作成する').isVisible()).toBe(true);
    expect(await complete.topLink.getAttribute('href')).toBe('/');
    // SPEC §4: the automatic sign-in with the returned credentials stored a working token.
    const token = await storedToken(page);
    expect(token, `${AUTH_TOKEN_STORAGE_KEY} after registering`).toBeTruthy();
    expect(await accounts.userStatus(token ?? '')).toBe(200);
    await checkScreen(page, `signup-4-complete-${name}`);
    expect(await horizontalOverflow(page), 'page wider than the viewport').toBe(0);

    // Signed in (SPEC §4), and every part of the page says so: no ログイン / 無料で始める any more.
    expect(await complete.loginButton.count()).toBe(0);
    expect(await complete.dashboardButton.getAttribute('href')).toBe(trainingPaths.dashboard);
    const header = siteHeader(page);
    await header.dashboard.waitFor();
    expect(await header.login.isVisible()).toBe(false);
    expect(await header.signUp.isVisible()).toBe(false);
    await expectNoAxeViolations(page, `signed-in completion (${name})`);

    // The sign-up page no longer offers its form to the signed-in administrator.
    await page.goto(trainingPaths.register);
    const signedInRegister = registerPage(page);
    await signedInRegister.signedIn.heading.waitFor();
    expect(await signedInRegister.email.count()).toBe(0);
    expect(await page.getByText(email, { exact: true }).isVisible()).toBe(true);
    expect(await header.login.isVisible()).toBe(false);
    await checkScreen(page, `signup-4-register-signed-in-${name}`);
    expect(await horizontalOverflow(page), 'page wider than the viewport').toBe(0);
    await page.goBack();
    await complete.heading.waitFor();

    await complete.dashboardButton.click();
    await waitForPath(page, trainingPaths.dashboard);

    // SPEC §2.3: company name, four counters at 0, the empty state with its create button.
    const dashboard = dashboardPage(page);
    await dashboard.heading.waitFor();
    await dashboard.stats.waitFor();
    expect(await page.getByText(organization, { exact: true }).first().isVisible()).toBe(true);
    expect(await dashboard.stats.getByRole('listitem').count()).toBe(4);
    for (const label of STAT_LABELS) {
      const card = dashboard.stat(label);
      expect(await card.count(), label).toBe(1);
      // Soft: a wrong figure is reported without hiding what the rest of the journey finds.
      expect.soft((await card.innerText()).replace(/\s+/g, ''), `${label} of a new organisation`).toMatch(new RegExp(`^${label}0(名|通|件)`));
    }
    expect(await dashboard.recent.getByText('キャンペーンはまだありません', { exact: true }).isVisible()).toBe(true);
    expect(await dashboard.recent.getByRole('link', { name: '最初のキャンペーンを作成' }).getAttribute('href')).toBe('/campaigns/create');
    for (const action of ['新規キャンペーン', 'ユーザー管理', 'レポート', 'テンプレート']) {
      expect(await dashboard.quickActions.getByRole('link', { name: new RegExp(`^${action}`) }).count(), action).toBe(1);
    }
    await checkScreen(page, `signup-5-dashboard-${name}`);
    expect(await horizontalOverflow(page), 'page wider than the viewport').toBe(0);

    // Logout: back on the login page, token gone here and refused by the server.
    await appFrame(page).logout.click();
    await waitForPath(page, trainingPaths.login);
    await loginPage(page).heading.waitFor();
    expect(await storedToken(page)).toBeNull();
    expect(await accounts.userStatus(token ?? '')).toBe(401);
    await checkScreen(page, `signup-6-logged-out-${name}`);
    expect(await horizontalOverflow(page), 'page wider than the viewport').toBe(0);

    await page.goto(trainingPaths.dashboard);
    await waitForPath(page, trainingPaths.login);
    await loginPage(page).heading.waitFor();

    // And the new account signs in with what was chosen.
    const login = loginPage(page);
    await login.email.fill(email);
    await login.password.fill(password);
    await login.submit.click();
    await waitForPath(page, trainingPaths.dashboard);
    await dashboard.heading.waitFor();
  });
});

describe.each(VIEWPORTS)('email step messages (SPEC §5) ($name)', ({ name, viewport }) => {
  it('shows each client message under its field and sends nothing until all pass', async () => {
    const { page } = await env.open(viewport);
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/corporate/send-confirmation')) sent.push(request.url());
    });
    await page.goto(trainingPaths.register);
    const register = registerPage(page);
    await register.heading.waitFor();

    // Everything empty: the three messages at once, focus on the first field.
    await register.submit.click();
    await eventually(() => fieldError(register.email)).toBe(m.emailRequired);
    expect(await fieldError(register.terms)).toBe(m.termsRequired);
    expect(await fieldError(register.privacy)).toBe(m.privacyRequired);
    expect(await register.email.getAttribute('aria-invalid')).toBe('true');
    expect(await register.email.evaluate((element) => element === document.activeElement)).toBe(true);
    await checkScreen(page, `signup-email-errors-${name}`);

    // Spaces only are still empty.
    await register.email.fill('   ');
    await register.submit.click();
    await eventually(() => fieldError(register.email)).toBe(m.emailRequired);

    for (const bad of ['not-an-address', 'taro@', '@example.jp', 'taro yamada@example.jp']) {
      await register.email.fill(bad);
      await register.submit.click();
      await eventually(() => fieldError(register.email), 5_000).toBe(m.emailInvalid);
    }

    // Fixing a field clears its message; the other agreement is still required.
    await register.email.fill(uniqueEmail('messages'));
    await register.terms.check();
    await register.submit.click();
    await eventually(() => fieldError(register.email)).toBeNull();
    expect(await fieldError(register.terms)).toBeNull();
    expect(await fieldError(register.privacy)).toBe(m.privacyRequired);

    await register.terms.uncheck();
    await register.privacy.check();
    await register.submit.click();
    await eventually(() => fieldError(register.terms)).toBe(m.termsRequired);
    expect(await fieldError(register.privacy)).toBeNull();
    expect(sent).toEqual([]);
    expect(await register.sentHeading.count()).toBe(0);
  });

  it('says the address is already registered when the server refuses a taken one', async () => {
    const existing = await accounts.newCorporateAccount(`taken-${viewport.width}`);
    const { page } = await env.open(viewport);
    await page.goto(trainingPaths.register);
    const register = registerPage(page);
    // Typed with capitals and spaces: the server compares the normalised address.
    await register.email.fill(`  ${existing.email.toUpperCase()} `);
    await register.terms.check();
    await register.privacy.check();
    const answer = page.waitForResponse((response) => response.url().includes('/api/corporate/send-confirmation'));
    await register.submit.click();
    expect((await answer).status()).toBe(422);
    await eventually(() => fieldError(register.email)).toBe(m.emailTaken);
    expect(await register.sentHeading.count()).toBe(0);
    await eventually(() => register.email.isEnabled()).toBe(true);
    await eventually(() => register.email.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(mailbox.mailsTo(existing.email, MAIL_SUBJECTS.registrationConfirmation)).toEqual([]);
    await checkScreen(page, `signup-email-taken-${name}`);
  });
});

describe('account step messages (SPEC §5)', () => {
  it('shows each client message and keeps the link usable', async () => {
    const email = uniqueEmail('account-step');
    const link = await mailedAccountLink(email);
    const { page } = await env.open(PHONE);
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/corporate/complete-registration')) sent.push(request.url());
    });
    await page.goto(link.toString());
    const account = accountInfoPage(page);
    await account.organization.waitFor();

    await account.submit.click();
    await eventually(() => fieldError(account.organization)).toBe(m.organizationRequired);
    expect(await fieldError(account.password)).toBe(m.passwordRequired);
    expect(await fieldError(account.confirmation)).toBe(m.passwordConfirmationRequired);
    expect(await account.organization.evaluate((element) => element === document.activeElement)).toBe(true);
    await checkScreen(page, `signup-account-errors-${viewportName(PHONE)}`);

    // Organisation: blank after trimming.
    await account.organization.fill(' 　 ');
    await account.submit.click();
    await eventually(() => fieldError(account.organization)).toBe(m.organizationRequired);
    await account.organization.fill('株式会社メッセージ確認');
    await eventually(() => fieldError(account.organization)).toBeNull();

    // Password rules, one message at a time in SPEC order.
    const cases: Array<[string, string]> = [
      ['abc123', m.passwordTooShort],
      ['Abcdefg', m.passwordTooShort],
      ['abcdefgh', m.passwordNeedsLetterAndDigit],
      ['12345678', m.passwordNeedsLetterAndDigit],
    ];
    for (const [password, message] of cases) {
      await account.password.fill(password);
      await account.confirmation.fill(password);
      await account.submit.click();
      await eventually(() => fieldError(account.password), 5_000).toBe(message);
    }

    // A good password; the confirmation empty, then different.
    await account.password.fill('Kizuki2026');
    await account.confirmation.fill('');
    await account.submit.click();
    await eventually(() => fieldError(account.password)).toBeNull();
    await eventually(() => fieldError(account.confirmation)).toBe(m.passwordConfirmationRequired);
    await account.confirmation.fill('Kizuki2027');
    await account.submit.click();
    await eventually(() => fieldError(account.confirmation)).toBe(m.passwordMismatch);
    await checkScreen(page, `signup-account-mismatch-${viewportName(PHONE)}`);
    expect(sent).toEqual([]);

    // Nothing was sent, so the link still works.
    await account.confirmation.fill('Kizuki2026');
    await account.submit.click();
    await waitForPath(page, trainingPaths.registrationComplete);
    await completePage(page).heading.waitFor();
    expect((await definitions(page))['組織名']).toBe('株式会社メッセージ確認');
  });
});

describe('an invalid or used link (SPEC §2.2 step 3, §8, §9)', () => {
  it('shows the invalid-link message and returns to the register page after 3 seconds', async () => {
    const { page } = await env.open(PHONE);
    const opened = Date.now();
    await page.goto(accountInfoPath('bogus', 'x@example.jp'));
    await page.getByText(m.tokenInvalid, { exact: true }).waitFor();
    expect(await accountInfoPage(page).organization.count()).toBe(0);
    // Timed: the page leaves after 3 s, too soon for an axe run on this slow machine.
    await saveScreenshot(page, `signup-token-invalid-${viewportName(PHONE)}`);
    // Not before about 3 s …
    const untilEarly = opened + INVALID_TOKEN_REDIRECT_MS / 2 - Date.now();
    if (untilEarly > 0) await page.waitForTimeout(untilEarly);
    expect(pathOf(page)).toBe(trainingPaths.accountInfo);
    // … but by then.
    await page.waitForURL((url) => url.pathname === trainingPaths.register, { timeout: 2 * INVALID_TOKEN_REDIRECT_MS });
    expect(Date.now() - opened).toBeGreaterThanOrEqual(INVALID_TOKEN_REDIRECT_MS);
    await registerPage(page).heading.waitFor();
  });

  it('says a link already used to register is complete and offers the login, instead of sending the visitor back (issue 9)', async () => {
    const email = uniqueEmail('used-link');
    const link = await mailedAccountLink(email);
    const { page } = await env.open(DESKTOP);
    await page.goto(link.toString());
    const account = accountInfoPage(page);
    await account.organization.fill('株式会社使用済み');
    await account.password.fill('Kizuki2026');
    await account.confirmation.fill('Kizuki2026');
    await account.submit.click();
    await waitForPath(page, trainingPaths.registrationComplete);

    // Opened again later, in a browser that is not signed in (the mail read on another device).
    const { page: later } = await env.open(DESKTOP);
    await later.goto(link.toString());
    await later.getByText(m.registrationAlreadyCompleted, { exact: true }).waitFor();
    expect(await later.getByText(m.tokenInvalid).count()).toBe(0);
    const login = later.getByRole('link', { name: 'ログイン画面へ', exact: true });
    expect(await login.getAttribute('href')).toBe(trainingPaths.login);
    await saveScreenshot(later, 'signup-used-link-complete');
    await later.waitForTimeout(INVALID_TOKEN_REDIRECT_MS + 1000);
    expect(pathOf(later)).toBe(trainingPaths.accountInfo);
    await login.click();
    await loginPage(later).heading.waitFor();
  });
});

describe.each(VIEWPORTS)('a visitor who is already signed in ($name)', ({ name, viewport }) => {
  it('gets the dashboard link on the register page, and can log out there to register another address', async () => {
    const existing = await accounts.newCorporateAccount(`signed-in-${viewport.width}`);
    const token = await accounts.login(existing.email, existing.password);
    const { page } = await env.open(viewport);
    await storeToken(page, token);
    await page.goto(trainingPaths.register);
    const register = registerPage(page);
    await register.signedIn.heading.waitFor();
    expect(await page.getByText(existing.organization, { exact: true }).first().isVisible()).toBe(true);
    expect(await register.signedIn.dashboardLink.getAttribute('href')).toBe(trainingPaths.dashboard);
    expect(await register.email.count()).toBe(0);
    const header = siteHeader(page);
    expect(await header.dashboard.isVisible()).toBe(true);
    expect(await header.login.isVisible()).toBe(false);
    await expectNoAxeViolations(page, `register, signed in (${name})`);

    await register.signedIn.logout.click();
    await register.signedOut.waitFor();
    await register.email.waitFor();
    expect(await register.signedIn.heading.count()).toBe(0);
    expect(await storedToken(page)).toBeNull();
    expect(await accounts.userStatus(token)).toBe(401);
    // Focus moved to the page title (the button that had it is gone), and the header is a guest's again.
    expect(await register.heading.evaluate((element) => element === document.activeElement)).toBe(true);
    await header.login.waitFor();
    expect(await header.signUp.isVisible()).toBe(true);
    expect(await header.dashboard.isVisible()).toBe(false);
    await expectNoAxeViolations(page, `register after logging out (${name})`);
    await checkScreen(page, `signup-signed-out-here-${name}`);
  });

  it('falls back to the guest view when the stored sign-in is refused, without leaving the page', async () => {
    const { page } = await env.open(viewport);
    await storeToken(page, 'refused-token-0123456789abcdef');
    await page.goto(`${trainingPaths.registrationComplete}?email=${encodeURIComponent('taro@example.co.jp')}&organization_name=${encodeURIComponent('株式会社キヅキ')}`);
    const complete = completePage(page);
    await complete.loginButton.waitFor();
    expect(await complete.dashboardButton.count()).toBe(0);
    const header = siteHeader(page);
    await header.login.waitFor();
    expect(await header.dashboard.isVisible()).toBe(false);
    expect(await storedToken(page)).toBeNull();
    expect(pathOf(page)).toBe(trainingPaths.registrationComplete);

    await storeToken(page, 'refused-token-0123456789abcdef');
    await page.goto(trainingPaths.register);
    await registerPage(page).email.waitFor();
    expect(await registerPage(page).signedIn.heading.count()).toBe(0);
    expect(pathOf(page)).toBe(trainingPaths.register);
    await header.login.waitFor();
    expect(await storedToken(page)).toBeNull();
  });
});
