import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REGISTRATION_TOKEN_TTL_MS } from '../../../common/limits';
import { accountMessages } from '../../../common/messages';
import { FREE_PLAN } from '../../../common/plans';
import { callApi, createAccount, deliveredTo, linkIn, uniqueEmail } from '../../test/account-factories';
import { TestSmtpServer } from '../../test/smtp-test-server';
import { createTestApp, type TestContext } from '../../test/test-app';

let smtp: TestSmtpServer;
let context: TestContext;

beforeAll(async () => {
  smtp = await new TestSmtpServer().start();
});
afterAll(async () => {
  await smtp.stop();
});
beforeEach(async () => {
  context = await createTestApp({ SMTP_URL: smtp.url(), APP_URL: 'https://kizuki.test' });
});
afterEach(async () => {
  await context.close();
});

const sendConfirmation = (payload: Record<string, unknown>) => callApi(context, { method: 'POST', url: '/api/corporate/send-confirmation', payload });
const agreed = (email: string) => ({ email, terms_agreed: true, privacy_agreed: true });

/** Sends the confirmation and returns the token and address carried by the delivered link. */
async function mailedLink(email: string): Promise<{ token: string; email: string; url: URL }> {
  const response = await sendConfirmation(agreed(email));
  expect(response.statusCode).toBe(200);
  const mails = await deliveredTo(context, smtp, email);
  const url = linkIn(mails.at(-1)!, 'https://kizuki.test');
  return { token: url.searchParams.get('token') ?? '', email: url.searchParams.get('email') ?? '', url };
}

describe('corporate sign-up through the delivered mail', () => {
  it('mails a link to the account-info page, which completes into a free tenant and its administrator who can sign in', async () => {
    const email = uniqueEmail('signup');
    const response = await sendConfirmation(agreed(`  ${email.toUpperCase()} `));
    expect(response.json()).toEqual({ success: true, data: { message: accountMessages.confirmationSent } });

    const [mail] = await deliveredTo(context, smtp, email);
    expect(mail!.subject).toContain('法人アカウント登録');
    expect(mail!.html).toContain('https://kizuki.test/corporate/register/account?');
    const link = linkIn(mail!, 'https://kizuki.test');
    expect(link.pathname).toBe('/corporate/register/account');
    expect(link.searchParams.get('email')).toBe(email);
    const token = link.searchParams.get('token')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);

    // The link's page mounts the account-info step with the token and address.
    const page = await context.app.inject({ method: 'GET', url: `${link.pathname}${link.search}`, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('id="corporate-account-info-app"');
    expect(page.body).toContain(`data-token="${token}"`);

    const verified = await callApi(context, { method: 'POST', url: '/api/corporate/verify-email', payload: { token } });
    expect(verified.json()).toEqual({ success: true, data: { email } });

    const completed = await callApi(context, {
      method: 'POST', url: '/api/corporate/complete-registration',
      payload: { token, organization_name: '  株式会社キヅキ商事  ', password: 'kizuki2026' },
    });
    expect(completed.statusCode).toBe(201);
    const data = completed.json().data;
    expect(data.tenant).toEqual({ tenant_id: expect.any(Number), company_name: '株式会社キヅキ商事', plan: FREE_PLAN.id });
    expect(data.user).toMatchObject({ email, tenant_id: data.tenant.tenant_id, role: 'admin', pending_email: null });
    expect(data.credentials).toEqual({ email, password: 'kizuki2026' });
    expect(data.redirect_url).toBe(`/corporate/registration/complete?email=${encodeURIComponent(email)}&organization_name=${encodeURIComponent('株式会社キヅキ商事')}`);

    const stored = await context.database.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^scrypt\$/);
    expect(stored.password_hash).not.toContain('kizuki2026');

    const login = await callApi(context, { method: 'POST', url: '/api/auth/login', payload: { email, password: 'kizuki2026' } });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.tenant.company_name).toBe('株式会社キヅキ商事');

    const welcome = (await deliveredTo(context, smtp, email)).at(-1)!;
    expect(welcome.subject).not.toBe(mail!.subject);
  });

  it('keeps the link single-use: a second completion answers the SPEC message, and a later verify says the registration is complete', async () => {
    const { token } = await mailedLink(uniqueEmail('reuse'));
    const payload = { token, organization_name: '一回目株式会社', password: 'abcd1234' };
    expect((await callApi(context, { method: 'POST', url: '/api/corporate/complete-registration', payload })).statusCode).toBe(201);

    const again = await callApi(context, { method: 'POST', url: '/api/corporate/complete-registration', payload: { ...payload, organization_name: '二回目株式会社' } });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ success: false, message: accountMessages.tokenInvalid, errors: { token: [accountMessages.tokenInvalid] } });
    // Opening the link again after finishing: not "invalid, send a new mail" but "done, please log in".
    const verify = await callApi(context, { method: 'POST', url: '/api/corporate/verify-email', payload: { token } });
    expect(verify.statusCode).toBe(422);
    expect(verify.json()).toEqual({
      success: false,
      message: accountMessages.registrationAlreadyCompleted,
      errors: { registration: [accountMessages.registrationAlreadyCompleted] },
    });
    const tenants = await context.database.db.selectFrom('tenants').select('id').where('company_name', '=', '二回目株式会社').execute();
    expect(tenants).toHaveLength(0);
  });

  it('lets only one of two parallel completions of one link create a tenant', async () => {
    const { token } = await mailedLink(uniqueEmail('race'));
    const name = `並行株式会社${Date.now()}`;
    const results = await Promise.all([1, 2].map(() =>
      callApi(context, { method: 'POST', url: '/api/corporate/complete-registration', payload: { token, organization_name: name, password: 'abcd1234' } })));
    expect(results.map((result) => result.statusCode).sort()).toEqual([201, 422]);
    const tenants = await context.database.db.selectFrom('tenants').select('id').where('company_name', '=', name).execute();
    expect(tenants).toHaveLength(1);
  });

  it('expires the link after 24 hours', async () => {
    const { token } = await mailedLink(uniqueEmail('expiry'));
    context.clock.advance(REGISTRATION_TOKEN_TTL_MS - 1000);
    expect((await callApi(context, { method: 'POST', url: '/api/corporate/verify-email', payload: { token } })).statusCode).toBe(200);
    context.clock.advance(2000);
    const late = await callApi(context, { method: 'POST', url: '/api/corporate/verify-email', payload: { token } });
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toBe(accountMessages.tokenInvalid);
    const complete = await callApi(context, { method: 'POST', url: '/api/corporate/complete-registration', payload: { token, organization_name: '期限切れ', password: 'abcd1234' } });
    expect(complete.json().message).toBe(accountMessages.tokenInvalid);
  });

  it('answers the SPEC message for a token that never existed', async () => {
    const response = await callApi(context, { method: 'POST', url: '/api/corporate/verify-email', payload: { token: 'not-a-real-token-0123456789abcdef' } });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(accountMessages.tokenInvalid);
    const empty = await callApi(context, { method: 'POST', url: '/api/corporate/verify-email', payload: {} });
    expect(empty.json().message).toBe(accountMessages.tokenInvalid);
  });
});

