import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import { CONSUMER_TEMPLATE_CATEGORIES } from '../../../common/templates.schema';
import { isUniqueViolation, readTimestamp, writeTimestamp } from '../../db/dialect';
import type { Database, IndividualRegistrationStatus } from '../../db/schema';
import { enqueueJob } from '../../lib/jobs/jobs.repo';
import type { PastLure } from './individual-schedule';

/** A send to write: the registration's mail of one Tokyo month. */
export interface PlannedSend {
  registrationId: number;
  month: string;
  sequence: number;
  templateId: number;
  token: string;
  plannedAt: Date;
}

export interface NewRegistration {
  email: string;
  unsubscribeToken: string;
  termsVersion: string;
  privacyVersion: string;
  consentIpHash: string;
  now: Date;
  /** The first mail, planned now (its registrationId is filled in here). */
  firstSend: Omit<PlannedSend, 'registrationId'>;
}

/** An active registration that has no mail planned in the month being planned. */
export interface UnplannedRegistration {
  id: number;
  email: string;
  /** When its latest mail went out (or was planned to); null: it has none. */
  previousAt: Date | null;
  lastSequence: number;
}

export interface RegistrationByToken {
  email: string;
  /** The address's active registration (the token's own or a later one); null: nothing is sent to it. */
  activeId: number | null;
}

/** Rows per multi-row insert (8 columns each: well under SQLite's bound-parameter limit). */
const INSERT_ROWS = 500;
/** Stopped registrations deleted per transaction. */
const PURGE_BATCH = 500;

/**
 * The SQL of registrations (each one is its consent record) and of planning their monthly mails.
 * Not tenant-bound: individual training belongs to no tenant.
 */
export class IndividualRegistrationsRepository {
  constructor(readonly db: Kysely<Database>) {}

  async hasActive(email: string): Promise<boolean> {
    const row = await this.db.selectFrom('individual_registrations').select('id').where('email', '=', email).where('status', '=', 'active').executeTakeFirst();
    return row !== undefined;
  }

