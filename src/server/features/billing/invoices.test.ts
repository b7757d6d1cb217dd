import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceListSchema } from '../../../common/billing.schema';
import { ConfigError, loadConfig } from '../../config';
import { writeTimestamp } from '../../db/dialect';
import { newOpaqueToken } from '../../lib/secret-hash';
import { callApi, createAccount, type FactoryAccount } from '../../test/account-factories';
import { subscribe } from '../../test/billing-factories';
import { pdfPageTexts } from '../../test/pdf-text';
import { createTestApp, type TestContext } from '../../test/test-app';

/**
 * Issue 14: GET /api/billing/invoices (the invoiceListSchema contract, 未入金 / 入金済み / 期限超過)
 * and GET /api/billing/invoices/{id}/pdf: a 適格請求書 whose text is read back from the PDF with
 * pdf.js, every field checked in Japanese. Another tenant's invoice is not found.
 */
let context: TestContext;
let owner: FactoryAccount;
let other: FactoryAccount;
let invoiceId: number;
let otherInvoiceId: number;

const ISSUER = {
  INVOICE_ISSUER_NAME: '株式会社キヅキ検証',
  INVOICE_ISSUER_REGISTRATION_NUMBER: 'T9876543210987',
  INVOICE_ISSUER_ADDRESS: '〒105-0011 東京都港区芝公園4-2-8',
  INVOICE_BANK_ACCOUNT: 'みずほ銀行 東京営業部 普通 7654321 カ）キヅキケンショウ',
};

beforeAll(async () => {
  context = await createTestApp(ISSUER);
  owner = await createAccount(context, { companyName: '株式会社請求テスト' });
  other = await createAccount(context, { companyName: '株式会社よその会社' });
  // 2026-11-21 12:00 JST: ライトプラン monthly, the rest of November by the day.
  invoiceId = (await subscribe(context, owner.tenantId!, { plan: 'light', billing: { company_name: '株式会社請求テスト 本社', department: '総務部', contact_name: '佐藤 一郎' } })).firstInvoiceId;
  otherInvoiceId = (await subscribe(context, other.tenantId!, { plan: 'standard' })).firstInvoiceId;
});
afterAll(() => context.close());

