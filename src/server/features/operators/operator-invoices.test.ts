import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../db/database';
import { migrations } from '../../db/migrations';
import { callApi, createAccount, type FactoryAccount } from '../../test/account-factories';
import { subscribe } from '../../test/billing-factories';
import { signedInOperator } from '../../test/operator-factories';
import { emptyTestDatabaseTarget, withMigrationLock } from '../../test/test-database';
import { createTestApp, type TestContext } from '../../test/test-app';

/**
 * Issue 14: 請求書払い invoices stay 未入金 until an operator confirms the transfer (「入金確認」) in
 * the operator console. The tenants overview lists each tenant's unpaid invoices; confirming marks
 * the invoice paid and writes the operator audit log in the same transaction.
 */
let context: TestContext;
let operator: { token: string; email: string };
let tenant: FactoryAccount;
let invoiceId: number;

beforeAll(async () => {
  context = await createTestApp({ RATE_LIMIT_LOGIN: '1000' });
  operator = await signedInOperator(context);
  tenant = await createAccount(context, { companyName: '株式会社入金テスト' });
  invoiceId = (await subscribe(context, tenant.tenantId!, { plan: 'light' })).firstInvoiceId;
});
afterAll(() => context.close());

const asOperator = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  callApi(context, { method, url, token: operator.token, ...(payload ? { payload } : {}) });
const statusOf = async (id: number) => context.database.db.selectFrom('invoices').select(['status', 'paid_at']).where('id', '=', id).executeTakeFirstOrThrow();
const auditEntries = async () => (await asOperator('GET', '/api/operator/audit-log?limit=100')).json().data.entries as Array<Record<string, unknown>>;

describe('入金確認 in the operator console', () => {
  it('lists each tenant’s unpaid invoices on the tenants overview', async () => {
    const response = await asOperator('GET', `/api/operator/tenants?q=${encodeURIComponent('入金テスト')}`);
    expect(response.statusCode).toBe(200);
    const [row] = response.json().data.tenants;
    expect(row.unpaid_invoices).toEqual([{
      invoice_id: invoiceId, invoice_number: `202611-${String(invoiceId).padStart(6, '0')}`, tenant_id: tenant.tenantId,
      issue_date: '2026-11-21', due_date: '2026-12-31', total: 3_592, status: 'unpaid', paid_at: null,
    }]);
  });

  it('marks the invoice paid with its audit entry, and refuses a second confirmation', async () => {
    const before = (await auditEntries()).length;
    const response = await asOperator('POST', `/api/operator/invoices/${invoiceId}/confirm-payment`, { reason: '  11/25 振込確認（ｶ)ﾆｭｳｷﾝﾃｽﾄ）  ' });
    expect(response.statusCode, response.body).toBe(200);
    const number = `202611-${String(invoiceId).padStart(6, '0')}`;
    expect(response.json().data).toEqual({
      invoice: expect.objectContaining({ invoice_id: invoiceId, status: 'paid', paid_at: '2026-11-21T12:00:30.000+09:00' }),
      message: `請求書 ${number} を入金済みにしました。`,
    });
    expect(await statusOf(invoiceId)).toMatchObject({ status: 'paid' });

    const entries = await auditEntries();
    expect(entries).toHaveLength(before + 1);
    expect(entries[0]).toEqual({
      id: expect.any(Number), operator_email: operator.email, action: 'confirm_payment', report_id: null,
      invoice_id: invoiceId, invoice_number: number, tenant_id: tenant.tenantId, reason: '11/25 振込確認（ｶ)ﾆｭｳｷﾝﾃｽﾄ）', created_at: expect.stringMatching(/\+09:00$/),
    });

    // The tenant sees 入金済み, and the overview no longer lists the invoice.
    const own = await callApi(context, { method: 'GET', url: '/api/billing/invoices', token: tenant.token });
    expect(own.json().data.invoices[0]).toMatchObject({ invoice_id: invoiceId, status: 'paid' });
    const overview = await asOperator('GET', `/api/operator/tenants?q=${encodeURIComponent('入金テスト')}`);
    expect(overview.json().data.tenants[0].unpaid_invoices).toEqual([]);

    const again = await asOperator('POST', `/api/operator/invoices/${invoiceId}/confirm-payment`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ success: false, message: 'この請求書はすでに入金確認済みです。' });
    expect(await auditEntries()).toHaveLength(before + 1);
  });

  it('takes the memo as optional, and refuses one over 500 characters', async () => {
    const other = await createAccount(context);
    const { firstInvoiceId } = await subscribe(context, other.tenantId!);
    const tooLong = await asOperator('POST', `/api/operator/invoices/${firstInvoiceId}/confirm-payment`, { reason: 'あ'.repeat(501) });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().message).toBe('メモは500文字以内で入力してください。');
    expect(await statusOf(firstInvoiceId)).toMatchObject({ status: 'unpaid', paid_at: null });

    const withoutMemo = await asOperator('POST', `/api/operator/invoices/${firstInvoiceId}/confirm-payment`, {});
    expect(withoutMemo.statusCode, withoutMemo.body).toBe(200);
    expect((await auditEntries())[0]).toMatchObject({ action: 'confirm_payment', invoice_id: firstInvoiceId, reason: '' });
  });

  it('answers 404 in Japanese for an unknown invoice, and is closed to tenants', async () => {
    for (const id of ['999999', 'abc']) {
      const response = await asOperator('POST', `/api/operator/invoices/${id}/confirm-payment`, {});
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, message: '請求書が見つかりませんでした。' });
    }
    const other = await createAccount(context);
    const { firstInvoiceId } = await subscribe(context, other.tenantId!);
    const byTenant = await callApi(context, { method: 'POST', url: `/api/operator/invoices/${firstInvoiceId}/confirm-payment`, payload: {}, token: other.token });
    expect(byTenant.statusCode).toBe(401);
    expect(await statusOf(firstInvoiceId)).toMatchObject({ status: 'unpaid' });
  });

  it('leaves the invoice unpaid when its audit entry cannot be written (one transaction)', async () => {
    const other = await createAccount(context);
    const { firstInvoiceId } = await subscribe(context, other.tenantId!);
    const db = context.database.db;
    const postgres = context.database.dialect === 'postgres';
    if (postgres) {
      await sql`create function refuse_payment_audit() returns trigger language plpgsql as $$ begin raise exception 'audit refused'; end $$`.execute(db);
      await sql`create trigger refuse_payment_audit before insert on operator_audit_log for each row when (new.action = 'confirm_payment') execute function refuse_payment_audit()`.execute(db);
    } else {
      await sql`create trigger refuse_payment_audit before insert on operator_audit_log when new.action = 'confirm_payment' begin select raise(abort, 'audit refused'); end`.execute(db);
    }
    try {
      const response = await asOperator('POST', `/api/operator/invoices/${firstInvoiceId}/confirm-payment`, { reason: '確認' });
      expect(response.statusCode).toBe(500);
      expect(await statusOf(firstInvoiceId)).toMatchObject({ status: 'unpaid', paid_at: null });
    } finally {
      await sql`drop trigger refuse_payment_audit${sql.raw(postgres ? ' on operator_audit_log' : '')}`.execute(db);
      if (postgres) await sql`drop function refuse_payment_audit()`.execute(db);
    }
  });
});

