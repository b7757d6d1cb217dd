import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainMessages, peopleMessages } from '../../../common/messages';
import { FREE_PLAN, ENTERPRISE_PLAN_ID } from '../../../common/plans';
import { callApi, createAccount, type FactoryAccount } from '../../test/account-factories';
import { createTestApp, type TestContext } from '../../test/test-app';

let context: TestContext;
beforeAll(async () => {
  context = await createTestApp();
});
afterAll(() => context.close());

const api = (account: FactoryAccount, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  callApi(context, { method, url, payload, token: account.token });

/** A tenant on a plan without the free limit (lists and paging need more than 10 people). */
async function paidAccount(): Promise<FactoryAccount> {
  const account = await createAccount(context);
  await context.database.db.updateTable('tenants').set({ plan: ENTERPRISE_PLAN_ID }).where('id', '=', account.tenantId!).execute();
  return account;
}

async function addPerson(account: FactoryAccount, body: Record<string, unknown>) {
  const response = await api(account, 'POST', '/api/users', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { user_id: number; name: string; email: string; department: string | null; groups: Array<{ group_id: number; name: string }> };
}

describe('people: create, read, update, delete', () => {
  it('registers a person with groups and answers them as read', async () => {
    const account = await createAccount(context);
    const group = (await api(account, 'POST', '/api/groups', { name: '営業部' })).json().data;
    const created = await api(account, 'POST', '/api/users', { name: '  山田 太郎 ', email: 'Taro.Yamada@Example.co.jp', department: '営業部', group_ids: [group.group_id] });
    expect(created.statusCode).toBe(201);
    const person = created.json().data;
    expect(person).toEqual({
      user_id: expect.any(Number), name: '山田 太郎', email: 'Taro.Yamada@Example.co.jp', department: '営業部',
      groups: [{ group_id: group.group_id, name: '営業部' }], created_at: '2026-11-21T12:00:00.000+09:00',
    });
    expect((await api(account, 'GET', `/api/users/${person.user_id}`)).json()).toEqual({ success: true, data: person });

    const updated = await api(account, 'PUT', `/api/users/${person.user_id}`, { name: '山田 花子', email: 'hanako@example.co.jp', department: '', group_ids: [] });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ name: '山田 花子', email: 'hanako@example.co.jp', department: null, groups: [] });

    const deleted = await api(account, 'DELETE', `/api/users/${person.user_id}`);
    expect(deleted.json()).toEqual({ success: true, data: { message: peopleMessages.deleted } });
    expect((await api(account, 'GET', `/api/users/${person.user_id}`)).statusCode).toBe(404);
    expect((await api(account, 'DELETE', `/api/users/${person.user_id}`)).statusCode).toBe(404);
  });

  it('keeps groups when PUT leaves group_ids out', async () => {
    const account = await createAccount(context);
    const group = (await api(account, 'POST', '/api/groups', { name: '総務部' })).json().data;
    const person = await addPerson(account, { name: '佐藤 一郎', email: 'sato@example.co.jp', group_ids: [group.group_id] });
    const updated = await api(account, 'PUT', `/api/users/${person.user_id}`, { name: '佐藤 一郎', email: 'sato@example.co.jp', department: '総務部' });
    expect(updated.json().data.groups).toEqual([{ group_id: group.group_id, name: '総務部' }]);
  });

  it('answers 422 with Japanese per-field errors', async () => {
    const account = await createAccount(context);
    const empty = await api(account, 'POST', '/api/users', {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ name: [peopleMessages.nameRequired], email: [peopleMessages.emailRequired] });
    const blank = await api(account, 'POST', '/api/users', { name: ' ', email: '' });
    expect(blank.json().errors).toEqual({ name: [peopleMessages.nameRequired], email: [peopleMessages.emailRequired] });
    const bad = await api(account, 'POST', '/api/users', { name: 'あ'.repeat(101), email: 'not-an-address', department: 'ぶ'.repeat(101) });
    expect(bad.json().errors).toEqual({ name: [peopleMessages.tooLong(100)], email: [peopleMessages.emailInvalid], department: [peopleMessages.tooLong(100)] });
    const other = await createAccount(context);
    const foreignGroup = (await api(other, 'POST', '/api/groups', { name: '他社の部署' })).json().data;
    const unknownGroup = await api(account, 'POST', '/api/users', { name: '鈴木', email: 'suzuki@example.co.jp', group_ids: [foreignGroup.group_id] });
    expect(unknownGroup.statusCode).toBe(422);
    expect(unknownGroup.json().errors).toEqual({ group_ids: [peopleMessages.groupUnknown] });
    expect((await api(account, 'GET', '/api/users')).json().data.users).toEqual([]);
  });

  it('refuses a second person with the same address in the tenant, whatever its case, but not in another tenant', async () => {
    const account = await createAccount(context);
    const first = await addPerson(account, { name: '高橋', email: 'takahashi@example.co.jp' });
    const duplicate = await api(account, 'POST', '/api/users', { name: '高橋 二号', email: 'TAKAHASHI@example.co.jp' });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json()).toEqual({ success: false, message: peopleMessages.emailTaken, errors: { email: [peopleMessages.emailTaken] } });
    const second = await addPerson(account, { name: '田中', email: 'tanaka@example.co.jp' });
    const collide = await api(account, 'PUT', `/api/users/${second.user_id}`, { name: '田中', email: 'Takahashi@Example.co.jp' });
    expect(collide.json().errors).toEqual({ email: [peopleMessages.emailTaken] });
    // The same person may change the case of their own address.
    expect((await api(account, 'PUT', `/api/users/${first.user_id}`, { name: '高橋', email: 'Takahashi@example.co.jp' })).statusCode).toBe(200);
    await addPerson(await createAccount(context), { name: '高橋', email: 'takahashi@example.co.jp' });
  });

  it('refuses an address at a domain the tenant does not control, except the administrator’s own', async () => {
    const account = await createAccount(context, { email: `admin-${Date.now()}@gmail.com` });
    const refused = await api(account, 'POST', '/api/users', { name: '外部 太郎', email: 'someone@stranger-corp.jp' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ email: [domainMessages.unverifiedDomain('stranger-corp.jp')] });
    // A free-mail administrator's domain is not the tenant's: another gmail.com address is refused…
    expect((await api(account, 'POST', '/api/users', { name: '他人', email: 'other@gmail.com' })).json().errors).toEqual({ email: [domainMessages.unverifiedDomain('gmail.com')] });
    // …but the administrator may register themself, for test sends.
    await addPerson(account, { name: '管理者', email: account.email.toUpperCase() });
    // A domain proved by DNS is allowed.
    const now = context.clock.now().toISOString();
    await context.database.db.insertInto('sending_domains').values({ tenant_id: account.tenantId!, domain: 'stranger-corp.jp', verification_token: 'x'.repeat(32), verified_at: now, created_at: now }).execute();
    await addPerson(account, { name: '外部 太郎', email: 'someone@stranger-corp.jp' });
  });

  it('answers 404 for another tenant’s person and for ids that name nothing', async () => {
    const owner = await createAccount(context);
    const other = await createAccount(context);
    const person = await addPerson(owner, { name: '機密 花子', email: 'kimitsu@example.co.jp' });
    for (const url of [`/api/users/${person.user_id}`, '/api/users/abc', '/api/users/0', '/api/users/99999999', '/api/users/2147483648', '/api/users/1.5']) {
      const response = await api(other, 'GET', url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ success: false, message: peopleMessages.personNotFound });
    }
    expect((await api(other, 'PUT', `/api/users/${person.user_id}`, { name: '乗っ取り', email: 'x@example.co.jp' })).statusCode).toBe(404);
    expect((await api(other, 'DELETE', `/api/users/${person.user_id}`)).statusCode).toBe(404);
    expect((await api(owner, 'GET', `/api/users/${person.user_id}`)).json().data.name).toBe('機密 花子');
  });
});

