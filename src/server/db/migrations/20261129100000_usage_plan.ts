import { type Kysely, sql } from 'kysely';

/**
 * Issue 14 (usage by month): `tenant_monthly_usage.plan`, the plan in force after the last change
 * of plan in that Tokyo month, so a past month shows the plan the tenant really had (an enterprise
 * tenant has no invoices to infer it from).
 *
 * The rule (features/billing-usage/usage.repo.ts recordPlan): every change of tenants.plan writes
 * the new plan into the row of the month of the change, in the same transaction. A past month's
 * plan is that month's value, or else the latest earlier month's (carried forward); before any
 * recorded value it is inferred from the invoices as before, else the free plan.
 *
 * Existing tenants get the current Tokyo month's value now, so their record starts today.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tenant_monthly_usage').addColumn('plan', 'varchar(32)').execute();

  // The Tokyo month of this instant (UTC+9, no daylight saving), e.g. 2026-11.
  const month = new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 7);
  await sql`insert into tenant_monthly_usage (tenant_id, month, plan)
    select tenants.id, ${month}, tenants.plan from tenants where true
    on conflict (tenant_id, month) do update set plan = excluded.plan`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tenant_monthly_usage').dropColumn('plan').execute();
}
