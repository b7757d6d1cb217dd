import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import { isUniqueViolation, readTimestamp, writeTimestamp } from '../../db/dialect';
import type { AccountTokenPurpose, Database, TenantRow, UserRow } from '../../db/schema';
import type { OutgoingMail } from '../mail/mail-message';
import { enqueueMail } from '../mail/mail-outbox.repo';

type Executor = Kysely<Database> | Transaction<Database>;

export interface NewAccountToken {
  purpose: AccountTokenPurpose;
  tokenHash: string;
  email: string;
  /** The account the link acts on (address change, confirmation, reset), by its key; null for a sign-up link. */
  user: UserKey | null;
  expiresAt: Date;
}

export interface NewUser {
  tenantId: number | null;
  email: string;
  name: string;
  passwordHash: string;
  emailVerified: boolean;
}

/**
 * A user account as services see it. The repository owns how it is stored: timestamps are Dates
 * here, whatever the dialect keeps, and storage-only columns stay in the repository.
 */
export interface Account {
  id: number;
  /** Null for an individual user. */
  tenant_id: number | null;
  email: string;
  name: string;
  password_hash: string;
  role: 'admin' | 'member';
  email_verified_at: Date | null;
  created_at: Date;
}

export interface Tenant {
  id: number;
  company_name: string;
  plan: string;
}

/** A mailed single-use link as read back (its digest is what was looked up). */
export interface AccountTokenRecord {
  id: number;
  email: string;
  user_id: number | null;
  expires_at: Date;
  used_at: Date | null;
}

/** Which account a caller means: a tenant's user is found only with its own tenant's id (null: an individual). */
export interface UserKey {
  tenantId: number | null;
  userId: number;
}

/**
 * The users row a key addresses, as a `where` filter on the users table: its id, in its own
 * tenant (`tenant_id = ?`), or among individuals (`tenant_id is null`) for a null tenant.
 */
export function userKeyFilter({ tenantId, userId }: UserKey) {
  return (eb: ExpressionBuilder<Database, 'users'>) =>
    eb.and([eb('users.id', '=', userId), tenantId === null ? eb('users.tenant_id', 'is', null) : eb('users.tenant_id', '=', tenantId)]);
}

/** `select id from users` for a key: a subquery for tables that point at a user (tokens, sessions). */
export function userIdOfKey(db: Executor, key: UserKey) {
  return db.selectFrom('users').select('users.id').where(userKeyFilter(key));
}

export function toAccount(row: UserRow): Account {
  return {
    id: row.id,
    tenant_id: row.tenant_id,
    email: row.email,
    name: row.name,
    password_hash: row.password_hash,
    role: row.role,
    email_verified_at: row.email_verified_at === null ? null : readTimestamp(row.email_verified_at),
    created_at: readTimestamp(row.created_at),
  };
}

function toTenant(row: TenantRow): Tenant {
  return { id: row.id, company_name: row.company_name, plan: row.plan };
}

/** Why an account write did not happen; the service turns each into its Japanese message. */
export type AccountWriteRefusal = 'token_unusable' | 'email_taken';

export type AccountWrite<T> = { ok: true; value: T } | { ok: false; reason: AccountWriteRefusal };

/**
 * The only SQL of users, tenants and mailed single-use tokens. Every mail an account change
 * causes is written here, in that change's transaction.
 */
