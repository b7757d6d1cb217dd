import { type Kysely, sql } from 'kysely';
import type { CampaignStatus } from '../../../common/campaign-status';
import { readTimestamp, timestampColumnType, writeTimestamp } from '../../db/dialect';
import { containsPattern } from '../../db/like-pattern';
import type { CampaignsTable, Database } from '../../db/schema';
import { withTenantLock } from '../../db/tenant-lock';
import { enqueueJob } from '../../lib/jobs/jobs.repo';
import { tokyoMonth } from '../../lib/time-format';
import { TenantOwnership } from '../people/tenant-ownership.repo';

export interface CampaignSchedule {
  startAt: Date | null;
  endAt: Date | null;
  businessHoursOnly: boolean;
  weekdaysOnly: boolean;
  skipHolidays: boolean;
  randomize: boolean;
}

export interface CampaignTargets {
  allUsers: boolean;
  userIds: number[];
  groupIds: number[];
}

/** What an administrator writes: name, templates, targets and schedule. */
export interface CampaignFieldsRecord {
  name: string;
  templateIds: number[];
  targets: CampaignTargets;
  schedule: CampaignSchedule;
}

export interface CampaignRecord extends CampaignFieldsRecord {
  id: number;
  status: CampaignStatus;
  totalTargets: number;
  emailsSent: number;
  emailsOpened: number;
  emailsClicked: number;
  emailsSubmitted: number;
  createdAt: Date;
  launchedAt: Date | null;
  pausedAt: Date | null;
  completedAt: Date | null;
  lastSendAt: Date | null;
}

export interface CampaignListQuery {
  status?: CampaignStatus;
  q?: string;
  limit: number;
  offset: number;
}

/** A template a campaign may use: a live built-in or one of the tenant's own. */
export interface UsableTemplate {
  id: number;
  name: string;
  category: string;
  difficulty: number;
}

/** A person a launch resolves targets to, with their groups at that moment. */
export interface TargetPerson {
  id: number;
  name: string;
  email: string;
  department: string | null;
  groupIds: number[];
}

export interface NewRecipient {
  person: TargetPerson;
  templateId: number;
  token: string;
  plannedAt: Date;
}

/** Ids in one `in (…)` list and rows in one multi-row insert, well under SQLite's bound-parameter limit. */
const SLICE = 500;
const INSERT_ROWS = 300;

const flag = (value: boolean) => (value ? 1 : 0);
const maybeDate = (value: string | Date | null) => (value === null ? null : readTimestamp(value));
const maybeWrite = (value: Date | null) => (value === null ? null : writeTimestamp(value));

