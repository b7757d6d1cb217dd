import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accountMessages, commonMessages, individualMessages } from '../../../common/messages';
import { mimeParts, parseRawMail, TestSmtpServer } from '../../test/smtp-test-server';
import { createTestApp, type TestContext, withCsrf } from '../../test/test-app';

/** What a browser without JavaScript sends: the form fields urlencoded, with the page's CSRF field. */
async function postForm(context: TestContext, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const page = await context.app.inject({ method: 'GET', url: '/phishing-training', headers: { cookie: context.csrf.cookie } });
  const token = /name="_csrf" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
  return context.app.inject({
    method: 'POST', url: '/phishing-training',
    headers: { cookie: context.csrf.cookie, 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams({ _csrf: token, ...fields }).toString(),
  });
}

const register = (context: TestContext, body: Record<string, unknown>, ip = '203.0.113.7') =>
  context.app.inject(withCsrf(context, { method: 'POST', url: '/api/individual/register', payload: body, remoteAddress: ip }));

const deliver = async (context: TestContext) => {
  await context.app.individualDispatcher.drain();
  await context.app.mail.worker.drain();
};

/** The container's data attribute, decoded as a browser would. */
function dataAttribute(page: string, name: string): string {
  const value = new RegExp(`id="phishing-training-registration-app"[^>]*\\s${name}="([^"]*)"`).exec(page)?.[1] ?? '';
  return value.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

describe('individual training registration (POST /api/individual/register and the plain form)', () => {
  let smtp: TestSmtpServer;
  let context: TestContext;
  let ipCounter = 0;
  const nextIp = () => `198.51.100.${(ipCounter += 1)}`;

  beforeAll(async () => {
    smtp = await new TestSmtpServer().start();
    context = await createTestApp({ SMTP_URL: smtp.url(), APP_URL: 'https://kizuki.test', TRACKING_URL: 'https://t.kizuki.test', TRAINING_MAIL_DOMAIN: 'training.kizuki.test', RATE_LIMIT_INDIVIDUAL_REGISTER: '4' });
  });
  afterAll(async () => {
    await context.close();
    await smtp.stop();
  });
  beforeEach(() => {
    smtp.received.length = 0;
  });

  it('answers 422 with the message of each field under it', async () => {
    const response = await register(context, { email: 'not-an-address', terms_agreed: 0, privacy_agreed: 0 }, nextIp());
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.success).toBe(false);
    expect(body.errors).toEqual({
      email: [accountMessages.emailInvalid],
      terms_agreed: [accountMessages.termsRequired],
      privacy_agreed: [accountMessages.privacyRequired],
    });
    const empty = await register(context, { email: '', terms_agreed: 1, privacy_agreed: 1 }, nextIp());
    expect(empty.json().errors).toEqual({ email: [accountMessages.emailRequired] });
  });

  it('registers, answers { success, status, message }, and sends the first mail with its link, unsubscribe link and both List-Unsubscribe headers', async () => {
    const response = await register(context, { email: '  Hanako@Example.JP ', terms_agreed: 1, privacy_agreed: 1 }, nextIp());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, status: 'registered', message: individualMessages.registered });
    await deliver(context);
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.to).toEqual(['hanako@example.jp']);
    const { headers } = parseRawMail(mail.raw);
    const unsubscribe = /^<(https:\/\/kizuki\.test\/phishing-training\/unsubscribe\/[A-Za-z0-9_-]{22})>$/.exec(headers.get('list-unsubscribe') ?? '')?.[1];
    expect(unsubscribe).toBeDefined();
    expect(headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(headers.get('x-kizuki-simulation')).toBe('phishing-training');
    const parts = mimeParts(mail.raw);
    const html = parts.get('text/html') ?? '';
    const text = parts.get('text/plain') ?? '';
    expect(html).toMatch(/href="https:\/\/t\.kizuki\.test\/t\/c\/[A-Za-z0-9_-]{22}"/);
    expect(html).toContain(`href="${unsubscribe}"`);
    expect(text).toContain(`配信停止：${unsubscribe}`);
    // The first mail says how the address came to be registered, and how to stop at once.
    expect(text).toContain('1通目の訓練メール');
    expect(text).toContain('登録した覚えがない場合');
    // Addressed with the address only; nothing of a company.
    expect(html).not.toContain('{{');
    const sends = await context.database.db.selectFrom('individual_sends').select(['status', 'sequence']).execute();
    expect(sends).toEqual([{ status: 'sent', sequence: 1 }]);
    const registration = await context.database.db.selectFrom('individual_registrations').selectAll().executeTakeFirstOrThrow();
    expect(registration.email).toBe('hanako@example.jp');
    expect(registration.terms_version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(registration.consent_ip_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(registration.consent_ip_hash).not.toContain('198.51.100');
  });

  it('answers an address that is already registered exactly the same, and sends no second mail', async () => {
    const first = await register(context, { email: 'taro@example.jp', terms_agreed: 1, privacy_agreed: 1 }, nextIp());
    await deliver(context);
    expect(smtp.received).toHaveLength(1);
    const again = await register(context, { email: 'TARO@example.jp', terms_agreed: 1, privacy_agreed: 1 }, nextIp());
    await deliver(context);
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.body).toBe(first.body);
    expect(smtp.received).toHaveLength(1);
  });

  it('limits registrations per IP (429 with the Japanese message) and attempts per address', async () => {
    const ip = nextIp();
    for (let index = 0; index < 4; index += 1) {
      expect((await register(context, { email: `ip-limit-${index}@example.jp`, terms_agreed: 1, privacy_agreed: 1 }, ip)).statusCode).toBe(200);
    }
    const over = await register(context, { email: 'ip-limit-x@example.jp', terms_agreed: 1, privacy_agreed: 1 }, ip);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ success: false, message: individualMessages.rateLimitedIp });

    // The address limit counts attempts whatever the address's state, from any network.
    for (let index = 0; index < 5; index += 1) {
      expect((await register(context, { email: 'address-limit@example.jp', terms_agreed: 1, privacy_agreed: 1 }, nextIp())).statusCode).toBe(200);
    }
    const addressOver = await register(context, { email: 'Address-Limit@example.jp', terms_agreed: 1, privacy_agreed: 1 }, nextIp());
    expect(addressOver.statusCode).toBe(429);
    expect(addressOver.json().message).toBe(individualMessages.rateLimitedAddress);
    await deliver(context);
  });

  it('without JavaScript, re-renders the page with the errors and the address in the data attributes, and goes to the complete page on success', async () => {
    const bad = await postForm(context, { email: 'no-at-sign', terms_agreed: '1' }, { 'x-forwarded-for': nextIp() });
    expect(bad.statusCode).toBe(422);
    expect(bad.headers['content-type']).toContain('text/html');
    expect(JSON.parse(dataAttribute(bad.body, 'data-errors'))).toEqual({ email: [accountMessages.emailInvalid], privacy_agreed: [accountMessages.privacyRequired] });
    expect(dataAttribute(bad.body, 'data-email')).toBe('no-at-sign');
    expect(bad.body).toContain(accountMessages.emailInvalid);
    expect(bad.body).toContain(accountMessages.privacyRequired);

    const good = await postForm(context, { email: 'no-js@example.jp', terms_agreed: '1', privacy_agreed: '1' });
    expect(good.statusCode).toBe(303);
    expect(good.headers.location).toBe('/registration/complete');
    await deliver(context);
    expect(smtp.received.map((mail) => mail.to[0])).toEqual(['no-js@example.jp']);

    const complete = await context.app.inject({ method: 'GET', url: '/registration/complete' });
    expect(complete.statusCode).toBe(200);
  });

  it('refuses the plain form without its CSRF field', async () => {
    const response = await context.app.inject({
      method: 'POST', url: '/phishing-training', headers: { cookie: context.csrf.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%40example.jp&terms_agreed=1&privacy_agreed=1',
    });
    expect(response.statusCode).toBe(419);
  });

  it('unsubscribes with one click (RFC 8058 POST, no cookie, no token), stops later mail, and lets the address register again with a new consent record', async () => {
    await register(context, { email: 'jiro@example.jp', terms_agreed: 1, privacy_agreed: 1 }, nextIp());
    await deliver(context);
    const url = /^<https:\/\/kizuki\.test(\/phishing-training\/unsubscribe\/[A-Za-z0-9_-]+)>$/.exec(parseRawMail(smtp.received.at(-1)!.raw).headers.get('list-unsubscribe') ?? '')?.[1];
    expect(url).toBeDefined();

    const confirm = await context.app.inject({ method: 'GET', url: url! });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body).toContain('配信を停止する');
    expect(confirm.body).not.toContain('jiro@example.jp');

    const oneClick = await context.app.inject({ method: 'POST', url: url!, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(oneClick.statusCode).toBe(200);
    const registration = await context.database.db.selectFrom('individual_registrations').select(['status', 'stopped_at']).where('email', '=', 'jiro@example.jp').executeTakeFirstOrThrow();
    expect(registration.status).toBe('unsubscribed');
    expect(registration.stopped_at).not.toBeNull();
    // A second click changes nothing and still says it is stopped.
    expect((await context.app.inject({ method: 'POST', url: url!, payload: '' })).statusCode).toBe(200);
    expect((await context.app.inject({ method: 'GET', url: '/phishing-training/unsubscribe/AAAAAAAAAAAAAAAAAAAAAA' })).statusCode).toBe(404);

    smtp.received.length = 0;
    await register(context, { email: 'jiro@example.jp', terms_agreed: 1, privacy_agreed: 1 }, nextIp());
    await deliver(context);
    expect(smtp.received.map((mail) => mail.to[0])).toEqual(['jiro@example.jp']);
    const rows = await context.database.db.selectFrom('individual_registrations').select(['status']).where('email', '=', 'jiro@example.jp').orderBy('id').execute();
    expect(rows.map((row) => row.status)).toEqual(['unsubscribed', 'active']);
  });

  it('deletes a stopped registration with its mails once the consent record period (31 days) is over, not before', async () => {
    await register(context, { email: 'leaving@example.jp', terms_agreed: 1, privacy_agreed: 1 }, nextIp());
    await deliver(context);
    const url = /^<https:\/\/kizuki\.test(\/phishing-training\/unsubscribe\/[A-Za-z0-9_-]+)>$/.exec(parseRawMail(smtp.received.at(-1)!.raw).headers.get('list-unsubscribe') ?? '')?.[1];
    expect((await context.app.inject({ method: 'POST', url: url!, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' })).statusCode).toBe(200);
    const leaving = () => context.database.db.selectFrom('individual_registrations').select('id').where('email', '=', 'leaving@example.jp').execute();

    context.clock.advance(30 * 24 * 60 * 60 * 1000);
    await register(context, { email: 'someone-else-1@example.jp', terms_agreed: 1, privacy_agreed: 1 }, nextIp());
    await deliver(context);
    expect(await leaving()).toHaveLength(1);

    context.clock.advance(2 * 24 * 60 * 60 * 1000);
    await register(context, { email: 'someone-else-2@example.jp', terms_agreed: 1, privacy_agreed: 1 }, nextIp());
    await deliver(context);
    expect(await leaving()).toHaveLength(0);
  });

  it('stops the address\'s current registration from the link of a mail of an earlier one, and from a multipart one-click POST', async () => {
    await register(context, { email: 'again@example.jp', terms_agreed: 1, privacy_agreed: 1 }, nextIp());
    await deliver(context);
    const oldLink = /^<https:\/\/kizuki\.test(\/phishing-training\/unsubscribe\/[A-Za-z0-9_-]+)>$/.exec(parseRawMail(smtp.received.at(-1)!.raw).headers.get('list-unsubscribe') ?? '')?.[1] ?? '';
    expect(oldLink).not.toBe('');
    expect((await context.app.inject({ method: 'POST', url: oldLink, payload: '' })).statusCode).toBe(200);
    await register(context, { email: 'again@example.jp', terms_agreed: 1, privacy_agreed: 1 }, nextIp());
    await deliver(context);
    const active = () => context.database.db.selectFrom('individual_registrations').select('id').where('email', '=', 'again@example.jp').where('status', '=', 'active').execute();
    expect(await active()).toHaveLength(1);
    // The old mail's page offers to stop again (the address receives mail), and a mail app's multipart POST stops it.
    expect((await context.app.inject({ method: 'GET', url: oldLink })).body).toContain('配信を停止する');
    const multipart = await context.app.inject({
      method: 'POST', url: oldLink, headers: { 'content-type': 'multipart/form-data; boundary=b' },
      payload: '--b\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--b--\r\n',
    });
    expect(multipart.statusCode).toBe(200);
    expect(await active()).toHaveLength(0);
  });

  it('without JavaScript, a form posted without its CSRF field comes back as the page with the reason (419), not as JSON', async () => {
    const response = await context.app.inject({
      method: 'POST', url: '/phishing-training', headers: { cookie: context.csrf.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=kept%40example.jp&terms_agreed=1&privacy_agreed=1',
    });
    expect(response.statusCode).toBe(419);
    expect(response.headers['content-type']).toContain('text/html');
    expect(JSON.parse(dataAttribute(response.body, 'data-errors'))).toEqual({ general: [commonMessages.csrfMismatch] });
    expect(dataAttribute(response.body, 'data-email')).toBe('kept@example.jp');
  });

  it('keeps the registration when a refusal is about the sender or the message (5.7.x), failing only that mail', async () => {
    smtp.answers.push({ accept: false, code: 550, message: '5.7.1 Message rejected as spam by policy' });
    await register(context, { email: 'policy@example.jp', terms_agreed: 1, privacy_agreed: 1 }, nextIp());
    await deliver(context);
    const registration = await context.database.db.selectFrom('individual_registrations').select(['status']).where('email', '=', 'policy@example.jp').executeTakeFirstOrThrow();
    expect(registration.status).toBe('active');
    const send = await context.database.db.selectFrom('individual_sends as s').innerJoin('individual_registrations as r', 'r.id', 's.registration_id').select(['s.status', 's.failure_reason']).where('r.email', '=', 'policy@example.jp').executeTakeFirstOrThrow();
    expect(send.status).toBe('failed');
    expect(send.failure_reason).toContain('5.7.1');
  });

  it('stops a registration whose address is refused permanently (5xx) and keeps the reason', async () => {
    smtp.answers.push({ accept: false, code: 550, message: 'No such user here' });
    await register(context, { email: 'gone@example.jp', terms_agreed: 1, privacy_agreed: 1 }, nextIp());
    await deliver(context);
    const registration = await context.database.db.selectFrom('individual_registrations').select(['status', 'stop_reason']).where('email', '=', 'gone@example.jp').executeTakeFirstOrThrow();
    expect(registration.status).toBe('bounced');
    expect(registration.stop_reason).toContain('550');
    const send = await context.database.db.selectFrom('individual_sends as s').innerJoin('individual_registrations as r', 'r.id', 's.registration_id').select('s.status').where('r.email', '=', 'gone@example.jp').executeTakeFirstOrThrow();
    expect(send.status).toBe('failed');
  });
});
