import { type Kysely, sql } from 'kysely';
import { readTimestamp, writeTimestamp } from '../../db/dialect';
import type { Database, OperatorSessionStage } from '../../db/schema';

export interface OperatorAccount {
  id: number;
  email: string;
  passwordHash: string | null;
  /** Encrypted (lib/secret-box.ts); null until the first sign-in confirms a code. */
  totpSecret: string | null;
  totpLastStep: number | null;
}

export interface OperatorSession {
  id: number;
  operatorId: number;
  stage: OperatorSessionStage;
  pendingTotpSecret: string | null;
  failedCodes: number;
  expiresAt: Date;
}

/** The only SQL of the operator realm's accounts: operators, their setup links and sessions. */
export class OperatorsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Creates the operator, or for an existing address starts over: no password, no TOTP, every
   * session and earlier link ended. Then one new setup link. One transaction.
   */
  async createOrReset(email: string, link: { tokenHash: string; expiresAt: Date }, now: Date): Promise<{ created: boolean }> {
    const at = writeTimestamp(now);
    return this.db.transaction().execute(async (trx) => {
      const existing = await trx.selectFrom('operators').select('id').where('email', '=', email).executeTakeFirst();
      let operatorId: number;
      if (existing) {
        operatorId = existing.id;
        await trx
          .updateTable('operators')
          .set({ password_hash: null, totp_secret: null, totp_enabled_at: null, totp_last_step: null, updated_at: at })
          .where('id', '=', operatorId)
          .execute();
        await trx.updateTable('operator_sessions').set({ revoked_at: at }).where('operator_id', '=', operatorId).where('revoked_at', 'is', null).execute();
        await trx.updateTable('operator_setup_tokens').set({ used_at: at }).where('operator_id', '=', operatorId).where('used_at', 'is', null).execute();
      } else {
        const row = await trx.insertInto('operators').values({ email, created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow();
        operatorId = row.id;
      }
      await trx
        .insertInto('operator_setup_tokens')
        .values({ operator_id: operatorId, token_hash: link.tokenHash, created_at: at, expires_at: writeTimestamp(link.expiresAt) })
        .execute();
      return { created: !existing };
    });
  }

  /**
   * Uses a setup link once: sets the password of its operator and ends the link, in one
   * transaction. The address, or null when the link is unknown, used or expired.
   */
  async setPasswordWithLink(tokenHash: string, passwordHash: string, now: Date): Promise<string | null> {
    const at = writeTimestamp(now);
    return this.db.transaction().execute(async (trx) => {
      const link = await trx
        .updateTable('operator_setup_tokens')
        .set({ used_at: at })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', at)
        .returning('operator_id')
        .executeTakeFirst();
      if (!link) return null;
      const operator = await trx
        .updateTable('operators')
        .set({ password_hash: passwordHash, updated_at: at })
        .where('id', '=', link.operator_id)
        .returning('email')
        .executeTakeFirstOrThrow();
      await trx.updateTable('operator_sessions').set({ revoked_at: at }).where('operator_id', '=', link.operator_id).where('revoked_at', 'is', null).execute();
      return operator.email;
    });
  }

  async findByEmail(email: string): Promise<OperatorAccount | null> {
    const row = await this.db.selectFrom('operators').selectAll().where('email', '=', email).executeTakeFirst();
    return row ? toAccount(row) : null;
  }

  async findById(id: number): Promise<OperatorAccount | null> {
    const row = await this.db.selectFrom('operators').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toAccount(row) : null;
  }

  async createSession(session: { operatorId: number; tokenHash: string; stage: OperatorSessionStage; pendingTotpSecret: string | null; expiresAt: Date }, now: Date): Promise<void> {
    await this.db
      .insertInto('operator_sessions')
      .values({
        operator_id: session.operatorId,
        token_hash: session.tokenHash,
        stage: session.stage,
        pending_totp_secret: session.pendingTotpSecret,
        created_at: writeTimestamp(now),
        expires_at: writeTimestamp(session.expiresAt),
      })
      .execute();
  }

  /** An unrevoked, unexpired session of the given stage. */
  async findSession(tokenHash: string, stage: OperatorSessionStage, now: Date): Promise<OperatorSession | null> {
    const row = await this.db
      .selectFrom('operator_sessions')
      .select(['id', 'operator_id', 'stage', 'pending_totp_secret', 'failed_codes', 'expires_at'])
      .where('token_hash', '=', tokenHash)
      .where('stage', '=', stage)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', writeTimestamp(now))
      .executeTakeFirst();
    if (!row) return null;
    return {
      id: row.id, operatorId: row.operator_id, stage: row.stage, pendingTotpSecret: row.pending_totp_secret,
      failedCodes: row.failed_codes, expiresAt: readTimestamp(row.expires_at),
    };
  }

  /** Counts a wrong code against a challenge; at `maxFailures` the challenge ends. Answers the count. */
  async recordWrongCode(sessionId: number, maxFailures: number, now: Date): Promise<number> {
    const row = await this.db
      .updateTable('operator_sessions')
      .set((eb) => ({
        failed_codes: eb('failed_codes', '+', 1),
        revoked_at: sql<string | null>`case when failed_codes + 1 >= ${maxFailures} then ${writeTimestamp(now)} else revoked_at end`,
      }))
      .where('id', '=', sessionId)
      .returning('failed_codes')
      .executeTakeFirst();
    return row?.failed_codes ?? maxFailures;
  }

  /**
   * A right code completes the challenge, once: the step is taken only if it is later than the
   * last one accepted (compare-and-set, so the same code cannot be used twice, even at once); the
   * first time, the secret being set up becomes the operator's; the challenge ends and an active
   * session begins. False when the step was already used or the challenge already ended.
   */
  async completeChallenge(input: {
    challengeId: number; operatorId: number; step: number; enableSecret: string | null;
    session: { tokenHash: string; expiresAt: Date }; now: Date;
  }): Promise<boolean> {
    const at = writeTimestamp(input.now);
    const refused = new Error('code already used');
    return this.db.transaction().execute(async (trx) => {
      const ended = await trx
        .updateTable('operator_sessions')
        .set({ revoked_at: at })
        .where('id', '=', input.challengeId)
        .where('stage', '=', 'totp_pending')
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (Number(ended.numUpdatedRows) !== 1) return false;
      const updated = await trx
        .updateTable('operators')
        .set({
          totp_last_step: input.step,
          updated_at: at,
          ...(input.enableSecret ? { totp_secret: input.enableSecret, totp_enabled_at: at } : {}),
        })
        .where('id', '=', input.operatorId)
        .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', input.step)]))
        // Setting up: only while no secret is set (two first sign-ins cannot both enrol).
        .$if(input.enableSecret !== null, (query) => query.where('totp_secret', 'is', null))
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw refused;
      await trx
        .insertInto('operator_sessions')
        .values({ operator_id: input.operatorId, token_hash: input.session.tokenHash, stage: 'active', created_at: at, expires_at: writeTimestamp(input.session.expiresAt) })
        .execute();
      return true;
    }).catch((error: unknown) => {
      if (error === refused) return false;
      throw error;
    });
  }

  async revokeSession(sessionId: number, now: Date): Promise<void> {
    await this.db.updateTable('operator_sessions').set({ revoked_at: writeTimestamp(now) }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
  }
}

function toAccount(row: { id: number; email: string; password_hash: string | null; totp_secret: string | null; totp_last_step: number | null }): OperatorAccount {
  return {
    id: row.id, email: row.email, passwordHash: row.password_hash, totpSecret: row.totp_secret,
    totpLastStep: row.totp_last_step === null ? null : Number(row.totp_last_step),
  };
}
