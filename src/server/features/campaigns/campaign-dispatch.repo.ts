import { type Kysely, sql, type Transaction } from 'kysely';
import type { CampaignStatus } from '../../../common/campaign-status';
import { dialectOf, readTimestamp, writeTimestamp } from '../../db/dialect';
import type { Database, RecipientStatusValue } from '../../db/schema';
import { campaignMessages } from '../../../common/messages';
import { enqueueJob } from '../../lib/jobs/jobs.repo';
import { tokyoMonth } from '../../lib/time-format';
import { enqueueRecipientMails, type RecipientMail } from '../mail/mail-outbox.repo';
import type { MailDeliveryListener } from '../mail/mail-worker';
import type { RenderableTemplate } from '../templates/template-render';
import type { CampaignSchedule } from './campaigns.repo';

/** A campaign as the dispatcher sees it (not bound to a tenant: the worker serves them all). */
export interface DispatchCampaign {
  id: number;
  tenantId: number;
  status: CampaignStatus;
  plan: string;
  companyName: string;
  schedule: CampaignSchedule;
}

export interface DueRecipient {
  id: number;
  name: string;
  email: string;
  department: string | null;
  templateId: number;
  token: string;
}

/** What handing a batch to the outbox did. */
export interface HandOverResult {
  queued: number;
  /** Left unsent because the free allowance of the month was used up (they become `failed`). */
  overAllowance: number;
  /** The campaign was no longer scheduled or running (a pause came first): nothing was written. */
  stopped: boolean;
}

/** The status a recipient's first timestamps rank to (submitted > clicked > opened > sent). */
export const RANKED_STATUS = sql<RecipientStatusValue>`case
  when submitted_at is not null then 'submitted'
  when clicked_at is not null then 'clicked'
  when opened_at is not null then 'opened'
  else 'sent' end`;

/**
 * The dispatcher's SQL and the mail worker's delivery listener. Recipients are claimed by
 * compare-and-set (`queued_at is null`), in the same transaction that writes their mails and jobs,
 * so any number of dispatchers on PostgreSQL never hand a recipient over twice, and a crash leaves
 * either both or neither.
 */
export class CampaignDispatchRepository implements MailDeliveryListener {
  constructor(readonly db: Kysely<Database>) {}

  async campaign(id: number): Promise<DispatchCampaign | null> {
    const row = await this.db
      .selectFrom('campaigns')
      .innerJoin('tenants', 'tenants.id', 'campaigns.tenant_id')
      .select([
        'campaigns.id', 'campaigns.tenant_id', 'campaigns.status', 'tenants.plan', 'tenants.company_name', 'campaigns.start_at', 'campaigns.end_at',
        'campaigns.business_hours_only', 'campaigns.weekdays_only', 'campaigns.skip_holidays', 'campaigns.randomize',
      ])
      .where('campaigns.id', '=', id)
      .executeTakeFirst();
    if (!row) return null;
    return {
      id: row.id,
      tenantId: row.tenant_id,
      status: row.status as CampaignStatus,
      plan: row.plan,
      companyName: row.company_name,
      schedule: {
        startAt: row.start_at === null ? null : readTimestamp(row.start_at),
        endAt: row.end_at === null ? null : readTimestamp(row.end_at),
        businessHoursOnly: Number(row.business_hours_only) === 1,
        weekdaysOnly: Number(row.weekdays_only) === 1,
        skipHolidays: Number(row.skip_holidays) === 1,
        randomize: Number(row.randomize) === 1,
      },
    };
  }

