import { type Kysely, sql } from 'kysely';
import type { RecipientStatus } from '../../../common/campaigns.schema';
import { readTimestamp } from '../../db/dialect';
import { containsPattern } from '../../db/like-pattern';
import type { Database } from '../../db/schema';

export interface RecipientRecord {
  id: number;
  personId: number | null;
  name: string;
  email: string;
  department: string | null;
  templateId: number;
  templateName: string;
  status: RecipientStatus;
  plannedAt: Date;
  sentAt: Date | null;
  openedAt: Date | null;
  clickedAt: Date | null;
  submittedAt: Date | null;
  reportedAt: Date | null;
  failureReason: string | null;
}

export interface RecipientQuery {
  /** The total when the caller knows it (no filter): the count query is skipped. */
  knownTotal?: number;
  status?: RecipientStatus;
  q?: string;
  groupId?: number;
  limit: number;
  offset: number;
}

export interface GroupStatsRecord {
  groupId: number | null;
  name: string;
  total: number;
  sent: number;
  opened: number;
  clicked: number;
  submitted: number;
}

export interface TrackingEventRecord {
  kind: string;
  occurredAt: Date;
  counted: boolean;
  reason: string | null;
  reasonDetail: string | null;
  ip: string;
  userAgent: string;
}

const maybeDate = (value: string | Date | null) => (value === null ? null : readTimestamp(value));
/** Rows read per query when a whole campaign is walked (export, activity). */
const CHUNK = 2000;

const RECIPIENT_COLUMNS = [
  'campaign_recipients.id', 'campaign_recipients.person_id', 'campaign_recipients.name', 'campaign_recipients.email', 'campaign_recipients.department',
  'campaign_recipients.template_id', 'training_templates.name as template_name', 'campaign_recipients.status', 'campaign_recipients.planned_at',
  'campaign_recipients.sent_at', 'campaign_recipients.opened_at', 'campaign_recipients.clicked_at', 'campaign_recipients.submitted_at',
  'campaign_recipients.reported_at', 'campaign_recipients.failure_reason',
] as const;

type RecipientRow = {
  id: number; person_id: number | null; name: string; email: string; department: string | null; template_id: number; template_name: string;
  status: string; planned_at: string | Date; sent_at: string | Date | null; opened_at: string | Date | null; clicked_at: string | Date | null;
  submitted_at: string | Date | null; reported_at: string | Date | null; failure_reason: string | null;
};

function toRecipient(row: RecipientRow): RecipientRecord {
  return {
    id: row.id,
    personId: row.person_id,
    name: row.name,
    email: row.email,
    department: row.department,
    templateId: row.template_id,
    templateName: row.template_name,
    status: row.status as RecipientStatus,
    plannedAt: readTimestamp(row.planned_at),
    sentAt: maybeDate(row.sent_at),
    openedAt: maybeDate(row.opened_at),
    clickedAt: maybeDate(row.clicked_at),
    submittedAt: maybeDate(row.submitted_at),
    reportedAt: maybeDate(row.reported_at),
    failureReason: row.failure_reason,
  };
}

/**
 * The only SQL of a campaign's results, bound to one tenant: per-status and per-group counts,
 * a server-side page of recipients (indexes on (campaign_id, id) and (campaign_id, status, id)
 * keep a deep page cheap at 10,000 recipients), one recipient's events, and the export walk.
 */
export class CampaignResultsRepository {
  constructor(
    private readonly db: Kysely<Database>,
    readonly tenantId: number,
  ) {}

  async statusCounts(campaignId: number): Promise<Map<RecipientStatus, number>> {
    const rows = await this.db
      .selectFrom('campaign_recipients')
      .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
      .where('campaign_id', '=', campaignId)
      .where('tenant_id', '=', this.tenantId)
      .groupBy('status')
      .execute();
    return new Map(rows.map((row) => [row.status as RecipientStatus, Number(row.count)]));
  }

