import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountMessages } from '../../../common/messages';
import { billingMessages as m } from '../../../common/billing-messages';
import { callApi, createAccount, type FactoryAccount } from '../../test/account-factories';
import { createTestApp, type TestContext } from '../../test/test-app';

let context: TestContext;

beforeEach(async () => {
  context = await createTestApp();
});
afterEach(async () => {
  await context.close();
});

const URL = '/api/account/organization';
const get = (account: FactoryAccount) => callApi(context, { method: 'GET', url: URL, token: account.token });
const put = (account: FactoryAccount, payload: Record<string, unknown>) => callApi(context, { method: 'PUT', url: URL, token: account.token, payload });

const BILLING = {
  company_name: '株式会社キヅキ 経理部',
  department: '経理部',
  contact_name: '山田 花子',
  email: 'keiri@example.co.jp',
  postal_code: '100-0001',
  address: '東京都千代田区千代田1-1',
  phone: '03-1234-5678',
};

describe('GET /api/account/organization', () => {
  it('answers the tenant’s name with empty details, no 請求先, and is_admin for its administrator', async () => {
    const admin = await createAccount(context, { companyName: '株式会社はじめ' });
    const response = await get(admin);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      data: { company_name: '株式会社はじめ', postal_code: '', address: '', phone: '', industry: '', employee_count: '', billing: null, is_admin: true },
    });
  });
});

describe('PUT /api/account/organization', () => {
  it('saves the details (full-width 〒 and phone normalised), renames the tenant at once and says what changed', async () => {
    const admin = await createAccount(context, { companyName: '株式会社旧名' });
    const response = await put(admin, {
      company_name: '  株式会社新名\n本社 ',
      postal_code: '〒１５０ー０００２',
      address: ' 東京都渋谷区渋谷2-21-1 ',
      phone: '０３ー９８７６ー５４３２',
      industry: '情報通信業',
      employee_count: '50〜99名',
      billing: { ...BILLING, postal_code: '１０００００１' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const organization = {
      company_name: '株式会社新名 本社',
      postal_code: '150-0002',
      address: '東京都渋谷区渋谷2-21-1',
      phone: '03-9876-5432',
      industry: '情報通信業',
      employee_count: '50〜99名',
      billing: BILLING,
      is_admin: true,
    };
    expect(response.json()).toEqual({
      success: true,
      data: { organization, changed: ['company_name', 'postal_code', 'address', 'phone', 'industry', 'employee_count', 'billing'], message: m.organizationUpdated },
    });
    expect((await get(admin)).json().data).toEqual(organization);
    // The dashboard and the signed-in account answer the new name right after.
    expect((await callApi(context, { method: 'GET', url: '/api/corporate/dashboard', token: admin.token })).json().data.tenant.company_name).toBe('株式会社新名 本社');
    expect((await callApi(context, { method: 'GET', url: '/api/auth/user', token: admin.token })).json().data.tenant.company_name).toBe('株式会社新名 本社');
  });

  it('leaves the 請求先 as it is without billing (or with null), clears optional fields sent empty, and lists only real changes', async () => {
    const admin = await createAccount(context, { companyName: '株式会社そのまま' });
    await put(admin, { company_name: '株式会社そのまま', postal_code: '150-0002', phone: '0312345678', industry: '製造業', billing: BILLING });
    const unchanged = await put(admin, { company_name: '株式会社そのまま', postal_code: '1500002', phone: '0312345678', industry: '製造業', billing: null });
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    expect(unchanged.json().data.changed).toEqual([]);
    expect(unchanged.json().data.organization.billing).toEqual(BILLING);

    const cleared = await put(admin, { company_name: '株式会社そのまま', postal_code: '', phone: '   ' });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().data.changed).toEqual(['postal_code', 'phone', 'industry']);
    expect((await get(admin)).json().data).toMatchObject({ postal_code: '', phone: '', industry: '', billing: BILLING });
  });

  it('answers 422 with a Japanese message per field, the 請求先’s under billing.<field>, and saves nothing', async () => {
    const admin = await createAccount(context, { companyName: '株式会社検証' });
    const response = await put(admin, {
      company_name: ' \u200B ',
      postal_code: '123-456',
      address: 'あ'.repeat(201),
      phone: '1234',
      industry: '農業',
      employee_count: '5名',
      billing: { ...BILLING, email: 'not-an-address', postal_code: '', phone: '' },
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toEqual({
      success: false,
      message: accountMessages.organizationRequired,
      errors: {
        company_name: [accountMessages.organizationRequired],
        postal_code: [m.postalCodeInvalid],
        address: [m.tooLong(200)],
        phone: [m.phoneInvalid],
        industry: [m.industryInvalid],
        employee_count: [m.employeeCountInvalid],
        'billing.email': [m.emailInvalid],
        'billing.postal_code': [m.postalCodeRequired],
        'billing.phone': [m.phoneRequired],
      },
    });
    const tooLong = await put(admin, { company_name: 'あ'.repeat(101) });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors).toEqual({ company_name: [accountMessages.tooLong(100)] });
    expect((await get(admin)).json().data.company_name).toBe('株式会社検証');
  });

  it('is for administrators only: a member reads it (is_admin false) but gets 403 on a change', async () => {
    const admin = await createAccount(context, { companyName: '株式会社メンバー' });
    const member = await createAccount(context, { companyName: '仮の組織' });
    await context.database.db.updateTable('users').set({ role: 'member', tenant_id: admin.tenantId }).where('id', '=', member.userId).execute();
    const read = await get(member);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data).toMatchObject({ company_name: '株式会社メンバー', is_admin: false });
    const change = await put(member, { company_name: '乗っ取り株式会社' });
    expect(change.statusCode, change.body).toBe(403);
    expect(change.json()).toEqual({ success: false, message: m.organizationAdminOnly });
    // Refused before validation: a bad change gets the same 403, not field messages.
    const invalid = await put(member, { company_name: '', postal_code: 'x' });
    expect(invalid.statusCode, invalid.body).toBe(403);
    expect(invalid.json()).toEqual({ success: false, message: m.organizationAdminOnly });
    expect((await get(admin)).json().data.company_name).toBe('株式会社メンバー');
  });

  it('touches only the caller’s own tenant', async () => {
    const first = await createAccount(context, { companyName: '株式会社ファースト' });
    const second = await createAccount(context, { companyName: '株式会社セカンド' });
    await put(second, { company_name: '株式会社セカンド', address: '大阪府大阪市北区1-1', billing: BILLING });
    const changed = await put(first, { company_name: '株式会社ファースト改', phone: '06-1234-5678' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await get(second)).json().data).toEqual({
      company_name: '株式会社セカンド', postal_code: '', address: '大阪府大阪市北区1-1', phone: '', industry: '', employee_count: '', billing: BILLING, is_admin: true,
    });
    expect((await get(first)).json().data).toMatchObject({ company_name: '株式会社ファースト改', address: '', phone: '06-1234-5678', billing: null });
  });
});