describe('POST /api/corporate/send-confirmation rules', () => {
  it.each([
    [{ terms_agreed: true, privacy_agreed: true }, 'email', accountMessages.emailRequired],
    [{ email: '', terms_agreed: true, privacy_agreed: true }, 'email', accountMessages.emailRequired],
    [{ email: 'not-an-address', terms_agreed: true, privacy_agreed: true }, 'email', accountMessages.emailInvalid],
    [{ email: 'ok@example.co.jp', privacy_agreed: true }, 'terms_agreed', accountMessages.termsRequired],
    [{ email: 'ok@example.co.jp', terms_agreed: false, privacy_agreed: true }, 'terms_agreed', accountMessages.termsRequired],
    [{ email: 'ok@example.co.jp', terms_agreed: true }, 'privacy_agreed', accountMessages.privacyRequired],
  ])('refuses %j with a %s error', async (payload, field, message) => {
    const response = await sendConfirmation(payload);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[field]).toEqual([message]);
  });

  it('says an address with an account is taken, and sends nothing', async () => {
    const account = await createAccount(context);
    const response = await sendConfirmation(agreed(account.email));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ email: [accountMessages.emailTaken] });
    expect(await deliveredTo(context, smtp, account.email)).toHaveLength(0);
  });

  it('limits mails to one address to three an hour, then allows more an hour later', async () => {
    const email = uniqueEmail('limit');
    for (let sent = 0; sent < 3; sent += 1) expect((await sendConfirmation(agreed(email))).statusCode).toBe(200);
    const fourth = await sendConfirmation(agreed(email));
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toBe(accountMessages.confirmationRateLimited);
    context.clock.advance(60 * 60 * 1000 + 1);
    expect((await sendConfirmation(agreed(email))).statusCode).toBe(200);
  });

  it('limits one client IP across addresses', async () => {
    const limited = await createTestApp({ SMTP_URL: smtp.url(), RATE_LIMIT_ACCOUNT_MAIL: '2' });
    try {
      const send = () => callApi(limited, { method: 'POST', url: '/api/corporate/send-confirmation', payload: agreed(uniqueEmail('ip')) });
      expect((await send()).statusCode).toBe(200);
      expect((await send()).statusCode).toBe(200);
      const third = await send();
      expect(third.statusCode).toBe(429);
      expect(third.json().message).toBe(accountMessages.confirmationRateLimited);
    } finally {
      await limited.close();
    }
  });

  it('refuses a call without the CSRF token', async () => {
    const response = await context.app.inject({ method: 'POST', url: '/api/corporate/send-confirmation', payload: agreed(uniqueEmail()) });
    expect(response.statusCode).toBe(419);
  });
});

describe('POST /api/corporate/complete-registration rules', () => {
  it.each([
    [{ organization_name: '   ' }, 'organization_name', accountMessages.organizationRequired],
    [{ organization_name: undefined }, 'organization_name', accountMessages.organizationRequired],
    [{ password: '' }, 'password', accountMessages.passwordRequired],
    [{ password: 'abc123' }, 'password', accountMessages.passwordTooShort],
    [{ password: 'abcdefgh' }, 'password', accountMessages.passwordNeedsLetterAndDigit],
    [{ password: '12345678' }, 'password', accountMessages.passwordNeedsLetterAndDigit],
  ])('refuses %j with the SPEC message, leaving the link usable', async (override, field, message) => {
    const { token } = await mailedLink(uniqueEmail('rules'));
    const response = await callApi(context, {
      method: 'POST', url: '/api/corporate/complete-registration',
      payload: { token, organization_name: '株式会社ルール', password: 'abcd1234', ...override },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[field]).toEqual([message]);
    expect((await callApi(context, { method: 'POST', url: '/api/corporate/verify-email', payload: { token } })).statusCode).toBe(200);
  });

  it('says the address is taken when it was registered after the link was mailed', async () => {
    const email = uniqueEmail('meanwhile');
    const { token } = await mailedLink(email);
    await createAccount(context, { email });
    const response = await callApi(context, { method: 'POST', url: '/api/corporate/complete-registration', payload: { token, organization_name: '後から株式会社', password: 'abcd1234' } });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ email: [accountMessages.emailTaken] });
  });
});
