import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { digestToken, newOpaqueToken } from '../../lib/secret-hash';
import { createAccount, type FactoryAccount, uniqueEmail } from '../../test/account-factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import { AccountsRepository, type UserKey } from './accounts.repo';
import { SessionsRepository } from './sessions.repo';

let context: TestContext;
let accounts: AccountsRepository;
let sessions: SessionsRepository;
beforeAll(async () => {
  context = await createTestApp();
  accounts = new AccountsRepository(context.database.db);
  sessions = new SessionsRepository(context.database.db);
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

/** A key that must reach nothing of `owner`: another tenant's id, or the wrong side of individual/tenant. */
function strangerKeys(owner: FactoryAccount, other: FactoryAccount): UserKey[] {
  return [{ tenantId: other.tenantId, userId: owner.userId }, { tenantId: owner.tenantId === null ? other.tenantId : null, userId: owner.userId }];
}

async function userRow(userId: number) {
  return context.database.db.selectFrom('users').select(['name', 'password_hash']).where('id', '=', userId).executeTakeFirstOrThrow();
}

async function sessionsOf(userId: number) {
  return context.database.db.selectFrom('auth_tokens').select(['id', 'last_used_at', 'revoked_at']).where('user_id', '=', userId).orderBy('id').execute();
}

async function mailsTo(address: string): Promise<number> {
  const row = await context.database.db.selectFrom('mail_outbox').select((eb) => eb.fn.countAll<number>().as('count')).where('to_address', '=', address).executeTakeFirstOrThrow();
  return Number(row.count);
}

const newSession = () => ({ tokenHash: digestToken(newOpaqueToken().token), expiresAt: new Date(context.clock.now().getTime() + 60_000) });

describe.each([
  ['a tenant user', { companyName: undefined }],
  ['an individual', { companyName: null }],
] as const)('user and session functions are bound to the key of %s', (_label, { companyName }) => {
  let owner: FactoryAccount;
  let other: FactoryAccount;
  beforeEach(async () => {
    owner = await createAccount(context, { companyName, name: '元の名前' });
    other = await createAccount(context);
  });

  it('pendingEmailOf: only the own key sees the waiting address change', async () => {
    const now = context.clock.now();
    const pending = uniqueEmail('pending');
    await accounts.createTokenWithMail({ purpose: 'email_change', tokenHash: digestToken(newOpaqueToken().token), email: pending, user: { tenantId: owner.tenantId, userId: owner.userId }, expiresAt: new Date(now.getTime() + 60_000) }, null, now);
    for (const key of strangerKeys(owner, other)) expect(await accounts.pendingEmailOf(key, now)).toBeNull();
    expect(await accounts.pendingEmailOf({ tenantId: owner.tenantId, userId: owner.userId }, now)).toBe(pending);
  });

  it('createTokenWithMail: another key attaches no link to the user and queues no mail', async () => {
    const now = context.clock.now();
    const link = (user: UserKey) => ({ purpose: 'email_change' as const, tokenHash: digestToken(newOpaqueToken().token), email: uniqueEmail('link'), user, expiresAt: new Date(now.getTime() + 60_000) });
    const mail = { to: owner.email, subject: 'メールアドレス変更', text: 'x', html: '<p>x</p>' };
    for (const key of strangerKeys(owner, other)) expect(await accounts.createTokenWithMail(link(key), mail, now)).toBe(false);
    const linksOf = () => context.database.db.selectFrom('account_tokens').select('id').where('user_id', '=', owner.userId).execute();
    expect(await linksOf()).toHaveLength(0);
    expect(await mailsTo(owner.email)).toBe(0);
    expect(await accounts.createTokenWithMail(link({ tenantId: owner.tenantId, userId: owner.userId }), mail, now)).toBe(true);
    expect(await linksOf()).toHaveLength(1);
    expect(await mailsTo(owner.email)).toBe(1);
  });

  it('updateName: another key renames nobody', async () => {
    for (const key of strangerKeys(owner, other)) expect(await accounts.updateName(key, '乗っ取り', context.clock.now())).toBe(false);
    expect((await userRow(owner.userId)).name).toBe('元の名前');
    expect(await accounts.updateName({ tenantId: owner.tenantId, userId: owner.userId }, '新しい名前', context.clock.now())).toBe(true);
    expect((await userRow(owner.userId)).name).toBe('新しい名前');
  });

  it('createSession: another key creates no session for the user', async () => {
    for (const key of strangerKeys(owner, other)) expect(await sessions.createSession(key, newSession(), context.clock.now())).toBe(false);
    expect(await sessionsOf(owner.userId)).toHaveLength(1);
    expect(await sessions.createSession({ tenantId: owner.tenantId, userId: owner.userId }, newSession(), context.clock.now())).toBe(true);
    expect(await sessionsOf(owner.userId)).toHaveLength(2);
  });

  it('touchSession and revokeSession: another key leaves the session as it was', async () => {
    const [session] = await sessionsOf(owner.userId);
    const now = context.clock.now();
    for (const key of strangerKeys(owner, other)) {
      await sessions.touchSession({ ...key, sessionId: session!.id }, now);
      await sessions.revokeSession({ ...key, sessionId: session!.id }, now);
    }
    // The other account's own key with the owner's session id reaches nothing either.
    await sessions.revokeSession({ tenantId: other.tenantId, userId: other.userId, sessionId: session!.id }, now);
    expect(await sessionsOf(owner.userId)).toEqual([{ id: session!.id, last_used_at: null, revoked_at: null }]);
    const ownKey = { tenantId: owner.tenantId, userId: owner.userId, sessionId: session!.id };
    await sessions.touchSession(ownKey, now);
    await sessions.revokeSession(ownKey, now);
    const [after] = await sessionsOf(owner.userId);
    expect(after!.last_used_at).not.toBeNull();
    expect(after!.revoked_at).not.toBeNull();
  });

  it('changePassword: another key changes no password, revokes no session and queues no mail', async () => {
    const before = await userRow(owner.userId);
    const mail = { to: owner.email, subject: 'パスワード変更', text: 'x', html: '<p>x</p>' };
    for (const key of strangerKeys(owner, other)) {
      expect(await sessions.changePassword({ user: key, passwordHash: 'stranger-hash', session: newSession(), now: context.clock.now(), mail })).toBe(false);
    }
    expect((await userRow(owner.userId)).password_hash).toBe(before.password_hash);
    expect(await sessionsOf(owner.userId)).toEqual([expect.objectContaining({ revoked_at: null })]);
    expect(await mailsTo(owner.email)).toBe(0);
    expect(await sessions.changePassword({ user: { tenantId: owner.tenantId, userId: owner.userId }, passwordHash: 'own-hash', session: newSession(), now: context.clock.now(), mail })).toBe(true);
    expect((await userRow(owner.userId)).password_hash).toBe('own-hash');
    const after = await sessionsOf(owner.userId);
    expect(after).toHaveLength(2);
    expect(after[0]!.revoked_at).not.toBeNull();
    expect(after[1]!.revoked_at).toBeNull();
    expect(await mailsTo(owner.email)).toBe(1);
  });
});
