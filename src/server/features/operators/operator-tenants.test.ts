import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTERPRISE_PLAN_ID } from '../../../common/plans';
import { tokyoMonth } from '../../lib/time-format';
import { callApi, createAccount, createCampaign, setMonthlyUsage } from '../../test/account-factories';
import { addPeople } from '../../test/campaign-factories';
import { signedInOperator } from '../../test/operator-factories';
import { createTestApp, type TestContext } from '../../test/test-app';

/** Issue 13, part 3: operators see tenants' plan, people and mails this month, and nothing of their content. */
describe('operator tenants overview', () => {
  let context: TestContext;
  let token: string;
  beforeAll(async () => {
    context = await createTestApp({ RATE_LIMIT_LOGIN: '1000' });
    token = (await signedInOperator(context)).token;
  });
  afterAll(() => context.close());

  it('lists each tenant with its plan, first administrator, people and this month’s mails', async () => {
    const month = tokyoMonth(context.clock.now());
    const older = await createAccount(context, { companyName: '株式会社古い取引先' });
    context.clock.advance(60_000);
    const newer = await createAccount(context, { companyName: '株式会社新しい取引先' });
    // A second administrator and a member do not change who registered the tenant.
    const now = context.clock.now().toISOString();
    await context.database.db.insertInto('users').values({
      tenant_id: newer.tenantId, email: 'member@example.co.jp', password_hash: 'x', role: 'member', email_verified_at: now, terms_agreed_at: now, password_changed_at: now, created_at: now, updated_at: now,
    }).execute();
    await addPeople(context, older.tenantId!, 3);
    await addPeople(context, newer.tenantId!, 7);
    await setMonthlyUsage(context, newer.tenantId!, month, { emails_sent: 6, emails_opened: 2, emails_clicked: 1 });
    await setMonthlyUsage(context, newer.tenantId!, '2020-01', { emails_sent: 99, emails_opened: 0, emails_clicked: 0 });
    await context.database.db.updateTable('tenants').set({ plan: ENTERPRISE_PLAN_ID }).where('id', '=', older.tenantId!).execute();
    // Campaign content a tenant keeps to itself.
    await createCampaign(context, newer.tenantId!, { name: '社外秘：四半期の標的型訓練', emails_sent: 6 });

    const response = await callApi(context, { method: 'GET', url: '/api/operator/tenants', token });
    expect(response.statusCode).toBe(200);
    const { tenants, pagination } = response.json().data;
    expect(pagination).toEqual({ total: 2, limit: 20, offset: 0 });
    expect(tenants).toEqual([
      { tenant_id: newer.tenantId, company_name: '株式会社新しい取引先', plan: 'free', admin_email: newer.email, people_count: 7, mails_this_month: 6, created_at: expect.stringMatching(/\+09:00$/) },
      { tenant_id: older.tenantId, company_name: '株式会社古い取引先', plan: ENTERPRISE_PLAN_ID, admin_email: older.email, people_count: 3, mails_this_month: 0, created_at: expect.stringMatching(/\+09:00$/) },
    ]);
    expect(response.body).not.toContain('社外秘');
    expect(response.body).not.toContain('受講者');

    const searched = await callApi(context, { method: 'GET', url: `/api/operator/tenants?q=${encodeURIComponent('古い')}`, token });
    expect(searched.json().data.tenants.map((tenant: { tenant_id: number }) => tenant.tenant_id)).toEqual([older.tenantId]);
    const byAddress = await callApi(context, { method: 'GET', url: `/api/operator/tenants?q=${encodeURIComponent(newer.email.toUpperCase())}`, token });
    expect(byAddress.json().data.tenants.map((tenant: { tenant_id: number }) => tenant.tenant_id)).toEqual([newer.tenantId]);
    const paged = await callApi(context, { method: 'GET', url: '/api/operator/tenants?limit=1&offset=1', token });
    expect(paged.json().data).toEqual({ tenants: [expect.objectContaining({ tenant_id: older.tenantId })], pagination: { total: 2, limit: 1, offset: 1 } });
  });

  it('is closed to a tenant’s own token', async () => {
    const tenant = await createAccount(context);
    expect((await callApi(context, { method: 'GET', url: '/api/operator/tenants', token: tenant.token })).statusCode).toBe(401);
  });
});
