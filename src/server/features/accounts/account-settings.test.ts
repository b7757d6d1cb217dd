import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_MAILS_PER_ADDRESS_PER_HOUR, LOGIN_MAX_FAILURES, PASSWORD_RESET_TOKEN_TTL_MS } from '../../../common/limits';
import { accountMessages } from '../../../common/messages';
import { callApi, createAccount, deliveredTo, linkIn, uniqueEmail } from '../../test/account-factories';
import { TestSmtpServer } from '../../test/smtp-test-server';
import { createTestApp, type TestContext } from '../../test/test-app';

const APP_URL = 'https://kizuki.test';
let smtp: TestSmtpServer;
let context: TestContext;

beforeAll(async () => {
  smtp = await new TestSmtpServer().start();
});
afterAll(async () => {
  await smtp.stop();
});
beforeEach(async () => {
  context = await createTestApp({ SMTP_URL: smtp.url(), APP_URL });
});
afterEach(async () => {
  await context.close();
});

const login = (email: string, password: string) => callApi(context, { method: 'POST', url: '/api/auth/login', payload: { email, password } });
const currentUser = (token: string) => callApi(context, { method: 'GET', url: '/api/auth/user', token });

describe('PUT /api/auth/profile', () => {
  it('changes the name at once and keeps the address', async () => {
    const account = await createAccount(context);
    const response = await callApi(context, { method: 'PUT', url: '/api/auth/profile', token: account.token, payload: { name: '  佐藤 花子 ', email: account.email } });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ user: { name: '佐藤 花子', email: account.email, pending_email: null }, message: accountMessages.profileUpdated });
    expect(response.json().data.tenant.tenant_id).toBe(account.tenantId);
  });

  it('applies a new address only after the link mailed to it is opened', async () => {
    const account = await createAccount(context);
    const newEmail = uniqueEmail('moved');
    const response = await callApi(context, { method: 'PUT', url: '/api/auth/profile', token: account.token, payload: { name: '鈴木', email: newEmail } });
    expect(response.json().data).toMatchObject({ user: { email: account.email, pending_email: newEmail }, message: accountMessages.emailChangePending(newEmail) });

    const [mail] = await deliveredTo(context, smtp, newEmail);
    const link = linkIn(mail!, APP_URL);
    expect(link.pathname).toBe('/account/email/verify');
    const token = link.searchParams.get('token')!;
    const confirmed = await callApi(context, { method: 'POST', url: '/api/auth/email/verify', payload: { token } });
    expect(confirmed.json()).toEqual({ success: true, data: { email: newEmail, message: accountMessages.emailChanged } });
    expect((await currentUser(account.token)).json().data.user).toMatchObject({ email: newEmail, pending_email: null });
    expect((await login(newEmail, account.password)).statusCode).toBe(200);
    expect((await login(account.email, account.password)).statusCode).toBe(422);

    const reused = await callApi(context, { method: 'POST', url: '/api/auth/email/verify', payload: { token } });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().message).toBe(accountMessages.emailChangeTokenInvalid);
  });

  it('refuses an address another account has, and invalid input', async () => {
    const account = await createAccount(context);
    const other = await createAccount(context);
    const taken = await callApi(context, { method: 'PUT', url: '/api/auth/profile', token: account.token, payload: { name: 'x', email: other.email } });
    expect(taken.json().errors).toEqual({ email: [accountMessages.emailTaken] });
    const invalid = await callApi(context, { method: 'PUT', url: '/api/auth/profile', token: account.token, payload: { name: ' ', email: 'nope' } });
    expect(invalid.json().errors).toEqual({ name: [accountMessages.nameRequired], email: [accountMessages.emailInvalid] });
  });
});

describe('PUT /api/auth/password', () => {
  it('ends every session, answers a new token, and mails a notice', async () => {
    const account = await createAccount(context);
    const other = (await login(account.email, account.password)).json().data.token;
    const response = await callApi(context, {
      method: 'PUT', url: '/api/auth/password', token: account.token,
      payload: { current_password: account.password, password: 'newPassw0rd', password_confirmation: 'newPassw0rd' },
    });
    expect(response.statusCode).toBe(200);
    const { token, message } = response.json().data;
    expect(message).toBe(accountMessages.passwordChanged);
    expect((await currentUser(account.token)).statusCode).toBe(401);
    expect((await currentUser(other)).statusCode).toBe(401);
    expect((await currentUser(token)).statusCode).toBe(200);
    expect((await login(account.email, 'newPassw0rd')).statusCode).toBe(200);
    expect((await login(account.email, account.password)).statusCode).toBe(422);
    expect((await deliveredTo(context, smtp, account.email)).length).toBeGreaterThan(0);
  });

  it('refuses a wrong current password, the SPEC rules and a mismatch, changing nothing', async () => {
    const account = await createAccount(context);
    const put = (payload: Record<string, string>) => callApi(context, { method: 'PUT', url: '/api/auth/password', token: account.token, payload });
    const wrong = await put({ current_password: 'not-it-123', password: 'newPassw0rd', password_confirmation: 'newPassw0rd' });
    expect(wrong.json().errors).toEqual({ current_password: [accountMessages.currentPasswordWrong] });
    const short = await put({ current_password: account.password, password: 'a1', password_confirmation: 'a1' });
    expect(short.json().errors).toEqual({ password: [accountMessages.passwordTooShort] });
    const mismatch = await put({ current_password: account.password, password: 'newPassw0rd', password_confirmation: 'newPassw0rX' });
    expect(mismatch.json().errors).toEqual({ password_confirmation: [accountMessages.passwordMismatch] });
    const missing = await put({ current_password: '', password: 'newPassw0rd', password_confirmation: '' });
    expect(missing.json().errors).toEqual({ current_password: [accountMessages.currentPasswordRequired], password_confirmation: [accountMessages.passwordConfirmationRequired] });
    expect((await currentUser(account.token)).statusCode).toBe(200);
  });
});

