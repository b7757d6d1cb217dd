import { describe, expect, it } from 'vitest';
import { checkScreen } from './support/axe';
import { accountMessages as m } from '../../src/common/messages';
import { trainingPaths } from '../../src/common/training-routes';
import { DESKTOP, PHONE } from './support/browser';
import { viewportName } from './support/e2e';
import { eventually } from './support/eventually';
import { linkIn, MAIL_SUBJECTS } from './support/mail';
import { newPassword, useTrainingEnvironment } from './support/training-env';
import {
  appFrame,
  dashboardPage,
  fieldError,
  forgotPasswordPage,
  horizontalOverflow,
  loginPage,
  pathOf,
  resetPasswordPage,
  signInThroughForm,
  storedToken,
  storeToken,
  waitForPath,
} from './support/training-pages';

/**
 * SPEC §2.1 route access (guests only, signed in only, unknown paths), §4 sign-in resolved at the
 * first protected navigation, §8 login errors, and the password reset through the mailed link.
 */
const { env, mailbox, accounts } = await useTrainingEnvironment();

const VIEWPORTS = [
  { name: viewportName(PHONE), viewport: PHONE },
  { name: viewportName(DESKTOP), viewport: DESKTOP },
];

/** Signed-in screens reached by their address (a deep link, a reload): each shows its title inside the app frame. */
const FRAMED_SCREENS = [
  { path: '/campaigns', title: 'キャンペーン一覧' },
  { path: '/account/billing', title: 'ご利用状況・請求' },
  // SPEC §2.1: /billing is the same screen as /account/billing.
  { path: '/billing', title: 'ご利用状況・請求' },
] as const;

describe('routes for guests (SPEC §2.1)', () => {
  it.each([
    { from: '/', why: 'the site root' },
    { from: '/no-such-page', why: 'an unknown path' },
    { from: '/corporate/no-such-page', why: 'an unknown path under /corporate' },
    { from: trainingPaths.dashboard, why: 'the dashboard' },
    { from: '/campaigns', why: 'a protected screen' },
    { from: '/campaigns/42/edit', why: 'a protected screen with a parameter' },
    { from: '/account/billing', why: 'an account screen' },
  ])('$why ($from) goes to the login', async ({ from }) => {
    const { page } = await env.open(PHONE);
    await page.goto(from);
    await waitForPath(page, trainingPaths.login);
    await loginPage(page).heading.waitFor();
    expect(await appFrame(page).menu.count()).toBe(0);
  });

  it('lets a guest use the login and password screens', async () => {
    const { page } = await env.open(DESKTOP);
    await page.goto(trainingPaths.login);
    await loginPage(page).heading.waitFor();
    await checkScreen(page, `auth-login-${viewportName(DESKTOP)}`);
    await loginPage(page).forgotLink.click();
    await waitForPath(page, trainingPaths.passwordForgot);
    await forgotPasswordPage(page).heading.waitFor();
  });
});

describe('routes for a signed-in user (SPEC §2.1)', () => {
  it('sends a signed-in user from the login page to the dashboard', async () => {
    const account = await accounts.newCorporateAccount('guest-only');
    const { page } = await env.open(PHONE);
    await signInThroughForm(page, account.email, account.password);
    await page.goto(trainingPaths.login);
    await waitForPath(page, trainingPaths.dashboard);
    await dashboardPage(page).heading.waitFor();
    expect(await page.getByText(account.organization, { exact: true }).first().isVisible()).toBe(true);
    // The other guest screens too.
    await page.goto(trainingPaths.passwordForgot);
    await waitForPath(page, trainingPaths.dashboard);
  });

  it('sends a stored token the server refuses to the login, and drops it', async () => {
    const { page } = await env.open(PHONE);
    await storeToken(page, 'garbage-token-0123456789');
    await page.goto(trainingPaths.dashboard);
    await waitForPath(page, trainingPaths.login);
    await loginPage(page).heading.waitFor();
    expect(await storedToken(page)).toBeNull();
  });

  it('sends a revoked token (signed out elsewhere) to the login', async () => {
    const account = await accounts.newCorporateAccount('revoked');
    const token = await accounts.login(account.email, account.password);
    const { page } = await env.open(DESKTOP);
    await storeToken(page, token);
    // Signed in on a screen that has loaded no data yet.
    await page.goto('/campaigns');
    const frame = appFrame(page);
    await frame.menu.waitFor();
    await accounts.logout(token);
    // Inside the app: the dashboard's data call answers 401, which sends the browser to the login (SPEC §8).
    const dashboardCall = page.waitForResponse((response) => response.url().endsWith('/api/corporate/dashboard'));
    await frame.menu.getByRole('link', { name: 'ダッシュボード', exact: true }).click();
    expect((await dashboardCall).status()).toBe(401);
    await waitForPath(page, trainingPaths.login);
    await loginPage(page).heading.waitFor();
    expect(await storedToken(page)).toBeNull();

    // A fresh page load with the refused token does the same.
    await storeToken(page, token);
    await page.goto('/campaigns');
    await waitForPath(page, trainingPaths.login);
    expect(await storedToken(page)).toBeNull();
  });

  it.each(VIEWPORTS)('opens signed-in screens by their address with their title inside the app frame ($name)', async ({ name, viewport }) => {
    const account = await accounts.newCorporateAccount(`frame-${viewport.width}`);
    const { page } = await env.open(viewport);
    await signInThroughForm(page, account.email, account.password);
    for (const { path, title } of FRAMED_SCREENS) {
      await page.goto(path);
      const frame = appFrame(page);
      await frame.menu.waitFor();
      expect(pathOf(page)).toBe(path);
      expect(await frame.heading.innerText()).toBe(title);
      expect(await frame.logout.isVisible()).toBe(true);
      expect(await page.getByText(account.organization, { exact: true }).first().isVisible()).toBe(true);
      expect(await page.title()).toContain(title);
      expect(await horizontalOverflow(page), `${path} wider than the viewport`).toBe(0);
      await checkScreen(page, `auth-framed${path.replace(/\//g, '-')}-${name}`);
    }
    // Moving inside the app through the menu keeps the frame.
    await appFrame(page).menu.getByRole('link', { name: 'ダッシュボード', exact: true }).click();
    await waitForPath(page, trainingPaths.dashboard);
    await dashboardPage(page).heading.waitFor();
  });
});