function parseIds(text: string): number[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

type CampaignRow = { [K in keyof CampaignsTable]: CampaignsTable[K] extends infer T ? (T extends { __select__: infer S } ? S : T) : never };

function toRecord(row: CampaignRow, templateIds: number[]): CampaignRecord {
  return {
    id: row.id as number,
    name: row.name,
    status: row.status as CampaignStatus,
    templateIds,
    targets: { allUsers: Number(row.all_users) === 1, userIds: parseIds(row.target_user_ids as string), groupIds: parseIds(row.target_group_ids as string) },
    schedule: {
      startAt: maybeDate(row.start_at),
      endAt: maybeDate(row.end_at),
      businessHoursOnly: Number(row.business_hours_only) === 1,
      weekdaysOnly: Number(row.weekdays_only) === 1,
      skipHolidays: Number(row.skip_holidays) === 1,
      randomize: Number(row.randomize) === 1,
    },
    totalTargets: Number(row.total_targets),
    emailsSent: Number(row.emails_sent),
    emailsOpened: Number(row.emails_opened),
    emailsClicked: Number(row.emails_clicked),
    emailsSubmitted: Number(row.emails_submitted),
    createdAt: readTimestamp(row.created_at),
    launchedAt: maybeDate(row.launched_at),
    pausedAt: maybeDate(row.paused_at),
    completedAt: maybeDate(row.completed_at),
    lastSendAt: maybeDate(row.last_send_at),
  };
}

function fieldColumns(fields: CampaignFieldsRecord) {
  return {
    name: fields.name,
    all_users: flag(fields.targets.allUsers),
    target_user_ids: JSON.stringify([...new Set(fields.targets.userIds)]),
    target_group_ids: JSON.stringify([...new Set(fields.targets.groupIds)]),
    start_at: maybeWrite(fields.schedule.startAt),
    end_at: maybeWrite(fields.schedule.endAt),
    business_hours_only: flag(fields.schedule.businessHoursOnly),
    weekdays_only: flag(fields.schedule.weekdaysOnly),
    skip_holidays: flag(fields.schedule.skipHolidays),
    randomize: flag(fields.schedule.randomize),
  };
}

/** Entry point: every campaign query goes through a repository bound to one tenant. */
export class CampaignsRepository {
  constructor(readonly db: Kysely<Database>) {}

  forTenant(tenantId: number): TenantCampaigns {
    return new TenantCampaigns(this.db, tenantId);
  }
}

/**
 * The only SQL of campaigns as administrators change them, bound to one tenant: every query filters
 * on its id, so another tenant's campaign is simply not found. Results (aggregates, recipients,
 * events) are campaign-results.repo.ts; the dispatcher's writes are campaign-dispatch.repo.ts.
 */
export class TenantCampaigns {
  readonly ownership: TenantOwnership;

  constructor(
    readonly db: Kysely<Database>,
    readonly tenantId: number,
    /** Already inside one transaction (the tenant lock: on SQLite a bare connection after BEGIN IMMEDIATE, where a nested BEGIN fails). */
    private readonly atomic = false,
  ) {
    this.ownership = new TenantOwnership(db, tenantId);
  }

  /** Runs `work` holding the tenant's lock: the allowance check at launch and the recipients it allows never interleave. */
  withTenantLock<T>(work: (locked: TenantCampaigns) => Promise<T>): Promise<T> {
    return withTenantLock(this.db, this.tenantId, (locked) => work(new TenantCampaigns(locked, this.tenantId, true)));
  }

  transaction<T>(work: (trx: TenantCampaigns) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new TenantCampaigns(trx, this.tenantId, true)));
  }

  /** `work` in a transaction of its own, or in the one this repository already runs in (an edit of a scheduled campaign runs under the tenant lock). */
  private atomically<T>(work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
    return this.atomic ? work(this.db) : this.db.transaction().execute(work);
  }

  async plan(): Promise<string | null> {
    const row = await this.db.selectFrom('tenants').select('plan').where('id', '=', this.tenantId).executeTakeFirst();
    return row?.plan ?? null;
  }

  async list(query: CampaignListQuery): Promise<{ campaigns: CampaignRecord[]; total: number }> {
    let base = this.db.selectFrom('campaigns').where('tenant_id', '=', this.tenantId);
    if (query.status) base = base.where('status', '=', query.status);
    if (query.q) base = base.where(sql<boolean>`lower(name) like ${containsPattern(query.q)} escape '\\'`);
    const [rows, count] = await Promise.all([
      base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(query.limit).offset(query.offset).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    ]);
    const templates = await this.templateIdsOf(rows.map((row) => row.id));
    return { campaigns: rows.map((row) => toRecord(row as CampaignRow, templates.get(row.id) ?? [])), total: Number(count.count) };
  }

  async find(id: number): Promise<CampaignRecord | null> {
    const row = await this.db.selectFrom('campaigns').selectAll().where('tenant_id', '=', this.tenantId).where('id', '=', id).executeTakeFirst();
    if (!row) return null;
    return toRecord(row as CampaignRow, (await this.templateIdsOf([id])).get(id) ?? []);
  }

  async insert(fields: CampaignFieldsRecord, now: Date): Promise<number> {
    const at = writeTimestamp(now);
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('campaigns')
        .values({ tenant_id: this.tenantId, status: 'draft', ...fieldColumns(fields), created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      await new TenantCampaigns(trx, this.tenantId).replaceTemplates(row.id, fields.templateIds);
      return row.id;
    });
  }

  /** Changes a campaign still in one of `statuses` (compare-and-set); false when it is not. */
  async update(id: number, fields: CampaignFieldsRecord, statuses: readonly CampaignStatus[], now: Date): Promise<boolean> {
    return this.atomically(async (trx) => {
      const result = await trx
        .updateTable('campaigns')
        .set({ ...fieldColumns(fields), updated_at: writeTimestamp(now) })
        .where('tenant_id', '=', this.tenantId)
        .where('id', '=', id)
        .where('status', 'in', [...statuses])
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      await new TenantCampaigns(trx, this.tenantId).replaceTemplates(id, fields.templateIds);
      return true;
    });
  }

  /** Deletes a campaign still in one of `statuses` with all it holds (recipients, events, queued mail). */
  async delete(id: number, statuses: readonly CampaignStatus[]): Promise<boolean> {
    return this.atomically(async (trx) => {
      const owned = await trx.selectFrom('campaigns').select('id').where('tenant_id', '=', this.tenantId).where('id', '=', id).where('status', 'in', [...statuses]).executeTakeFirst();
      if (!owned) return false;
      await new TenantCampaigns(trx, this.tenantId).takeBackQueuedMail(id);
      await trx.deleteFrom('campaigns').where('id', '=', id).execute();
      return true;
    });
  }

  /** Moves the campaign from one of `from` to `to` with the given instants; false when it was no longer in `from`. */
  async setStatus(
    id: number,
    from: readonly CampaignStatus[],
    to: CampaignStatus,
    now: Date,
    changes: { launchedAt?: Date; pausedAt?: Date | null; completedAt?: Date; lastSendAt?: Date; totalTargets?: number } = {},
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('campaigns')
      .set({
        status: to,
        updated_at: writeTimestamp(now),
        ...(changes.launchedAt ? { launched_at: writeTimestamp(changes.launchedAt) } : {}),
        ...(changes.pausedAt !== undefined ? { paused_at: maybeWrite(changes.pausedAt) } : {}),
        ...(changes.completedAt ? { completed_at: writeTimestamp(changes.completedAt) } : {}),
        ...(changes.lastSendAt ? { last_send_at: writeTimestamp(changes.lastSendAt) } : {}),
        ...(changes.totalTargets !== undefined ? { total_targets: changes.totalTargets } : {}),
      })
      .where('tenant_id', '=', this.tenantId)
      .where('id', '=', id)
      .where('status', 'in', [...from])
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** The templates of `ids` this tenant may send: live built-ins and its own. */
  async usableTemplates(ids: readonly number[]): Promise<Map<number, UsableTemplate>> {
    const found = new Map<number, UsableTemplate>();
    const unique = [...new Set(ids)];
    for (let start = 0; start < unique.length; start += SLICE) {
      const rows = await this.db
        .selectFrom('training_templates')
        .select(['id', 'name', 'category', 'difficulty'])
        .where('id', 'in', unique.slice(start, start + SLICE))
        .where((eb) => eb.or([eb('tenant_id', '=', this.tenantId), eb.and([eb('tenant_id', 'is', null), eb('retired_at', 'is', null)])]))
        .execute();
      for (const row of rows) found.set(row.id, { id: row.id, name: row.name, category: row.category, difficulty: Number(row.difficulty) });
    }
    return found;
  }

  /** Templates of a campaign as stored (retired built-ins included), in the chosen order. */
  async campaignTemplates(campaignId: number): Promise<UsableTemplate[]> {
    const rows = await this.db
      .selectFrom('campaign_templates')
      .innerJoin('campaigns', 'campaigns.id', 'campaign_templates.campaign_id')
      .innerJoin('training_templates', 'training_templates.id', 'campaign_templates.template_id')
      .select(['training_templates.id', 'training_templates.name', 'training_templates.category', 'training_templates.difficulty'])
      .where('campaigns.tenant_id', '=', this.tenantId)
      .where('campaign_templates.campaign_id', '=', campaignId)
      .orderBy('campaign_templates.position')
      .execute();
    return rows.map((row) => ({ id: row.id, name: row.name, category: row.category, difficulty: Number(row.difficulty) }));
  }

  /** The distinct people the targets name, with their groups, oldest first (a stable order for the tests). */
  async resolveTargets(targets: CampaignTargets): Promise<TargetPerson[]> {
    let people: Array<{ id: number; name: string; email: string; department: string | null }>;
    if (targets.allUsers) {
      people = await this.db.selectFrom('people').select(['id', 'name', 'email', 'department']).where('tenant_id', '=', this.tenantId).orderBy('id').execute();
    } else {
      const ids = new Set<number>(targets.userIds);
      const groupIds = [...new Set(targets.groupIds)];
      for (let start = 0; start < groupIds.length; start += SLICE) {
        const members = await this.db
          .selectFrom('people_group_members')
          .select('person_id')
          .where('tenant_id', '=', this.tenantId)
          .where('group_id', 'in', groupIds.slice(start, start + SLICE))
          .execute();
        for (const member of members) ids.add(member.person_id);
      }
      people = [];
      const list = [...ids];
      for (let start = 0; start < list.length; start += SLICE) {
        people.push(...(await this.db.selectFrom('people').select(['id', 'name', 'email', 'department']).where('tenant_id', '=', this.tenantId).where('id', 'in', list.slice(start, start + SLICE)).execute()));
      }
      people.sort((a, b) => a.id - b.id);
    }
    const groups = new Map<number, number[]>();
    for (let start = 0; start < people.length; start += SLICE) {
      const rows = await this.db
        .selectFrom('people_group_members')
        .select(['person_id', 'group_id'])
        .where('tenant_id', '=', this.tenantId)
        .where('person_id', 'in', people.slice(start, start + SLICE).map((person) => person.id))
        .execute();
      for (const row of rows) groups.set(row.person_id, [...(groups.get(row.person_id) ?? []), row.group_id]);
    }
    return people.map((person) => ({ ...person, groupIds: groups.get(person.id) ?? [] }));
  }

  /**
   * Training mails this tenant has promised this Tokyo month but not sent: handed to the outbox
   * (mails_reserved), plus the unsent recipients of its other live campaigns. A launch must fit in
   * what is left of the free allowance.
   */
  async committedMails(month: string): Promise<number> {
    const [usage, pending] = await Promise.all([
      this.db.selectFrom('tenant_monthly_usage').select('mails_reserved').where('tenant_id', '=', this.tenantId).where('month', '=', month).executeTakeFirst(),
      this.db
        .selectFrom('campaign_recipients')
        .innerJoin('campaigns', 'campaigns.id', 'campaign_recipients.campaign_id')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('campaign_recipients.tenant_id', '=', this.tenantId)
        .where('campaigns.status', 'in', ['scheduled', 'running', 'paused'])
        .where('campaign_recipients.status', '=', 'scheduled')
        .where('campaign_recipients.queued_at', 'is', null)
        .executeTakeFirstOrThrow(),
    ]);
    return Number(usage?.mails_reserved ?? 0) + Number(pending.count);
  }

  /** Mails handed to the outbox this Tokyo month (the allowance used so far). */
  async reservedMails(month: string): Promise<number> {
    const row = await this.db.selectFrom('tenant_monthly_usage').select('mails_reserved').where('tenant_id', '=', this.tenantId).where('month', '=', month).executeTakeFirst();
    return Number(row?.mails_reserved ?? 0);
  }

  /** Writes the launch's recipients (and the groups each belonged to), in the caller's transaction. */
  async insertRecipients(campaignId: number, recipients: readonly NewRecipient[], now: Date): Promise<void> {
    const at = writeTimestamp(now);
    for (let start = 0; start < recipients.length; start += INSERT_ROWS) {
      const slice = recipients.slice(start, start + INSERT_ROWS);
      const rows = await this.db
        .insertInto('campaign_recipients')
        .values(slice.map((recipient) => ({
          tenant_id: this.tenantId,
          campaign_id: campaignId,
          person_id: recipient.person.id,
          name: recipient.person.name,
          email: recipient.person.email,
          department: recipient.person.department,
          template_id: recipient.templateId,
          token: recipient.token,
          planned_at: writeTimestamp(recipient.plannedAt),
          created_at: at,
        })))
        .returning(['id', 'token'])
        .execute();
      const idOf = new Map(rows.map((row) => [row.token, row.id]));
      const memberships = slice.flatMap((recipient) => recipient.person.groupIds.map((groupId) => ({ campaign_id: campaignId, recipient_id: idOf.get(recipient.token)!, group_id: groupId })));
      for (let offset = 0; offset < memberships.length; offset += INSERT_ROWS * 2) {
        await this.db.insertInto('campaign_recipient_groups').values(memberships.slice(offset, offset + INSERT_ROWS * 2)).execute();
      }
    }
  }

  /** Removes a scheduled campaign's recipients before they are planned again (an edit; nothing was sent). */
  async deleteRecipients(campaignId: number): Promise<void> {
    await this.takeBackQueuedMail(campaignId);
    await this.db.deleteFrom('campaign_recipients').where('campaign_id', '=', campaignId).where('tenant_id', '=', this.tenantId).execute();
  }

  /** Enqueues the campaign's dispatcher job for `runAt`, in the caller's transaction. */
  async enqueueDispatch(campaignId: number, runAt: Date, now: Date): Promise<void> {
    await enqueueJob(this.db, 'dispatch_campaign', { campaignId }, { now, runAt });
  }

  /**
   * Takes back the campaign's mails that were handed to the outbox but not yet claimed by a mail
   * worker: their jobs and messages are deleted (only while still queued, so a message a worker is
   * sending is left to finish), their recipients become unqueued again and the allowance they held
   * is returned. Answers how many came back.
   */
  async takeBackQueuedMail(campaignId: number): Promise<number> {
    const queued = await this.db
      .selectFrom('campaign_recipients')
      .innerJoin('mail_outbox', 'mail_outbox.id', 'campaign_recipients.outbox_id')
      .select(['campaign_recipients.id', 'campaign_recipients.outbox_id', 'campaign_recipients.queued_at', 'mail_outbox.job_id'])
      .where('campaign_recipients.tenant_id', '=', this.tenantId)
      .where('campaign_recipients.campaign_id', '=', campaignId)
      .where('campaign_recipients.status', '=', 'scheduled')
      .where('campaign_recipients.queued_at', 'is not', null)
      .execute();
    let taken = 0;
    for (let start = 0; start < queued.length; start += SLICE) {
      const slice = queued.slice(start, start + SLICE);
      const jobIds = slice.map((row) => row.job_id).filter((id): id is number => id !== null);
      if (jobIds.length === 0) continue;
      const deleted = new Set((await this.db.deleteFrom('jobs').where('id', 'in', jobIds).where('status', '=', 'queued').returning('id').execute()).map((row) => row.id));
      const back = slice.filter((row) => row.job_id !== null && deleted.has(row.job_id));
      if (back.length === 0) continue;
      await this.db.deleteFrom('mail_outbox').where('id', 'in', back.map((row) => row.outbox_id!)).execute();
      await this.db.updateTable('campaign_recipients').set({ queued_at: null, outbox_id: null }).where('id', 'in', back.map((row) => row.id)).execute();
      const perMonth = new Map<string, number>();
      for (const row of back) {
        const month = tokyoMonth(readTimestamp(row.queued_at!));
        perMonth.set(month, (perMonth.get(month) ?? 0) + 1);
      }
      for (const [month, count] of perMonth) {
        await this.db
          .updateTable('tenant_monthly_usage')
          .set((eb) => ({ mails_reserved: eb('mails_reserved', '-', count) }))
          .where('tenant_id', '=', this.tenantId)
          .where('month', '=', month)
          .execute();
      }
      taken += back.length;
    }
    return taken;
  }

  /** Unsent, unqueued recipients become `cancelled` with the reason (ending early). */
  async cancelUnsent(campaignId: number, reason: string): Promise<number> {
    const result = await this.db
      .updateTable('campaign_recipients')
      .set({ status: 'cancelled', failure_reason: reason })
      .where('tenant_id', '=', this.tenantId)
      .where('campaign_id', '=', campaignId)
      .where('status', '=', 'scheduled')
      .where('queued_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Whether any of the campaign's mails was accepted by SMTP (where a resume leads). */
  async anythingSent(campaignId: number): Promise<boolean> {
    const row = await this.db.selectFrom('campaign_recipients').select('id').where('campaign_id', '=', campaignId).where('tenant_id', '=', this.tenantId).where('sent_at', 'is not', null).limit(1).executeTakeFirst();
    return row !== undefined;
  }

  /** Unsent, unqueued recipients due before `before` (overdue after a pause), by planned time. */
  async overdueRecipients(campaignId: number, before: Date): Promise<number[]> {
    const rows = await this.db
      .selectFrom('campaign_recipients')
      .select('id')
      .where('campaign_id', '=', campaignId)
      .where('tenant_id', '=', this.tenantId)
      .where('status', '=', 'scheduled')
      .where('queued_at', 'is', null)
      .where('planned_at', '<', writeTimestamp(before))
      .orderBy('planned_at')
      .orderBy('id')
      .execute();
    return rows.map((row) => row.id);
  }

  /** New planned times for recipients (a resume's spread), in the caller's transaction. */
  async replan(times: ReadonlyArray<{ id: number; plannedAt: Date }>): Promise<void> {
    // One statement per slice (a CASE on the id), not one per recipient.
    const type = timestampColumnType(this.db as Kysely<unknown>);
    const at = (date: Date) => sql<string>`cast(${writeTimestamp(date)} as ${type})`;
    for (let start = 0; start < times.length; start += SLICE) {
      const [first, ...rest] = times.slice(start, start + SLICE) as [{ id: number; plannedAt: Date }, ...Array<{ id: number; plannedAt: Date }>];
      await this.db
        .updateTable('campaign_recipients')
        .set((eb) => {
          let chain = eb.case('id').when(first.id).then(at(first.plannedAt));
          for (const { id, plannedAt } of rest) chain = chain.when(id).then(at(plannedAt));
          return { planned_at: chain.else(eb.ref('planned_at')).end() };
        })
        .where('id', 'in', [first.id, ...rest.map((time) => time.id)])
        .where('tenant_id', '=', this.tenantId)
        .execute();
    }
  }

  /** The earliest and latest planned send of unsent recipients (null when none remain). */
  async unsentSpan(campaignId: number): Promise<{ first: Date; last: Date } | null> {
    const row = await this.db
      .selectFrom('campaign_recipients')
      .select((eb) => [eb.fn.min('planned_at').as('first'), eb.fn.max('planned_at').as('last')])
      .where('campaign_id', '=', campaignId)
      .where('tenant_id', '=', this.tenantId)
      .where('status', '=', 'scheduled')
      .where('queued_at', 'is', null)
      .executeTakeFirst();
    if (!row?.first || !row.last) return null;
    return { first: readTimestamp(row.first as string | Date), last: readTimestamp(row.last as string | Date) };
  }

  private async replaceTemplates(campaignId: number, templateIds: readonly number[]): Promise<void> {
    await this.db.deleteFrom('campaign_templates').where('campaign_id', '=', campaignId).execute();
    const unique = [...new Set(templateIds)];
    if (unique.length > 0) {
      await this.db.insertInto('campaign_templates').values(unique.map((templateId, position) => ({ campaign_id: campaignId, template_id: templateId, position }))).execute();
    }
  }

  private async templateIdsOf(campaignIds: readonly number[]): Promise<Map<number, number[]>> {
    const byCampaign = new Map<number, number[]>();
    if (campaignIds.length === 0) return byCampaign;
    const rows = await this.db
      .selectFrom('campaign_templates')
      .select(['campaign_id', 'template_id'])
      .where('campaign_id', 'in', [...campaignIds])
      .orderBy('campaign_id')
      .orderBy('position')
      .execute();
    for (const row of rows) byCampaign.set(row.campaign_id, [...(byCampaign.get(row.campaign_id) ?? []), row.template_id]);
    return byCampaign;
  }
}