describe('password reset', () => {
  const requestReset = (email: string) => callApi(context, { method: 'POST', url: '/api/auth/password/email', payload: { email } });
  const reset = (payload: Record<string, string>) => callApi(context, { method: 'POST', url: '/api/auth/password/reset', payload });

  it('answers the same for unknown and known addresses, and mails only the known one', async () => {
    const account = await createAccount(context);
    const unknownEmail = uniqueEmail('ghost');
    const known = await requestReset(account.email);
    const unknown = await requestReset(unknownEmail);
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(await deliveredTo(context, smtp, unknownEmail)).toHaveLength(0);
    expect(await deliveredTo(context, smtp, account.email)).toHaveLength(1);
  });

  it('does the same work for an unknown address as for a known one: a hashed link row under the same allowance, mailed only to the known one', async () => {
    const account = await createAccount(context);
    const unknownEmail = uniqueEmail('ghost');
    const db = context.database.db;
    for (const email of [account.email, unknownEmail]) {
      for (let request = 0; request <= ACCOUNT_MAILS_PER_ADDRESS_PER_HOUR; request += 1) {
        expect((await requestReset(email)).json()).toEqual({ success: true, data: { message: accountMessages.resetMailSent } });
      }
      const rows = await db.selectFrom('account_tokens').select(['token_hash', 'user_id']).where('purpose', '=', 'password_reset').where('email', '=', email).execute();
      // Same lookups, same allowance, a token digested and stored: only the outbox write differs.
      expect(rows).toHaveLength(ACCOUNT_MAILS_PER_ADDRESS_PER_HOUR);
      for (const row of rows) expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(rows.every((row) => row.user_id === (email === unknownEmail ? null : account.userId))).toBe(true);
    }
    expect(await deliveredTo(context, smtp, unknownEmail)).toHaveLength(0);
    expect(await deliveredTo(context, smtp, account.email)).toHaveLength(ACCOUNT_MAILS_PER_ADDRESS_PER_HOUR);
  });

  it('resets through the mailed link, ends every session, lifts a lock, and is single-use', async () => {
    const account = await createAccount(context);
    for (let attempt = 0; attempt < LOGIN_MAX_FAILURES; attempt += 1) await login(account.email, 'wrong-passw0rd');
    expect((await login(account.email, account.password)).statusCode).toBe(429);
    await requestReset(account.email);
    const link = linkIn((await deliveredTo(context, smtp, account.email))[0]!, APP_URL);
    expect(link.pathname).toBe('/corporate/password/reset');
    expect(link.searchParams.get('email')).toBe(account.email);
    const token = link.searchParams.get('token')!;

    // The wrong address does not consume the link.
    const wrongAddress = await reset({ token, email: uniqueEmail(), password: 'resetPassw0rd', password_confirmation: 'resetPassw0rd' });
    expect(wrongAddress.json().message).toBe(accountMessages.resetTokenInvalid);

    const done = await reset({ token, email: account.email, password: 'resetPassw0rd', password_confirmation: 'resetPassw0rd' });
    expect(done.json()).toEqual({ success: true, data: { message: accountMessages.passwordReset } });
    expect((await currentUser(account.token)).statusCode).toBe(401);
    expect((await login(account.email, 'resetPassw0rd')).statusCode).toBe(200);

    const again = await reset({ token, email: account.email, password: 'againPassw0rd', password_confirmation: 'againPassw0rd' });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(accountMessages.resetTokenInvalid);
  });

  it('expires the reset link after an hour', async () => {
    const account = await createAccount(context);
    await requestReset(account.email);
    const token = linkIn((await deliveredTo(context, smtp, account.email))[0]!, APP_URL).searchParams.get('token')!;
    context.clock.advance(PASSWORD_RESET_TOKEN_TTL_MS + 1000);
    const late = await reset({ token, email: account.email, password: 'resetPassw0rd', password_confirmation: 'resetPassw0rd' });
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toBe(accountMessages.resetTokenInvalid);
  });

  it('stops mailing one address after three links an hour, still answering the same', async () => {
    const account = await createAccount(context);
    for (let sent = 0; sent < 4; sent += 1) expect((await requestReset(account.email)).statusCode).toBe(200);
    expect(await deliveredTo(context, smtp, account.email)).toHaveLength(3);
  });
});