  /** Registrations of the address made since `since` (active or stopped). */
  async registrationsSince(email: string, since: Date): Promise<number> {
    const row = await this.db
      .selectFrom('individual_registrations')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('email', '=', email)
      .where('created_at', '>=', writeTimestamp(since))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /**
   * The registration, its first send and the dispatcher's pass, in one transaction. Null when the
   * address became active meanwhile (the unique index on active addresses refused the row).
   */
  async create(input: NewRegistration): Promise<{ id: number } | null> {
    try {
      return await this.db.transaction().execute(async (trx) => {
        const at = writeTimestamp(input.now);
        const row = await trx
          .insertInto('individual_registrations')
          .values({
            email: input.email, unsubscribe_token: input.unsubscribeToken, terms_version: input.termsVersion, privacy_version: input.privacyVersion,
            consented_at: at, consent_ip_hash: input.consentIpHash, created_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await insertSends(trx, [{ ...input.firstSend, registrationId: row.id }], input.now);
        await enqueueJob(trx, 'individual_training_pass', {}, { now: input.now });
        return { id: row.id };
      });
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  }

  /**
   * The address an unsubscribe token was mailed to, and its registration that is active now: the
   * token's own, or a later one if the person registered again (an old mail's link still stops the
   * address's mail). `active` is null when the address receives nothing.
   */
  async findByUnsubscribeToken(token: string): Promise<RegistrationByToken | null> {
    const row = await this.db.selectFrom('individual_registrations').select('email').where('unsubscribe_token', '=', token).executeTakeFirst();
    if (!row) return null;
    const active = await this.db.selectFrom('individual_registrations').select('id').where('email', '=', row.email).where('status', '=', 'active').executeTakeFirst();
    return { email: row.email, activeId: active?.id ?? null };
  }

  /**
   * Stops a registration at once: it is no longer active, and every mail not yet handed to the
   * outbox is cancelled. A mail already in the outbox is withdrawn by the mail worker just before
   * SMTP (stillWanted); only one a worker is already sending still goes. False when it was not active.
   */
  async stop(registrationId: number, status: Exclude<IndividualRegistrationStatus, 'active'>, reason: string, now: Date, trx?: Transaction<Database>): Promise<boolean> {
    const run = async (db: Transaction<Database>) => {
      const changed = await db
        .updateTable('individual_registrations')
        .set({ status, stopped_at: writeTimestamp(now), stop_reason: reason.slice(0, 500) })
        .where('id', '=', registrationId)
        .where('status', '=', 'active')
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) !== 1) return false;
      // What the person did (addresses, browsers) is kept only while they are registered (privacy
      // policy, 保存期間); the mails sent stay with the consent record until purgeStopped.
      await db
        .deleteFrom('individual_tracking_events')
        .where('recipient_id', 'in', (eb) => eb.selectFrom('individual_sends').select('id').where('registration_id', '=', registrationId))
        .execute();
      await db
        .updateTable('individual_sends')
        .set({ status: 'cancelled', failure_reason: reason.slice(0, 500) })
        .where('registration_id', '=', registrationId)
        .where('status', '=', 'scheduled')
        .where('queued_at', 'is', null)
        .execute();
      return true;
    };
    return trx ? run(trx) : this.db.transaction().execute(run);
  }

  /**
   * Deletes registrations stopped before `before` with everything of theirs: the consent record
   * (which is kept for the 特定電子メール法 period after the last mail) and the mails sent under it.
   * Answers how many were deleted.
   */
  async purgeStopped(before: Date): Promise<number> {
    let deleted = 0;
    for (;;) {
      const ids = (await this.db
        .selectFrom('individual_registrations')
        .select('id')
        .where('stopped_at', 'is not', null)
        .where('stopped_at', '<', writeTimestamp(before))
        .limit(PURGE_BATCH)
        .execute()).map((row) => row.id);
      if (ids.length === 0) return deleted;
      await this.db.transaction().execute(async (trx) => {
        const sends = (eb: ExpressionBuilder<Database, 'individual_tracking_events'>) => eb.selectFrom('individual_sends').select('id').where('registration_id', 'in', ids);
        await trx.deleteFrom('individual_tracking_events').where('recipient_id', 'in', sends).execute();
        await trx.deleteFrom('individual_sends').where('registration_id', 'in', ids).execute();
        await trx.deleteFrom('individual_registrations').where('id', 'in', ids).execute();
      });
      deleted += ids.length;
      if (ids.length < PURGE_BATCH) return deleted;
    }
  }

  /** The built-in consumer lures (parcel, EC, cards, carriers, 国税庁, Apple ID…) still in the library. */
  async consumerLureIds(): Promise<number[]> {
    const rows = await this.db
      .selectFrom('training_templates')
      .select('id')
      .where('tenant_id', 'is', null)
      .where('retired_at', 'is', null)
      .where('category', 'in', [...CONSUMER_TEMPLATE_CATEGORIES])
      .orderBy('id')
      .execute();
    return rows.map((row) => row.id);
  }

  /** The lures each address had since `since` (across its registrations), newest first. */
  async lureHistory(emails: readonly string[], since: Date): Promise<Map<string, PastLure[]>> {
    const history = new Map<string, PastLure[]>();
    if (emails.length === 0) return history;
    const rows = await this.db
      .selectFrom('individual_sends as s')
      .innerJoin('individual_registrations as r', 'r.id', 's.registration_id')
      .select(['r.email', 's.template_id', 's.planned_at'])
      .where('r.email', 'in', [...new Set(emails)])
      .where('s.planned_at', '>=', writeTimestamp(since))
      .where('s.status', '!=', 'cancelled')
      .orderBy('s.planned_at', 'desc')
      .orderBy('s.id', 'desc')
      .execute();
    for (const row of rows) {
      const list = history.get(row.email) ?? [];
      list.push({ templateId: row.template_id, at: readTimestamp(row.planned_at) });
      history.set(row.email, list);
    }
    return history;
  }

  /**
   * The next `limit` active registrations after `afterId` (keyset paging), less those that already
   * have a mail in `month`, with their latest mail. Two plain queries per batch: the registrations
   * by id, then their sends grouped by registration (`registration_id in (…)` on the unique
   * (registration_id, month) index). One correlated query lets PostgreSQL, which has no figures for
   * a month that has just begun, compare every registration with every send planned so far.
   * `scanned` is the last id looked at (the next batch starts after it), `registrations` may be empty.
   */
  async unplanned(month: string, afterId: number, limit: number): Promise<{ scanned: number | null; registrations: UnplannedRegistration[] }> {
    const batch = await this.db
      .selectFrom('individual_registrations')
      .select(['id', 'email'])
      .where('status', '=', 'active')
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
    if (batch.length === 0) return { scanned: null, registrations: [] };
    const sends = await this.db
      .selectFrom('individual_sends')
      .select((eb) => [
        'registration_id',
        eb.fn.max('planned_at').as('previous_at'),
        eb.fn.max('sequence').as('last_sequence'),
        eb.fn.max(eb.case().when('month', '=', month).then(1).else(0).end()).as('has_month'),
      ])
      .where('registration_id', 'in', batch.map((row) => row.id))
      .groupBy('registration_id')
      .execute();
    const byRegistration = new Map(sends.map((row) => [row.registration_id, row]));
    const registrations: UnplannedRegistration[] = [];
    for (const row of batch) {
      const past = byRegistration.get(row.id);
      if (past && Number(past.has_month) === 1) continue;
      registrations.push({
        id: row.id,
        email: row.email,
        previousAt: past?.previous_at ? readTimestamp(past.previous_at as string | Date) : null,
        lastSequence: Number(past?.last_sequence ?? 0),
      });
    }
    return { scanned: batch[batch.length - 1]!.id, registrations };
  }

  /** Writes planned sends; a month a concurrent planner already filled is left as it is. */
  async insertPlanned(sends: readonly PlannedSend[], now: Date): Promise<void> {
    if (sends.length === 0) return;
    await this.db.transaction().execute((trx) => insertSends(trx, sends, now));
  }
}

async function insertSends(trx: Transaction<Database>, sends: readonly PlannedSend[], now: Date): Promise<void> {
  const at = writeTimestamp(now);
  for (let start = 0; start < sends.length; start += INSERT_ROWS) {
    await trx
      .insertInto('individual_sends')
      .values(sends.slice(start, start + INSERT_ROWS).map((send) => ({
        registration_id: send.registrationId, month: send.month, sequence: send.sequence, template_id: send.templateId,
        token: send.token, planned_at: writeTimestamp(send.plannedAt), created_at: at,
      })))
      .onConflict((conflict) => conflict.columns(['registration_id', 'month']).doNothing())
      .execute();
  }
}
