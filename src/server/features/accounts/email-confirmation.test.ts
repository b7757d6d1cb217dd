import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EMAIL_CONFIRMATION_TOKEN_TTL_MS } from '../../../common/limits';
import { accountMessages } from '../../../common/messages';
import { callApi, createAccount, type DeliveredMail, deliveredTo, linkIn, uniqueEmail } from '../../test/account-factories';
import { TestSmtpServer } from '../../test/smtp-test-server';
import { createTestApp, type TestContext } from '../../test/test-app';

/*
 * Issue 9 #3: a direct registration (POST /api/auth/register/*) can name anyone's address. Until
 * the owner of the address opens the mailed link the account is unconfirmed: its token reaches
 * only its own user, logout and a new confirmation mail; the mail carries nothing the registrant
 * wrote; and the account does not hold the address against its real owner.
 */

const APP_URL = 'https://kizuki.test';
const LURE = '【緊急】不正ログインを検知しました。https://evil.example/verify で本人確認してください';
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

const base = { password: 'abcd1234', password_confirmation: 'abcd1234', terms_agreed: true, privacy_agreed: true };
const registerCorporate = (payload: Record<string, unknown>) => callApi(context, { method: 'POST', url: '/api/auth/register/corporate', payload: { ...base, ...payload } });
const registerIndividual = (payload: Record<string, unknown>) => callApi(context, { method: 'POST', url: '/api/auth/register/individual', payload: { ...base, ...payload } });
const openLink = (token: string) => callApi(context, { method: 'POST', url: '/api/auth/email/verify', payload: { token } });

/** Every place a mail could carry text: subject, both parts. */
const everything = (mail: DeliveredMail) => `${mail.subject}\n${mail.text}\n${mail.html}`;

function expectNoUserText(mail: DeliveredMail, ...written: string[]) {
  for (const text of written) expect(everything(mail)).not.toContain(text);
  expect(everything(mail)).not.toContain('evil.example');
}

describe('direct registration is unconfirmed until the mailed link is opened', () => {
  it('register/corporate with a lure as organisation name: 201 with user, tenant and token, and a confirmation mail without any of it', async () => {
    const email = uniqueEmail('victim');
    const response = await registerCorporate({ email, organization_name: LURE, name: '不正 検知 係' });
    expect(response.statusCode).toBe(201);
    const { user, tenant, token } = response.json().data;
    expect(Object.keys(response.json().data).sort()).toEqual(['tenant', 'token', 'user']);
    expect(tenant).toMatchObject({ company_name: LURE, plan: 'free' });
    expect(user).toMatchObject({ email, tenant_id: tenant.tenant_id });

    const mails = await deliveredTo(context, smtp, email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe('【キヅキ】メールアドレスの確認のお願い');
    expect(mail!.text.startsWith('ご利用者様\n')).toBe(true);
    expectNoUserText(mail!, LURE, '不正ログイン', '不正 検知 係');
    const link = linkIn(mail!, APP_URL);
    expect(link.pathname).toBe('/account/email/verify');

    // Until then the token reaches its own user and nothing of the tenant.
    expect((await callApi(context, { method: 'GET', url: '/api/auth/user', token })).statusCode).toBe(200);
    for (const [method, url, payload] of [
      ['GET', '/api/corporate/dashboard'],
      ['GET', '/api/corporate/stats'],
      ['PUT', '/api/auth/profile', { name: 'x', email }],
      ['PUT', '/api/auth/password', { current_password: 'abcd1234', password: 'efgh5678', password_confirmation: 'efgh5678' }],
    ] as Array<['GET' | 'PUT', string, Record<string, unknown>?]>) {
      const refused = await callApi(context, { method, url, token, payload });
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json()).toEqual({ success: false, message: accountMessages.emailUnconfirmed });
    }

    const confirmed = await openLink(link.searchParams.get('token')!);
    expect(confirmed.json()).toEqual({ success: true, data: { email, message: accountMessages.emailConfirmed } });
    const dashboard = await callApi(context, { method: 'GET', url: '/api/corporate/dashboard', token });
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.json().data.tenant.tenant_id).toBe(tenant.tenant_id);
    // The link is single-use.
    expect((await openLink(link.searchParams.get('token')!)).statusCode).toBe(422);
  });

  it('register/individual: answers user and token, mails a confirmation without the name, and signs in unconfirmed', async () => {
    const email = uniqueEmail('solo');
    const response = await registerIndividual({ email, name: '山田 太郎' });
    expect(response.statusCode).toBe(201);
    expect(Object.keys(response.json().data).sort()).toEqual(['token', 'user']);
    const [mail] = await deliveredTo(context, smtp, email);
    expectNoUserText(mail!, '山田');
    const login = await callApi(context, { method: 'POST', url: '/api/auth/login', payload: { email, password: 'abcd1234' } });
    expect(login.statusCode).toBe(200);
    const { token } = login.json().data;
    expect((await callApi(context, { method: 'PUT', url: '/api/auth/profile', token, payload: { name: '別名', email } })).statusCode).toBe(403);
    expect((await callApi(context, { method: 'POST', url: '/api/auth/logout', token })).statusCode).toBe(200);
  });

  it('mails a new link on request (3 an hour per address), and says so when the address is already confirmed', async () => {
    const email = uniqueEmail('again');
    const { token } = (await registerIndividual({ email })).json().data;
    const resend = () => callApi(context, { method: 'POST', url: '/api/auth/email/confirmation', token });
    const first = await resend();
    expect(first.json()).toEqual({ success: true, data: { message: accountMessages.emailConfirmationSent } });
    expect((await resend()).statusCode).toBe(200);
    // The registration's own mail and two resends make three: the fourth is refused.
    const over = await resend();
    expect(over.statusCode).toBe(429);
    const mails = await deliveredTo(context, smtp, email);
    expect(mails).toHaveLength(3);
    for (const mail of mails) expectNoUserText(mail);
    // Any of the links confirms the address.
    const latest = linkIn(mails.at(-1)!, APP_URL).searchParams.get('token')!;
    expect((await openLink(latest)).statusCode).toBe(200);
    context.clock.advance(60 * 60 * 1000 + 1000);
    expect((await resend()).json()).toEqual({ success: true, data: { message: accountMessages.emailAlreadyConfirmed } });
  });
});

