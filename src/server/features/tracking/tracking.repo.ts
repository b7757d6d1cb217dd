import type { Kysely, Transaction } from 'kysely';
import type { RedFlag } from '../../../common/templates.schema';
import { readTimestamp, writeTimestamp } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { tokyoMonth } from '../../lib/time-format';
import { bumpMonthlyUsage, RANKED_STATUS } from '../campaigns/campaign-dispatch.repo';
import type { RenderableTemplate } from '../templates/template-render';
import type { NotCountedDetail, NotCountedReason, TrackingKind } from './scanner-filter';

/** Whose mail a token belongs to: a campaign recipient, or an individual training send. */
export type TrackingAudience = 'campaign' | 'individual';

/** A recipient as a tracking request finds it by token. */
export interface TrackedRecipient {
  audience: TrackingAudience;
  id: number;
  /** The campaign's tenant and campaign; null for an individual send. */
  tenantId: number | null;
  campaignId: number | null;
  /** An individual send whose registration was stopped: nothing more is recorded about the person. */
  stopped: boolean;
  sentAt: Date | null;
  openedAt: Date | null;
  clickedAt: Date | null;
  submittedAt: Date | null;
}

/** What the lesson page shows: the mail as this person received it, and its red flags. */
export interface LessonSource {
  recipient: { name: string; email: string; department: string | null; token: string; sentAt: Date | null };
  companyName: string;
  template: RenderableTemplate & { landing: string; redFlags: RedFlag[] };
}

/** An individual's lesson: the mail, their own record so far, and their unsubscribe link. */
export interface IndividualLessonSource extends LessonSource {
  /** Training mails the address received (sent) so far, and how many of them it clicked. */
  record: { sent: number; clicked: number };
  /** Null once the registration stopped. */
  unsubscribeToken: string | null;
}

/**
 * The tables of each audience. The individual ones have the same columns as the campaign ones
 * (less tenant and campaign), so one query serves both; the casts name the campaign table's type.
 */
const TABLES = {
  campaign: { recipients: 'campaign_recipients', events: 'tracking_events' },
  individual: { recipients: 'individual_sends', events: 'individual_tracking_events' },
} as const satisfies Record<TrackingAudience, { recipients: keyof Database; events: keyof Database }>;
const recipientsOf = (audience: TrackingAudience) => TABLES[audience].recipients as 'campaign_recipients';
const eventsOf = (audience: TrackingAudience) => TABLES[audience].events as 'tracking_events';

export interface TrackingEvent {
  kind: TrackingKind;
  at: Date;
  counted: boolean;
  reason: NotCountedReason | null;
  detail: NotCountedDetail;
  method: string;
  ip: string;
  userAgent: string;
}

/** The first actions a counted event sets (a click implies an open; a submit implies a click). */
export type CountedAction = 'open' | 'click' | 'submit';

/** A first action to set, at the time it happened. */
export interface TimedAction {
  action: CountedAction;
  at: Date;
}

const USER_AGENT_LIMIT = 300;

/**
 * The only SQL of tracking. Every request is appended to `tracking_events`; a counted one sets the
 * recipient's first open/click/submit with compare-and-set (`… is null`), one statement each, and
 * moves a counter only when its own statement changed the row, so the counters move once per
 * person whatever arrives at once.
 */
