import type { Kysely } from 'kysely';
import { readTimestamp } from '../../db/dialect';
import type { Database } from '../../db/schema';

/** A campaign as the dashboard lists it; the repository reads its timestamp into a Date. */
export interface CampaignRecord {
  id: number;
  name: string;
  status: string;
  total_targets: number;
  emails_sent: number;
  emails_opened: number;
  emails_clicked: number;
  created_at: Date;
}

export interface MonthlyUsage {
  emailsSent: number;
  emailsOpened: number;
  emailsClicked: number;
}

/** The only SQL of the dashboard. Every function is scoped by tenant id. */
export class DashboardRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * People registered to receive training mail (the `people` table, issue 10). Accounts run the
   * service and do not count toward the plan's "registered people", so a new tenant starts at 0.
   */
  async countTrainingUsers(tenantId: number): Promise<number> {
    const row = await this.db
      .selectFrom('people')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('tenant_id', '=', tenantId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async monthlyUsage(tenantId: number, month: string): Promise<MonthlyUsage> {
    const row = await this.db
      .selectFrom('tenant_monthly_usage')
      .select(['emails_sent', 'emails_opened', 'emails_clicked'])
      .where('tenant_id', '=', tenantId)
      .where('month', '=', month)
      .executeTakeFirst();
    return { emailsSent: row?.emails_sent ?? 0, emailsOpened: row?.emails_opened ?? 0, emailsClicked: row?.emails_clicked ?? 0 };
  }

  async recentCampaigns(tenantId: number, limit: number): Promise<CampaignRecord[]> {
    const rows = await this.db
      .selectFrom('campaigns')
      .select(['id', 'name', 'status', 'total_targets', 'emails_sent', 'emails_opened', 'emails_clicked', 'created_at'])
      .where('tenant_id', '=', tenantId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ ...row, created_at: readTimestamp(row.created_at) }));
  }
}
