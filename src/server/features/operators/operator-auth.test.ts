import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages } from '../../../common/messages';
import { operatorMessages } from '../../../common/operator-messages';
import { callApi } from '../../test/account-factories';
import { OPERATOR_PASSWORD, createOperatorLink, setupTokenOf, signedInOperator, totpCode, uniqueOperatorEmail } from '../../test/operator-factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import { testDatabaseTarget } from '../../test/test-database';
import { createOperatorFromCli } from './operator-create-cli';

/** Issue 13, part 3: operators are created from the command line and sign in with a password and TOTP. */
describe('operator sign-in', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp({ RATE_LIMIT_LOGIN: '1000' });
  });
  afterAll(() => context.close());

  const post = (url: string, payload: Record<string, unknown>, token?: string) => callApi(context, { method: 'POST', url, payload, ...(token ? { token } : {}) });

  async function passwordSet(email: string): Promise<void> {
    const link = await createOperatorLink(context, email);
    expect((await post('/api/operator/setup', { token: setupTokenOf(link), password: OPERATOR_PASSWORD })).statusCode).toBe(200);
  }

  it('creates an operator from the command line, whose one-time link sets the password once', async () => {
    const email = uniqueOperatorEmail();
    const lines: string[] = [];
    const code = await createOperatorFromCli(['--email', email.toUpperCase()], { ...context.config, database: await testDatabaseTarget() }, (line) => lines.push(line));
    expect(code).toBe(0);
    const link = lines.find((line) => line.startsWith(`${context.config.appUrl}/operator/setup/`));
    expect(link, lines.join('\n')).toBeDefined();
    const token = setupTokenOf(link!);

    const weak = await post('/api/operator/setup', { token, password: 'short' });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().errors.password).toEqual([accountMessages.passwordTooShort]);

    const set = await post('/api/operator/setup', { token, password: OPERATOR_PASSWORD });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ success: true, data: { email } });

    const again = await post('/api/operator/setup', { token, password: OPERATOR_PASSWORD });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ success: false, message: operatorMessages.setupLinkInvalid });
  });

  it('refuses a bad command line without touching anything', async () => {
    const lines: string[] = [];
    expect(await createOperatorFromCli(['--email', 'not-an-address'], { ...context.config, database: await testDatabaseTarget() }, (line) => lines.push(line))).toBe(64);
    expect(await createOperatorFromCli(['--mail', 'ops@example.com'], { ...context.config, database: await testDatabaseTarget() }, (line) => lines.push(line))).toBe(64);
    expect(lines.join('\n')).toContain('--email');
  });

  it('refuses a setup link after 24 hours', async () => {
    const link = await createOperatorLink(context, uniqueOperatorEmail());
    context.clock.advance(24 * 60 * 60 * 1000 + 1000);
    const late = await post('/api/operator/setup', { token: setupTokenOf(link), password: OPERATOR_PASSWORD });
    expect(late.statusCode).toBe(404);
    expect((await post('/api/operator/setup', { token: 'x'.repeat(43), password: OPERATOR_PASSWORD })).statusCode).toBe(404);
  });

  it('answers a wrong password, an unknown address and an operator without a password alike', async () => {
    const email = uniqueOperatorEmail();
    await passwordSet(email);
    const pending = uniqueOperatorEmail();
    await createOperatorLink(context, pending);
    for (const payload of [{ email, password: 'wrong-Passw0rd' }, { email: uniqueOperatorEmail(), password: OPERATOR_PASSWORD }, { email: pending, password: OPERATOR_PASSWORD }]) {
      const response = await post('/api/operator/login', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(401);
      expect(response.json()).toEqual({ success: false, message: operatorMessages.loginFailed });
    }
  });

  it('sets up TOTP on the first sign-in, then takes each code once', async () => {
    const email = uniqueOperatorEmail();
    await passwordSet(email);
    const first = await post('/api/operator/login', { email, password: OPERATOR_PASSWORD });
    expect(first.statusCode).toBe(200);
    const setup = first.json().data;
    expect(setup.stage).toBe('totp_setup');
    expect(setup.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.totp.otpauth_url).toMatch(/^otpauth:\/\/totp\/Kizuki:.+\?.*secret=[A-Z2-7]{32}/);
    expect(setup.totp.otpauth_url).toContain('algorithm=SHA1');
    expect(setup.totp.qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);

    // The secret is stored encrypted, not as the base32 the app shows.
    const stored = await context.database.db.selectFrom('operator_sessions').select('pending_totp_secret').where('pending_totp_secret', 'is not', null).execute();
    for (const row of stored) expect(row.pending_totp_secret).not.toContain(setup.totp.secret);

    const wrong = await post('/api/operator/login/totp', { challenge_token: setup.challenge_token, code: '000000' === totpCode(context, setup.totp.secret) ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ success: false, message: operatorMessages.totpInvalid, errors: { code: [operatorMessages.totpInvalid] } });

    const code = totpCode(context, setup.totp.secret);
    const confirmed = await post('/api/operator/login/totp', { challenge_token: setup.challenge_token, code: `${code.slice(0, 3)} ${code.slice(3)}` });
    expect(confirmed.statusCode).toBe(200);
    const { token, operator } = confirmed.json().data;
    expect(token).toMatch(/^op_[A-Za-z0-9_-]{43}$/);
    expect(operator).toEqual({ email });
    const row = await context.database.db.selectFrom('operators').select(['totp_secret', 'totp_enabled_at']).where('email', '=', email).executeTakeFirstOrThrow();
    expect(row.totp_enabled_at).not.toBeNull();
    expect(row.totp_secret).not.toContain(setup.totp.secret);

    const me = await callApi(context, { method: 'GET', url: '/api/operator/me', token });
    expect(me.json()).toEqual({ success: true, data: { email } });

    // The next sign-in asks for a code only; the code just used is refused (a replay), a new one works.
    const second = (await post('/api/operator/login', { email, password: OPERATOR_PASSWORD })).json().data;
    expect(second).toEqual({ stage: 'totp', challenge_token: expect.any(String) });
    const replay = await post('/api/operator/login/totp', { challenge_token: second.challenge_token, code });
    expect(replay.statusCode).toBe(422);
    expect(replay.json().errors).toEqual({ code: [operatorMessages.totpInvalid] });
    context.clock.advance(30_000);
    const fresh = await post('/api/operator/login/totp', { challenge_token: second.challenge_token, code: totpCode(context, setup.totp.secret) });
    expect(fresh.statusCode).toBe(200);
    // A challenge is spent once it has given a session.
    context.clock.advance(30_000);
    const reused = await post('/api/operator/login/totp', { challenge_token: second.challenge_token, code: totpCode(context, setup.totp.secret) });
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual({ success: false, message: operatorMessages.challengeExpired });

    const logout = await post('/api/operator/logout', {}, token);
    expect(logout.json()).toEqual({ success: true });
    const after = await callApi(context, { method: 'GET', url: '/api/operator/me', token });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ success: false, message: operatorMessages.unauthenticated });
  });

  it('ends a challenge after 5 wrong codes or 10 minutes', async () => {
    const operator = await signedInOperator(context);
    const challenge = async () => (await post('/api/operator/login', { email: operator.email, password: OPERATOR_PASSWORD })).json().data.challenge_token as string;
    context.clock.advance(30_000);
    const wrongCode = (secret: string) => (totpCode(context, secret) === '123456' ? '654321' : '123456');

    const guessed = await challenge();
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expect((await post('/api/operator/login/totp', { challenge_token: guessed, code: wrongCode(operator.secret) })).statusCode).toBe(422);
    }
    const fifth = await post('/api/operator/login/totp', { challenge_token: guessed, code: wrongCode(operator.secret) });
    expect(fifth.statusCode).toBe(401);
    expect(fifth.json().message).toBe(operatorMessages.challengeExpired);
    expect((await post('/api/operator/login/totp', { challenge_token: guessed, code: totpCode(context, operator.secret) })).statusCode).toBe(401);

    const slow = await challenge();
    context.clock.advance(10 * 60 * 1000 + 1000);
    const late = await post('/api/operator/login/totp', { challenge_token: slow, code: totpCode(context, operator.secret) });
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toBe(operatorMessages.challengeExpired);
  });

  it('ends a session after 8 hours, and every session when the operator is created again', async () => {
    const operator = await signedInOperator(context);
    context.clock.advance(8 * 60 * 60 * 1000 - 60_000);
    expect((await callApi(context, { method: 'GET', url: '/api/operator/me', token: operator.token })).statusCode).toBe(200);
    context.clock.advance(120_000);
    expect((await callApi(context, { method: 'GET', url: '/api/operator/me', token: operator.token })).statusCode).toBe(401);

    const again = await signedInOperator(context);
    const link = await createOperatorLink(context, again.email);
    expect((await callApi(context, { method: 'GET', url: '/api/operator/me', token: again.token })).statusCode).toBe(401);
    expect((await post('/api/operator/login', { email: again.email, password: OPERATOR_PASSWORD })).statusCode).toBe(401);
    // The new link sets a password, and the next sign-in enrols a new TOTP secret.
    expect((await post('/api/operator/setup', { token: setupTokenOf(link), password: OPERATOR_PASSWORD })).statusCode).toBe(200);
    const relogin = (await post('/api/operator/login', { email: again.email, password: OPERATOR_PASSWORD })).json().data;
    expect(relogin.stage).toBe('totp_setup');
    expect(relogin.totp.secret).not.toBe(again.secret);
  });
});

