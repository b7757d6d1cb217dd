import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { templateMessages } from '../../../common/messages';
import { TEMPLATE_TEST_SENDS_PER_HOUR, type Template, type TemplatePreview } from '../../../common/templates.schema';
import { callApi, createAccount, deliveredTo, type FactoryAccount } from '../../test/account-factories';
import { decodeHeader, TestSmtpServer } from '../../test/smtp-test-server';
import { createTestApp, type TestContext } from '../../test/test-app';
import { PREVIEW_CONTENT_SECURITY_POLICY } from './template-preview.routes';
import { PREVIEWS_KEPT_PER_TENANT } from './templates.service';

let smtp: TestSmtpServer;
let context: TestContext;
let owner: FactoryAccount;
let other: FactoryAccount;

beforeAll(async () => {
  smtp = await new TestSmtpServer().start();
  context = await createTestApp({ SMTP_URL: smtp.url(), APP_URL: 'https://kizuki.test', TRAINING_MAIL_DOMAIN: 'training.kizuki.test' });
  owner = await createAccount(context, { name: '山田 <b>花子</b>', companyName: '株式会社キヅキ&商事' });
  other = await createAccount(context);
});
afterAll(async () => {
  await context.close();
  await smtp.stop();
});

const api = (account: FactoryAccount, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  callApi(context, { method, url, token: account.token, payload });

const draft = {
  name: 'プレビュー用', category: 'internal', difficulty: 1, sender_name: '{{company_name}} 情報システム部', sender_local_part: 'it-support',
  subject: '{{name}}様 MFAの再登録のお願い（{{date}}まで）',
  html_body: '<div style="background:#eef;padding:8px"><p>{{department}} {{name}} 様</p><p><a href="{{url}}" onclick="steal()">再登録する</a></p><script>alert(1)</script><iframe src="https://evil.example/"></iframe></div>',
  text_body: '{{name}} 様\n再登録: {{url}}', landing: 'login', red_flags: [],
};

async function ownTemplate(account: FactoryAccount): Promise<Template> {
  const response = await api(account, 'POST', '/api/templates', draft);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as Template;
}

async function addPerson(tenantId: number, fields: { name: string; email: string; department: string | null }): Promise<number> {
  const now = context.clock.now().toISOString();
  const row = await context.database.db.insertInto('people')
    .values({ tenant_id: tenantId, ...fields, email_key: fields.email.toLowerCase(), created_at: now, updated_at: now })
    .returning('id').executeTakeFirstOrThrow();
  return row.id;
}

describe('preview', () => {
  it('renders a saved template with sample values and serves it under its own CSP, framable by our pages only', async () => {
    const template = await ownTemplate(owner);
    expect(template.html_body).not.toMatch(/script|onclick|iframe/);
    const response = await api(owner, 'POST', `/api/templates/${template.template_id}/preview`, {});
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json().data as TemplatePreview;
    expect(preview.subject).toBe('山田 太郎様 MFAの再登録のお願い（2026年11月21日まで）');
    expect(preview.from).toBe('株式会社キヅキ&商事 情報システム部 <it-support@training.kizuki.test>');
    expect(preview.html).toContain('営業部 山田 太郎 様');
    expect(preview.html).toContain('href="https://example.invalid/t/sample"');
    expect(preview.text).toBe('山田 太郎 様\n再登録: https://example.invalid/t/sample');
    expect(preview.preview_url).toMatch(/^\/template-previews\/[A-Za-z0-9_-]{43}$/);

    // The document is served to an iframe without a bearer token.
    const page = await context.app.inject({ method: 'GET', url: preview.preview_url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toBe(PREVIEW_CONTENT_SECURITY_POLICY);
    expect(PREVIEW_CONTENT_SECURITY_POLICY).toMatch(/default-src 'none'.*img-src https: data:.*style-src 'unsafe-inline'.*sandbox/);
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.body).toContain(preview.html);
    expect(page.body).not.toMatch(/<script|onclick|<iframe/i);
  });

  it('expires, and an unknown token is a 404 page under the same CSP', async () => {
    const template = await ownTemplate(owner);
    const preview = (await api(owner, 'POST', `/api/templates/${template.template_id}/preview`, {})).json().data as TemplatePreview;
    context.clock.advance(31 * 60 * 1000);
    try {
      for (const url of [preview.preview_url, '/template-previews/not-a-token', `/template-previews/${'A'.repeat(43)}`]) {
        const page = await context.app.inject({ method: 'GET', url });
        expect(page.statusCode, url).toBe(404);
        expect(page.headers['content-security-policy']).toBe(PREVIEW_CONTENT_SECURITY_POLICY);
        expect(page.body).toContain(templateMessages.previewExpired);
      }
    } finally {
      context.clock.advance(-31 * 60 * 1000);
    }
  });

  it(`keeps a tenant's newest ${PREVIEWS_KEPT_PER_TENANT} previews only`, async () => {
    const account = await createAccount(context);
    const template = await ownTemplate(owner);
    const mine = (await api(owner, 'POST', `/api/templates/${template.template_id}/preview`, {})).json().data as TemplatePreview;
    const builtin = (await api(account, 'GET', '/api/templates?source=builtin&limit=1')).json().data.templates[0] as Template;
    const urls: string[] = [];
    for (let made = 0; made < PREVIEWS_KEPT_PER_TENANT + 2; made++) {
      // Newest by creation time: one millisecond apart, as requests in a browser would be.
      context.clock.advance(1);
      urls.push(((await api(account, 'POST', `/api/templates/${builtin.template_id}/preview`, {})).json().data as TemplatePreview).preview_url);
    }
    const status = async (url: string) => (await context.app.inject({ method: 'GET', url })).statusCode;
    expect([await status(urls[0]!), await status(urls[1]!), await status(urls[2]!), await status(urls.at(-1)!)]).toEqual([404, 404, 200, 200]);
    // Another tenant's older preview is not touched by this one's.
    expect(await status(mine.preview_url)).toBe(200);
  });

  it('uses a chosen person’s values, escaped, and refuses another tenant’s person', async () => {
    const template = await ownTemplate(owner);
    const person = await addPerson(owner.tenantId!, { name: '<img src=x onerror=alert(1)>佐藤', email: 'sato@example.co.jp', department: '経理部' });
    const response = await api(owner, 'POST', `/api/templates/${template.template_id}/preview`, { user_id: person });
    const preview = response.json().data as TemplatePreview;
    expect(preview.html).toContain('経理部 &lt;img src=x onerror=alert(1)&gt;佐藤 様');
    expect(preview.subject).toBe('<img src=x onerror=alert(1)>佐藤様 MFAの再登録のお願い（2026年11月21日まで）');

    const stranger = await addPerson(other.tenantId!, { name: '他社 次郎', email: 'jiro@example.co.jp', department: null });
    const refused = await api(owner, 'POST', `/api/templates/${template.template_id}/preview`, { user_id: stranger });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ user_id: [templateMessages.personNotFound] });
  });

  it('previews a built-in, and a draft cleaned as a save would clean it', async () => {
    const builtin = (await api(owner, 'GET', '/api/templates?source=builtin&limit=1')).json().data.templates[0] as Template;
    expect((await api(other, 'POST', `/api/templates/${builtin.template_id}/preview`, {})).statusCode).toBe(200);

    const response = await api(owner, 'POST', '/api/templates/preview', draft);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.html).not.toMatch(/script|onclick|iframe/);
    const unknown = await api(owner, 'POST', '/api/templates/preview', { ...draft, text_body: '{{name}} {{salary}}' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.text_body).toEqual([templateMessages.unknownVariable('salary'), templateMessages.urlRequired]);
  });
});