export class TrackingRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The campaign recipient or individual send with this token (tokens are 128 random bits: they never collide). */
  async findByToken(token: string): Promise<TrackedRecipient | null> {
    const campaign = await this.db
      .selectFrom('campaign_recipients')
      .select(['id', 'tenant_id', 'campaign_id', 'sent_at', 'opened_at', 'clicked_at', 'submitted_at'])
      .where('token', '=', token)
      .executeTakeFirst();
    const row = campaign
      ? { audience: 'campaign' as const, ...campaign }
      : await this.db
          .selectFrom('individual_sends as s')
          .innerJoin('individual_registrations as r', 'r.id', 's.registration_id')
          .select(['s.id', 's.sent_at', 's.opened_at', 's.clicked_at', 's.submitted_at', 'r.status as registration_status'])
          .where('s.token', '=', token)
          .executeTakeFirst()
          .then((found) => (found ? { audience: 'individual' as const, tenant_id: null, campaign_id: null, ...found } : undefined));
    if (!row) return null;
    return {
      audience: row.audience, id: row.id, tenantId: row.tenant_id, campaignId: row.campaign_id,
      stopped: 'registration_status' in row && row.registration_status !== 'active',
      sentAt: row.sent_at === null ? null : readTimestamp(row.sent_at), openedAt: row.opened_at === null ? null : readTimestamp(row.opened_at),
      clickedAt: row.clicked_at === null ? null : readTimestamp(row.clicked_at),
      submittedAt: row.submitted_at === null ? null : readTimestamp(row.submitted_at),
    };
  }

  /**
   * Distinct other recipients that clicked or submitted from `ip` since `since`, counted up to
   * `cap` (the index on (ip, kind, occurred_at) reads only those clicks, and the count stops there).
   */
  async otherRecipientsFromIp(recipient: Pick<TrackedRecipient, 'audience' | 'id'>, ip: string, since: Date, cap: number): Promise<number> {
    const recipientId = recipient.id;
    const rows = await this.db
      .selectFrom(eventsOf(recipient.audience))
      .select('recipient_id')
      .distinct()
      .where('ip', '=', ip)
      .where('kind', 'in', ['click', 'submit'])
      .where('occurred_at', '>=', writeTimestamp(since))
      .where('recipient_id', '!=', recipientId)
      .limit(cap)
      .execute();
    return rows.length;
  }

  async honeypotFromIp(recipient: Pick<TrackedRecipient, 'audience' | 'id'>, ip: string, since: Date): Promise<boolean> {
    const row = await this.db
      .selectFrom(eventsOf(recipient.audience))
      .select('id')
      .where('recipient_id', '=', recipient.id)
      .where('kind', '=', 'honeypot')
      .where('ip', '=', ip)
      .where('occurred_at', '>=', writeTimestamp(since))
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** When this recipient's earliest click or submit held back for a reason a real browser overturns (corporate NAT) happened, if any. */
  async heldBackAction(recipient: Pick<TrackedRecipient, 'audience' | 'id'>, kind: 'click' | 'submit', reasons: readonly NotCountedReason[]): Promise<Date | null> {
    if (reasons.length === 0) return null;
    const row = await this.db
      .selectFrom(eventsOf(recipient.audience))
      .select('occurred_at')
      .where('recipient_id', '=', recipient.id)
      .where('kind', '=', kind)
      .where('counted', '=', 0)
      .where('reason', 'in', [...reasons])
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    return row ? readTimestamp(row.occurred_at) : null;
  }

  /** Whether a real browser already passed the human check for this recipient (the lesson page's beacon counted). */
  async passedHumanCheck(recipient: Pick<TrackedRecipient, 'audience' | 'id'>): Promise<boolean> {
    const row = await this.db
      .selectFrom(eventsOf(recipient.audience))
      .select('id')
      .where('recipient_id', '=', recipient.id)
      .where('kind', '=', 'human_check')
      .where('counted', '=', 1)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Appends the event and sets the recipient's first actions up to each of `actions` (in order) at
   * its time, with the campaign's and the month's counters, all in one transaction.
   */
  async record(recipient: TrackedRecipient, event: TrackingEvent, actions: readonly TimedAction[]): Promise<void> {
    // First actions are set once and never cleared: what the lookup already saw set needs no
    // compare-and-set, and a repeated open or click is one insert without a transaction.
    const pending = actions.filter(({ action }) => IMPLIED[action].some((step) => recipient[FIELD_OF[step]] === null));
    if (pending.length === 0) {
      await this.insertEvent(this.db, recipient, event);
      return;
    }
    await this.db.transaction().execute(async (trx) => {
      await this.insertEvent(trx, recipient, event);
      for (const { action, at } of pending) await applyFirstActions(trx, recipient, action, at);
    });
  }

  private async insertEvent(db: Kysely<Database>, recipient: TrackedRecipient, event: TrackingEvent): Promise<void> {
      const owner = recipient.audience === 'campaign' ? { tenant_id: recipient.tenantId!, campaign_id: recipient.campaignId! } : {};
      await db
        .insertInto(eventsOf(recipient.audience))
        .values({
          ...(owner as { tenant_id: number; campaign_id: number }),
          recipient_id: recipient.id,
          kind: event.kind,
          occurred_at: writeTimestamp(event.at),
          counted: event.counted ? 1 : 0,
          reason: event.reason,
          reason_detail: event.reason && Object.keys(event.detail).length > 0 ? JSON.stringify(event.detail) : null,
          method: event.method.slice(0, 10),
          ip: event.ip.slice(0, 64),
          user_agent: event.userAgent.slice(0, USER_AGENT_LIMIT),
        })
        .execute();
  }

  /** An individual's lesson: the mail as sent, their record across their registrations, their current unsubscribe token. */
  async individualLessonSource(sendId: number): Promise<IndividualLessonSource | null> {
    const row = await this.db
      .selectFrom('individual_sends as s')
      .innerJoin('individual_registrations as r', 'r.id', 's.registration_id')
      .innerJoin('training_templates as t', 't.id', 's.template_id')
      .select([
        'r.email', 's.token', 's.sent_at',
        't.sender_name', 't.sender_local_part', 't.subject', 't.html_body', 't.text_body', 't.landing', 't.red_flags',
      ])
      .where('s.id', '=', sendId)
      .executeTakeFirst();
    if (!row) return null;
    // The person's record: every mail sent to this address, across its registrations.
    const record = await this.db
      .selectFrom('individual_sends as s')
      .innerJoin('individual_registrations as r', 'r.id', 's.registration_id')
      .select((eb) => [eb.fn.count<number>('s.sent_at').as('sent'), eb.fn.count<number>('s.clicked_at').as('clicked')])
      .where('r.email', '=', row.email)
      .executeTakeFirstOrThrow();
    const active = await this.db.selectFrom('individual_registrations').select('unsubscribe_token').where('email', '=', row.email).where('status', '=', 'active').executeTakeFirst();
    return {
      recipient: { name: row.email, email: row.email, department: null, token: row.token, sentAt: row.sent_at === null ? null : readTimestamp(row.sent_at) },
      companyName: '',
      template: lessonTemplate(row),
      record: { sent: Number(record.sent), clicked: Number(record.clicked) },
      // The address's registration that is active now (a later one if the person registered again).
      unsubscribeToken: active?.unsubscribe_token ?? null,
    };
  }

  async lessonSource(recipientId: number): Promise<LessonSource | null> {
    const row = await this.db
      .selectFrom('campaign_recipients as r')
      .innerJoin('training_templates as t', 't.id', 'r.template_id')
      .innerJoin('tenants', 'tenants.id', 'r.tenant_id')
      .select([
        'r.name', 'r.email', 'r.department', 'r.token', 'r.sent_at', 'tenants.company_name',
        't.sender_name', 't.sender_local_part', 't.subject', 't.html_body', 't.text_body', 't.landing', 't.red_flags',
      ])
      .where('r.id', '=', recipientId)
      .executeTakeFirst();
    if (!row) return null;
    return {
      recipient: { name: row.name, email: row.email, department: row.department, token: row.token, sentAt: row.sent_at === null ? null : readTimestamp(row.sent_at) },
      companyName: row.company_name,
      template: lessonTemplate(row),
    };
  }
}

const COLUMN_OF: Record<CountedAction, 'opened_at' | 'clicked_at' | 'submitted_at'> = { open: 'opened_at', click: 'clicked_at', submit: 'submitted_at' };
const FIELD_OF: Record<CountedAction, 'openedAt' | 'clickedAt' | 'submittedAt'> = { open: 'openedAt', click: 'clickedAt', submit: 'submittedAt' };
const IMPLIED: Record<CountedAction, CountedAction[]> = { open: ['open'], click: ['open', 'click'], submit: ['open', 'click', 'submit'] };

async function applyFirstActions(trx: Transaction<Database>, recipient: TrackedRecipient, action: CountedAction, at: Date): Promise<void> {
  const month = tokyoMonth(at);
  let moved = false;
  for (const step of IMPLIED[action]) {
    if (recipient[FIELD_OF[step]] !== null) continue;
    const column = COLUMN_OF[step];
    const changed = await trx.updateTable(recipientsOf(recipient.audience)).set({ [column]: writeTimestamp(at) }).where('id', '=', recipient.id).where(column, 'is', null).executeTakeFirst();
    if (Number(changed.numUpdatedRows) !== 1) continue;
    moved = true;
    // Individual training keeps no counters: a person's record is counted from their sends.
    if (recipient.audience !== 'campaign' || recipient.campaignId === null || recipient.tenantId === null) continue;
    if (step === 'open') {
      await trx.updateTable('campaigns').set((eb) => ({ emails_opened: eb('emails_opened', '+', 1) })).where('id', '=', recipient.campaignId).execute();
      await bumpMonthlyUsage(trx, recipient.tenantId, month, 'emails_opened');
    } else if (step === 'click') {
      await trx.updateTable('campaigns').set((eb) => ({ emails_clicked: eb('emails_clicked', '+', 1) })).where('id', '=', recipient.campaignId).execute();
      await bumpMonthlyUsage(trx, recipient.tenantId, month, 'emails_clicked');
    } else {
      await trx.updateTable('campaigns').set((eb) => ({ emails_submitted: eb('emails_submitted', '+', 1) })).where('id', '=', recipient.campaignId).execute();
    }
  }
  // The status follows the first actions (submitted > clicked > opened > sent) once the mail was sent.
  if (!moved) return;
  await trx.updateTable(recipientsOf(recipient.audience)).set({ status: RANKED_STATUS }).where('id', '=', recipient.id).where('status', 'in', ['sent', 'opened', 'clicked', 'submitted']).execute();
}

/** The lure as the lesson shows it, from the template columns both lesson queries select. */
function lessonTemplate(row: RenderableTemplate & { landing: string; red_flags: string }): LessonSource['template'] {
  return {
    sender_name: row.sender_name, sender_local_part: row.sender_local_part, subject: row.subject, html_body: row.html_body, text_body: row.text_body,
    landing: row.landing, redFlags: parseRedFlags(row.red_flags),
  };
}

function parseRedFlags(text: string): RedFlag[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as RedFlag[]) : [];
  } catch {
    return [];
  }
}