export class AccountsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The account holding an address, in any tenant or none: sign-in and sign-up look addresses up across tenants. */
  async findUserByEmail(email: string): Promise<Account | undefined> {
    const row = await this.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    return row && toAccount(row);
  }

  /** A user of this tenant (or an individual, for tenantId null); another tenant's user is not found. */
  async findUser(key: UserKey): Promise<Account | undefined> {
    const row = await this.db.selectFrom('users').selectAll().where(userKeyFilter(key)).executeTakeFirst();
    return row && toAccount(row);
  }

  async findTenant(tenantId: number): Promise<Tenant | undefined> {
    const row = await this.db.selectFrom('tenants').selectAll().where('id', '=', tenantId).executeTakeFirst();
    return row && toTenant(row);
  }

  /** Links of one purpose mailed to one address since a moment (per-address rate limit). */
  async countTokensSince(purpose: AccountTokenPurpose, email: string, since: Date): Promise<number> {
    const row = await this.db
      .selectFrom('account_tokens')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('purpose', '=', purpose)
      .where('email', '=', email)
      .where('created_at', '>=', writeTimestamp(since))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /**
   * Stores a mailed link and queues its mail in one transaction. Without a mail the link is
   * recorded but never sent (a reset asked for an address without an account: the same work,
   * and the same per-address allowance, as for one with an account). A user key that addresses
   * nobody (another tenant's) writes nothing and queues nothing (false).
   */
  async createTokenWithMail(token: NewAccountToken, mail: OutgoingMail | null, now: Date): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      if (!(await insertToken(trx, token, now))) return false;
      if (mail) await enqueueMail(trx, mail, now);
      return true;
    });
  }

  /** A link of this purpose in any state (used, expired), or undefined. */
  async findToken(purpose: AccountTokenPurpose, tokenHash: string): Promise<AccountTokenRecord | undefined> {
    const row = await this.db
      .selectFrom('account_tokens')
      .select(['id', 'email', 'user_id', 'expires_at', 'used_at'])
      .where('token_hash', '=', tokenHash)
      .where('purpose', '=', purpose)
      .executeTakeFirst();
    return row && { ...row, expires_at: readTimestamp(row.expires_at), used_at: row.used_at === null ? null : readTimestamp(row.used_at) };
  }

  /** An unused, unexpired link of this purpose, or undefined. */
  async findUsableToken(purpose: AccountTokenPurpose, tokenHash: string, now: Date): Promise<{ id: number; email: string; user_id: number | null } | undefined> {
    return this.db
      .selectFrom('account_tokens')
      .select(['id', 'email', 'user_id'])
      .where('token_hash', '=', tokenHash)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', writeTimestamp(now))
      .executeTakeFirst();
  }

  /** The newest address change waiting for its link, if any; another tenant's key finds none. */
  async pendingEmailOf(key: UserKey, now: Date): Promise<string | null> {
    const row = await this.db
      .selectFrom('account_tokens')
      .select('email')
      .where('user_id', 'in', userIdOfKey(this.db, key))
      .where('purpose', '=', 'email_change')
      .where('used_at', 'is', null)
      .where('expires_at', '>', writeTimestamp(now))
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return row?.email ?? null;
  }

  /**
   * Corporate sign-up's last step: consumes the link, then creates the tenant and its first
   * administrator, all or nothing. A link used by a parallel request, or an address registered
   * meanwhile, leaves nothing behind.
   */
  async completeCorporateRegistration(input: {
    tokenHash: string;
    companyName: string;
    passwordHash: string;
    now: Date;
    mailFor: (email: string) => OutgoingMail;
  }): Promise<AccountWrite<{ tenant: Tenant; user: Account }>> {
    return this.writeOrRefuse(async (trx) => {
      const token = await consumeToken(trx, 'corporate_registration', input.tokenHash, input.now);
      if (!token) return refusal('token_unusable');
      // The link proves the address: an account still waiting for its confirmation gives way.
      await releaseUnconfirmedHolder(trx, token.email, null);
      const tenant = await insertTenant(trx, input.companyName, input.now);
      const user = await insertUser(trx, { tenantId: tenant.id, email: token.email, name: '', passwordHash: input.passwordHash, emailVerified: true }, input.now);
      await enqueueMail(trx, input.mailFor(user.email), input.now);
      return { ok: true, value: { tenant, user } };
    });
  }

  /**
   * Direct sign-up (POST /api/auth/register/*): a tenant when a company name is given, the user
   * (unconfirmed), its confirmation link and mail. An unconfirmed holder of the address created
   * before `releaseUnconfirmedCreatedBefore` is removed first; any other holder refuses.
   */
  async createUnconfirmedAccount(input: {
    user: NewUser;
    companyName: string | null;
    now: Date;
    releaseUnconfirmedCreatedBefore: Date;
    confirmation: { tokenHash: string; expiresAt: Date };
    mail: OutgoingMail;
  }): Promise<AccountWrite<{ tenant: Tenant | null; user: Account }>> {
    return this.writeOrRefuse(async (trx) => {
      await releaseUnconfirmedHolder(trx, input.user.email, input.releaseUnconfirmedCreatedBefore);
      const tenant = input.companyName === null ? null : await insertTenant(trx, input.companyName, input.now);
      const user = await insertUser(trx, { ...input.user, tenantId: tenant?.id ?? null, emailVerified: false }, input.now);
      const { tokenHash, expiresAt } = input.confirmation;
      await insertToken(trx, { purpose: 'email_confirmation', tokenHash, email: user.email, user: { tenantId: user.tenant_id, userId: user.id }, expiresAt }, input.now);
      await enqueueMail(trx, input.mail, input.now);
      return { ok: true, value: { tenant, user } };
    });
  }

  /** Renames the key's user; another tenant's key changes nothing (false). */
  async updateName(key: UserKey, name: string, now: Date): Promise<boolean> {
    const updated = await this.db.updateTable('users').set({ name, updated_at: writeTimestamp(now) }).where(userKeyFilter(key)).returning('id').executeTakeFirst();
    return updated !== undefined;
  }

  /**
   * Opens a mailed address link: an address change moves the user to the new address (an
   * unconfirmed account holding it gives way); a registration confirmation confirms the
   * account's address. Either way the address is confirmed.
   */
  async confirmAddress(tokenHash: string, now: Date): Promise<AccountWrite<{ userId: number; email: string; purpose: 'email_change' | 'email_confirmation' }>> {
    return this.writeOrRefuse(async (trx) => {
      const token = await consumeToken(trx, ['email_change', 'email_confirmation'], tokenHash, now);
      if (!token || token.user_id === null) return refusal('token_unusable');
      const purpose = token.purpose === 'email_change' ? 'email_change' : 'email_confirmation';
      if (purpose === 'email_change') await releaseUnconfirmedHolder(trx, token.email, null, token.user_id);
      const updated = await trx
        .updateTable('users')
        .set({ email: token.email, email_verified_at: writeTimestamp(now), updated_at: writeTimestamp(now) })
        .where('id', '=', token.user_id)
        // A confirmation link confirms only the address it was mailed to.
        .$if(purpose === 'email_confirmation', (query) => query.where('email', '=', token.email))
        .returning('id')
        .executeTakeFirst();
      if (!updated) return refusal('token_unusable');
      return { ok: true, value: { userId: token.user_id, email: token.email, purpose } };
    });
  }

  /** Runs an account write in a transaction; a unique-address collision becomes `email_taken`. */
  private async writeOrRefuse<T>(work: (trx: Transaction<Database>) => Promise<AccountWrite<T>>): Promise<AccountWrite<T>> {
    try {
      return await this.db.transaction().execute(async (trx) => {
        const result = await work(trx);
        // Roll back whatever was written before the refusal.
        if (!result.ok) throw new RefusedWrite(result.reason);
        return result;
      });
    } catch (error) {
      if (error instanceof RefusedWrite) return refusal(error.reason);
      if (isUniqueViolation(error)) return refusal('email_taken');
      throw error;
    }
  }
}

