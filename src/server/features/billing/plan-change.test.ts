import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { billingMessages as m } from '../../../common/billing-messages';
import { readTimestamp } from '../../db/dialect';
import { callApi, createAccount, type FactoryAccount, uniqueEmail } from '../../test/account-factories';
import { subscribe } from '../../test/billing-factories';
import { addPeople } from '../../test/campaign-factories';
import { pdfPageTexts } from '../../test/pdf-text';
import { startStripeTestServer } from '../../test/stripe-test-server';
import { createTestApp, type TestContext } from '../../test/test-app';
import { SubscriptionRenewalsRepository } from './subscription-renewals.repo';

/**
 * Issue 14, a paid tenant (請求書払い) moving up to a larger plan at once: the 差額 invoice for the
 * rest of the period, hand-computed here; the preview against the change itself; the limits, the
 * withdrawn cancellation, the next period's invoice and the usage month that follow; the refusals.
 */
let context: TestContext;
beforeEach(async () => {
  context = await createTestApp();
});
afterEach(() => context.close());

const tokyo = (local: string) => new Date(`${local}+09:00`);
const billing = {
  company_name: '株式会社キヅキ商事', department: '総務部', contact_name: '経理 太郎', email: 'keiri@example.co.jp',
  postal_code: '100-0005', address: '東京都千代田区丸の内1-1-1', phone: '03-1234-5678',
};

/** Moves the test clock; bearer tokens last a day, so they are kept valid. */
async function moveClock(to: Date): Promise<void> {
  context.clock.set(to);
  await context.database.db.updateTable('auth_tokens').set({ expires_at: new Date(to.getTime() + 86_400_000).toISOString() }).execute();
}

const upgrade = (account: FactoryAccount, payload: Record<string, unknown>) =>
  callApi(context, { method: 'POST', url: '/api/account/upgrade', token: account.token, payload: { plan: 'standard', cycle: 'monthly', method: 'invoice', billing, ...payload } });
const get = async (account: FactoryAccount, url: string) => (await callApi(context, { method: 'GET', url, token: account.token })).json().data;

async function invoicesOf(tenantId: number) {
  const rows = await context.database.db.selectFrom('invoices').selectAll().where('tenant_id', '=', tenantId).orderBy('period_start').execute();
  return rows.map((row) => ({ ...row, period_start: readTimestamp(row.period_start).toISOString(), period_end: readTimestamp(row.period_end).toISOString(), items: JSON.parse(row.items) }));
}

async function addPerson(account: FactoryAccount): Promise<number> {
  const answer = await callApi(context, { method: 'POST', url: '/api/users', token: account.token, payload: { name: '追加 社員', email: uniqueEmail('staff') } });
  return answer.statusCode;
}