describe('an unconfirmed account does not hold the address against its owner', () => {
  it('the owner signs up through the corporate sign-up link, which replaces the unconfirmed account and its tenant', async () => {
    const email = uniqueEmail('owner');
    const squatter = (await registerCorporate({ email, organization_name: LURE })).json().data;
    const sent = await callApi(context, { method: 'POST', url: '/api/corporate/send-confirmation', payload: { email, terms_agreed: true, privacy_agreed: true } });
    expect(sent.statusCode).toBe(200);
    const signUpMail = (await deliveredTo(context, smtp, email)).at(-1)!;
    const token = linkIn(signUpMail, APP_URL).searchParams.get('token')!;
    expect((await callApi(context, { method: 'POST', url: '/api/corporate/verify-email', payload: { token } })).json()).toEqual({ success: true, data: { email } });
    const completed = await callApi(context, { method: 'POST', url: '/api/corporate/complete-registration', payload: { token, organization_name: '本物株式会社', password: 'owner1234' } });
    expect(completed.statusCode).toBe(201);

    expect((await callApi(context, { method: 'GET', url: '/api/auth/user', token: squatter.token })).statusCode).toBe(401);
    const db = context.database.db;
    // (SQLite may hand the freed id to the new tenant, so the row is looked for by id and name.)
    const left = await db.selectFrom('tenants').select('id').where('id', '=', squatter.tenant.tenant_id).where('company_name', '=', LURE).execute();
    expect(left).toHaveLength(0);
    const login = await callApi(context, { method: 'POST', url: '/api/auth/login', payload: { email, password: 'owner1234' } });
    expect(login.json().data.tenant.company_name).toBe('本物株式会社');
    // Verified sign-up: the welcome mail quotes the organisation name in its labelled field only.
    const welcome = (await deliveredTo(context, smtp, email)).at(-1)!;
    expect(welcome.subject).toBe('【キヅキ】アカウント登録完了のお知らせ');
    expect(welcome.text.startsWith('ご担当者様\n')).toBe(true);
    expect(welcome.text).toContain('組織名（ご登録時の入力内容）：『本物株式会社』');
  });

  it('a direct registration is refused while the unconfirmed account’s link lasts, and replaces it afterwards', async () => {
    const email = uniqueEmail('later');
    const first = (await registerCorporate({ email, organization_name: '先客株式会社' })).json().data;
    const early = await registerIndividual({ email });
    expect(early.json().errors).toEqual({ email: [accountMessages.emailTaken] });
    context.clock.advance(EMAIL_CONFIRMATION_TOKEN_TTL_MS + 1000);
    const later = await registerIndividual({ email });
    expect(later.statusCode).toBe(201);
    expect((await callApi(context, { method: 'GET', url: '/api/auth/user', token: first.token })).statusCode).toBe(401);
    // The first account's links died with it.
    const firstLink = linkIn((await deliveredTo(context, smtp, email))[0]!, APP_URL).searchParams.get('token')!;
    expect((await openLink(firstLink)).statusCode).toBe(422);
  });

  it('a confirmed account keeps its address against direct registration and the corporate sign-up', async () => {
    const account = await createAccount(context);
    expect((await registerIndividual({ email: account.email })).json().errors).toEqual({ email: [accountMessages.emailTaken] });
    context.clock.advance(EMAIL_CONFIRMATION_TOKEN_TTL_MS * 2);
    expect((await registerIndividual({ email: account.email })).json().errors).toEqual({ email: [accountMessages.emailTaken] });
    const sent = await callApi(context, { method: 'POST', url: '/api/corporate/send-confirmation', payload: { email: account.email, terms_agreed: true, privacy_agreed: true } });
    expect(sent.json().errors).toEqual({ email: [accountMessages.emailTaken] });
  });

  it('an address change to an address held by an unconfirmed account replaces it once the link is opened', async () => {
    const target = uniqueEmail('target');
    const squatter = (await registerIndividual({ email: target })).json().data;
    const account = await createAccount(context);
    const changed = await callApi(context, { method: 'PUT', url: '/api/auth/profile', token: account.token, payload: { name: '鈴木', email: target } });
    expect(changed.statusCode).toBe(200);
    const link = linkIn((await deliveredTo(context, smtp, target)).at(-1)!, APP_URL);
    expect((await openLink(link.searchParams.get('token')!)).json().data).toEqual({ email: target, message: accountMessages.emailChanged });
    expect((await callApi(context, { method: 'GET', url: '/api/auth/user', token: squatter.token })).statusCode).toBe(401);
    expect((await callApi(context, { method: 'GET', url: '/api/auth/user', token: account.token })).json().data.user.email).toBe(target);
  });
});