describe('login errors', () => {
  it('says the e-mail or password is wrong and stays on the login page', async () => {
    const account = await accounts.newCorporateAccount('wrong-password');
    const { page } = await env.open(PHONE);
    await page.goto(trainingPaths.login);
    const login = loginPage(page);

    // Client checks first: nothing typed.
    await login.submit.click();
    await eventually(() => fieldError(login.email)).toBe(m.emailRequired);
    expect(await fieldError(login.password)).toBe(m.passwordRequired);

    await login.email.fill(account.email);
    await login.password.fill(`${account.password}x`);
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/auth/login'));
    await login.submit.click();
    expect((await answer).status()).toBe(422);
    await login.failure.waitFor();
    expect(await login.failure.getByText(m.invalidCredentials, { exact: true }).isVisible()).toBe(true);
    expect(pathOf(page)).toBe(trainingPaths.login);
    expect(await storedToken(page)).toBeNull();
    await eventually(() => login.email.isEnabled()).toBe(true);
    expect(await login.email.inputValue()).toBe(account.email);
    await checkScreen(page, `auth-login-wrong-${viewportName(PHONE)}`);

    // An unknown address reads the same (no hint which part was wrong).
    await login.email.fill('nobody-here@example.co.jp');
    await login.password.fill(account.password);
    await login.submit.click();
    await eventually(() => login.failure.innerText()).toContain(m.invalidCredentials);
    expect(pathOf(page)).toBe(trainingPaths.login);

    // The right password still works afterwards.
    await login.email.fill(account.email);
    await login.password.fill(account.password);
    await login.submit.click();
    await waitForPath(page, trainingPaths.dashboard);
  });
});

describe.each(VIEWPORTS)('password reset through the mail ($name)', ({ name, viewport }) => {
  it('requests the mail, follows its link, sets a new password and signs in with it', async () => {
    const account = await accounts.newCorporateAccount(`reset-${viewport.width}`);
    const fresh = newPassword();
    const { page } = await env.open(viewport);
    await page.goto(trainingPaths.login);
    await loginPage(page).forgotLink.click();
    const forgot = forgotPasswordPage(page);
    await forgot.heading.waitFor();
    await forgot.email.fill(account.email);
    await forgot.submit.click();
    await forgot.done.waitFor();
    expect(await forgot.done.getByText(m.resetMailSent, { exact: true }).isVisible()).toBe(true);
    await checkScreen(page, `auth-reset-requested-${name}`);

    const mail = await mailbox.waitForMail(account.email, MAIL_SUBJECTS.passwordReset);
    const link = linkIn(mail, env.server.baseUrl);
    expect(link.pathname).toBe(trainingPaths.passwordReset);
    expect(link.searchParams.get('email')).toBe(account.email);

    await page.goto(link.toString());
    const reset = resetPasswordPage(page);
    await reset.heading.waitFor();
    expect(await page.getByText(account.email).first().isVisible()).toBe(true);
    // The same password rules as registration (SPEC §9).
    await reset.password.fill('short1');
    await reset.confirmation.fill('short1');
    await reset.submit.click();
    await eventually(() => fieldError(reset.password)).toBe(m.passwordTooShort);
    await reset.password.fill(fresh);
    await reset.confirmation.fill(`${fresh}x`);
    await reset.submit.click();
    await eventually(() => fieldError(reset.confirmation)).toBe(m.passwordMismatch);
    await checkScreen(page, `auth-reset-form-${name}`);
    await reset.confirmation.fill(fresh);
    await reset.submit.click();
    await reset.done.waitFor();
    expect(await reset.done.getByText(m.passwordReset, { exact: true }).isVisible()).toBe(true);
    await checkScreen(page, `auth-reset-done-${name}`);

    // The link is single-use.
    const again = await page.context().newPage();
    await again.goto(link.toString());
    const reused = resetPasswordPage(again);
    await reused.password.fill(newPassword().replace('Kizuki', 'Other'));
    await reused.confirmation.fill(await reused.password.inputValue());
    await reused.submit.click();
    await again.getByRole('alert').getByText(m.resetTokenInvalid, { exact: true }).waitFor();
    await again.close();

    // Old password refused, new one signs in.
    await reset.loginLink.click();
    await waitForPath(page, trainingPaths.login);
    const login = loginPage(page);
    await login.email.fill(account.email);
    await login.password.fill(account.password);
    await login.submit.click();
    await eventually(() => login.failure.innerText()).toContain(m.invalidCredentials);
    await login.password.fill(fresh);
    await login.submit.click();
    await waitForPath(page, trainingPaths.dashboard);
    await dashboardPage(page).heading.waitFor();
  });
});