describe('a paid plan moved to a larger one, monthly billing', () => {
  it('previews the 差額 without changing anything, then applies it at once: limits, withdrawn cancellation, invoice, next period, usage', async () => {
    // ライトプラン (monthly) since 26 November 2026, a cancellation scheduled for the period's end, 50 people (the cap).
    await moveClock(tokyo('2026-11-26T10:00:00'));
    const account = await createAccount(context);
    expect((await upgrade(account, { plan: 'light' })).statusCode).toBe(200);
    expect((await callApi(context, { method: 'POST', url: '/api/account/downgrade', token: account.token, payload: { plan: 'free' } })).statusCode).toBe(200);
    await addPeople(context, account.tenantId!, 50);
    expect(await addPerson(account)).toBe(422);

    // Friday 27 November, 10:00 in Tokyo: 4 days of the 30 of November left, today included.
    const changedAt = tokyo('2026-11-27T10:00:00');
    await moveClock(changedAt);
    // (39,800 − 9,800) × 4 / 30 = 4,000 exactly; tax 10% once on the subtotal.
    const expected = {
      plan_id: 'standard', plan_name: 'スタンダードプラン', cycle: 'monthly', method: 'invoice',
      period_start: '2026-11-27', period_end: '2026-11-30', issue_date: '2026-11-27', due_date: '2026-12-31',
      subtotal: 4_000, tax_rate_percent: 10, tax: 400, total: 4_400,
      items: [{ description: 'プラン変更差額（ライトプラン → スタンダードプラン、2026年11月27日〜2026年11月30日）', quantity: 1, unit_price: 4_000, amount: 4_000 }],
      plan_change: { from_plan_id: 'light', from_plan_name: 'ライトプラン', proration: m.monthlyProration('30,000円', 4, 30), withdrawn_pending_plan_id: 'free' },
    };
    const preview = await upgrade(account, { preview: true });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data).toEqual({ applied: false, checkout_url: null, subscription: null, preview: expected });
    // The preview changed nothing.
    expect(await get(account, '/api/account/subscription')).toMatchObject({ plan_id: 'light', pending_plan_id: 'free' });
    expect(await invoicesOf(account.tenantId!)).toHaveLength(1);
    expect(await addPerson(account)).toBe(422);

    const applied = await upgrade(account, {});
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().data.preview).toEqual(expected);
    expect(applied.json().data).toMatchObject({
      applied: true,
      subscription: {
        plan_id: 'standard', cycle: 'monthly', method: 'invoice', current_period_start: '2026-11-26', current_period_end: '2026-11-30',
        pending_plan_id: null, limits: { max_people: 300, monthly_mails: 1_500, ads_shown: false },
      },
    });
    // The larger plan's limits at once: the 51st person goes through.
    expect(await addPerson(account)).toBe(201);
    const audience = await callApi(context, { method: 'POST', url: '/api/campaigns/audience', token: account.token, payload: { all_users: true, user_ids: [], group_ids: [] } });
    expect(audience.json().data.allowance).toMatchObject({ monthly_limit: 1_500 });

    const invoices = await invoicesOf(account.tenantId!);
    expect(invoices).toHaveLength(2);
    expect(invoices[1]).toMatchObject({
      plan: 'standard', billing_cycle: 'monthly', payment_method: 'invoice', status: 'unpaid',
      period_start: changedAt.toISOString(), period_end: tokyo('2026-12-01T00:00:00').toISOString(),
      issue_date: '2026-11-27', due_date: '2026-12-31', subtotal: 4_000, tax: 400, total: 4_400, items: expected.items,
      invoice_number: `202611-${String(invoices[1]!.id).padStart(6, '0')}`,
    });
    expect(JSON.parse(invoices[1]!.buyer)).toEqual(billing);
    // It is listed with the others and its PDF is the tenant's; another tenant sees neither.
    const listed = (await get(account, '/api/billing/invoices')).invoices as { invoice_id: number; total: number }[];
    expect(listed.map((invoice) => invoice.total)).toEqual([4_400, 1_796]);
    const pdf = await callApi(context, { method: 'GET', url: `/api/billing/invoices/${invoices[1]!.id}/pdf`, token: account.token });
    expect(pdf.statusCode).toBe(200);
    // The same 適格請求書 as the others: compare without the layout's line breaks.
    const text = (await pdfPageTexts(pdf.rawPayload)).join('').replace(/\s+/g, '');
    for (const field of ['プラン変更差額（ライトプラン→スタンダードプラン、2026年11月27日〜2026年11月30日）', '対象期間：2026年11月27日〜2026年11月30日', '発行日：2026年11月27日', 'お支払期限：2026年12月31日', '4,400円', '400円']) {
      expect(text, field).toContain(field);
    }
    const other = await createAccount(context);
    expect((await get(other, '/api/billing/invoices')).invoices).toEqual([]);
    const foreign = await callApi(context, { method: 'GET', url: `/api/billing/invoices/${invoices[1]!.id}/pdf`, token: other.token });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ success: false, message: m.invoiceNotFound });

    // The monthly job bills the larger plan from the next period (the cancellation was withdrawn).
    const december = tokyo('2026-12-01T00:00:05');
    await moveClock(december);
    await context.app.invoiceIssuer.renewDue(december);
    const renewed = await invoicesOf(account.tenantId!);
    expect(renewed).toHaveLength(3);
    expect(renewed[2]).toMatchObject({ plan: 'standard', subtotal: 39_800, total: 43_780, issue_date: '2026-12-01', period_start: tokyo('2026-12-01T00:00:00').toISOString() });
    expect(await get(account, '/api/account/subscription')).toMatchObject({ plan_id: 'standard', current_period_end: '2026-12-31', pending_plan_id: null });

    // November's usage, now a past month, shows the plan in force at its end, with its limits.
    const november = await get(account, '/api/billing/usage/2026-11');
    expect(november).toMatchObject({ plan_id: 'standard', plan_name: 'スタンダードプラン', monthly_mails: 1_500, max_people: 300, people_count: 51, mails_sent: 0, is_current: false });
    expect(november.invoices.map((invoice: { plan_id: string; total: number }) => [invoice.plan_id, invoice.total])).toEqual([['light', 1_796], ['standard', 4_400]]);
    const list = await get(account, '/api/billing/usage?limit=12&offset=0');
    expect(list.months.map((month: { usage_id: string; plan_id: string }) => [month.usage_id, month.plan_id])).toEqual([['2026-12', 'standard'], ['2026-11', 'standard']]);
  });

  it('answers 422 on the cycle when it differs from the subscription’s, and keeps a change in the period’s first millisecond apart from its invoice', async () => {
    await moveClock(tokyo('2026-12-01T00:00:00'));
    const account = await createAccount(context);
    expect((await upgrade(account, { plan: 'light' })).statusCode).toBe(200);
    const refused = await upgrade(account, { cycle: 'annual', preview: true });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ cycle: [m.cycleChange('月払い')] });
    expect(m.cycleChange('月払い')).toContain('「月払い」を選んでお進みください');

    // Same instant as the first invoice's period start (the frozen clock): the 差額 invoice starts a millisecond later.
    const applied = await upgrade(account, {});
    expect(applied.statusCode, applied.body).toBe(200);
    // The whole of December at the difference: 30,000 × 31 / 31.
    expect(applied.json().data.preview).toMatchObject({ subtotal: 30_000, tax: 3_000, total: 33_000, period_start: '2026-12-01', period_end: '2026-12-31' });
    const invoices = await invoicesOf(account.tenantId!);
    expect(invoices.map((invoice) => [invoice.plan, invoice.period_start])).toEqual([
      ['light', tokyo('2026-12-01T00:00:00').toISOString()], ['standard', tokyo('2026-12-01T00:00:00.001').toISOString()],
    ]);
  });
});

