import type { Kysely } from 'kysely';
import { readTimestamp, writeTimestamp } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { tokyoMonth } from '../../lib/time-format';
import { type StoredInvoice, toStoredInvoice } from '../billing/invoices.repo';

/**
 * Records the tenant's people count in the row of the Tokyo month of `at` (made on first use).
 * Called by the people repository right after every insert or delete of people, in the same
 * transaction, so a month's value is the count after its last change (the migration
 * 20261128130500_usage_people_count states the rule).
 */
export async function recordPeopleCount(db: Kysely<Database>, tenantId: number, at: Date): Promise<void> {
  await db
    .insertInto('tenant_monthly_usage')
    .values((eb) => ({
      tenant_id: tenantId,
      month: tokyoMonth(at),
      people_count: eb.selectFrom('people').select((inner) => inner.fn.countAll<number>().as('c')).where('tenant_id', '=', tenantId),
    }))
    .onConflict((conflict) => conflict.columns(['tenant_id', 'month']).doUpdateSet((eb) => ({ people_count: eb.ref('excluded.people_count') })))
    .execute();
}

/**
 * A change of tenants.plan, written into the month of the change (in the caller's transaction): a
 * past month then shows the plan the tenant had at its end (20261129100000_usage_plan states the rule).
 * Every write of tenants.plan goes through here.
 */
export async function setTenantPlan(db: Kysely<Database>, tenantId: number, plan: string, at: Date): Promise<void> {
  await db.updateTable('tenants').set({ plan, updated_at: writeTimestamp(at) }).where('id', '=', tenantId).execute();
  await db
    .insertInto('tenant_monthly_usage')
    .values({ tenant_id: tenantId, month: tokyoMonth(at), plan })
    .onConflict((conflict) => conflict.columns(['tenant_id', 'month']).doUpdateSet({ plan }))
    .execute();
}

export interface UsageRow {
  month: string;
  emailsSent: number;
  peopleCount: number | null;
  /** The plan after the month's last change of plan; null: none that month. */
  plan: string | null;
}

export interface CampaignMails {
  campaignId: number;
  name: string;
  mailsSent: number;
}

export interface TestSendRow {
  sentAt: Date;
  templateName: string | null;
}

export class UsageRepository {
  constructor(private readonly db: Kysely<Database>) {}

  forTenant(tenantId: number): TenantUsage {
    return new TenantUsage(this.db, tenantId);
  }
}

/** The only SQL of usage by month, bound to one tenant. */
export class TenantUsage {
  constructor(
    private readonly db: Kysely<Database>,
    readonly tenantId: number,
  ) {}

  /** The tenant's plan and since when it exists; null when it is gone. */
  async tenant(): Promise<{ plan: string; createdAt: Date } | null> {
    const row = await this.db.selectFrom('tenants').select(['plan', 'created_at']).where('id', '=', this.tenantId).executeTakeFirst();
    return row ? { plan: row.plan, createdAt: readTimestamp(row.created_at) } : null;
  }

  async peopleCount(): Promise<number> {
    const row = await this.db.selectFrom('people').select((eb) => eb.fn.countAll<number>().as('count')).where('tenant_id', '=', this.tenantId).executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Every recorded month up to `lastMonth` (inclusive), oldest first. */
  async usageRows(lastMonth: string): Promise<UsageRow[]> {
    const rows = await this.db
      .selectFrom('tenant_monthly_usage')
      .select(['month', 'emails_sent', 'people_count', 'plan'])
      .where('tenant_id', '=', this.tenantId)
      .where('month', '<=', lastMonth)
      .orderBy('month')
      .execute();
    return rows.map((row) => ({ month: row.month, emailsSent: Number(row.emails_sent), peopleCount: row.people_count === null ? null : Number(row.people_count), plan: row.plan }));
  }

  /** Invoices whose period overlaps [from, to), oldest period first. */
  async invoicesOverlapping(from: Date, to: Date): Promise<StoredInvoice[]> {
    const rows = await this.db
      .selectFrom('invoices')
      .selectAll()
      .where('tenant_id', '=', this.tenantId)
      .where('period_start', '<', writeTimestamp(to))
      .where('period_end', '>', writeTimestamp(from))
      .orderBy('period_start')
      .orderBy('id')
      .execute();
    return rows.map(toStoredInvoice);
  }

  /** Training mails sent in [from, to) per campaign, most first. */
  async mailsPerCampaign(from: Date, to: Date): Promise<CampaignMails[]> {
    const rows = await this.db
      .selectFrom('campaign_recipients as r')
      .innerJoin('campaigns as c', (join) => join.onRef('c.id', '=', 'r.campaign_id').on('c.tenant_id', '=', this.tenantId))
      .select((eb) => ['c.id', 'c.name', eb.fn.countAll<number>().as('sent')])
      .where('r.tenant_id', '=', this.tenantId)
      .where('r.sent_at', '>=', writeTimestamp(from))
      .where('r.sent_at', '<', writeTimestamp(to))
      .groupBy(['c.id', 'c.name'])
      .execute();
    return rows
      .map((row) => ({ campaignId: Number(row.id), name: row.name, mailsSent: Number(row.sent) }))
      .sort((a, b) => b.mailsSent - a.mailsSent || a.campaignId - b.campaignId);
  }

  /** Template test sends in [from, to): how many, and the newest `limit`. */
  async testSends(from: Date, to: Date, limit: number): Promise<{ total: number; sends: TestSendRow[] }> {
    const inMonth = this.db
      .selectFrom('template_test_sends as s')
      .where('s.tenant_id', '=', this.tenantId)
      .where('s.created_at', '>=', writeTimestamp(from))
      .where('s.created_at', '<', writeTimestamp(to));
    const [total, rows] = await Promise.all([
      inMonth.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
      inMonth
        .leftJoin('training_templates as t', 't.id', 's.template_id')
        .select(['s.created_at', 't.name'])
        .orderBy('s.created_at', 'desc')
        .orderBy('s.id', 'desc')
        .limit(limit)
        .execute(),
    ]);
    return { total: Number(total.count), sends: rows.map((row) => ({ sentAt: readTimestamp(row.created_at), templateName: row.name ?? null })) };
  }
}
