import type { Kysely, Transaction } from 'kysely';
import { readTimestamp, writeTimestamp } from '../../db/dialect';
import type { Database, MailOutboxRow, MailOutboxTable } from '../../db/schema';
import { JOB_MAX_ATTEMPTS } from '../../lib/jobs/job-kinds';
import { enqueueJob } from '../../lib/jobs/jobs.repo';
import { type MailEnvelope, type OutgoingMail, toEnvelope } from './mail-message';

/**
 * Where a message stands, from its `send_mail` job: `pending` (waiting, or due for a retry),
 * `sending` (claimed by a worker), `sent`, `failed` (given up, see `last_error`).
 */
export type MailStatus = 'pending' | 'sending' | 'sent' | 'failed';

/** A stored message with its delivery state. */
export interface MailDelivery {
  id: number;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  headers: string;
  created_at: Date;
  sent_at: Date | null;
  job_id: number | null;
  status: MailStatus;
  /** Delivery tries so far. */
  attempts: number;
  next_attempt_at: Date | null;
  claimed_by: string | null;
  last_error: string | null;
}

const STATUS_OF_JOB = { queued: 'pending', running: 'sending', done: 'sent', failed: 'failed' } as const;

/**
 * Writes a mail to the outbox, and its `send_mail` job, inside the caller's transaction, so the
 * mail exists if and only if the change that causes it is committed. Refuses a mail with line
 * breaks in its headers. After the commit, the service calls `Mailer.kick()` (`app.mail.kick()`)
 * to send it at once.
 */
export async function enqueueMail(trx: Kysely<Database> | Transaction<Database>, mail: OutgoingMail, now: Date = new Date()): Promise<number> {
  if (!trx.isTransaction) return trx.transaction().execute((inner) => enqueueMail(inner, mail, now));
  const row = await trx.insertInto('mail_outbox').values(outboxRow(toEnvelope(mail), writeTimestamp(now))).returning('id').executeTakeFirstOrThrow();
  const jobId = await enqueueJob(trx, 'send_mail', { mailId: row.id }, { now });
  await trx.updateTable('mail_outbox').set({ job_id: jobId }).where('id', '=', row.id).execute();
  return row.id;
}

/** A training mail for one campaign recipient or one individual send (`recipientId` is that row's id). */
export interface RecipientMail {
  recipientId: number;
  mail: OutgoingMail;
}

/** Who a training mail is for: a campaign recipient or an individual training send; its delivery moves that row. */
export type MailTargetKind = 'campaign' | 'individual';
export interface MailTarget {
  kind: MailTargetKind;
  id: number;
}

/** The outbox column that names each kind of target. */
const TARGET_COLUMN = { campaign: 'campaign_recipient_id', individual: 'individual_send_id' } as const satisfies Record<MailTargetKind, keyof MailOutboxTable>;

/**
 * Writes many mails and their `send_mail` jobs in the caller's transaction with a few multi-row
 * statements (the dispatchers hand hundreds at a time), and answers each recipient's message id.
 * Each message remembers its target (`kind`), so its delivery can move that row.
 */
export async function enqueueRecipientMails(trx: Transaction<Database>, mails: readonly RecipientMail[], now: Date, kind: MailTargetKind = 'campaign'): Promise<Map<number, number>> {
  const column = TARGET_COLUMN[kind];
  const at = writeTimestamp(now);
  const outboxIds = new Map<number, number>();
  for (let start = 0; start < mails.length; start += ENQUEUE_ROWS) {
    const slice = mails.slice(start, start + ENQUEUE_ROWS);
    const rows = await trx
      .insertInto('mail_outbox')
      .values(slice.map(({ mail, recipientId }) => ({ ...outboxRow(toEnvelope(mail), at), [column]: recipientId })))
      .returning(['id', column])
      .execute();
    const jobs = await trx
      .insertInto('jobs')
      .values(rows.map((row) => ({
        kind: 'send_mail', payload: JSON.stringify({ mailId: row.id }), status: 'queued' as const, run_at: at,
        attempts: 0, max_attempts: JOB_MAX_ATTEMPTS.send_mail, created_at: at, updated_at: at,
      })))
      .returning(['id', 'payload'])
      .execute();
    const jobOfMail = new Map(jobs.map((job) => [(JSON.parse(job.payload) as { mailId: number }).mailId, job.id]));
    // One statement links every message to its job (CASE works on both dialects).
    await trx
      .updateTable('mail_outbox')
      .set((eb) => {
        const [[firstMail, firstJob], ...rest] = [...jobOfMail] as Array<[number, number]> & { 0: [number, number] };
        let chain = eb.case('id').when(firstMail).then(firstJob);
        for (const [mailId, jobId] of rest) chain = chain.when(mailId).then(jobId);
        return { job_id: chain.end() };
      })
      .where('id', 'in', [...jobOfMail.keys()])
      .execute();
    for (const row of rows) outboxIds.set(Number((row as Record<string, unknown>)[column]), row.id);
  }
  return outboxIds;
}

