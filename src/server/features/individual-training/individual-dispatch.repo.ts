import type { Kysely, Transaction } from 'kysely';
import type { Clock } from '../../clock';
import { individualMessages } from '../../../common/messages';
import { readTimestamp, writeTimestamp } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { enqueueJob } from '../../lib/jobs/jobs.repo';
import { RANKED_STATUS, renderableTemplates } from '../campaigns/campaign-dispatch.repo';
import { enqueueRecipientMails, type RecipientMail } from '../mail/mail-outbox.repo';
import type { MailDeliveryListener } from '../mail/mail-worker';
import type { RenderableTemplate } from '../templates/template-render';
import type { IndividualRegistrationsRepository } from './individual-registrations.repo';

/** A send whose time has come, with what its mail needs. */
export interface DueSend {
  id: number;
  registrationId: number;
  email: string;
  unsubscribeToken: string;
  sequence: number;
  templateId: number;
  token: string;
  plannedAt: Date;
}

/**
 * A refusal that says the address itself does not take mail: SMTP 550/551/553 (or 5xx with an
 * enhanced status 5.1.x, bad address, or 5.2.1, mailbox disabled). A refusal of the sender or the
 * message (5.7.x policy, a blocklisting, 5.2.2 a full mailbox, 554 at the greeting) fails the one
 * send but keeps the registration: otherwise one bad day at a provider would stop everyone there.
 */
export function isAddressRefusal(reason: string): boolean {
  const code = /^(5\d\d)\b/.exec(reason)?.[1];
  if (!code) return false;
  const enhanced = /\b(5\.\d{1,3}\.\d{1,3})\b/.exec(reason)?.[1];
  if (enhanced) return /^5\.1\.\d+$/.test(enhanced) || enhanced === '5.2.1';
  return code === '550' || code === '551' || code === '553';
}

/**
 * The dispatcher's SQL for individual sends and the mail worker's delivery listener for them.
 * Sends are claimed by compare-and-set (`queued_at is null`) in the transaction that writes their
 * mails, and only while the registration is active, so an unsubscribe and a hand-over never both win.
 */
export class IndividualDispatchRepository implements MailDeliveryListener {
  constructor(
    readonly db: Kysely<Database>,
    private readonly registrations: IndividualRegistrationsRepository,
    private readonly clock: Clock,
  ) {}

