import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { peopleMessages } from '../../../common/messages';
import { FREE_PLAN, ENTERPRISE_PLAN_ID } from '../../../common/plans';
import { callApi, createAccount, type FactoryAccount } from '../../test/account-factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import { testDatabaseTarget } from '../../test/test-database';

let context: TestContext;
beforeAll(async () => {
  context = await createTestApp();
});
afterAll(() => context.close());

const add = (account: FactoryAccount, index: number) =>
  callApi(context, { method: 'POST', url: '/api/users', token: account.token, payload: { name: `社員${index}`, email: `staff${index}@example.co.jp` } });

const countPeople = async (tenantId: number) =>
  Number((await context.database.db.selectFrom('people').select((eb) => eb.fn.countAll<number>().as('count')).where('tenant_id', '=', tenantId).executeTakeFirstOrThrow()).count);

describe('free plan: at most FREE_PLAN.maxPeople people', () => {
  it('refuses the 11th person with how many remain and that an upgrade lifts the limit', async () => {
    expect(FREE_PLAN.maxPeople).toBe(10);
    const account = await createAccount(context);
    for (let index = 0; index < FREE_PLAN.maxPeople; index += 1) expect((await add(account, index)).statusCode).toBe(201);
    const eleventh = await add(account, 10);
    expect(eleventh.statusCode).toBe(422);
    expect(eleventh.json()).toEqual({ success: false, message: peopleMessages.planLimitReached(10, 0) });
    expect(eleventh.json().message).toContain('アップグレード');
    // Editing and deleting still work at the limit; a deletion makes room again.
    const people = (await callApi(context, { method: 'GET', url: '/api/users', token: account.token })).json().data;
    expect(people.usage).toEqual({ registered: 10, max: 10 });
    const first = people.users[0];
    expect((await callApi(context, { method: 'PUT', url: `/api/users/${first.user_id}`, token: account.token, payload: { name: '改名', email: first.email } })).statusCode).toBe(200);
    expect((await callApi(context, { method: 'DELETE', url: `/api/users/${first.user_id}`, token: account.token })).statusCode).toBe(200);
    expect((await add(account, 10)).statusCode).toBe(201);
  });

  it('holds under concurrency: 20 parallel adds to a tenant with 9 people leave exactly 10', async () => {
    const account = await createAccount(context);
    for (let index = 0; index < 9; index += 1) expect((await add(account, index)).statusCode).toBe(201);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => add(account, 100 + index)));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 422)).toHaveLength(19);
    expect(await countPeople(account.tenantId!)).toBe(10);
  });

  it('holds under concurrency across tenants: each free tenant stops at 10 on its own', async () => {
    const tenants = await Promise.all([createAccount(context), createAccount(context)]);
    await Promise.all(tenants.flatMap((account) => Array.from({ length: 14 }, (_, index) => add(account, index))));
    for (const account of tenants) expect(await countPeople(account.tenantId!)).toBe(10);
  });

  it('does not limit a paid plan', async () => {
    const account = await createAccount(context);
    await context.database.db.updateTable('tenants').set({ plan: ENTERPRISE_PLAN_ID }).where('id', '=', account.tenantId!).execute();
    for (let index = 0; index < 12; index += 1) expect((await add(account, index)).statusCode).toBe(201);
  });
});

describe('free plan across processes', () => {
  it('holds when four processes (own connections) add 5 people each to a tenant with 9', async () => {
    const account = await createAccount(context);
    for (let index = 0; index < 9; index += 1) expect((await add(account, index)).statusCode).toBe(201);
    const databaseTarget = JSON.stringify(await testDatabaseTarget());
    const children = Array.from({ length: 4 }, (_, index) => spawn(process.execPath, ['--import', 'tsx', path.resolve('src/server/test/people-add-process.ts')], {
      env: {
        ...process.env, KIZUKI_TEST_DB: databaseTarget, KIZUKI_TEST_TENANT: String(account.tenantId), KIZUKI_TEST_USER: String(account.userId),
        KIZUKI_TEST_PREFIX: `process${index}`, KIZUKI_TEST_COUNT: '5',
      },
      stdio: ['pipe', 'pipe', 'inherit'],
    }));
    try {
      const lines = children.map((child) => lineReader(child));
      for (const next of lines) expect(await next()).toBe('ready');
      // All four start their adds together.
      for (const child of children) child.stdin!.write('go\n');
      const results = await Promise.all(lines.map(async (next) => JSON.parse(await next()) as { created: number; refused: number; failed: string[] }));
      expect(results.flatMap((result) => result.failed)).toEqual([]);
      expect(results.reduce((sum, result) => sum + result.created, 0)).toBe(1);
      expect(results.reduce((sum, result) => sum + result.refused, 0)).toBe(19);
      expect(await countPeople(account.tenantId!)).toBe(10);
    } finally {
      for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 60_000);
});

/** Reads a child's stdout line by line. */
function lineReader(child: ChildProcess): () => Promise<string> {
  const lines: string[] = [];
  const waiting: Array<(line: string) => void> = [];
  let buffer = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    let end;
    while ((end = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 1);
      const waiter = waiting.shift();
      if (waiter) waiter(line);
      else lines.push(line);
    }
  });
  return () => (lines.length > 0 ? Promise.resolve(lines.shift()!) : new Promise((resolve) => waiting.push(resolve)));
}
