import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { usageMessages } from '../../../common/usage.schema';
import { callApi, createAccount, createCampaign, type FactoryAccount } from '../../test/account-factories';
import { builtinTemplateIds } from '../../test/campaign-factories';
import { multipartPayload } from '../../test/report-factories';
import { createTestApp, type TestContext, withCsrf } from '../../test/test-app';
import { setTenantPlan } from './usage.repo';
import { monthsBefore } from './usage.service';

let context: TestContext;

beforeEach(async () => {
  context = await createTestApp();
});
afterEach(async () => {
  await context.close();
});

/** Moves the test clock by months; bearer tokens last a day, so they are kept valid. */
async function moveClock(to: string): Promise<void> {
  context.clock.set(new Date(to));
  await context.database.db.updateTable('auth_tokens').set({ expires_at: new Date(new Date(to).getTime() + 86_400_000).toISOString() }).execute();
}

const get = (url: string, token?: string) => callApi(context, { method: 'GET', url, token });

async function addPerson(account: FactoryAccount, label: string): Promise<number> {
  const added = await callApi(context, { method: 'POST', url: '/api/users', token: account.token, payload: { name: `受講者${label}`, email: `person-${label}@example.co.jp` } });
  expect(added.statusCode, added.body).toBe(201);
  return added.json().data.user_id as number;
}

async function removePerson(account: FactoryAccount, id: number): Promise<void> {
  const removed = await callApi(context, { method: 'DELETE', url: `/api/users/${id}`, token: account.token });
  expect(removed.statusCode, removed.body).toBe(200);
}

/** `count` recipients of a campaign sent at `sentAt` (null: not sent yet). */
async function addRecipients(tenantId: number, campaignId: number, count: number, sentAt: string | null): Promise<void> {
  const [templateId] = await builtinTemplateIds(context);
  const at = context.clock.now().toISOString();
  await context.database.db.insertInto('campaign_recipients').values(Array.from({ length: count }, (_, index) => ({
    tenant_id: tenantId, campaign_id: campaignId, name: `宛先${index}`, email: `r${campaignId}-${index}-${Math.random().toString(36).slice(2)}@example.co.jp`,
    template_id: templateId!, token: `t-${Math.random().toString(36).slice(2)}`, status: sentAt ? 'sent' : 'scheduled', planned_at: at, sent_at: sentAt, created_at: at,
  }))).execute();
}

