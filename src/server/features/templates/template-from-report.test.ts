import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { templateMessages } from '../../../common/messages';
import type { Template } from '../../../common/templates.schema';
import { callApi, createAccount, type FactoryAccount } from '../../test/account-factories';
import { emailReportFields, smsReportFields, submitReport } from '../../test/report-factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import { templateFromReport } from './template-from-report';

describe('templateFromReport', () => {
  it('replaces every URL by {{url}}, keeping the sentence around it', () => {
    const fields = templateFromReport({
      receipt_method: 'email', subject: '確認のお願い',
      body: 'こちら https://evil.example/login?id=1&x=2。から\nまたは hxxps://evil[.]example/a や www.evil.example/b、evil-shop.example/path を開いてください',
    });
    expect(fields.text_body).toBe('こちら {{url}}。から\nまたは {{url}} や {{url}}、{{url}} を開いてください');
    expect(fields.html_body).toContain('<a href="{{url}}">{{url}}</a>。から<br>');
  });

  it('neutralises addresses, telephone numbers and braces, and turns the report’s recipient placeholders into variables', () => {
    const fields = templateFromReport({
      receipt_method: 'email', subject: '〇〇様 ご請求',
      body: '〇〇様\nご登録のアドレス（受信者のメールアドレス）宛にお送りしています。\nお問い合わせ: help@evil.example / 0120-123-456 / 03-1234-5678\n{{secret}} https://evil.example/',
    });
    expect(fields.subject).toBe('{{name}}様 ご請求');
    expect(fields.text_body).toBe('{{name}}様\nご登録のアドレス{{email}}宛にお送りしています。\nお問い合わせ: （メールアドレス） / （電話番号） / （電話番号）\n｛｛secret｝｝ {{url}}');
    expect(fields.html_body).not.toContain('evil');
  });

  it('adds the tracked link to a report without one, and picks sensible defaults', () => {
    const fields = templateFromReport({ receipt_method: 'sms', subject: null, body: 'お荷物をお届けにあがりましたが不在のため持ち帰りました。\n詳細は折り返しください' });
    expect(fields.text_body.endsWith(`${templateMessages.fromReportLinkLabel}\n{{url}}`)).toBe(true);
    expect(fields).toMatchObject({
      subject: 'お荷物をお届けにあがりましたが不在のため持ち帰りました。', category: 'delivery', difficulty: 2, landing: 'training',
      sender_name: templateMessages.fromReportSenderName, sender_local_part: 'support', red_flags: [],
    });
    expect(templateFromReport({ receipt_method: 'email', subject: 'カードのご利用確認', body: 'ログインして確認 https://x.example/' })).toMatchObject({ category: 'card', landing: 'login' });
  });
});

describe('POST /api/templates/from-report', () => {
  let context: TestContext;
  let owner: FactoryAccount;
  let other: FactoryAccount;
  beforeAll(async () => {
    context = await createTestApp();
    owner = await createAccount(context);
    other = await createAccount(context);
  });
  afterAll(() => context.close());

  async function reportId(fields: Record<string, string>): Promise<string> {
    const response = await submitReport(context, fields);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.report_id as string;
  }

  it('creates a tenant template from a Kizuki DB e-mail report, red flags left empty', async () => {
    const id = await reportId(emailReportFields({
      subject: '【重要】山田太郎様 アカウントの確認が必要です',
      body: '山田太郎様\nお客様のアカウントに不審なログインがありました。\nhttps://amaz0n-verify.example/login から確認してください。\nご登録メール：taro.yamada@gmail.com\nお問い合わせ：support@amaz0n-verify.example 0120-123-456',
    }));
    const response = await callApi(context, { method: 'POST', url: '/api/templates/from-report', token: owner.token, payload: { report_id: id } });
    expect(response.statusCode, response.body).toBe(201);
    const template = response.json().data as Template;
    expect(template).toMatchObject({ is_builtin: false, red_flags: [], difficulty: 2, landing: 'login', sender_local_part: 'support' });
    expect(template.subject).toBe('【重要】{{name}}様 アカウントの確認が必要です');
    expect(template.name).toBe(templateMessages.fromReportName(template.subject));
    expect(template.text_body).toContain('{{name}}様\n');
    expect(template.text_body).toContain('{{url}} から確認してください。');
    expect(template.text_body).toContain(`お問い合わせ：${templateMessages.fromReportEmail} ${templateMessages.fromReportPhone}`);
    for (const part of [template.text_body, template.html_body, template.subject]) {
      expect(part).not.toMatch(/amaz0n|gmail|taro|山田|0120/);
    }
    expect(template.html_body).toContain('<a href="{{url}}">{{url}}</a>');

    const read = await callApi(context, { method: 'GET', url: `/api/templates/${template.template_id}`, token: owner.token });
    expect(read.json().data).toEqual(template);
    expect((await callApi(context, { method: 'GET', url: `/api/templates/${template.template_id}`, token: other.token })).statusCode).toBe(404);
    // It can be previewed at once (it passes the variable rules).
    expect((await callApi(context, { method: 'POST', url: `/api/templates/${template.template_id}/preview`, token: owner.token, payload: {} })).statusCode).toBe(200);
  });

  it('works from an SMS report, whose subject comes from its first line', async () => {
    const id = await reportId(smsReportFields());
    const response = await callApi(context, { method: 'POST', url: '/api/templates/from-report', token: owner.token, payload: { report_id: id } });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({ category: 'delivery', subject: 'お荷物をお届けにあがりましたが不在のため持ち帰りました。' });
  });

  it('answers 404 for a report that does not exist, and 422 for a malformed id', async () => {
    const missing = await callApi(context, { method: 'POST', url: '/api/templates/from-report', token: owner.token, payload: { report_id: 'A'.repeat(20) } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, message: templateMessages.reportNotFound });
    const malformed = await callApi(context, { method: 'POST', url: '/api/templates/from-report', token: owner.token, payload: { report_id: '../x' } });
    expect(malformed.statusCode).toBe(422);
  });
});