describe('a paid plan moved to a larger one, annual billing', () => {
  it('charges the rest of the month by the day and the whole months left, and the usage months follow the change', async () => {
    // ライトプラン (annual) from 16 November 2026: the period runs to 30 November 2027.
    await moveClock(tokyo('2026-11-16T12:00:00'));
    const account = await createAccount(context);
    expect((await upgrade(account, { plan: 'light', cycle: 'annual' })).statusCode).toBe(200);

    // Monday 15 March 2027: 17 of March's 31 days left, then April to November (8 months).
    await moveClock(tokyo('2027-03-15T09:30:00'));
    // (398,000 − 98,000) = 300,000 a year; 300,000 × (17 + 8 × 31) / (12 × 31) = 213,709.67 → 213,709; tax 21,370.9 → 21,370.
    const applied = await upgrade(account, { cycle: 'annual' });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().data.preview).toMatchObject({
      plan_id: 'standard', cycle: 'annual', period_start: '2027-03-15', period_end: '2027-11-30', issue_date: '2027-03-15', due_date: '2027-04-30',
      subtotal: 213_709, tax: 21_370, total: 235_079,
      items: [{ description: 'プラン変更差額（ライトプラン → スタンダードプラン、2027年3月15日〜2027年11月30日）', quantity: 1, unit_price: 213_709, amount: 213_709 }],
      plan_change: { from_plan_id: 'light', proration: m.annualProration('300,000円', '2027年3月', 17, 31, 8), withdrawn_pending_plan_id: null },
    });
    expect(applied.json().data.subscription).toMatchObject({ plan_id: 'standard', cycle: 'annual', current_period_end: '2027-11-30', limits: { max_people: 300 } });

    // Seen from April: February was ライト, March (the change month) ends on スタンダード.
    await moveClock(tokyo('2027-04-02T09:00:00'));
    const months = (await get(account, '/api/billing/usage?limit=3&offset=0')).months as { usage_id: string; plan_id: string; monthly_mails: number }[];
    expect(months.map((month) => [month.usage_id, month.plan_id, month.monthly_mails])).toEqual([
      ['2027-04', 'standard', 1_500], ['2027-03', 'standard', 1_500], ['2027-02', 'light', 250],
    ]);
    // The year's end renews on the larger plan at its annual price.
    const december = tokyo('2027-12-01T00:00:05');
    await moveClock(december);
    await context.app.invoiceIssuer.renewDue(december);
    const invoices = await invoicesOf(account.tenantId!);
    expect(invoices.map((invoice) => [invoice.plan, invoice.subtotal])).toEqual([['light', expect.any(Number)], ['standard', 213_709], ['standard', 398_000]]);
  });
});