describe('operator sign-in limits', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp({ RATE_LIMIT_LOGIN: '1000' });
  });
  afterAll(() => context.close());

  it('locks an address after 5 wrong passwords, the right one included', async () => {
    const operator = await signedInOperator(context);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expect((await callApi(context, { method: 'POST', url: '/api/operator/login', payload: { email: operator.email, password: 'wrong-Passw0rd' } })).statusCode).toBe(401);
    }
    const fifth = await callApi(context, { method: 'POST', url: '/api/operator/login', payload: { email: operator.email, password: 'wrong-Passw0rd' } });
    expect(fifth.statusCode).toBe(429);
    const right = await callApi(context, { method: 'POST', url: '/api/operator/login', payload: { email: operator.email, password: OPERATOR_PASSWORD } });
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({ success: false, message: operatorMessages.loginRateLimited });
  });
});

describe('operator sign-in rate limit per client', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp({ RATE_LIMIT_LOGIN: '3' });
  });
  afterAll(() => context.close());

  it('answers 429 past RATE_LIMIT_LOGIN attempts an hour, password and TOTP steps together', async () => {
    const payload = { email: uniqueOperatorEmail(), password: 'wrong-Passw0rd' };
    expect((await callApi(context, { method: 'POST', url: '/api/operator/login', payload })).statusCode).toBe(401);
    expect((await callApi(context, { method: 'POST', url: '/api/operator/login/totp', payload: { challenge_token: 'x'.repeat(43), code: '123456' } })).statusCode).toBe(401);
    expect((await callApi(context, { method: 'POST', url: '/api/operator/login', payload })).statusCode).toBe(401);
    const limited = await callApi(context, { method: 'POST', url: '/api/operator/login', payload });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ success: false, message: operatorMessages.loginRateLimited });
  });
});
