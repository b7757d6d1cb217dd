import { type Kysely, sql } from 'kysely';

/**
 * Issue 14 (usage by month): `tenant_monthly_usage.people_count`, the number of people a tenant
 * had registered after the last change to its people in that Tokyo month. There is no other
 * history of the people count.
 *
 * The rule (features/billing-usage/usage.repo.ts): every insert or delete of people writes the
 * tenant's count into the row of the month of the change, in the same transaction. The people at
 * a month's end are the value of that month, or else of the latest earlier month that has one
 * (carried forward: nothing changed since); the current month reads the live count. A month
 * before any recorded value is unknown (null).
 *
 * Existing tenants get the current Tokyo month's value now, so their history starts today.
 *
 * Also two indexes for a month's detail: the recipients sent in the month (mails per campaign) and
 * the tenant's template test sends in the month.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tenant_monthly_usage').addColumn('people_count', 'integer').execute();

  // The Tokyo month of this instant (UTC+9, no daylight saving), e.g. 2026-11.
  const month = new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 7);
  await sql`insert into tenant_monthly_usage (tenant_id, month, people_count)
    select tenants.id, ${month}, (select count(*) from people where people.tenant_id = tenants.id) from tenants where true
    on conflict (tenant_id, month) do update set people_count = excluded.people_count`.execute(db);

  await db.schema.createIndex('campaign_recipients_tenant_sent_idx').on('campaign_recipients').columns(['tenant_id', 'sent_at']).execute();
  await db.schema.createIndex('template_test_sends_tenant_idx').on('template_test_sends').columns(['tenant_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('template_test_sends_tenant_idx').execute();
  await db.schema.dropIndex('campaign_recipients_tenant_sent_idx').execute();
  await db.schema.alterTable('tenant_monthly_usage').dropColumn('people_count').execute();
}
