import type { Kysely } from 'kysely';
import type { CampaignRow, Database } from '../../db/schema';

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

  async recentCampaigns(tenantId: number, limit: number): Promise<CampaignRow[]> {
    return this.db
      .selectFrom('campaigns')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }
}