  /** Up to `limit` sends due by `now`, not yet handed over, of active registrations, by planned time. */
  async dueSends(now: Date, limit: number): Promise<DueSend[]> {
    const rows = await this.db
      .selectFrom('individual_sends as s')
      .innerJoin('individual_registrations as r', 'r.id', 's.registration_id')
      .select(['s.id', 's.registration_id', 'r.email', 'r.unsubscribe_token', 's.sequence', 's.template_id', 's.token', 's.planned_at'])
      .where('s.status', '=', 'scheduled')
      .where('s.queued_at', 'is', null)
      .where('s.planned_at', '<=', writeTimestamp(now))
      .where('r.status', '=', 'active')
      .orderBy('s.planned_at')
      .orderBy('s.id')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      id: row.id, registrationId: row.registration_id, email: row.email, unsubscribeToken: row.unsubscribe_token,
      sequence: row.sequence, templateId: row.template_id, token: row.token, plannedAt: readTimestamp(row.planned_at),
    }));
  }

  /** New planned times for sends not yet handed over (overdue later mails moved back into the window). */
  async replan(times: ReadonlyMap<number, Date>): Promise<void> {
    if (times.size === 0) return;
    await this.db.transaction().execute(async (trx) => {
      for (const [id, at] of times) {
        await trx.updateTable('individual_sends').set({ planned_at: writeTimestamp(at) }).where('id', '=', id).where('status', '=', 'scheduled').where('queued_at', 'is', null).execute();
      }
    });
  }

  async templates(ids: readonly number[]): Promise<Map<number, RenderableTemplate>> {
    return renderableTemplates(this.db, ids);
  }

  /** Claims the sends and writes their mails and jobs in one transaction; answers how many were queued. */
  async handOver(mails: readonly RecipientMail[], now: Date): Promise<number> {
    if (mails.length === 0) return 0;
    return this.db.transaction().execute(async (trx) => {
      const claimed = new Set(
        (await trx
          .updateTable('individual_sends')
          .set({ queued_at: writeTimestamp(now) })
          .where('id', 'in', mails.map((mail) => mail.recipientId))
          .where('status', '=', 'scheduled')
          .where('queued_at', 'is', null)
          .where(({ exists, selectFrom }) =>
            exists(selectFrom('individual_registrations as r').select('r.id').whereRef('r.id', '=', 'individual_sends.registration_id').where('r.status', '=', 'active')),
          )
          .returning('id')
          .execute()).map((row) => row.id),
      );
      const ours = mails.filter((mail) => claimed.has(mail.recipientId));
      if (ours.length === 0) return 0;
      const outboxIds = await enqueueRecipientMails(trx, ours, now, 'individual');
      // One statement links every send to its message (CASE works on both dialects).
      await trx
        .updateTable('individual_sends')
        .set((eb) => {
          const [[firstSend, firstMail], ...rest] = [...outboxIds] as Array<[number, number]> & { 0: [number, number] };
          let chain = eb.case('id').when(firstSend).then(firstMail);
          for (const [sendId, mailId] of rest) chain = chain.when(sendId).then(mailId);
          return { outbox_id: chain.end() };
        })
        .where('id', 'in', [...outboxIds.keys()])
        .execute();
      return ours.length;
    });
  }

  /** When the next send of an active registration is due; null when none is planned. */
  async nextDue(): Promise<Date | null> {
    const row = await this.db
      .selectFrom('individual_sends as s')
      .innerJoin('individual_registrations as r', 'r.id', 's.registration_id')
      .select('s.planned_at')
      .where('s.status', '=', 'scheduled')
      .where('s.queued_at', 'is', null)
      .where('r.status', '=', 'active')
      .orderBy('s.planned_at')
      .limit(1)
      .executeTakeFirst();
    return row ? readTimestamp(row.planned_at) : null;
  }

  /**
   * Whether another pass is waiting (due by `by`): then a finishing pass queues no other, so the
   * registrations' own passes do not multiply into parallel chains. Running passes count only for
   * the start-up check (two running passes that each left the next one to the other would end the chain).
   */
  async passQueued(exceptJobId: number, by: Date | null, includeRunning = false): Promise<boolean> {
    let query = this.db.selectFrom('jobs').select('id').where('kind', '=', 'individual_training_pass').where('status', 'in', includeRunning ? ['queued', 'running'] : ['queued']).where('id', '!=', exceptJobId);
    if (by) query = query.where('run_at', '<=', writeTimestamp(by));
    return (await query.limit(1).executeTakeFirst()) !== undefined;
  }

  /** The next pass, in the transaction that finishes this one (or on its own at start-up). */
  async enqueuePass(db: Kysely<Database> | Transaction<Database>, runAt: Date, now: Date): Promise<void> {
    await enqueueJob(db, 'individual_training_pass', {}, { now, runAt });
  }

  /** Whether a claimed mail should still go out: its registration is still active. */
  async stillWanted(sendId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('individual_sends as s')
      .innerJoin('individual_registrations as r', 'r.id', 's.registration_id')
      .select('r.status')
      .where('s.id', '=', sendId)
      .executeTakeFirst();
    return row?.status === 'active';
  }

  /** A claimed mail of a registration stopped meanwhile: the send is cancelled and the message removed. */
  async withdrawn(trx: Transaction<Database>, mailId: number): Promise<void> {
    const sendId = await this.sendOf(trx, mailId);
    if (sendId === null) return;
    await trx
      .updateTable('individual_sends')
      .set({ status: 'cancelled', failure_reason: individualMessages.cancelledByUnsubscribe, queued_at: null, outbox_id: null })
      .where('id', '=', sendId)
      .where('status', '=', 'scheduled')
      .execute();
    await trx.deleteFrom('mail_outbox').where('id', '=', mailId).execute();
  }

  /** SMTP accepted the mail: the send is sent (once). The worker names the send (`targetId`) it read with the mail. */
  async delivered(trx: Transaction<Database>, mailId: number, at: Date, targetId?: number): Promise<void> {
    const sendId = targetId ?? (await this.sendOf(trx, mailId));
    if (sendId === null) return;
    await trx
      .updateTable('individual_sends')
      .set({ sent_at: writeTimestamp(at), status: RANKED_STATUS })
      .where('id', '=', sendId)
      .where('sent_at', 'is', null)
      .where('status', '=', 'scheduled')
      .execute();
  }

  /** The mail was given up: the send is failed; a permanent refusal (5xx) also stops the registration, with the reason. */
  async failed(trx: Transaction<Database>, mailId: number, reason: string): Promise<void> {
    const sendId = await this.sendOf(trx, mailId);
    if (sendId === null) return;
    const send = await trx
      .updateTable('individual_sends')
      .set({ status: 'failed', failure_reason: reason.slice(0, 500) })
      .where('id', '=', sendId)
      .where('status', '=', 'scheduled')
      .returning('registration_id')
      .executeTakeFirst();
    if (!send || !isAddressRefusal(reason)) return;
    await this.registrations.stop(send.registration_id, 'bounced', individualMessages.bounced(reason), this.clock.now(), trx);
  }

  private async sendOf(trx: Transaction<Database>, mailId: number): Promise<number | null> {
    const row = await trx.selectFrom('mail_outbox').select('individual_send_id').where('id', '=', mailId).executeTakeFirst();
    return row?.individual_send_id ?? null;
  }
}