describe('mails to an address that is not confirmed carry nothing user-written', () => {
  it('PUT /api/auth/profile: the address-change mail leaves out the name', async () => {
    const account = await createAccount(context);
    const newEmail = uniqueEmail('moved');
    const lureName = '【重要】アカウント停止予定 https://evil.example/';
    const response = await callApi(context, { method: 'PUT', url: '/api/auth/profile', token: account.token, payload: { name: lureName, email: newEmail } });
    expect(response.statusCode).toBe(200);
    const [mail] = await deliveredTo(context, smtp, newEmail);
    expect(mail!.subject).toBe('【キヅキ】メールアドレス変更の確認');
    expect(mail!.text.startsWith('ご利用者様\n')).toBe(true);
    expectNoUserText(mail!, '【重要】', 'アカウント停止予定');
  });

  it('a reset mail to an unconfirmed account leaves out the name, and the reset confirms the address', async () => {
    const email = uniqueEmail('reset');
    const { token } = (await registerIndividual({ email, name: '偽の 名前' })).json().data;
    await callApi(context, { method: 'POST', url: '/api/auth/password/email', payload: { email } });
    const resetMail = (await deliveredTo(context, smtp, email)).at(-1)!;
    expect(resetMail.subject).toBe('【キヅキ】パスワード再設定のご案内');
    expectNoUserText(resetMail, '偽の');
    const link = linkIn(resetMail, APP_URL);
    const reset = await callApi(context, {
      method: 'POST', url: '/api/auth/password/reset',
      payload: { token: link.searchParams.get('token')!, email, password: 'newPassw0rd', password_confirmation: 'newPassw0rd' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await callApi(context, { method: 'GET', url: '/api/auth/user', token })).statusCode).toBe(401);
    const login = (await callApi(context, { method: 'POST', url: '/api/auth/login', payload: { email, password: 'newPassw0rd' } })).json().data;
    expect((await callApi(context, { method: 'PUT', url: '/api/auth/profile', token: login.token, payload: { name: '本人', email } })).statusCode).toBe(200);
  });
});