describe('plan changes that are refused', () => {
  it('same plan, a smaller plan, a card subscription, the enterprise tier, and a member', async () => {
    await moveClock(tokyo('2026-11-27T10:00:00'));
    const standard = await createAccount(context);
    await subscribe(context, standard.tenantId!, { plan: 'standard' });
    expect((await upgrade(standard, {})).json()).toMatchObject({ success: false, errors: { plan: [m.samePlan] } });
    const smaller = await upgrade(standard, { plan: 'light' });
    expect(smaller.statusCode).toBe(422);
    expect(smaller.json().errors).toEqual({ plan: [m.useDowngrade] });
    expect(m.useDowngrade).toContain('ダウングレード');

    const card = await createAccount(context);
    await subscribe(context, card.tenantId!, { plan: 'light', method: 'card' });
    const byCard = await upgrade(card, { preview: true });
    expect(byCard.statusCode).toBe(422);
    expect(byCard.json().errors).toEqual({ plan: [m.cardPlanChange] });

    const enterprise = await createAccount(context);
    await context.database.db.updateTable('tenants').set({ plan: 'enterprise' }).where('id', '=', enterprise.tenantId!).execute();
    expect((await upgrade(enterprise, { preview: true })).json()).toMatchObject({ success: false, errors: { plan: [m.paidPlanChange] } });

    const light = await createAccount(context);
    await subscribe(context, light.tenantId!, { plan: 'light' });
    const db = context.database.db;
    const now = context.clock.now().toISOString();
    const admin = await db.selectFrom('users').select('password_hash').where('id', '=', light.userId).executeTakeFirstOrThrow();
    const email = uniqueEmail('member');
    await db.insertInto('users').values({
      tenant_id: light.tenantId!, email, name: '', role: 'member', password_hash: admin.password_hash,
      email_verified_at: now, terms_agreed_at: now, password_changed_at: now, created_at: now, updated_at: now,
    }).execute();
    const memberToken = (await callApi(context, { method: 'POST', url: '/api/auth/login', payload: { email, password: light.password } })).json().data.token as string;
    const forbidden = await upgrade({ ...light, token: memberToken }, {});
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ success: false, message: m.adminOnly });

    // None of them moved or got an invoice.
    for (const [account, plan] of [[standard, 'standard'], [card, 'light'], [light, 'light']] as const) {
      expect((await get(account, '/api/account/subscription')).plan_id).toBe(plan);
      expect(await invoicesOf(account.tenantId!)).toHaveLength(1);
    }
  });

  it('while the ended period waits for the monthly job, and the job does not bill a plan changed since it read the subscription', async () => {
    await moveClock(tokyo('2026-11-27T10:00:00'));
    const account = await createAccount(context);
    await subscribe(context, account.tenantId!, { plan: 'light' });
    const renewals = new SubscriptionRenewalsRepository(context.database.db);

    // 1 December, 00:00:30 in Tokyo, before the job ran: the change waits.
    await moveClock(tokyo('2026-12-01T00:00:30'));
    expect((await upgrade(account, { preview: true })).json()).toMatchObject({ errors: { plan: [m.renewalInProgress] } });
    const [stale] = (await renewals.due(context.clock.now(), 1000)).filter((due) => due.tenantId === account.tenantId);
    expect(stale).toMatchObject({ plan: 'light' });

    // Had the change landed between the job's read and its write, the write is refused, and the next read bills スタンダード.
    await context.database.db.updateTable('tenant_subscriptions').set({ plan: 'standard' }).where('tenant_id', '=', account.tenantId!).execute();
    await context.database.db.updateTable('tenants').set({ plan: 'standard' }).where('id', '=', account.tenantId!).execute();
    expect(await renewals.renew(stale!, context.clock.now())).toEqual({ kind: 'taken' });
    await context.app.invoiceIssuer.renewDue(context.clock.now());
    const invoices = await invoicesOf(account.tenantId!);
    expect(invoices.map((invoice) => [invoice.plan, invoice.subtotal])).toEqual([['light', expect.any(Number)], ['standard', 39_800]]);
  });
});

describe('plan changes while card payment is offered', () => {
  it('keeps an invoice subscription on 請求書払い and refuses a card subscription’s change (Stripe is not asked)', async () => {
    const stripe = await startStripeTestServer();
    await context.close();
    context = await createTestApp({ ...stripe.env(), APP_URL: 'https://app.kizuki.test' });
    try {
      await moveClock(tokyo('2026-11-27T10:00:00'));
      const byInvoice = await createAccount(context);
      await subscribe(context, byInvoice.tenantId!, { plan: 'light' });
      const switched = await upgrade(byInvoice, { method: 'card', preview: true });
      expect(switched.statusCode).toBe(422);
      expect(switched.json().errors).toEqual({ method: [m.methodChange('請求書払い（銀行振込）')] });

      const byCard = await createAccount(context);
      await subscribe(context, byCard.tenantId!, { plan: 'light', method: 'card' });
      for (const method of ['card', 'invoice']) {
        const refused = await upgrade(byCard, { method });
        expect(refused.statusCode).toBe(422);
        expect(refused.json().errors).toEqual({ plan: [m.cardPlanChange] });
      }
      expect(await invoicesOf(byCard.tenantId!)).toHaveLength(1);
      expect((await get(byCard, '/api/account/subscription')).plan_id).toBe('light');
      expect(stripe.apiCalls).toEqual([]);
    } finally {
      await stripe.close();
    }
  });
});