describe('20261128110000_operator_audit_invoices', () => {
  const BEFORE = '20261128100000_plans_and_billing';
  let handle: DatabaseHandle;
  let migrator: Migrator;
  beforeAll(async () => {
    handle = openDatabase(await emptyTestDatabaseTarget());
    migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations }, ...(handle.schema ? { migrationTableSchema: handle.schema } : {}) });
  });
  afterAll(() => handle?.destroy());

  const migrated = async (migrate: () => ReturnType<Migrator['migrateTo']>) => {
    const { error } = await withMigrationLock(migrate);
    expect(error).toBeUndefined();
  };
  const insert = (values: { action: string; report_id?: string | null; invoice_id?: number | null }) =>
    sql`insert into operator_audit_log (operator_id, operator_email, action, report_id, reason, created_at${sql.raw(values.invoice_id === undefined ? '' : ', invoice_id')})
        values (1, 'op@example.jp', ${values.action}, ${values.report_id ?? null}, '理由', ${'2026-11-28T01:00:00.000Z'}${values.invoice_id === undefined ? sql`` : sql`, ${values.invoice_id}`})`.execute(handle.db);

  it('keeps every entry and the append-only triggers, and holds each action to its subject', async () => {
    await migrated(() => migrator.migrateTo(BEFORE));
    await insert({ action: 'hide', report_id: 'kept-report-aaaaaaaa' });
    await migrated(() => migrator.migrateToLatest());

    const rows = await sql<{ id: number; action: string; report_id: string | null; invoice_id: number | null }>`select id, action, report_id, invoice_id from operator_audit_log`.execute(handle.db);
    expect(rows.rows.map((row) => ({ ...row, id: Number(row.id) }))).toEqual([{ id: 1, action: 'hide', report_id: 'kept-report-aaaaaaaa', invoice_id: null }]);

    await insert({ action: 'confirm_payment', report_id: null, invoice_id: 42 });
    // Each action with its own subject only.
    await expect(insert({ action: 'confirm_payment', report_id: null, invoice_id: null })).rejects.toThrow();
    await expect(insert({ action: 'confirm_payment', report_id: 'some-report-aaaaaaaa', invoice_id: 42 })).rejects.toThrow();
    await expect(insert({ action: 'hide', report_id: null, invoice_id: 42 })).rejects.toThrow();
    await expect(insert({ action: 'pay_everything', report_id: null, invoice_id: 42 })).rejects.toThrow();
    // Still append-only.
    await expect(sql`update operator_audit_log set reason = 'changed'`.execute(handle.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from operator_audit_log`.execute(handle.db)).rejects.toThrow(/append-only/);
    const count = await sql<{ n: number }>`select count(*) as n from operator_audit_log`.execute(handle.db);
    expect(Number(count.rows[0]!.n)).toBe(2);
    // New entries follow the copied ids.
    const ids = await sql<{ id: number }>`select id from operator_audit_log order by id`.execute(handle.db);
    expect(ids.rows.map((row) => Number(row.id))).toEqual([1, 2]);
  });
});
