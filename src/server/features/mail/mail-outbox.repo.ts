import type { Kysely, Transaction } from 'kysely';
import { dialectOf, writeTimestamp } from '../../db/dialect';
import type { Database, MailOutboxRow } from '../../db/schema';
import { type MailEnvelope, type OutgoingMail, toEnvelope } from './mail-message';

/** A message a worker holds: only the holder of `token` may record its outcome. */
export interface ClaimedMail {
  id: number;
  token: string;
  /** Claims so far, this one included. */
  attempts: number;
  envelope: MailEnvelope;
}

/**
 * Writes a mail to the outbox inside the caller's transaction, so the mail exists if and only if
 * the change that causes it is committed. Refuses a mail with line breaks in its headers.
 * After the commit, the service calls `Mailer.kick()` (`app.mail.kick()`) to send it at once.
 */
export async function enqueueMail(trx: Kysely<Database> | Transaction<Database>, mail: OutgoingMail, now: Date = new Date()): Promise<number> {
  const envelope = toEnvelope(mail);
  const row = await trx
    .insertInto('mail_outbox')
    .values({
      to_address: envelope.to,
      subject: envelope.subject,
      text_body: envelope.text,
      html_body: envelope.html,
      headers: JSON.stringify(envelope.headers),
      from_name: envelope.from?.name ?? null,
      from_address: envelope.from?.address ?? null,
      status: 'pending',
      attempts: 0,
      next_attempt_at: writeTimestamp(now),
      created_at: writeTimestamp(now),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The only SQL of the mail outbox besides `enqueueMail`. */
export class MailOutboxRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A mail with no causing change, in its own transaction. */
  async enqueue(mail: OutgoingMail, now: Date): Promise<number> {
    return this.db.transaction().execute((trx) => enqueueMail(trx, mail, now));
  }

  /**
   * Claims the next due message: a pending one whose time has come, or one left `sending` by a
   * process that died (claimed before `staleBefore`). PostgreSQL: `FOR UPDATE SKIP LOCKED` in a
   * transaction, so workers on several machines take different rows without waiting. SQLite: a
   * compare-and-set on `attempts` (one writer at a time anyway).
   */
  async claimNext(now: Date, staleBefore: Date, token: string): Promise<ClaimedMail | null> {
    const nowText = writeTimestamp(now);
    const staleText = writeTimestamp(staleBefore);
    if (dialectOf(this.db as Kysely<unknown>) === 'postgres') {
      return this.db.transaction().execute(async (trx) => {
        const candidate = await this.dueQuery(trx, nowText, staleText).forUpdate().skipLocked().executeTakeFirst();
        if (!candidate) return null;
        const row = await trx
          .updateTable('mail_outbox')
          .set({ status: 'sending', attempts: candidate.attempts + 1, claimed_at: nowText, claim_token: token })
          .where('id', '=', candidate.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        return toClaimed(row, token);
      });
    }
    for (;;) {
      const candidate = await this.dueQuery(this.db, nowText, staleText).executeTakeFirst();
      if (!candidate) return null;
      const row = await this.db
        .updateTable('mail_outbox')
        .set({ status: 'sending', attempts: candidate.attempts + 1, claimed_at: nowText, claim_token: token })
        .where('id', '=', candidate.id)
        .where('attempts', '=', candidate.attempts)
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', nowText)]),
            eb.and([eb('status', '=', 'sending'), eb('claimed_at', '<', staleText)]),
          ]),
        )
        .returningAll()
        .executeTakeFirst();
      if (row) return toClaimed(row, token);
      // Someone else claimed it between our read and our write: look again.
    }
  }

  private dueQuery(db: Kysely<Database> | Transaction<Database>, nowText: string, staleText: string) {
    return db
      .selectFrom('mail_outbox')
      .select(['id', 'attempts'])
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', nowText)]),
          eb.and([eb('status', '=', 'sending'), eb('claimed_at', '<', staleText)]),
        ]),
      )
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(1);
  }

  /** False when the claim is no longer ours (it went stale and another worker took it). */
  async markSent(mail: ClaimedMail, now: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('mail_outbox')
      .set({ status: 'sent', sent_at: writeTimestamp(now), claimed_at: null, claim_token: null, last_error: null })
      .where('id', '=', mail.id)
      .where('claim_token', '=', mail.token)
      .where('status', '=', 'sending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async scheduleRetry(mail: ClaimedMail, nextAttemptAt: Date, reason: string): Promise<boolean> {
    const result = await this.db
      .updateTable('mail_outbox')
      .set({ status: 'pending', next_attempt_at: writeTimestamp(nextAttemptAt), claimed_at: null, claim_token: null, last_error: reason })
      .where('id', '=', mail.id)
      .where('claim_token', '=', mail.token)
      .where('status', '=', 'sending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async markFailed(mail: ClaimedMail, reason: string): Promise<boolean> {
    const result = await this.db
      .updateTable('mail_outbox')
      .set({ status: 'failed', claimed_at: null, claim_token: null, last_error: reason })
      .where('id', '=', mail.id)
      .where('claim_token', '=', mail.token)
      .where('status', '=', 'sending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async findById(id: number): Promise<MailOutboxRow | undefined> {
    return this.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst();
  }
}

function toClaimed(row: MailOutboxRow, token: string): ClaimedMail {
  return {
    id: row.id,
    token,
    attempts: row.attempts,
    envelope: {
      to: row.to_address, subject: row.subject, text: row.text_body, html: row.html_body, headers: parseHeaders(row.headers),
      ...(row.from_address !== null ? { from: { name: row.from_name ?? '', address: row.from_address } } : {}),
    },
  };
}

function parseHeaders(text: string): Record<string, string> {
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      return Object.fromEntries(Object.entries(value).map(([name, header]) => [name, String(header)]));
    }
  } catch {
    // Treated as no extra headers.
  }
  return {};
}