  /** Up to `limit` recipients due by `now` and not yet handed over, by planned time. */
  async dueRecipients(campaignId: number, now: Date, limit: number): Promise<DueRecipient[]> {
    const rows = await this.db
      .selectFrom('campaign_recipients')
      .select(['id', 'name', 'email', 'department', 'template_id', 'token'])
      .where('campaign_id', '=', campaignId)
      .where('status', '=', 'scheduled')
      .where('queued_at', 'is', null)
      .where('planned_at', '<=', writeTimestamp(now))
      .orderBy('planned_at')
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ id: row.id, name: row.name, email: row.email, department: row.department, templateId: row.template_id, token: row.token }));
  }

  async templates(ids: readonly number[]): Promise<Map<number, RenderableTemplate>> {
    return renderableTemplates(this.db, ids);
  }

  /**
   * Hands rendered mails to the outbox in one transaction: the campaign row is locked first (a
   * pause or an early end waits for this batch, or this batch sees it and writes nothing), the
   * recipients are claimed by compare-and-set, the free allowance is taken for as many as it
   * covers (`monthlyLimit` null: no cap), and the rest are `failed` with `overAllowanceReason`.
   */
  async handOver(campaign: DispatchCampaign, mails: readonly RecipientMail[], input: { now: Date; monthlyLimit: number | null; overAllowanceReason: string }): Promise<HandOverResult> {
    const { now } = input;
    return this.db.transaction().execute(async (trx) => {
      const status = await lockedStatus(trx, campaign.id);
      if (status !== 'scheduled' && status !== 'running') return { queued: 0, overAllowance: 0, stopped: true };
      const at = writeTimestamp(now);
      const claimed = new Set(
        (await trx
          .updateTable('campaign_recipients')
          .set({ queued_at: at })
          .where('id', 'in', mails.map((mail) => mail.recipientId))
          .where('status', '=', 'scheduled')
          .where('queued_at', 'is', null)
          .returning('id')
          .execute()).map((row) => row.id),
      );
      const ours = mails.filter((mail) => claimed.has(mail.recipientId));
      const granted = input.monthlyLimit === null ? ours.length : await reserveAllowance(trx, campaign.tenantId, tokyoMonth(now), ours.length, input.monthlyLimit);
      const sending = ours.slice(0, granted);
      const refused = ours.slice(granted);
      if (sending.length > 0) {
        await enqueueRecipientMails(trx, sending, now);
        await trx
          .updateTable('campaign_recipients')
          .set((eb) => ({
            outbox_id: eb
              .selectFrom('mail_outbox')
              .select((inner) => inner.fn.max('mail_outbox.id').as('id'))
              .whereRef('mail_outbox.campaign_recipient_id', '=', 'campaign_recipients.id'),
          }))
          .where('id', 'in', sending.map((mail) => mail.recipientId))
          .execute();
      }
      if (refused.length > 0) {
        await trx
          .updateTable('campaign_recipients')
          .set({ status: 'failed', failure_reason: input.overAllowanceReason })
          .where('id', 'in', refused.map((mail) => mail.recipientId))
          .execute();
      }
      return { queued: sending.length, overAllowance: refused.length, stopped: false };
    });
  }

  /** When the next unsent recipient is due; null when every recipient was handed over. */
  async nextDue(campaignId: number): Promise<Date | null> {
    const row = await this.db
      .selectFrom('campaign_recipients')
      .select('planned_at')
      .where('campaign_id', '=', campaignId)
      .where('status', '=', 'scheduled')
      .where('queued_at', 'is', null)
      .orderBy('planned_at')
      .limit(1)
      .executeTakeFirst();
    return row ? readTimestamp(row.planned_at) : null;
  }

  /** Recipients handed to the outbox whose mail SMTP has not accepted (or refused) yet. */
  async inFlight(campaignId: number): Promise<number> {
    const row = await this.db
      .selectFrom('campaign_recipients')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('campaign_id', '=', campaignId)
      .where('status', '=', 'scheduled')
      .where('queued_at', 'is not', null)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async lastSentAt(campaignId: number): Promise<Date | null> {
    const row = await this.db.selectFrom('campaign_recipients').select((eb) => eb.fn.max('sent_at').as('last')).where('campaign_id', '=', campaignId).executeTakeFirst();
    return row?.last ? readTimestamp(row.last as string | Date) : null;
  }

  /** A system move of the transition table (scheduled → running, running → completed), compare-and-set. */
  async moveStatus(campaignId: number, from: CampaignStatus, to: CampaignStatus, now: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('campaigns')
      .set({ status: to, updated_at: writeTimestamp(now), ...(to === 'completed' ? { completed_at: writeTimestamp(now) } : {}) })
      .where('id', '=', campaignId)
      .where('status', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** The dispatcher's next pass, in the transaction that finishes this one. */
  async enqueueNextPass(trx: Transaction<Database>, campaignId: number, runAt: Date, now: Date): Promise<void> {
    await enqueueJob(trx, 'dispatch_campaign', { campaignId }, { now, runAt });
  }

  /** Whether a claimed training mail should still go out: its campaign is still scheduled or running. */
  async stillWanted(recipientId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('campaign_recipients')
      .innerJoin('campaigns', 'campaigns.id', 'campaign_recipients.campaign_id')
      .select('campaigns.status')
      .where('campaign_recipients.id', '=', recipientId)
      .executeTakeFirst();
    return row !== undefined && (row.status === 'scheduled' || row.status === 'running');
  }

  /**
   * A mail a worker had claimed when its campaign was paused or ended: the recipient is unqueued
   * (a resume hands it over again) or, for an ended campaign, cancelled; its allowance returns.
   */
  async withdrawn(trx: Transaction<Database>, mailId: number): Promise<void> {
    const recipient = await trx
      .selectFrom('mail_outbox')
      .innerJoin('campaign_recipients', 'campaign_recipients.id', 'mail_outbox.campaign_recipient_id')
      .innerJoin('campaigns', 'campaigns.id', 'campaign_recipients.campaign_id')
      .select(['campaign_recipients.id', 'campaign_recipients.tenant_id', 'campaign_recipients.queued_at', 'campaigns.status as campaign_status'])
      .where('mail_outbox.id', '=', mailId)
      .where('campaign_recipients.status', '=', 'scheduled')
      .executeTakeFirst();
    if (!recipient?.queued_at) return;
    const ended = recipient.campaign_status === 'completed';
    await trx
      .updateTable('campaign_recipients')
      .set(ended ? { status: 'cancelled', failure_reason: campaignMessages.cancelledByCompletion, queued_at: null, outbox_id: null } : { queued_at: null, outbox_id: null })
      .where('id', '=', recipient.id)
      .execute();
    await trx.deleteFrom('mail_outbox').where('id', '=', mailId).execute();
    await releaseAllowance(trx, recipient.tenant_id, readTimestamp(recipient.queued_at));
  }

  /** SMTP accepted a training mail: its recipient is sent (once), and the counters move. */
  async delivered(trx: Transaction<Database>, mailId: number, at: Date): Promise<void> {
    const recipient = await trx
      .updateTable('campaign_recipients')
      .set({ sent_at: writeTimestamp(at), status: RANKED_STATUS })
      .where('id', '=', (eb) => eb.selectFrom('mail_outbox').select('campaign_recipient_id').where('mail_outbox.id', '=', mailId))
      .where('sent_at', 'is', null)
      .where('status', '=', 'scheduled')
      .returning(['tenant_id', 'campaign_id'])
      .executeTakeFirst();
    if (!recipient) return;
    await trx.updateTable('campaigns').set((eb) => ({ emails_sent: eb('emails_sent', '+', 1) })).where('id', '=', recipient.campaign_id).execute();
    await bumpMonthlyUsage(trx, recipient.tenant_id, tokyoMonth(at), 'emails_sent');
  }

  /** A training mail was given up (SMTP 5xx, or 4xx until the attempts ran out): the recipient is failed with the reason, and its allowance returns. */
  async failed(trx: Transaction<Database>, mailId: number, reason: string): Promise<void> {
    const recipient = await trx
      .updateTable('campaign_recipients')
      .set({ status: 'failed', failure_reason: reason.slice(0, 500) })
      .where('id', '=', (eb) => eb.selectFrom('mail_outbox').select('campaign_recipient_id').where('mail_outbox.id', '=', mailId))
      .where('status', '=', 'scheduled')
      .returning(['tenant_id', 'queued_at'])
      .executeTakeFirst();
    if (!recipient?.queued_at) return;
    await releaseAllowance(trx, recipient.tenant_id, readTimestamp(recipient.queued_at));
  }
}

/** The lures a batch of training mail is rendered from, by id (one query; campaigns and individual training). */
export async function renderableTemplates(db: Kysely<Database>, ids: readonly number[]): Promise<Map<number, RenderableTemplate>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('training_templates')
    .select(['id', 'sender_name', 'sender_local_part', 'subject', 'html_body', 'text_body'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** The campaign's status with its row locked for this transaction (PostgreSQL; SQLite has one writer). */
async function lockedStatus(trx: Transaction<Database>, campaignId: number): Promise<string | undefined> {
  let query = trx.selectFrom('campaigns').select('status').where('id', '=', campaignId);
  if (dialectOf(trx as unknown as Kysely<unknown>) === 'postgres') query = query.forUpdate();
  return (await query.executeTakeFirst())?.status;
}

/** Hands back one mail of the allowance taken when the recipient was queued. */
async function releaseAllowance(trx: Transaction<Database>, tenantId: number, queuedAt: Date): Promise<void> {
  await trx
    .updateTable('tenant_monthly_usage')
    .set((eb) => ({ mails_reserved: eb('mails_reserved', '-', 1) }))
    .where('tenant_id', '=', tenantId)
    .where('month', '=', tokyoMonth(queuedAt))
    .where('mails_reserved', '>', 0)
    .execute();
}

/** Adds one to a monthly counter (the row is made on first use). */
export async function bumpMonthlyUsage(
  trx: Kysely<Database>,
  tenantId: number,
  month: string,
  column: 'emails_sent' | 'emails_opened' | 'emails_clicked',
): Promise<void> {
  await trx
    .insertInto('tenant_monthly_usage')
    .values({ tenant_id: tenantId, month, [column]: 1 })
    .onConflict((conflict) => conflict.columns(['tenant_id', 'month']).doUpdateSet((eb) => ({ [column]: eb(`tenant_monthly_usage.${column}`, '+', 1) })))
    .execute();
}

/**
 * Takes up to `wanted` mails of the month's allowance, atomically: the conditional update only
 * succeeds while the total stays within `limit` (on PostgreSQL a concurrent update waits for the
 * row and re-checks). Answers how many were granted.
 */
async function reserveAllowance(trx: Transaction<Database>, tenantId: number, month: string, wanted: number, limit: number): Promise<number> {
  if (wanted === 0) return 0;
  await trx.insertInto('tenant_monthly_usage').values({ tenant_id: tenantId, month }).onConflict((conflict) => conflict.columns(['tenant_id', 'month']).doNothing()).execute();
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const current = await trx.selectFrom('tenant_monthly_usage').select('mails_reserved').where('tenant_id', '=', tenantId).where('month', '=', month).executeTakeFirstOrThrow();
    const grant = Math.min(wanted, Math.max(0, limit - Number(current.mails_reserved)));
    if (grant === 0) return 0;
    const result = await trx
      .updateTable('tenant_monthly_usage')
      .set((eb) => ({ mails_reserved: eb('mails_reserved', '+', grant) }))
      .where('tenant_id', '=', tenantId)
      .where('month', '=', month)
      .where(sql<boolean>`mails_reserved + ${grant} <= ${limit}`)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) return grant;
  }
  return 0;
}
