import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AUTH_TOKEN_TTL_MS, LOGIN_FAILURE_MEMORY_MS, LOGIN_LOCK_MS, LOGIN_MAX_FAILURES } from '../../../common/limits';
import { accountMessages } from '../../../common/messages';
import { callApi, createAccount, FACTORY_PASSWORD, uniqueEmail } from '../../test/account-factories';
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
  context = await createTestApp({ SMTP_URL: smtp.url() });
});
afterEach(async () => {
  await context.close();
});

const login = (email: string, password: string) => callApi(context, { method: 'POST', url: '/api/auth/login', payload: { email, password } });
const currentUser = (token?: string) => callApi(context, { method: 'GET', url: '/api/auth/user', token });

describe('POST /api/auth/login', () => {
  it('answers user, tenant and a working bearer token for a corporate user', async () => {
    const account = await createAccount(context, { companyName: '株式会社ログイン' });
    const response = await login(account.email.toUpperCase(), account.password);
    expect(response.statusCode).toBe(200);
    const { user, tenant, token } = response.json().data;
    expect(user).toMatchObject({ user_id: account.userId, email: account.email, tenant_id: account.tenantId, role: 'admin' });
    expect(tenant).toEqual({ tenant_id: account.tenantId, company_name: '株式会社ログイン', plan: 'free' });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await currentUser(token);
    expect(me.json().data.user.email).toBe(account.email);
    // Only a digest is stored.
    const stored = await context.database.db.selectFrom('auth_tokens').select('token_hash').where('user_id', '=', account.userId).execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(token);
  });

  it('marks an individual by the absence of tenant_id and a null tenant', async () => {
    const account = await createAccount(context, { companyName: null });
    const { user, tenant } = (await login(account.email, account.password)).json().data;
    expect(user).not.toHaveProperty('tenant_id');
    expect(tenant).toBeNull();
  });

  it('gives the same 422 for a wrong password and an unknown address (never 401, which would bounce the login page)', async () => {
    const account = await createAccount(context);
    const wrong = await login(account.email, 'wrong-passw0rd');
    const unknown = await login(uniqueEmail('nobody'), 'wrong-passw0rd');
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ success: false, message: accountMessages.invalidCredentials, errors: { email: [accountMessages.invalidCredentials] } });
    }
  });

  it(`locks an account after ${LOGIN_MAX_FAILURES} wrong passwords in a row, even for the right one, until the lock ends`, async () => {
    const account = await createAccount(context);
    for (let attempt = 1; attempt < LOGIN_MAX_FAILURES; attempt += 1) expect((await login(account.email, 'wrong-passw0rd')).statusCode).toBe(422);
    const locking = await login(account.email, 'wrong-passw0rd');
    expect(locking.statusCode).toBe(429);
    expect(locking.json().message).toBe(accountMessages.loginLocked(15));
    expect((await login(account.email, account.password)).statusCode).toBe(429);
    context.clock.advance(LOGIN_LOCK_MS + 1000);
    expect((await login(account.email, account.password)).statusCode).toBe(200);
  });

  it('resets the failure count on a successful sign-in', async () => {
    const account = await createAccount(context);
    for (let attempt = 1; attempt < LOGIN_MAX_FAILURES; attempt += 1) await login(account.email, 'wrong-passw0rd');
    expect((await login(account.email, account.password)).statusCode).toBe(200);
    expect((await login(account.email, 'wrong-passw0rd')).statusCode).toBe(422);
  });

  it('limits sign-in attempts per client IP', async () => {
    const limited = await createTestApp({ SMTP_URL: smtp.url(), RATE_LIMIT_LOGIN: '2' });
    try {
      const attempt = () => callApi(limited, { method: 'POST', url: '/api/auth/login', payload: { email: uniqueEmail(), password: 'x1234567' } });
      expect((await attempt()).statusCode).toBe(422);
      expect((await attempt()).statusCode).toBe(422);
      const third = await attempt();
      expect(third.statusCode).toBe(429);
      expect(third.json().message).toBe(accountMessages.loginRateLimited);
    } finally {
      await limited.close();
    }
  });
});

