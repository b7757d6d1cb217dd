import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingMessages as m } from '../../../common/billing-messages';
import { callApi, createAccount, type FactoryAccount, uniqueEmail } from '../../test/account-factories';
import { createTestApp, type TestContext } from '../../test/test-app';

let context: TestContext;
beforeAll(async () => {
  context = await createTestApp();
  // Thursday 26 November 2026, 10:00 in Tokyo: five days of November left.
  context.clock.set(new Date('2026-11-26T01:00:00Z'));
});
afterAll(() => context.close());

const billing = {
  company_name: '株式会社キヅキ商事', department: '総務部', contact_name: '経理 太郎', email: 'keiri@example.co.jp',
  postal_code: '１００－０００５', address: '東京都千代田区丸の内1-1-1', phone: '０３－１２３４－５６７８',
};
const upgrade = (account: FactoryAccount, payload: Record<string, unknown>) =>
  callApi(context, { method: 'POST', url: '/api/account/upgrade', token: account.token, payload: { plan: 'light', cycle: 'monthly', method: 'invoice', billing, ...payload } });
const subscription = async (account: FactoryAccount) => (await callApi(context, { method: 'GET', url: '/api/account/subscription', token: account.token })).json().data;
const addPeople = async (account: FactoryAccount, count: number, from = 0) => {
  for (let index = from; index < from + count; index++) {
    const answer = await callApi(context, { method: 'POST', url: '/api/users', token: account.token, payload: { name: `社員${index}`, email: `staff${index}@example.co.jp` } });
    expect(answer.statusCode, `person ${index}`).toBe(201);
  }
};

async function memberOf(account: FactoryAccount): Promise<FactoryAccount> {
  const db = context.database.db;
  const now = context.clock.now().toISOString();
  const admin = await db.selectFrom('users').select('password_hash').where('id', '=', account.userId).executeTakeFirstOrThrow();
  const email = uniqueEmail('member');
  const user = await db.insertInto('users').values({
    tenant_id: account.tenantId, email, name: '', role: 'member', password_hash: admin.password_hash,
    email_verified_at: now, terms_agreed_at: now, password_changed_at: now, created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  const token = (await callApi(context, { method: 'POST', url: '/api/auth/login', payload: { email, password: account.password } })).json().data.token as string;
  return { ...account, userId: user.id, email, token };
}

describe('GET /api/plans', () => {
  it('lists every plan with limits, 税抜 and 税込 prices, and which can be bought online', async () => {
    const account = await createAccount(context);
    const answer = await callApi(context, { method: 'GET', url: '/api/plans', token: account.token });
    expect(answer.statusCode).toBe(200);
    const { plans, tax_rate_percent, card_available } = answer.json().data;
    expect(tax_rate_percent).toBe(10);
    expect(card_available).toBe(false);
    expect(plans.map((plan: { plan_id: string; purchasable: boolean }) => [plan.plan_id, plan.purchasable])).toEqual([
      ['free', false], ['light', true], ['standard', true], ['enterprise', false],
    ]);
    expect(plans[1]).toMatchObject({ name: 'ライトプラン', max_people: 50, monthly_mails: 250, ads_shown: false, monthly_price: 9800, monthly_price_with_tax: 10780, annual_price: 98000, annual_price_with_tax: 107800 });
    expect(plans[3]).toMatchObject({ max_people: null, monthly_price: null, monthly_price_with_tax: null });
    expect((await callApi(context, { method: 'GET', url: '/api/plans' })).statusCode).toBe(401);
  });
});

describe('upgrade by invoice', () => {
  it('previews the first invoice without changing anything, then starts the plan at once with its limits', async () => {
    const account = await createAccount(context, { companyName: '株式会社キヅキ商事' });
    const before = await subscription(account);
    expect(before).toMatchObject({ plan_id: 'free', plan_name: 'フリープラン', cycle: null, billing: null, company_name: '株式会社キヅキ商事', is_admin: true, limits: { max_people: 10, monthly_mails: 10, ads_shown: true } });

    const preview = await upgrade(account, { preview: true });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data).toMatchObject({
      applied: false, checkout_url: null, subscription: null,
      preview: { plan_id: 'light', subtotal: 1633, tax_rate_percent: 10, tax: 163, total: 1796, issue_date: '2026-11-26', due_date: '2026-12-31', period_start: '2026-11-26', period_end: '2026-11-30' },
    });
    expect((await subscription(account)).plan_id).toBe('free');

    const applied = await upgrade(account, {});
    expect(applied.statusCode).toBe(200);
    expect(applied.json().data).toMatchObject({ applied: true, subscription: { plan_id: 'light', cycle: 'monthly', method: 'invoice', current_period_end: '2026-11-30', pending_plan_id: null, limits: { max_people: 50, monthly_mails: 250, ads_shown: false } } });
    // The 請求先 is kept normalised (full-width digits and dashes to ASCII).
    expect((await subscription(account)).billing).toEqual({ ...billing, postal_code: '100-0005', phone: '03-1234-5678' });
    const invoices = await context.database.db.selectFrom('invoices').selectAll().where('tenant_id', '=', account.tenantId!).execute();
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ invoice_number: `202611-${String(invoices[0]!.id).padStart(6, '0')}`, subtotal: 1633, tax: 163, total: 1796, status: 'unpaid', due_date: '2026-12-31' });
    expect(JSON.parse(invoices[0]!.buyer).company_name).toBe('株式会社キヅキ商事');

    // The new limits apply everywhere at once: the 11th person, and the month's mail allowance.
    await addPeople(account, 11);
    const audience = await callApi(context, { method: 'POST', url: '/api/campaigns/audience', token: account.token, payload: { all_users: true, user_ids: [], group_ids: [] } });
    expect(audience.json().data.allowance).toMatchObject({ monthly_limit: 250 });

    // Upgrading again is refused with the reason.
    expect((await upgrade(account, {})).json()).toMatchObject({ success: false, errors: { plan: [m.samePlan] } });
    // A larger plan is a plan change (plan-change.test.ts), on the subscription's own cycle.
    expect((await upgrade(account, { plan: 'standard', cycle: 'annual' })).json()).toMatchObject({ success: false, errors: { cycle: [m.cycleChange('月払い')] } });
  });

  it('answers 422 with Japanese messages per field, card payment while it is not offered, and 403 to a member', async () => {
    const account = await createAccount(context);
    const invalid = await upgrade(account, { plan: 'gold', billing: { ...billing, postal_code: '12-345', phone: '1234', email: 'x', company_name: '  ', contact_name: '' } });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors).toEqual({
      plan: [m.planRequired],
      'billing.company_name': [m.billingCompanyRequired],
      'billing.contact_name': [m.contactNameRequired],
      'billing.email': [m.emailInvalid],
      'billing.postal_code': [m.postalCodeInvalid],
      'billing.phone': [m.phoneInvalid],
    });
    expect((await upgrade(account, { method: 'card' })).json()).toMatchObject({ success: false, errors: { method: [m.cardUnavailable] } });

    const member = await memberOf(account);
    const refused = await upgrade(member, {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ success: false, message: m.adminOnly });
    expect((await subscription(member)).is_admin).toBe(false);
    expect((await subscription(account)).plan_id).toBe('free');
  });
});