describe('test send', () => {
  it('mails the signed-in administrator from the lure’s sender, through the outbox to a real SMTP server, without using the allowance', async () => {
    const template = await ownTemplate(owner);
    // The administrator is on the people list too: the department comes from there.
    await addPerson(owner.tenantId!, { name: '山田 花子', email: owner.email.toUpperCase(), department: '経営企画部' });
    const response = await api(owner, 'POST', `/api/templates/${template.template_id}/test-send`, {});
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({ to: owner.email, message: templateMessages.testSent(owner.email) });

    const [mail, ...rest] = await deliveredTo(context, smtp, owner.email);
    expect(rest).toEqual([]);
    expect(mail!.subject).toBe('【テスト送信】山田 <b>花子</b>様 MFAの再登録のお願い（2026年11月21日まで）');
    expect(decodeHeader(mail!.headers.get('from') ?? '')).toMatch(/株式会社キヅキ&商事 情報システム部"? <it-support@training\.kizuki\.test>/);
    expect(mail!.html).toContain('<p>経営企画部 山田 &lt;b&gt;花子&lt;/b&gt; 様</p>');
    expect(mail!.html).toContain(`href="https://kizuki.test/templates/${template.template_id}"`);
    expect(mail!.html).not.toMatch(/<script|onclick|<iframe/i);
    expect(mail!.text).toContain(`再登録: https://kizuki.test/templates/${template.template_id}`);
    expect(smtp.received.at(-1)!.from).toBe('it-support@training.kizuki.test');

    const usage = await context.database.db.selectFrom('tenant_monthly_usage').selectAll().where('tenant_id', '=', owner.tenantId!).execute();
    expect(usage).toEqual([]);
  });

  it(`allows ${TEMPLATE_TEST_SENDS_PER_HOUR} an hour per account, then 429 in Japanese until the hour has passed`, async () => {
    const sender = await createAccount(context);
    const builtin = (await api(sender, 'GET', '/api/templates?source=builtin&limit=1')).json().data.templates[0] as Template;
    const send = () => api(sender, 'POST', `/api/templates/${builtin.template_id}/test-send`, {});
    const answers = await Promise.all(Array.from({ length: TEMPLATE_TEST_SENDS_PER_HOUR + 3 }, send));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(TEMPLATE_TEST_SENDS_PER_HOUR);
    const refused = answers.filter((answer) => answer.statusCode === 429);
    expect(refused).toHaveLength(3);
    expect(refused[0]!.json()).toEqual({ success: false, message: templateMessages.testSendLimited(TEMPLATE_TEST_SENDS_PER_HOUR) });
    // Another administrator is not held back by this one.
    expect((await api(owner, 'POST', `/api/templates/${builtin.template_id}/test-send`, {})).statusCode).toBe(200);
    context.clock.advance(60 * 60 * 1000 + 1000);
    expect((await send()).statusCode).toBe(200);
    expect(await deliveredTo(context, smtp, sender.email)).toHaveLength(TEMPLATE_TEST_SENDS_PER_HOUR + 1);
  });

  it('keeps counting after the template is deleted', async () => {
    const sender = await createAccount(context);
    const first = await ownTemplate(sender);
    for (let sent = 0; sent < TEMPLATE_TEST_SENDS_PER_HOUR; sent++) {
      expect((await api(sender, 'POST', `/api/templates/${first.template_id}/test-send`, {})).statusCode).toBe(200);
    }
    expect((await callApi(context, { method: 'DELETE', url: `/api/templates/${first.template_id}`, token: sender.token })).statusCode).toBe(200);
    const second = await ownTemplate(sender);
    expect((await api(sender, 'POST', `/api/templates/${second.template_id}/test-send`, {})).statusCode).toBe(429);
  });

  it('is for administrators only, as is a template from a report (403 for a member, nothing sent)', async () => {
    const member = await createAccount(context);
    const template = await ownTemplate(member);
    await context.database.db.updateTable('users').set({ role: 'member' }).where('id', '=', member.userId).execute();
    const sent = await api(member, 'POST', `/api/templates/${template.template_id}/test-send`);
    expect(sent.statusCode, sent.body).toBe(403);
    expect(sent.json()).toEqual({ success: false, message: templateMessages.adminOnly });
    const fromReport = await api(member, 'POST', '/api/templates/from-report', { report_id: 'abcdefghijklmnop' });
    expect(fromReport.statusCode, fromReport.body).toBe(403);
    expect(fromReport.json()).toEqual({ success: false, message: templateMessages.adminOnly });
    expect(await deliveredTo(context, smtp, member.email)).toEqual([]);
    // Reading and previewing stay open to members.
    expect((await api(member, 'POST', `/api/templates/${template.template_id}/preview`, {})).statusCode).toBe(200);
  });

  it('sends another tenant’s template to no one (404)', async () => {
    const template = await ownTemplate(owner);
    await context.app.mail.worker.drain();
    const before = smtp.received.length;
    expect((await api(other, 'POST', `/api/templates/${template.template_id}/test-send`, {})).statusCode).toBe(404);
    await context.app.mail.worker.drain();
    expect(smtp.received.length).toBe(before);
  });
});
