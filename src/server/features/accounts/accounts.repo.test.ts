import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test/account-factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import { AccountsRepository } from './accounts.repo';

let context: TestContext;
let accounts: AccountsRepository;
beforeAll(async () => {
  context = await createTestApp();
  accounts = new AccountsRepository(context.database.db);
});
afterAll(() => context.close());

describe('AccountsRepository.findUser is bound to a tenant', () => {
  it('finds a tenant user with its own tenant id, and never with another tenant id or none', async () => {
    const first = await createAccount(context);
    const second = await createAccount(context);
    const found = await accounts.findUser({ tenantId: first.tenantId, userId: first.userId });
    expect(found?.email).toBe(first.email);
    expect(found?.created_at).toBeInstanceOf(Date);
    expect(await accounts.findUser({ tenantId: second.tenantId, userId: first.userId })).toBeUndefined();
    expect(await accounts.findUser({ tenantId: null, userId: first.userId })).toBeUndefined();
  });

  it('finds an individual only as an individual (tenant id null)', async () => {
    const individual = await createAccount(context, { companyName: null });
    const tenant = await createAccount(context);
    expect((await accounts.findUser({ tenantId: null, userId: individual.userId }))?.email).toBe(individual.email);
    expect(await accounts.findUser({ tenantId: tenant.tenantId, userId: individual.userId })).toBeUndefined();
  });
});
