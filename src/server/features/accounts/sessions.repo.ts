import { type Kysely, sql, type Transaction } from 'kysely';
import { readTimestamp, timestampColumnType, writeTimestamp } from '../../db/dialect';
import type { Database } from '../../db/schema';
import type { OutgoingMail } from '../mail/mail-message';
import { enqueueMail } from '../mail/mail-outbox.repo';
import { type Account, consumeToken, toAccount, type UserKey, userIdOfKey, userKeyFilter } from './accounts.repo';

type Executor = Kysely<Database> | Transaction<Database>;

export interface NewSession {
  tokenHash: string;
  expiresAt: Date;
}

export type GrantedLoginReservation = { granted: true; count: number; lockedUntil: Date | null };
/** A granted attempt (its count, and the lock it set if it was the last one allowed) or the lock in force. */
export type LoginReservation = GrantedLoginReservation | { granted: false; lockedUntil: Date };

/** One session of one user, addressed through the user's key: another tenant's key reaches none of its sessions. */
export interface SessionKey extends UserKey {
  sessionId: number;
}

/** The signed-in user a valid bearer token stands for. */
export interface SessionOwner {
  sessionId: number;
  lastUsedAt: Date | null;
  user: Account;
}

/** The only SQL of sign-in: bearer tokens, the per-address attempt count and lock, password writes. */
export class SessionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A new session for the key's user; another tenant's key creates none (false). */
  async createSession(key: UserKey, session: NewSession, now: Date): Promise<boolean> {
    return insertSession(this.db, key, session, now);
  }

  /** The owner of an unrevoked, unexpired token. */
  async findSessionOwner(tokenHash: string, now: Date): Promise<SessionOwner | undefined> {
    const session = await this.db
      .selectFrom('auth_tokens')
      .select(['id', 'user_id', 'last_used_at'])
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', writeTimestamp(now))
      .executeTakeFirst();
    if (!session) return undefined;
    const user = await this.db.selectFrom('users').selectAll().where('id', '=', session.user_id).executeTakeFirst();
    if (!user) return undefined;
    return { sessionId: session.id, lastUsedAt: session.last_used_at ? readTimestamp(session.last_used_at) : null, user: toAccount(user) };
  }

  async touchSession(key: SessionKey, now: Date): Promise<void> {
    await this.db
      .updateTable('auth_tokens')
      .set({ last_used_at: writeTimestamp(now) })
      .where('id', '=', key.sessionId)
      .where('user_id', 'in', userIdOfKey(this.db, key))
      .execute();
  }

  async revokeSession(key: SessionKey, now: Date): Promise<void> {
    await this.db
      .updateTable('auth_tokens')
      .set({ revoked_at: writeTimestamp(now) })
      .where('id', '=', key.sessionId)
      .where('user_id', 'in', userIdOfKey(this.db, key))
      .where('revoked_at', 'is', null)
      .execute();
  }

  /**
   * Reserves one sign-in attempt for an address before its password is compared: one atomic
   * upsert counts it, and the attempt that reaches `maxFailures` also sets the lock. While the
   * lock holds nothing is counted and no attempt is granted, so however many requests arrive at
   * once, at most `maxFailures` passwords are compared per address and lock period. A lock that
   * has ended, or no attempt since `forgetBefore`, starts the count again.
   */
  async reserveLoginAttempt(input: { addressKey: string; maxFailures: number; lockUntil: Date; forgetBefore: Date; now: Date }): Promise<LoginReservation> {
    const { addressKey, maxFailures, lockUntil, now } = input;
    const at = writeTimestamp(now);
    const lockAt = sql<string>`cast(${writeTimestamp(lockUntil)} as ${timestampColumnType(this.db as Kysely<unknown>)})`;
    // A count starts again after its lock ended, or after a long quiet spell.
    const startsAfresh = sql<boolean>`(login_attempts.locked_until is not null and login_attempts.locked_until <= ${at}) or login_attempts.updated_at <= ${writeTimestamp(input.forgetBefore)}`;
    const nextCount = sql<number>`case when ${startsAfresh} then 1 else login_attempts.failed_count + 1 end`;
    const row = await this.db
      .insertInto('login_attempts')
      .values({ address_key: addressKey, failed_count: 1, locked_until: maxFailures <= 1 ? writeTimestamp(lockUntil) : null, updated_at: at })
      .onConflict((conflict) =>
        conflict
          .column('address_key')
          .doUpdateSet({
            failed_count: nextCount,
            locked_until: sql`case when ${nextCount} >= ${maxFailures} then ${lockAt} else null end`,
            updated_at: at,
          })
          .where(sql<boolean>`login_attempts.locked_until is null or login_attempts.locked_until <= ${at}`),
      )
      .returning(['failed_count', 'locked_until'])
      .executeTakeFirst();
    if (row) return { granted: true, count: row.failed_count, lockedUntil: row.locked_until === null ? null : readTimestamp(row.locked_until) };
    const held = await this.db.selectFrom('login_attempts').select('locked_until').where('address_key', '=', addressKey).executeTakeFirst();
    return { granted: false, lockedUntil: held?.locked_until ? readTimestamp(held.locked_until) : lockUntil };
  }

  /**
   * A right password forgets the address's attempts, but only if no other attempt was reserved
   * after this one (compare-and-set): a guess running in parallel with the owner's sign-in keeps
   * counting towards the lock.
   */
  async clearLoginAttempts(addressKey: string, reservation: GrantedLoginReservation): Promise<void> {
    let query = this.db.deleteFrom('login_attempts').where('address_key', '=', addressKey).where('failed_count', '=', reservation.count);
    query = reservation.lockedUntil
      ? query.where('locked_until', '=', writeTimestamp(reservation.lockedUntil))
      : query.where('locked_until', 'is', null);
    await query.execute();
  }

  /**
   * A password change: new hash, every session of the user revoked, a fresh session for the
   * browser that asked, and the notice mail — all in one transaction. Another tenant's key
   * changes nothing and queues no mail (false).
   */
  async changePassword(input: { user: UserKey; passwordHash: string; session: NewSession; now: Date; mail: OutgoingMail }): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      if (!(await setPassword(trx, input.user, input.passwordHash, input.now))) return false;
      await insertSession(trx, input.user, input.session, input.now);
      await enqueueMail(trx, input.mail, input.now);
      return true;
    });
  }

  /**
   * Password reset through a mailed link: consumes the link (one winner), sets the password for
   * the user the link was made for — only if that user still has the address — revokes every
   * session, lifts a sign-in lock and confirms the address if it was not yet. Returns the user, or null when the link was unusable.
   */
  async resetPassword(input: {
    tokenHash: string;
    email: string;
    /** login_attempts key of the address, whose lock the reset lifts. */
    addressKey: string;
    passwordHash: string;
    now: Date;
    mailFor: (user: Account) => OutgoingMail;
  }): Promise<Account | null> {
    const unusable = new Error('unusable reset link');
    return this.db.transaction().execute(async (trx) => {
      const token = await consumeToken(trx, 'password_reset', input.tokenHash, input.now);
      // Throwing rolls the consumption back: a link opened with the wrong address stays usable.
      if (!token || token.user_id === null || token.email !== input.email) throw unusable;
      const user = await trx.selectFrom('users').selectAll().where('id', '=', token.user_id).where('email', '=', input.email).executeTakeFirst();
      if (!user) throw unusable;
      await setPassword(trx, { tenantId: user.tenant_id, userId: user.id }, input.passwordHash, input.now);
      // The link reached the address, so an account still waiting for its confirmation is confirmed too.
      if (user.email_verified_at === null) {
        await trx.updateTable('users').set({ email_verified_at: writeTimestamp(input.now) }).where('id', '=', user.id).execute();
      }
      await trx.deleteFrom('login_attempts').where('address_key', '=', input.addressKey).execute();
      const account = toAccount(user);
      await enqueueMail(trx, input.mailFor(account), input.now);
      return account;
    }).catch((error: unknown) => {
      if (error === unusable) return null;
      throw error;
    });
  }
}

/** Inserts a session only for a user the key addresses (a user's tenant never changes, so the check holds). */
async function insertSession(trx: Executor, key: UserKey, session: NewSession, now: Date): Promise<boolean> {
  const user = await userIdOfKey(trx, key).executeTakeFirst();
  if (!user) return false;
  await trx
    .insertInto('auth_tokens')
    .values({ user_id: user.id, token_hash: session.tokenHash, created_at: writeTimestamp(now), expires_at: writeTimestamp(session.expiresAt) })
    .execute();
  return true;
}

/**
 * New hash, and every existing session of the user ends (SPEC-independent rule: a changed
 * password signs everyone out). False, with nothing written, when the key addresses no user.
 */
async function setPassword(trx: Executor, key: UserKey, passwordHash: string, now: Date): Promise<boolean> {
  const at = writeTimestamp(now);
  const user = await trx
    .updateTable('users')
    .set({ password_hash: passwordHash, password_changed_at: at, updated_at: at })
    .where(userKeyFilter(key))
    .returning('id')
    .executeTakeFirst();
  if (!user) return false;
  await trx.updateTable('auth_tokens').set({ revoked_at: at }).where('user_id', '=', user.id).where('revoked_at', 'is', null).execute();
  return true;
}