  /** Recipients per template of the campaign. */
  async templateCounts(campaignId: number): Promise<Map<number, number>> {
    const rows = await this.db
      .selectFrom('campaign_recipients')
      .select(['template_id', (eb) => eb.fn.countAll<number>().as('count')])
      .where('campaign_id', '=', campaignId)
      .where('tenant_id', '=', this.tenantId)
      .groupBy('template_id')
      .execute();
    return new Map(rows.map((row) => [row.template_id, Number(row.count)]));
  }

  /** Results per group the recipients belonged to at launch, and for people in no group. */
  async groupStats(campaignId: number): Promise<GroupStatsRecord[]> {
    const grouped = await this.db
      .selectFrom('campaign_recipient_groups as g')
      .innerJoin('campaign_recipients as r', 'r.id', 'g.recipient_id')
      .innerJoin('people_groups as pg', 'pg.id', 'g.group_id')
      .select((eb) => [
        'g.group_id',
        'pg.name',
        eb.fn.countAll<number>().as('total'),
        eb.fn.count<number>('r.sent_at').as('sent'),
        eb.fn.count<number>('r.opened_at').as('opened'),
        eb.fn.count<number>('r.clicked_at').as('clicked'),
        eb.fn.count<number>('r.submitted_at').as('submitted'),
      ])
      .where('g.campaign_id', '=', campaignId)
      .where('r.tenant_id', '=', this.tenantId)
      .groupBy(['g.group_id', 'pg.name'])
      .orderBy('pg.name')
      .execute();
    const ungrouped = await this.db
      .selectFrom('campaign_recipients as r')
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        eb.fn.count<number>('r.sent_at').as('sent'),
        eb.fn.count<number>('r.opened_at').as('opened'),
        eb.fn.count<number>('r.clicked_at').as('clicked'),
        eb.fn.count<number>('r.submitted_at').as('submitted'),
      ])
      .where('r.campaign_id', '=', campaignId)
      .where('r.tenant_id', '=', this.tenantId)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('campaign_recipient_groups as g').select('g.group_id').whereRef('g.recipient_id', '=', 'r.id'))))
      .executeTakeFirstOrThrow();
    const stats: GroupStatsRecord[] = grouped.map((row) => ({
      groupId: row.group_id, name: row.name, total: Number(row.total), sent: Number(row.sent), opened: Number(row.opened), clicked: Number(row.clicked), submitted: Number(row.submitted),
    }));
    if (Number(ungrouped.total) > 0 && stats.length > 0) {
      stats.push({
        groupId: null, name: '', total: Number(ungrouped.total), sent: Number(ungrouped.sent), opened: Number(ungrouped.opened), clicked: Number(ungrouped.clicked), submitted: Number(ungrouped.submitted),
      });
    }
    return stats;
  }

  /** Every recipient's first open, click and submit (counted ones), for the activity chart. */
  async firstActions(campaignId: number): Promise<Array<{ openedAt: Date | null; clickedAt: Date | null; submittedAt: Date | null }>> {
    const result: Array<{ openedAt: Date | null; clickedAt: Date | null; submittedAt: Date | null }> = [];
    let afterId = 0;
    for (;;) {
      const rows = await this.db
        .selectFrom('campaign_recipients')
        .select(['id', 'opened_at', 'clicked_at', 'submitted_at'])
        .where('campaign_id', '=', campaignId)
        .where('tenant_id', '=', this.tenantId)
        .where('opened_at', 'is not', null)
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(CHUNK)
        .execute();
      for (const row of rows) result.push({ openedAt: maybeDate(row.opened_at), clickedAt: maybeDate(row.clicked_at), submittedAt: maybeDate(row.submitted_at) });
      if (rows.length < CHUNK) return result;
      afterId = rows[rows.length - 1]!.id;
    }
  }

  async recipients(campaignId: number, query: RecipientQuery): Promise<{ recipients: RecipientRecord[]; total: number }> {
    let base = this.db
      .selectFrom('campaign_recipients')
      .where('campaign_recipients.campaign_id', '=', campaignId)
      .where('campaign_recipients.tenant_id', '=', this.tenantId);
    if (query.status) base = base.where('campaign_recipients.status', '=', query.status);
    if (query.q) {
      const pattern = containsPattern(query.q);
      base = base.where((eb) => eb.or([
        eb(sql`lower(campaign_recipients.name)`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(campaign_recipients.email)`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(coalesce(campaign_recipients.department, ''))`, 'like', sql`${pattern} escape '\\'`),
      ]));
    }
    if (query.groupId !== undefined) {
      const groupId = query.groupId;
      base = base.where((eb) => eb.exists(
        eb.selectFrom('campaign_recipient_groups as g').select('g.group_id').whereRef('g.recipient_id', '=', 'campaign_recipients.id').where('g.group_id', '=', groupId),
      ));
    }
    const [rows, count] = await Promise.all([
      base
        .innerJoin('training_templates', 'training_templates.id', 'campaign_recipients.template_id')
        .select(RECIPIENT_COLUMNS)
        .orderBy('campaign_recipients.id')
        .limit(query.limit)
        .offset(query.offset)
        .execute(),
      query.knownTotal !== undefined ? { count: query.knownTotal } : base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    ]);
    return { recipients: rows.map((row) => toRecipient(row as RecipientRow)), total: Number(count.count) };
  }

  async recipient(campaignId: number, recipientId: number): Promise<RecipientRecord | null> {
    const row = await this.db
      .selectFrom('campaign_recipients')
      .innerJoin('training_templates', 'training_templates.id', 'campaign_recipients.template_id')
      .select(RECIPIENT_COLUMNS)
      .where('campaign_recipients.id', '=', recipientId)
      .where('campaign_recipients.campaign_id', '=', campaignId)
      .where('campaign_recipients.tenant_id', '=', this.tenantId)
      .executeTakeFirst();
    return row ? toRecipient(row as RecipientRow) : null;
  }

  async events(recipientId: number): Promise<TrackingEventRecord[]> {
    const rows = await this.db
      .selectFrom('tracking_events')
      .select(['kind', 'occurred_at', 'counted', 'reason', 'reason_detail', 'ip', 'user_agent'])
      .where('recipient_id', '=', recipientId)
      .where('tenant_id', '=', this.tenantId)
      .orderBy('id')
      .execute();
    return rows.map((row) => ({
      kind: row.kind, occurredAt: readTimestamp(row.occurred_at), counted: Number(row.counted) === 1, reason: row.reason, reasonDetail: row.reason_detail, ip: row.ip, userAgent: row.user_agent,
    }));
  }

  /** Every recipient with the groups they belonged to, by id, a chunk at a time (the CSV export). */
  async *allRecipients(campaignId: number): AsyncGenerator<Array<RecipientRecord & { groups: string[] }>> {
    let afterId = 0;
    for (;;) {
      const rows = await this.db
        .selectFrom('campaign_recipients')
        .innerJoin('training_templates', 'training_templates.id', 'campaign_recipients.template_id')
        .select(RECIPIENT_COLUMNS)
        .where('campaign_recipients.campaign_id', '=', campaignId)
        .where('campaign_recipients.tenant_id', '=', this.tenantId)
        .where('campaign_recipients.id', '>', afterId)
        .orderBy('campaign_recipients.id')
        .limit(CHUNK)
        .execute();
      if (rows.length === 0) return;
      const ids = rows.map((row) => row.id);
      const groups = new Map<number, string[]>();
      for (let start = 0; start < ids.length; start += 500) {
        const memberships = await this.db
          .selectFrom('campaign_recipient_groups as g')
          .innerJoin('people_groups as pg', 'pg.id', 'g.group_id')
          .select(['g.recipient_id', 'pg.name'])
          .where('g.recipient_id', 'in', ids.slice(start, start + 500))
          .execute();
        for (const membership of memberships) groups.set(membership.recipient_id, [...(groups.get(membership.recipient_id) ?? []), membership.name]);
      }
      yield rows.map((row) => ({ ...toRecipient(row as RecipientRow), groups: groups.get(row.id) ?? [] }));
      if (rows.length < CHUNK) return;
      afterId = ids[ids.length - 1]!;
    }
  }
}
