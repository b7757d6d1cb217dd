import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test/account-factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import { TenantOwnership } from './tenant-ownership.repo';

let context: TestContext;
beforeAll(async () => {
  context = await createTestApp();
});
afterAll(() => context.close());

describe('TenantOwnership (bulk ownership of ids)', () => {
  it('answers which ids of a list belong to the tenant, in bulk, past one slice', async () => {
    const db = context.database.db;
    const now = context.clock.now().toISOString();
    const [mine, theirs] = await Promise.all([createAccount(context), createAccount(context)]);
    const group = async (tenantId: number, name: string) =>
      (await db.insertInto('people_groups').values({ tenant_id: tenantId, name, name_key: name, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
    const own = [];
    for (let index = 0; index < 600; index += 1) own.push(await group(mine.tenantId!, `自社${index}`));
    const foreign = await group(theirs.tenantId!, '他社');
    const ownership = new TenantOwnership(db, mine.tenantId!);
    const asked = [...own, foreign, 999_999_999, own[0]!];
    expect(await ownership.owned('people_groups', asked)).toEqual(new Set(own));
    expect(await ownership.foreign('people_groups', asked)).toEqual([foreign, 999_999_999]);
    expect(await ownership.foreign('people_groups', [])).toEqual([]);
    expect(await new TenantOwnership(db, theirs.tenantId!).owned('people_groups', asked)).toEqual(new Set([foreign]));
    // People are asked the same way (campaign targets will be).
    const person = await db.insertInto('people').values({ tenant_id: theirs.tenantId!, name: '他社 太郎', email: 'x@example.co.jp', email_key: 'x@example.co.jp', department: null, created_at: now, updated_at: now })
      .returning('id').executeTakeFirstOrThrow();
    expect(await ownership.owned('people', [person.id])).toEqual(new Set());
  });
});