class RefusedWrite extends Error {
  constructor(readonly reason: AccountWriteRefusal) {
    super(reason);
  }
}

function refusal(reason: AccountWriteRefusal): { ok: false; reason: AccountWriteRefusal } {
  return { ok: false, reason };
}

/** Stores a link; false (nothing stored) when its user key addresses nobody. */
export async function insertToken(trx: Executor, token: NewAccountToken, now: Date): Promise<boolean> {
  let userId: number | null = null;
  if (token.user) {
    const user = await userIdOfKey(trx, token.user).executeTakeFirst();
    if (!user) return false;
    userId = user.id;
  }
  await trx
    .insertInto('account_tokens')
    .values({
      purpose: token.purpose,
      token_hash: token.tokenHash,
      email: token.email,
      user_id: userId,
      created_at: writeTimestamp(now),
      expires_at: writeTimestamp(token.expiresAt),
    })
    .execute();
  return true;
}

/** Marks a usable link used; only one of any number of parallel callers gets the row. */
export async function consumeToken(trx: Executor, purpose: AccountTokenPurpose | readonly AccountTokenPurpose[], tokenHash: string, now: Date) {
  return trx
    .updateTable('account_tokens')
    .set({ used_at: writeTimestamp(now) })
    .where('token_hash', '=', tokenHash)
    .where('purpose', 'in', typeof purpose === 'string' ? [purpose] : purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', writeTimestamp(now))
    .returning(['id', 'email', 'user_id', 'purpose'])
    .executeTakeFirst();
}

/**
 * Removes an unconfirmed account holding an address (created before `createdBefore`, or at any
 * time when null), with its tenant when nobody else belongs to it, so the address is free for
 * whoever proves they receive its mail. A confirmed holder is never touched.
 */
async function releaseUnconfirmedHolder(trx: Executor, email: string, createdBefore: Date | null, exceptUserId?: number): Promise<void> {
  let query = trx.selectFrom('users').select(['id', 'tenant_id']).where('email', '=', email).where('email_verified_at', 'is', null);
  if (createdBefore) query = query.where('created_at', '<=', writeTimestamp(createdBefore));
  if (exceptUserId !== undefined) query = query.where('id', '<>', exceptUserId);
  const holder = await query.executeTakeFirst();
  if (!holder) return;
  await trx.deleteFrom('users').where('id', '=', holder.id).execute();
  if (holder.tenant_id !== null) {
    const tenantId = holder.tenant_id;
    await trx
      .deleteFrom('tenants')
      .where('id', '=', tenantId)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('users').select('id').where('tenant_id', '=', tenantId))))
      .execute();
  }
}

async function insertTenant(trx: Executor, companyName: string, now: Date): Promise<Tenant> {
  const row = await trx
    .insertInto('tenants')
    .values({ company_name: companyName, created_at: writeTimestamp(now), updated_at: writeTimestamp(now) })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toTenant(row);
}

async function insertUser(trx: Executor, user: NewUser, now: Date): Promise<Account> {
  const at = writeTimestamp(now);
  const row = await trx
    .insertInto('users')
    .values({
      tenant_id: user.tenantId,
      email: user.email,
      name: user.name,
      password_hash: user.passwordHash,
      role: 'admin',
      email_verified_at: user.emailVerified ? at : null,
      // Every way to an account (sign-up link, direct registration) requires both agreements.
      terms_agreed_at: at,
      password_changed_at: at,
      created_at: at,
      updated_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toAccount(row);
}
