import type { Kysely, Transaction } from 'kysely';
import { readTimestamp, writeTimestamp } from '../../db/dialect';
import type { Database, UserRow } from '../../db/schema';
import type { OutgoingMail } from '../mail/mail-message';
import { enqueueMail } from '../mail/mail-outbox.repo';
import { consumeToken } from './accounts.repo';

type Executor = Kysely<Database> | Transaction<Database>;

export interface NewSession {
  tokenHash: string;
  expiresAt: Date;
}

/** The signed-in user a valid bearer token stands for. */
export interface SessionOwner {
  sessionId: number;
  lastUsedAt: Date | null;
  user: UserRow;
}

/** The only SQL of sign-in: bearer tokens, the per-account failure count, password writes. */
export class SessionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async createSession(userId: number, session: NewSession, now: Date): Promise<void> {
    await insertSession(this.db, userId, session, now);
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
    return { sessionId: session.id, lastUsedAt: session.last_used_at ? readTimestamp(session.last_used_at) : null, user };
  }

  async touchSession(sessionId: number, now: Date): Promise<void> {
    await this.db.updateTable('auth_tokens').set({ last_used_at: writeTimestamp(now) }).where('id', '=', sessionId).execute();
  }

  async revokeSession(sessionId: number, now: Date): Promise<void> {
    await this.db
      .updateTable('auth_tokens')
      .set({ revoked_at: writeTimestamp(now) })
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /**
   * Counts a wrong password; the count reaching `maxFailures` locks sign-in until `lockUntil`.
   * One atomic update, so parallel guesses cannot slip past the limit.
   */
  async recordLoginFailure(userId: number, maxFailures: number, lockUntil: Date, now: Date): Promise<Date | null> {
    const row = await this.db
      .updateTable('users')
      .set((eb) => ({ failed_login_count: eb('failed_login_count', '+', 1), updated_at: writeTimestamp(now) }))
      .where('id', '=', userId)
      .returning(['failed_login_count'])
      .executeTakeFirst();
    if (!row || row.failed_login_count < maxFailures) return null;
    await this.db
      .updateTable('users')
      .set({ failed_login_count: 0, login_locked_until: writeTimestamp(lockUntil) })
      .where('id', '=', userId)
      .execute();
    return lockUntil;
  }

  async clearLoginFailures(userId: number): Promise<void> {
    await this.db.updateTable('users').set({ failed_login_count: 0, login_locked_until: null }).where('id', '=', userId).execute();
  }

  /**
   * A password change: new hash, every session of the user revoked, a fresh session for the
   * browser that asked, and the notice mail — all in one transaction.
   */
  async changePassword(input: { userId: number; passwordHash: string; session: NewSession; now: Date; mail: OutgoingMail }): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await setPassword(trx, input.userId, input.passwordHash, input.now);
      await insertSession(trx, input.userId, input.session, input.now);
      await enqueueMail(trx, input.mail, input.now);
    });
  }

  /**
   * Password reset through a mailed link: consumes the link (one winner), sets the password for
   * the user the link was made for — only if that user still has the address — revokes every
   * session and lifts a sign-in lock. Returns the user, or null when the link was unusable.
   */
  async resetPassword(input: { tokenHash: string; email: string; passwordHash: string; now: Date; mailFor: (user: UserRow) => OutgoingMail }): Promise<UserRow | null> {
    const unusable = new Error('unusable reset link');
    return this.db.transaction().execute(async (trx) => {
      const token = await consumeToken(trx, 'password_reset', input.tokenHash, input.now);
      // Throwing rolls the consumption back: a link opened with the wrong address stays usable.
      if (!token || token.user_id === null || token.email !== input.email) throw unusable;
      const user = await trx.selectFrom('users').selectAll().where('id', '=', token.user_id).where('email', '=', input.email).executeTakeFirst();
      if (!user) throw unusable;
      await setPassword(trx, user.id, input.passwordHash, input.now);
      await trx.updateTable('users').set({ failed_login_count: 0, login_locked_until: null }).where('id', '=', user.id).execute();
      await enqueueMail(trx, input.mailFor(user), input.now);
      return user;
    }).catch((error: unknown) => {
      if (error === unusable) return null;
      throw error;
    });
  }
}

async function insertSession(trx: Executor, userId: number, session: NewSession, now: Date): Promise<void> {
  await trx
    .insertInto('auth_tokens')
    .values({ user_id: userId, token_hash: session.tokenHash, created_at: writeTimestamp(now), expires_at: writeTimestamp(session.expiresAt) })
    .execute();
}

/** New hash, and every existing session of the user ends (SPEC-independent rule: a changed password signs everyone out). */
async function setPassword(trx: Executor, userId: number, passwordHash: string, now: Date): Promise<void> {
  const at = writeTimestamp(now);
  await trx.updateTable('users').set({ password_hash: passwordHash, password_changed_at: at, updated_at: at }).where('id', '=', userId).execute();
  await trx.updateTable('auth_tokens').set({ revoked_at: at }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
}