describe('people: list, search, paging', () => {
  it('pages newest first with the total and the plan usage', async () => {
    const account = await paidAccount();
    for (let index = 0; index < 25; index += 1) await addPerson(account, { name: `社員${index}`, email: `staff${index}@example.co.jp` });
    const first = (await api(account, 'GET', '/api/users?limit=10')).json().data;
    expect(first.users.map((user: { name: string }) => user.name)).toEqual(Array.from({ length: 10 }, (_, index) => `社員${24 - index}`));
    expect(first.pagination).toEqual({ total: 25, limit: 10, offset: 0, has_more: true });
    expect(first.usage).toEqual({ registered: 25, max: null });
    const last = (await api(account, 'GET', '/api/users?limit=10&offset=20')).json().data;
    expect(last.users.map((user: { name: string }) => user.name)).toEqual(['社員4', '社員3', '社員2', '社員1', '社員0']);
    expect(last.pagination).toEqual({ total: 25, limit: 10, offset: 20, has_more: false });
    expect((await api(account, 'GET', '/api/users')).json().data.pagination.limit).toBe(20);
    const badPaging = await api(account, 'GET', '/api/users?limit=1000&offset=-1');
    expect(badPaging.statusCode).toBe(422);
    expect(Object.keys(badPaging.json().errors).sort()).toEqual(['limit', 'offset']);
    // Empty parameters, as a plain form sends them, mean the same as omitted ones.
    const empty = await api(account, 'GET', '/api/users?q=&group_id=&limit=&offset=');
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json().data.pagination).toEqual({ total: 25, limit: 20, offset: 0, has_more: true });
  });

  it('searches name, address and department (case-insensitive, wildcards literal) and filters by group', async () => {
    const account = await createAccount(context);
    const sales = (await api(account, 'POST', '/api/groups', { name: '営業部' })).json().data;
    await addPerson(account, { name: '山田 太郎', email: 'yamada@example.co.jp', department: '営業部', group_ids: [sales.group_id] });
    await addPerson(account, { name: 'John Smith', email: 'john@example.co.jp', department: '開発部' });
    await addPerson(account, { name: '佐藤 100%', email: 'sato_k@example.co.jp', department: '総務部', group_ids: [sales.group_id] });
    const names = async (query: string) => (await api(account, 'GET', `/api/users?${query}`)).json().data.users.map((user: { name: string }) => user.name).sort();
    expect(await names(`q=${encodeURIComponent('山田')}`)).toEqual(['山田 太郎']);
    expect(await names('q=SMITH')).toEqual(['John Smith']);
    expect(await names('q=JOHN%40EXAMPLE')).toEqual(['John Smith']);
    expect(await names(`q=${encodeURIComponent('開発')}`)).toEqual(['John Smith']);
    expect(await names('q=%25')).toEqual(['佐藤 100%']);
    expect(await names('q=_')).toEqual(['佐藤 100%']);
    expect(await names(`group_id=${sales.group_id}`)).toEqual(['佐藤 100%', '山田 太郎']);
    expect(await names(`group_id=${sales.group_id}&q=yamada`)).toEqual(['山田 太郎']);
    const filtered = (await api(account, 'GET', `/api/users?group_id=${sales.group_id}`)).json().data;
    expect(filtered.pagination.total).toBe(2);
    expect(filtered.usage).toEqual({ registered: 3, max: FREE_PLAN.maxPeople });
  });
});