async function addInvoice(tenantId: number, fields: { plan: string; start: string; end: string; issue: string; due: string; status?: 'unpaid' | 'paid' }): Promise<number> {
  const row = await context.database.db.insertInto('invoices').values({
    tenant_id: tenantId, invoice_number: `TEST-${tenantId}-${fields.start}`, plan: fields.plan, billing_cycle: 'monthly', payment_method: 'invoice',
    period_start: new Date(fields.start).toISOString(), period_end: new Date(fields.end).toISOString(), issue_date: fields.issue, due_date: fields.due,
    buyer: '{}', items: JSON.stringify([{ description: 'ライトプラン（月払い）2026年10月分', quantity: 1, unit_price: 9800, amount: 9800 }]),
    tax_rate_percent: 10, subtotal: 9800, tax: 980, total: 10780, status: fields.status ?? 'unpaid', created_at: new Date(fields.start).toISOString(),
  }).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The value recorded in the month's row (null: no row or no change recorded). */
async function recordedPeople(tenantId: number, month: string): Promise<number | null> {
  const row = await context.database.db.selectFrom('tenant_monthly_usage').select('people_count').where('tenant_id', '=', tenantId).where('month', '=', month).executeTakeFirst();
  return row?.people_count ?? null;
}

describe('people at the month’s end', () => {
  it('is recorded by every add, import and delete of people, in the month of the change', async () => {
    const account = await createAccount(context);
    const tenantId = account.tenantId!;
    expect(await recordedPeople(tenantId, '2026-11')).toBeNull();
    await addPerson(account, 'a');
    expect(await recordedPeople(tenantId, '2026-11')).toBe(1);
    const csv = Buffer.from('氏名,メールアドレス\r\n取込 一郎,import-1@example.co.jp\r\n取込 二郎,import-2@example.co.jp\r\n', 'utf8');
    const { payload, headers } = await multipartPayload({}, { field: 'file', content: csv, filename: 'people.csv', type: 'text/csv' });
    const imported = await context.app.inject(withCsrf(context, { method: 'POST', url: '/api/users/import', payload, headers: { ...headers, authorization: `Bearer ${account.token}` } }));
    expect(imported.statusCode, imported.body).toBe(200);
    expect(await recordedPeople(tenantId, '2026-11')).toBe(3);
    // A delete in the next month is recorded there; the earlier month keeps its value.
    await moveClock('2026-12-01T00:00:00Z');
    const people = (await get('/api/users?limit=100', account.token)).json().data.users as { user_id: number }[];
    await removePerson(account, people[0]!.user_id);
    expect(await recordedPeople(tenantId, '2026-11')).toBe(3);
    expect(await recordedPeople(tenantId, '2026-12')).toBe(2);
  });
});

describe('monthsBefore', () => {
  it('steps back across years', () => {
    expect(monthsBefore('2026-01', 1)).toBe('2025-12');
    expect(monthsBefore('2026-11', 0)).toBe('2026-11');
    expect(monthsBefore('2026-11', 23)).toBe('2024-12');
  });
});

describe('GET /api/billing/usage', () => {
  it('lists every month since the tenant began, newest first, with people at each month’s end carried forward', async () => {
    // Created 2026-09-10 (Tokyo): two people that month, one removed in October, none changed in November.
    context.clock.set(new Date('2026-09-10T03:00:00Z'));
    const account = await createAccount(context);
    const tenantId = account.tenantId!;
    const first = await addPerson(account, 'a');
    await addPerson(account, 'b');
    await moveClock('2026-10-31T14:59:00Z'); // 23:59 on 31 October in Tokyo
    await removePerson(account, first);
    await moveClock('2026-11-30T15:30:00Z'); // already December in Tokyo
    await addPerson(account, 'c');
    await addPerson(account, 'd');
    await context.database.db.insertInto('tenant_monthly_usage').values({ tenant_id: tenantId, month: '2026-10', emails_sent: 7 })
      .onConflict((conflict) => conflict.columns(['tenant_id', 'month']).doUpdateSet({ emails_sent: 7 })).execute();

    const response = await get('/api/billing/usage', account.token);
    expect(response.statusCode, response.body).toBe(200);
    const { months, pagination } = response.json().data;
    expect(pagination).toEqual({ total: 4, limit: 12, offset: 0, has_more: false });
    const free = { plan_id: 'free', plan_name: 'フリープラン', monthly_mails: 10, max_people: 10 };
    expect(months).toEqual([
      { usage_id: '2026-12', month_label: '2026年12月', is_current: true, ...free, mails_sent: 0, people_count: 3 },
      { usage_id: '2026-11', month_label: '2026年11月', is_current: false, ...free, mails_sent: 0, people_count: 1 },
      { usage_id: '2026-10', month_label: '2026年10月', is_current: false, ...free, mails_sent: 7, people_count: 1 },
      { usage_id: '2026-09', month_label: '2026年9月', is_current: false, ...free, mails_sent: 0, people_count: 2 },
    ]);

    const page = (await get('/api/billing/usage?limit=2&offset=1', account.token)).json().data;
    expect(page.months.map((month: { usage_id: string }) => month.usage_id)).toEqual(['2026-11', '2026-10']);
    expect(page.pagination).toEqual({ total: 4, limit: 2, offset: 1, has_more: true });
    const beyond = (await get('/api/billing/usage?offset=10', account.token)).json().data;
    expect(beyond).toEqual({ months: [], pagination: { total: 4, limit: 12, offset: 10, has_more: false } });
  });

  it('reads each past month’s limits from the plan invoiced over its last day', async () => {
    context.clock.set(new Date('2026-09-10T03:00:00Z'));
    const account = await createAccount(context);
    const tenantId = account.tenantId!;
    // ライト from 15 October (日割り) to the end of October, then the free plan again.
    await addInvoice(tenantId, { plan: 'light', start: '2026-10-14T15:00:00Z', end: '2026-10-31T15:00:00Z', issue: '2026-10-15', due: '2026-11-30' });
    await context.database.db.updateTable('tenants').set({ plan: 'standard' }).where('id', '=', tenantId).execute();
    await moveClock('2026-11-21T03:00:00Z');
    const months = (await get('/api/billing/usage', account.token)).json().data.months;
    expect(months.map((month: { usage_id: string; plan_id: string; monthly_mails: number; max_people: number }) => [month.usage_id, month.plan_id, month.monthly_mails, month.max_people]))
      .toEqual([['2026-11', 'standard', 1500, 300], ['2026-10', 'light', 250, 50], ['2026-09', 'free', 10, 10]]);
  });

  it('shows each past month’s plan as recorded at its changes: no invoices needed (an enterprise tenant)', async () => {
    context.clock.set(new Date('2026-08-10T03:00:00Z'));
    const account = await createAccount(context);
    const tenantId = account.tenantId!;
    // An operator set up the enterprise plan in September (no invoices: quoted individually).
    await moveClock('2026-09-05T03:00:00Z');
    await setTenantPlan(context.database.db, tenantId, 'enterprise', context.clock.now());
    // In November the tenant moved to ライト by invoice through the API.
    await moveClock('2026-11-20T03:00:00Z');
    await setTenantPlan(context.database.db, tenantId, 'free', context.clock.now());
    const billing = { company_name: '株式会社履歴', department: '', contact_name: '担当 一郎', email: 'keiri@example.co.jp', postal_code: '100-0005', address: '東京都千代田区丸の内1-1-1', phone: '03-1234-5678' };
    const upgraded = await callApi(context, { method: 'POST', url: '/api/account/upgrade', token: account.token, payload: { plan: 'light', cycle: 'monthly', method: 'invoice', billing } });
    expect(upgraded.statusCode, upgraded.body).toBe(200);
    // It cancels, and the monthly job ends the plan on 1 December.
    expect((await callApi(context, { method: 'POST', url: '/api/account/downgrade', token: account.token, payload: { plan: 'free' } })).statusCode).toBe(200);
    await moveClock('2027-01-05T03:00:00Z');
    await context.app.invoiceIssuer.renewDue(context.clock.now());
    const months = (await get('/api/billing/usage', account.token)).json().data.months;
    expect(months.map((month: { usage_id: string; plan_id: string }) => [month.usage_id, month.plan_id])).toEqual([
      ['2027-01', 'free'], ['2026-12', 'free'], ['2026-11', 'light'], ['2026-10', 'enterprise'], ['2026-09', 'enterprise'], ['2026-08', 'free'],
    ]);
  });

  it('refuses a bad limit or offset with 422 and a Japanese message', async () => {
    const account = await createAccount(context);
    for (const query of ['limit=0', 'limit=61', 'offset=-1', 'limit=abc']) {
      const response = await get(`/api/billing/usage?${query}`, account.token);
      expect(response.statusCode, query).toBe(422);
      expect(response.json().success).toBe(false);
      expect(response.json().message).toMatch(/[ぁ-んァ-ン一-龥]/);
    }
  });

  it('needs a signed-in tenant administrator', async () => {
    expect((await get('/api/billing/usage')).statusCode).toBe(401);
    expect((await get('/api/billing/usage/2026-11')).statusCode).toBe(401);
  });
});

describe('GET /api/billing/usage/{usage_id}', () => {
  it('answers a month’s mails per campaign, its test sends (not counted), people at its end and its invoices', async () => {
    context.clock.set(new Date('2026-10-01T03:00:00Z'));
    const account = await createAccount(context);
    const tenantId = account.tenantId!;
    await addPerson(account, 'a');
    const spring = await createCampaign(context, tenantId, { name: '10月の訓練' });
    const other = await createCampaign(context, tenantId, { name: '標的型メール訓練' });
    await addRecipients(tenantId, spring, 2, '2026-10-05T01:00:00Z');
    await addRecipients(tenantId, other, 3, '2026-10-31T14:59:59Z'); // still October in Tokyo
    await addRecipients(tenantId, other, 4, '2026-10-31T15:00:00Z'); // 1 November in Tokyo
    await addRecipients(tenantId, spring, 1, null);
    const [templateId] = await builtinTemplateIds(context);
    const template = await context.database.db.selectFrom('training_templates').select('name').where('id', '=', templateId!).executeTakeFirstOrThrow();
    for (const at of ['2026-10-02T01:00:00Z', '2026-10-03T01:00:00Z']) {
      await context.database.db.insertInto('template_test_sends').values({ tenant_id: tenantId, user_id: account.userId, template_id: templateId!, created_at: at }).execute();
    }
    await context.database.db.insertInto('template_test_sends').values({ tenant_id: tenantId, user_id: account.userId, template_id: null, created_at: '2026-11-02T01:00:00Z' }).execute();
    const october = await addInvoice(tenantId, { plan: 'light', start: '2026-09-30T15:00:00Z', end: '2026-10-31T15:00:00Z', issue: '2026-10-01', due: '2026-11-30' });
    await addInvoice(tenantId, { plan: 'light', start: '2026-10-31T15:00:00Z', end: '2026-11-30T15:00:00Z', issue: '2026-11-01', due: '2026-12-31', status: 'paid' });
    await moveClock('2026-12-01T03:00:00Z'); // October's invoice is now past due

    const response = await get('/api/billing/usage/2026-10', account.token);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({
      usage_id: '2026-10', month_label: '2026年10月', is_current: false, plan_id: 'light', plan_name: 'ライトプラン', monthly_mails: 250, max_people: 50, people_count: 1,
      campaigns: [{ campaign_id: other, name: '標的型メール訓練', mails_sent: 3 }, { campaign_id: spring, name: '10月の訓練', mails_sent: 2 }],
      test_send_count: 2,
      test_sends: [{ sent_at: '2026-10-03T10:00:00.000+09:00', template_name: template.name }, { sent_at: '2026-10-02T10:00:00.000+09:00', template_name: template.name }],
    });
    expect(data.invoices).toEqual([expect.objectContaining({
      invoice_id: october, invoice_number: `TEST-${tenantId}-2026-09-30T15:00:00Z`, plan_name: 'ライトプラン', period_start: '2026-10-01', period_end: '2026-10-31',
      status: 'overdue', total: 10780, paid_at: null, pdf_url: `/api/billing/invoices/${october}/pdf`,
    })]);

    const november = (await get('/api/billing/usage/2026-11', account.token)).json().data;
    expect(november.campaigns).toEqual([{ campaign_id: other, name: '標的型メール訓練', mails_sent: 4 }]);
    expect(november.test_sends).toEqual([{ sent_at: '2026-11-02T10:00:00.000+09:00', template_name: null }]);
    expect(november.invoices.map((invoice: { status: string }) => invoice.status)).toEqual(['paid']);
    expect(november.people_count).toBe(1);
  });

  it('answers 404 in Japanese for a month outside the tenant’s history, a malformed id, or another tenant’s data', async () => {
    const account = await createAccount(context); // November 2026
    const other = await createAccount(context);
    await createCampaign(context, other.tenantId!, { name: '他社の訓練' });
    for (const id of ['2026-10', '2026-12', '2026-13', '2026-1', 'abc', '2026-11-01']) {
      const response = await get(`/api/billing/usage/${id}`, account.token);
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({ success: false, message: usageMessages.notFound });
    }
    const own = (await get('/api/billing/usage/2026-11', account.token)).json().data;
    expect(own.campaigns).toEqual([]);
    expect(own.invoices).toEqual([]);
  });

  it('never shows another tenant’s campaigns, test sends or invoices', async () => {
    const first = await createAccount(context);
    const second = await createAccount(context);
    const campaign = await createCampaign(context, first.tenantId!, { name: 'ファーストの訓練' });
    await addRecipients(first.tenantId!, campaign, 2, '2026-11-20T01:00:00Z');
    await addInvoice(first.tenantId!, { plan: 'light', start: '2026-10-31T15:00:00Z', end: '2026-11-30T15:00:00Z', issue: '2026-11-01', due: '2026-12-31' });
    await context.database.db.insertInto('template_test_sends').values({ tenant_id: first.tenantId!, user_id: first.userId, template_id: null, created_at: '2026-11-20T01:00:00Z' }).execute();
    await addPerson(first, 'x');
    const own = (await get('/api/billing/usage/2026-11', first.token)).json().data;
    expect(own).toMatchObject({ campaigns: [{ name: 'ファーストの訓練', mails_sent: 2 }], test_send_count: 1, people_count: 1 });
    expect(own.invoices).toHaveLength(1);
    const theirs = (await get('/api/billing/usage/2026-11', second.token)).json().data;
    expect(theirs).toMatchObject({ campaigns: [], test_send_count: 0, test_sends: [], invoices: [], people_count: 0 });
  });
});