describe('downgrade and cancellation at the end of the paid period', () => {
  it('needs people removed first, schedules the change without touching the plan in force, and can be withdrawn', async () => {
    const account = await createAccount(context);
    const other = await createAccount(context);
    expect((await callApi(context, { method: 'POST', url: '/api/account/downgrade', token: account.token, payload: { plan: 'free' } })).json()).toMatchObject({ errors: { plan: [m.notPaid] } });
    expect((await upgrade(account, {})).statusCode).toBe(200);
    await addPeople(account, 12);

    const downgrade = (plan: string) => callApi(context, { method: 'POST', url: '/api/account/downgrade', token: account.token, payload: { plan } });
    expect((await downgrade('standard')).json()).toMatchObject({ errors: { plan: [m.notLower] } });
    const tooMany = await downgrade('free');
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors.plan).toEqual([m.tooManyPeople(12, 10)]);
    expect(m.tooManyPeople(12, 10)).toContain('先に2名を削除');

    const people = (await callApi(context, { method: 'GET', url: '/api/users?limit=2', token: account.token })).json().data.users;
    for (const person of people) await callApi(context, { method: 'DELETE', url: `/api/users/${person.user_id}`, token: account.token });
    const scheduled = await downgrade('free');
    expect(scheduled.statusCode).toBe(200);
    expect(scheduled.json().data).toMatchObject({ message: m.cancellationScheduled('2026年11月30日'), subscription: { plan_id: 'light', pending_plan_id: 'free', pending_plan_name: 'フリープラン', limits: { max_people: 50 } } });

    const withdrawn = await downgrade('light');
    expect(withdrawn.json().data).toMatchObject({ message: m.downgradeWithdrawn, subscription: { plan_id: 'light', pending_plan_id: null } });

    // Another tenant's plan never moved; a member cannot downgrade.
    expect((await subscription(other)).plan_id).toBe('free');
    expect((await callApi(context, { method: 'POST', url: '/api/account/downgrade', token: (await memberOf(account)).token, payload: { plan: 'free' } })).statusCode).toBe(403);
  });
});