/** The stored form of a checked message (no target: a service mail). */
function outboxRow(envelope: MailEnvelope, createdAt: string) {
  return {
    to_address: envelope.to,
    subject: envelope.subject,
    text_body: envelope.text,
    html_body: envelope.html,
    headers: JSON.stringify(envelope.headers),
    from_name: envelope.from?.name ?? null,
    from_address: envelope.from?.address ?? null,
    created_at: createdAt,
  };
}

/** Rows per multi-row insert (10 columns each: well under SQLite's bound-parameter limit). */
const ENQUEUE_ROWS = 200;

/** The only SQL of the mail outbox besides `enqueueMail`; claims and retries are the jobs table's. */
export class MailOutboxRepository {
  constructor(readonly db: Kysely<Database>) {}

  /** A mail with no causing change, in its own transaction. */
  async enqueue(mail: OutgoingMail, now: Date): Promise<number> {
    return this.db.transaction().execute((trx) => enqueueMail(trx, mail, now));
  }

  /**
   * The message a job sends; undefined when it is gone (an outbox cleared by hand). The job must
   * be the row's own: SQLite may give a deleted row's id to a new one.
   */
  async findEnvelope(id: number, jobId: number): Promise<(MailEnvelope & { target: MailTarget | null }) | undefined> {
    const row = await this.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).where('job_id', '=', jobId).executeTakeFirst();
    return row ? { ...envelopeOf(row), target: targetOf(row) } : undefined;
  }

  /** Records the delivery, in the transaction that completes its job. */
  async markSent(trx: Transaction<Database>, id: number, now: Date): Promise<void> {
    await trx.updateTable('mail_outbox').set({ sent_at: writeTimestamp(now) }).where('id', '=', id).execute();
  }

  async findById(id: number): Promise<MailDelivery | undefined> {
    const row = await this.db
      .selectFrom('mail_outbox')
      .leftJoin('jobs', 'jobs.id', 'mail_outbox.job_id')
      .selectAll('mail_outbox')
      .select(['jobs.status as job_status', 'jobs.attempts', 'jobs.run_at', 'jobs.claimed_by', 'jobs.last_error'])
      .where('mail_outbox.id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      id: row.id,
      to_address: row.to_address,
      subject: row.subject,
      text_body: row.text_body,
      html_body: row.html_body,
      headers: row.headers,
      created_at: readTimestamp(row.created_at),
      sent_at: row.sent_at === null ? null : readTimestamp(row.sent_at),
      job_id: row.job_id,
      status: row.job_status ? STATUS_OF_JOB[row.job_status] : 'pending',
      attempts: row.attempts ?? 0,
      next_attempt_at: row.run_at === null ? null : readTimestamp(row.run_at),
      claimed_by: row.claimed_by,
      last_error: row.last_error,
    };
  }
}

function targetOf(row: MailOutboxRow): MailTarget | null {
  if (row.campaign_recipient_id !== null) return { kind: 'campaign', id: row.campaign_recipient_id };
  if (row.individual_send_id !== null) return { kind: 'individual', id: row.individual_send_id };
  return null;
}

function envelopeOf(row: MailOutboxRow): MailEnvelope {
  return {
    to: row.to_address, subject: row.subject, text: row.text_body, html: row.html_body, headers: parseHeaders(row.headers),
    ...(row.from_address !== null ? { from: { name: row.from_name ?? '', address: row.from_address } } : {}),
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
