import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ORGANIZATION_NAME_MAX_LENGTH, USER_NAME_MAX_LENGTH } from '../../../common/limits';
import { accountMessages } from '../../../common/messages';
import { callApi, createAccount, uniqueEmail } from '../../test/account-factories';
import { createTestApp, type TestContext } from '../../test/test-app';

/*
 * Issue 9 #5: a NUL byte in an address or a name gave PostgreSQL's 22021 (500), and SQLite
 * created accounts such as "a\u0000b@example.com"; zero-width characters were accepted in
 * addresses on both. Addresses with control, bidi or invisible characters are refused with a
 * per-field 422; names and organisation names are cleaned (the same rule on both databases).
 */

let context: TestContext;

beforeEach(async () => {
  context = await createTestApp({ RATE_LIMIT_LOGIN: '1000', RATE_LIMIT_ACCOUNT_MAIL: '1000', RATE_LIMIT_REGISTER: '1000' });
});
afterEach(async () => {
  await context.close();
});

const registration = { password: 'abcd1234', password_confirmation: 'abcd1234', terms_agreed: true, privacy_agreed: true };

const BAD_ADDRESSES = [
  'a\u0000b@example.com',
  'nul@example.com\u0000',
  'a\u0007b@example.com',
  'a\u0085b@example.com',
  'zero\u200Bwidth@example.com',
  'joiner\u200D@example.com',
  'word\u2060joiner@example.com',
  'bom\uFEFFinside@example.com',
  'rtl\u202Eoverride@example.com',
  'isolate\u2066x@example.com',
];

describe('addresses with control, bidi or invisible characters', () => {
  it.each(BAD_ADDRESSES.map((address) => [JSON.stringify(address), address]))('refuses %s with a Japanese 422 on every route that takes an address', async (_label, address) => {
    const account = await createAccount(context);
    const routes: Array<{ method: 'POST' | 'PUT'; url: string; payload: Record<string, unknown>; token?: string }> = [
      { method: 'POST', url: '/api/corporate/send-confirmation', payload: { email: address, terms_agreed: true, privacy_agreed: true } },
      { method: 'POST', url: '/api/auth/login', payload: { email: address, password: 'abcd1234' } },
      { method: 'POST', url: '/api/auth/password/email', payload: { email: address } },
      { method: 'POST', url: '/api/auth/password/reset', payload: { token: 'x'.repeat(43), email: address, password: 'abcd1234', password_confirmation: 'abcd1234' } },
      { method: 'POST', url: '/api/auth/register/individual', payload: { ...registration, email: address } },
      { method: 'POST', url: '/api/auth/register/corporate', payload: { ...registration, email: address, organization_name: '株式会社テスト' } },
      { method: 'PUT', url: '/api/auth/profile', payload: { name: '山田', email: address }, token: account.token },
    ];
    for (const route of routes) {
      const response = await callApi(context, route);
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(422);
      expect(response.json().errors.email, `${route.method} ${route.url}`).toEqual([accountMessages.emailInvalidCharacters]);
    }
    // Looked up with the odd characters as wildcards: PostgreSQL refuses NUL even in a query.
    const pattern = address.replace(/[^\x20-\x7e]/g, '%');
    expect(await context.database.db.selectFrom('users').select('email').where('email', 'like', pattern).execute()).toEqual([]);
  });
});

describe('names and organisation names', () => {
  it('strips NUL, controls, line breaks, bidi overrides and zero-width characters before storing (no 500 on either database)', async () => {
    const email = uniqueEmail('clean');
    const response = await callApi(context, {
      method: 'POST', url: '/api/auth/register/corporate',
      payload: { ...registration, email, organization_name: ' 株式会社\u0000キヅキ\r\n【緊急】\u202Egpj.exe\u200B ', name: '山田\u0000\t太郎\u2066\u2069' },
    });
    expect(response.statusCode).toBe(201);
    const { user, tenant, token } = response.json().data;
    expect(tenant.company_name).toBe('株式会社キヅキ 【緊急】gpj.exe');
    expect(user.name).toBe('山田 太郎');

    const account = await createAccount(context);
    const profile = await callApi(context, { method: 'PUT', url: '/api/auth/profile', token: account.token, payload: { name: '佐藤\u0000\u2028花子\u061C', email: account.email } });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data.user.name).toBe('佐藤 花子');
    expect(token).toBeTruthy();
  });

  it(`caps a person's name at ${USER_NAME_MAX_LENGTH} and an organisation name at ${ORGANIZATION_NAME_MAX_LENGTH} characters`, async () => {
    const longName = await callApi(context, { method: 'POST', url: '/api/auth/register/individual', payload: { ...registration, email: uniqueEmail(), name: 'あ'.repeat(USER_NAME_MAX_LENGTH + 1) } });
    expect(longName.json().errors).toEqual({ name: [accountMessages.tooLong(USER_NAME_MAX_LENGTH)] });
    const longOrganization = await callApi(context, {
      method: 'POST', url: '/api/auth/register/corporate',
      payload: { ...registration, email: uniqueEmail(), organization_name: 'あ'.repeat(ORGANIZATION_NAME_MAX_LENGTH + 1) },
    });
    expect(longOrganization.json().errors).toEqual({ organization_name: [accountMessages.tooLong(ORGANIZATION_NAME_MAX_LENGTH)] });
    // Invisible padding does not count: it is removed before the cap applies.
    const padded = await callApi(context, { method: 'POST', url: '/api/auth/register/individual', payload: { ...registration, email: uniqueEmail(), name: `${'あ'.repeat(USER_NAME_MAX_LENGTH)}\u200B\u200B` } });
    expect(padded.statusCode).toBe(201);
  });

  it('refuses a name that is only invisible characters as missing', async () => {
    const account = await createAccount(context);
    const response = await callApi(context, { method: 'PUT', url: '/api/auth/profile', token: account.token, payload: { name: '\u200B\u202E\u0000', email: account.email } });
    expect(response.json().errors).toEqual({ name: [accountMessages.nameRequired] });
  });
});