/** A member (not an administrator) of the tenant, signed in. */
async function memberOf(tenantId: number): Promise<string> {
  const db = context.database.db;
  const now = context.clock.now().toISOString();
  const user = await db.insertInto('users').values({
    tenant_id: tenantId, email: `member-${tenantId}@example.co.jp`, password_hash: 'x', role: 'member', email_verified_at: now, terms_agreed_at: now, password_changed_at: now, created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  const { token, hash } = newOpaqueToken();
  await db.insertInto('auth_tokens').values({ user_id: user.id, token_hash: hash, created_at: now, expires_at: new Date(context.clock.now().getTime() + 86_400_000 * 400).toISOString() }).execute();
  return token;
}

describe('GET /api/billing/invoices', () => {
  it('lists the tenant’s own invoices in the contract’s shape, with the PDF path', async () => {
    const response = await callApi(context, { method: 'GET', url: '/api/billing/invoices', token: owner.token });
    expect(response.statusCode).toBe(200);
    const { invoices } = invoiceListSchema.parse(response.json().data);
    expect(invoices).toEqual([{
      invoice_id: invoiceId,
      invoice_number: `202611-${String(invoiceId).padStart(6, '0')}`,
      plan_id: 'light', plan_name: 'ライトプラン', cycle: 'monthly', method: 'invoice',
      period_start: '2026-11-21', period_end: '2026-11-30', issue_date: '2026-11-21', due_date: '2026-12-31',
      // 9,800円 × 10/30 days, rounded down; tax 10% rounded down once.
      items: [{ description: 'ライトプラン（月払い）2026年11月分 日割り（11月21日〜11月30日の10日分）', quantity: 1, unit_price: 3_266, amount: 3_266 }],
      subtotal: 3_266, tax_rate_percent: 10, tax: 326, total: 3_592,
      status: 'unpaid', paid_at: null,
      pdf_url: `/api/billing/invoices/${invoiceId}/pdf`,
    }]);
    expect(response.body).not.toContain('よその会社');
  });

  it('shows 期限超過 the day after the due date (Tokyo), and 入金済み once paid; newest first', async () => {
    const later = await createAccount(context);
    const { firstInvoiceId } = await subscribe(context, later.tenantId!);
    // A member's token outlives the factory's 24 hours.
    const token = await memberOf(later.tenantId!);
    // A second invoice of the same tenant, a month on.
    const db = context.database.db;
    const first = await db.selectFrom('invoices').selectAll().where('id', '=', firstInvoiceId).executeTakeFirstOrThrow();
    const { id: _id, ...copy } = first;
    const renewal = await db.insertInto('invoices').values({
      ...copy, invoice_number: 'test-renewal', period_start: writeTimestamp(new Date('2026-11-30T15:00:00Z')), period_end: writeTimestamp(new Date('2026-12-31T15:00:00Z')),
      issue_date: '2026-12-01', due_date: '2027-01-31',
    }).returning('id').executeTakeFirstOrThrow();
    const statuses = async () => (await callApi(context, { method: 'GET', url: '/api/billing/invoices', token })).json().data.invoices.map((invoice: { invoice_id: number; status: string }) => [invoice.invoice_id, invoice.status]);

    const start = context.clock.now();
    try {
      // Due 2026-12-31: still 未入金 at 23:59 on the 31st in Tokyo…
      context.clock.set(new Date('2026-12-31T14:59:00Z'));
      expect(await statuses()).toEqual([[renewal.id, 'unpaid'], [firstInvoiceId, 'unpaid']]);
      // …期限超過 from 00:00 on 1 January.
      context.clock.set(new Date('2026-12-31T15:00:00Z'));
      expect(await statuses()).toEqual([[renewal.id, 'unpaid'], [firstInvoiceId, 'overdue']]);
      await db.updateTable('invoices').set({ status: 'paid', paid_at: writeTimestamp(context.clock.now()) }).where('id', '=', firstInvoiceId).execute();
      expect(await statuses()).toEqual([[renewal.id, 'unpaid'], [firstInvoiceId, 'paid']]);
      const paid = (await callApi(context, { method: 'GET', url: '/api/billing/invoices', token })).json().data.invoices[1];
      expect(paid.paid_at).toBe('2027-01-01T00:00:00.000+09:00');
    } finally {
      context.clock.set(start);
    }
  });

  it('is open to members as well as administrators, and closed without a token', async () => {
    const member = await memberOf(owner.tenantId!);
    const response = await callApi(context, { method: 'GET', url: '/api/billing/invoices', token: member });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.invoices.map((invoice: { invoice_id: number }) => invoice.invoice_id)).toEqual([invoiceId]);
    expect((await callApi(context, { method: 'GET', url: `/api/billing/invoices/${invoiceId}/pdf`, token: member })).statusCode).toBe(200);
    expect((await callApi(context, { method: 'GET', url: '/api/billing/invoices' })).statusCode).toBe(401);
    expect((await callApi(context, { method: 'GET', url: `/api/billing/invoices/${invoiceId}/pdf` })).statusCode).toBe(401);
  });
});

describe('GET /api/billing/invoices/{id}/pdf', () => {
  it('answers a 適格請求書 whose every field reads back from the PDF', async () => {
    const response = await callApi(context, { method: 'GET', url: `/api/billing/invoices/${invoiceId}/pdf`, token: owner.token });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const number = `202611-${String(invoiceId).padStart(6, '0')}`;
    expect(response.headers['content-disposition']).toBe(`attachment; filename="invoice-${number}.pdf"; filename*=UTF-8''${encodeURIComponent(`請求書_${number}.pdf`)}`);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const bytes = response.rawPayload;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The font is embedded as a subset: far smaller than Noto Sans JP's 4.5 MB.
    expect(bytes.length).toBeLessThan(200_000);
    expect(bytes.toString('latin1')).toMatch(/\/FontFile3|\/FontFile2/);

    const pages = await pdfPageTexts(bytes);
    expect(pages).toHaveLength(1);
    // Lines wrap where the layout needs (a long item name too): compare without any spacing.
    const text = pages[0]!.replace(/\s+/g, '');
    expect(text.startsWith('請求書（適格請求書）')).toBe(true);
    for (const field of [
      '請求書',
      '（適格請求書）',
      // Issuer and registration number (config INVOICE_ISSUER_*).
      '株式会社キヅキ検証',
      '登録番号：T9876543210987',
      '〒105-0011 東京都港区芝公園4-2-8',
      `請求書番号：${number}`,
      '発行日：2026年11月21日',
      // Buyer: the 請求先 as frozen at issue.
      '株式会社請求テスト 本社 御中',
      '総務部',
      '佐藤 一郎 様',
      '〒150-0002',
      'ご請求金額（税込）',
      '3,592円',
      'お支払期限：2026年12月31日',
      '対象期間：2026年11月21日〜2026年11月30日',
      // Items.
      'ライトプラン（月払い）2026年11月分 日割り（11月21日〜11月30日の10日分）',
      '3,266円',
      // Total per tax rate, the rate, and the tax per rate.
      '10%対象 小計（税抜）',
      '消費税（10%）',
      '326円',
      '合計（税込）',
      '税率別内訳：10%対象 3,266円（消費税 326円）',
      // 振込先 (INVOICE_BANK_ACCOUNT).
      'お振込先',
      'みずほ銀行 東京営業部 普通 7654321 カ）キヅキケンショウ',
    ]) {
      expect(text, field).toContain(field.replace(/\s+/g, ''));
    }
  });

  it('answers 404 in Japanese for another tenant’s invoice, an unknown one and a malformed id', async () => {
    for (const url of [`/api/billing/invoices/${otherInvoiceId}/pdf`, '/api/billing/invoices/999999/pdf', '/api/billing/invoices/abc/pdf', '/api/billing/invoices/0/pdf']) {
      const response = await callApi(context, { method: 'GET', url, token: owner.token });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ success: false, message: '請求書が見つかりませんでした。' });
    }
    // The other tenant reaches its own.
    expect((await callApi(context, { method: 'GET', url: `/api/billing/invoices/${otherInvoiceId}/pdf`, token: other.token })).statusCode).toBe(200);
  });

  it('is drawn off the event loop: the main thread stays free for other requests while PDFs render', async () => {
    // Warm: the first PDF also starts the drawing thread.
    await callApi(context, { method: 'GET', url: `/api/billing/invoices/${invoiceId}/pdf`, token: owner.token });
    const before = performance.eventLoopUtilization();
    const answers = await Promise.all([invoiceId, otherInvoiceId, invoiceId].map((id, index) =>
      callApi(context, { method: 'GET', url: `/api/billing/invoices/${id}/pdf`, token: index === 1 ? other.token : owner.token })));
    const busy = performance.eventLoopUtilization(before);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    // Drawn on the event loop, font subsetting keeps it busy most of the time (about 0.9).
    expect(busy.utilization, `main thread busy ${Math.round(busy.utilization * 100)}% of ${Math.round(busy.idle + busy.active)} ms`).toBeLessThan(0.5);
  });
});

describe('INVOICE_ISSUER_* configuration', () => {
  it('has development defaults and refuses a registration number that is not T + 13 digits', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: context.dataDir };
    expect(loadConfig(base).invoiceIssuer).toEqual({
      name: '株式会社キヅキ', registrationNumber: 'T1234567890123', address: expect.stringContaining('東京都'), bankAccount: expect.stringContaining('普通'),
    });
    for (const bad of ['1234567890123', 'T123456789012', 'T12345678901234', 't1234567890123', 'T12345678901２3']) {
      expect(() => loadConfig({ ...base, INVOICE_ISSUER_REGISTRATION_NUMBER: bad }), bad).toThrow(ConfigError);
    }
    expect(() => loadConfig({ ...base, INVOICE_ISSUER_REGISTRATION_NUMBER: 'T1234567890123' })).not.toThrow();
  });
});