describe('sign-in lockout (issue 9)', () => {
  it(`compares at most ${LOGIN_MAX_FAILURES} passwords of 40 parallel attempts (39 wrong, 1 right), and the right one gets no session after ${LOGIN_MAX_FAILURES} wrong ones`, async () => {
    // Per-IP limit out of the way: this is about the per-address lock.
    const burst = await createTestApp({ SMTP_URL: smtp.url(), RATE_LIMIT_LOGIN: '1000' });
    try {
      const account = await createAccount(burst);
      const RIGHT = 20;
      const passwords = Array.from({ length: 40 }, (_, index) => (index === RIGHT ? account.password : `wrong-passw0rd-${index}`));
      const answers = await Promise.all(
        passwords.map((password) => callApi(burst, { method: 'POST', url: '/api/auth/login', payload: { email: account.email, password } })),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      const plainWrong = answers.filter((answer) => answer.statusCode === 422);
      const locked = answers.filter((answer) => answer.statusCode === 429);
      expect(statuses.every((status) => status === 422 || status === 429 || status === 200), statuses.join(',')).toBe(true);
      for (const answer of plainWrong) expect(answer.json().message).toBe(accountMessages.invalidCredentials);
      for (const answer of locked) expect(answer.json().message).toMatch(/^ログインの失敗が続いたため/);
      // Each compared password answers 422, 200 (the right one) or, for the one that reaches the
      // limit, the lock's 429; everything else is refused before any comparison.
      const rightAnswer = answers[RIGHT]!;
      const compared = plainWrong.length + (rightAnswer.statusCode === 200 ? 1 : 0);
      expect(compared).toBeLessThanOrEqual(LOGIN_MAX_FAILURES);
      expect(plainWrong.length).toBeLessThanOrEqual(LOGIN_MAX_FAILURES - 1);
      expect(locked.length).toBeGreaterThanOrEqual(40 - LOGIN_MAX_FAILURES);
      if (rightAnswer.statusCode !== 200) {
        expect(rightAnswer.statusCode).toBe(429);
        // The lock holds for the right password too, until it ends.
        expect((await callApi(burst, { method: 'POST', url: '/api/auth/login', payload: { email: account.email, password: account.password } })).statusCode).toBe(429);
        burst.clock.advance(LOGIN_LOCK_MS + 1000);
        expect((await callApi(burst, { method: 'POST', url: '/api/auth/login', payload: { email: account.email, password: account.password } })).statusCode).toBe(200);
      }
    } finally {
      await burst.close();
    }
  });

  it('answers an unknown address exactly like a known one: the same 422s, then the same lock', async () => {
    const account = await createAccount(context);
    const unknown = uniqueEmail('nobody');
    const transcripts: unknown[] = [];
    for (const email of [account.email, unknown]) {
      const answers = [];
      for (let attempt = 0; attempt <= LOGIN_MAX_FAILURES; attempt += 1) answers.push(await login(email, 'wrong-passw0rd'));
      expect(answers.map((answer) => answer.statusCode)).toEqual([...Array<number>(LOGIN_MAX_FAILURES - 1).fill(422), 429, 429]);
      expect(answers.at(-1)!.json()).toEqual({ success: false, message: accountMessages.loginLocked(15) });
      transcripts.push(answers.map((answer) => answer.json()));
    }
    expect(transcripts[1]).toEqual(transcripts[0]);
    // The lock ends for both alike.
    context.clock.advance(LOGIN_LOCK_MS + 1000);
    expect((await login(unknown, 'wrong-passw0rd')).statusCode).toBe(422);
    expect((await login(account.email, account.password)).statusCode).toBe(200);
    // Counted under a keyed digest: the addresses themselves are not stored.
    const keys = await context.database.db.selectFrom('login_attempts').select('address_key').execute();
    for (const { address_key } of keys) {
      expect(address_key).toMatch(/^[0-9a-f]{64}$/);
      expect(address_key).not.toContain('nobody');
    }
  });
});

describe('sign-in attempt records', () => {
  it(`forgets wrong passwords after ${LOGIN_FAILURE_MEMORY_MS / 3_600_000} quiet hours`, async () => {
    const account = await createAccount(context);
    for (let attempt = 1; attempt < LOGIN_MAX_FAILURES; attempt += 1) await login(account.email, 'wrong-passw0rd');
    context.clock.advance(LOGIN_FAILURE_MEMORY_MS + 1000);
    // Four old failures and a new one do not lock: the count started again.
    for (let attempt = 1; attempt < LOGIN_MAX_FAILURES; attempt += 1) expect((await login(account.email, 'wrong-passw0rd')).statusCode).toBe(422);
    expect((await login(account.email, 'wrong-passw0rd')).statusCode).toBe(429);
  });
});

describe('bearer tokens', () => {
  it('answers 401 with the SPEC message without a token, with a wrong one, and with a malformed header', async () => {
    const attempts: Array<Record<string, string>> = [{}, { authorization: 'Bearer abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG' }, { authorization: 'Basic Zm9vOmJhcg==' }];
    for (const headers of attempts) {
      const response = await callApi(context, { method: 'GET', url: '/api/auth/user', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ success: false, message: accountMessages.unauthenticated });
    }
  });

  it('expires a token after its lifetime', async () => {
    const { token } = (await login((await createAccount(context)).email, FACTORY_PASSWORD)).json().data;
    context.clock.advance(AUTH_TOKEN_TTL_MS - 1000);
    expect((await currentUser(token)).statusCode).toBe(200);
    context.clock.advance(2000);
    expect((await currentUser(token)).statusCode).toBe(401);
  });

  it('logout revokes that token only', async () => {
    const account = await createAccount(context);
    const first = (await login(account.email, account.password)).json().data.token;
    const second = (await login(account.email, account.password)).json().data.token;
    const out = await callApi(context, { method: 'POST', url: '/api/auth/logout', token: first });
    expect(out.json()).toEqual({ success: true, data: { message: accountMessages.loggedOut } });
    expect((await currentUser(first)).statusCode).toBe(401);
    expect((await currentUser(second)).statusCode).toBe(200);
    expect((await callApi(context, { method: 'POST', url: '/api/auth/logout', token: first })).statusCode).toBe(401);
  });

  it('protects every bearer route from anonymous callers', async () => {
    const routes: Array<[string, string]> = [
      ['GET', '/api/auth/user'], ['POST', '/api/auth/logout'], ['PUT', '/api/auth/profile'], ['PUT', '/api/auth/password'],
      ['GET', '/api/corporate/dashboard'], ['GET', '/api/corporate/stats'],
    ];
    for (const [method, url] of routes) {
      const response = await callApi(context, { method: method as 'GET', url, payload: method === 'GET' ? undefined : {} });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('direct registration', () => {
  const base = { password: 'abcd1234', password_confirmation: 'abcd1234', terms_agreed: true, privacy_agreed: true };

  it('POST /api/auth/register/corporate answers user, tenant (free) and a token', async () => {
    const email = uniqueEmail('direct');
    const response = await callApi(context, { method: 'POST', url: '/api/auth/register/corporate', payload: { ...base, email, organization_name: '直接登録株式会社', name: '山田 太郎' } });
    expect(response.statusCode).toBe(201);
    const { user, tenant, token } = response.json().data;
    expect(tenant).toMatchObject({ company_name: '直接登録株式会社', plan: 'free' });
    expect(user).toMatchObject({ email, name: '山田 太郎', tenant_id: tenant.tenant_id });
    expect((await currentUser(token)).statusCode).toBe(200);
  });

  it('POST /api/auth/register/individual answers a user without tenant_id and a token', async () => {
    const email = uniqueEmail('solo');
    const response = await callApi(context, { method: 'POST', url: '/api/auth/register/individual', payload: { ...base, email } });
    expect(response.statusCode).toBe(201);
    const data = response.json().data;
    expect(Object.keys(data).sort()).toEqual(['token', 'user']);
    expect(data.user).not.toHaveProperty('tenant_id');
    expect((await currentUser(data.token)).json().data.tenant).toBeNull();
  });

  it('refuses a taken address, a mismatched confirmation and missing agreements', async () => {
    const taken = await createAccount(context);
    const takenAnswer = await callApi(context, { method: 'POST', url: '/api/auth/register/individual', payload: { ...base, email: taken.email } });
    expect(takenAnswer.json().errors).toEqual({ email: [accountMessages.emailTaken] });
    const mismatch = await callApi(context, { method: 'POST', url: '/api/auth/register/individual', payload: { ...base, email: uniqueEmail(), password_confirmation: 'abcd12345' } });
    expect(mismatch.json().errors).toEqual({ password_confirmation: [accountMessages.passwordMismatch] });
    const noTerms = await callApi(context, { method: 'POST', url: '/api/auth/register/corporate', payload: { ...base, email: uniqueEmail(), organization_name: 'X', terms_agreed: false, privacy_agreed: 0 } });
    expect(noTerms.json().errors).toEqual({ terms_agreed: [accountMessages.termsRequired], privacy_agreed: [accountMessages.privacyRequired] });
  });
});