describe('people list cache', () => {
  it('shows every change at once, made here or through another instance, and never another tenant’s page', async () => {
    const account = await createAccount(context);
    const other = await createAccount(context);
    const names = async (who: FactoryAccount = account) => (await api(who, 'GET', '/api/users')).json().data.users.map((user: { name: string; groups: Array<{ name: string }> }) => `${user.name}[${user.groups.map((group) => group.name).join(',')}]`);
    const group = (await api(account, 'POST', '/api/groups', { name: '営業部' })).json().data;
    const person = await addPerson(account, { name: '一郎', email: 'ichiro@example.co.jp', group_ids: [group.group_id] });
    expect(await names()).toEqual(['一郎[営業部]']);
    expect(await names()).toEqual(['一郎[営業部]']);
    // Same URL, another tenant: its own (empty) page.
    expect(await names(other)).toEqual([]);
    await api(account, 'PUT', `/api/users/${person.user_id}`, { name: '一郎改', email: 'ichiro@example.co.jp' });
    expect(await names()).toEqual(['一郎改[営業部]']);
    await api(account, 'PUT', `/api/groups/${group.group_id}`, { name: '第二営業部' });
    expect(await names()).toEqual(['一郎改[第二営業部]']);
    await api(account, 'DELETE', `/api/groups/${group.group_id}`);
    expect(await names()).toEqual(['一郎改[]']);

    // A second instance on the same database: its writes reach this instance's cached pages.
    const second = await createTestApp();
    try {
      const added = await second.app.inject({
        method: 'POST', url: '/api/users', payload: { name: '二郎', email: 'jiro@example.co.jp' },
        headers: { cookie: second.csrf.cookie, ...second.csrf.header, authorization: `Bearer ${account.token}` },
      });
      expect(added.statusCode).toBe(201);
      expect(await names()).toEqual(['二郎[]', '一郎改[]']);
      await second.app.inject({ method: 'DELETE', url: `/api/users/${person.user_id}`, headers: { cookie: second.csrf.cookie, ...second.csrf.header, authorization: `Bearer ${account.token}` } });
      expect(await names()).toEqual(['二郎[]']);
    } finally {
      await second.close();
    }
    // A plan change shows in the usage at once.
    expect((await api(account, 'GET', '/api/users')).json().data.usage).toEqual({ registered: 1, max: 10 });
    await context.database.db.updateTable('tenants').set({ plan: ENTERPRISE_PLAN_ID }).where('id', '=', account.tenantId!).execute();
    expect((await api(account, 'GET', '/api/users')).json().data.usage).toEqual({ registered: 1, max: null });
  });
});
