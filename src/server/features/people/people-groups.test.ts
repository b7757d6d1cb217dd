import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { peopleMessages } from '../../../common/messages';
import { GROUP_NAME_MAX_LENGTH } from '../../../common/people.schema';
import { callApi, createAccount, type FactoryAccount } from '../../test/account-factories';
import { createTestApp, type TestContext } from '../../test/test-app';

let context: TestContext;
beforeAll(async () => {
  context = await createTestApp();
});
afterAll(() => context.close());

const api = (account: FactoryAccount, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  callApi(context, { method, url, payload, token: account.token });

describe('groups', () => {
  it('creates, lists with member counts, renames and deletes groups; a person can be in several; deleting a group keeps its people', async () => {
    const account = await createAccount(context);
    const created = await api(account, 'POST', '/api/groups', { name: ' 営業部 ' });
    expect(created.statusCode).toBe(201);
    const sales = created.json().data;
    expect(sales).toEqual({ group_id: expect.any(Number), name: '営業部', member_count: 0, created_at: '2026-11-21T12:00:00.000+09:00' });
    const mfa = (await api(account, 'POST', '/api/groups', { name: 'MFA未設定者' })).json().data;
    const person = (await api(account, 'POST', '/api/users', { name: '山田', email: 'yamada@example.co.jp', group_ids: [sales.group_id, mfa.group_id] })).json().data;
    expect(person.groups.map((group: { name: string }) => group.name)).toEqual(['MFA未設定者', '営業部']);
    await api(account, 'POST', '/api/users', { name: '鈴木', email: 'suzuki@example.co.jp', group_ids: [sales.group_id] });

    const listed = (await api(account, 'GET', '/api/groups')).json().data.groups;
    expect(listed.map((group: { name: string; member_count: number }) => [group.name, group.member_count])).toEqual([['MFA未設定者', 1], ['営業部', 2]]);

    const renamed = await api(account, 'PUT', `/api/groups/${sales.group_id}`, { name: '第一営業部' });
    expect(renamed.json().data).toMatchObject({ group_id: sales.group_id, name: '第一営業部', member_count: 2 });
    // Renaming to its own name (another spelling of it) is fine.
    expect((await api(account, 'PUT', `/api/groups/${sales.group_id}`, { name: '第一営業部 ' })).statusCode).toBe(200);

    const deleted = await api(account, 'DELETE', `/api/groups/${sales.group_id}`);
    expect(deleted.json()).toEqual({ success: true, data: { message: peopleMessages.groupDeleted } });
    expect((await api(account, 'GET', '/api/users')).json().data.pagination.total).toBe(2);
    expect((await api(account, 'GET', `/api/users/${person.user_id}`)).json().data.groups).toEqual([{ group_id: mfa.group_id, name: 'MFA未設定者' }]);
    expect((await api(account, 'DELETE', `/api/groups/${sales.group_id}`)).statusCode).toBe(404);
  });

  it('answers 422 for a missing, too long or taken name (full-width and case variants included)', async () => {
    const account = await createAccount(context);
    expect((await api(account, 'POST', '/api/groups', { name: '  ' })).json().errors).toEqual({ name: [peopleMessages.groupNameRequired] });
    expect((await api(account, 'POST', '/api/groups', { name: 'あ'.repeat(GROUP_NAME_MAX_LENGTH + 1) })).json().errors).toEqual({ name: [peopleMessages.tooLong(GROUP_NAME_MAX_LENGTH)] });
    await api(account, 'POST', '/api/groups', { name: 'IT Team' });
    const taken = await api(account, 'POST', '/api/groups', { name: 'ＩＴ　team' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ name: [peopleMessages.groupNameTaken] });
    const other = (await api(account, 'POST', '/api/groups', { name: '人事部' })).json().data;
    expect((await api(account, 'PUT', `/api/groups/${other.group_id}`, { name: 'it team' })).json().errors).toEqual({ name: [peopleMessages.groupNameTaken] });
    // Another tenant may use the same name.
    expect((await api(await createAccount(context), 'POST', '/api/groups', { name: 'IT Team' })).statusCode).toBe(201);
  });

  it('never shows or changes another tenant’s groups', async () => {
    const owner = await createAccount(context);
    const other = await createAccount(context);
    const secret = (await api(owner, 'POST', '/api/groups', { name: '極秘プロジェクト' })).json().data;
    expect((await api(other, 'GET', '/api/groups')).json().data.groups).toEqual([]);
    const rename = await api(other, 'PUT', `/api/groups/${secret.group_id}`, { name: '乗っ取り' });
    expect(rename.statusCode).toBe(404);
    expect(rename.json()).toEqual({ success: false, message: peopleMessages.groupNotFound });
    expect((await api(other, 'DELETE', `/api/groups/${secret.group_id}`)).statusCode).toBe(404);
    expect((await api(other, 'GET', `/api/users?group_id=${secret.group_id}`)).json().data.users).toEqual([]);
    expect((await api(owner, 'GET', '/api/groups')).json().data.groups.map((group: { name: string }) => group.name)).toEqual(['極秘プロジェクト']);
  });
});
