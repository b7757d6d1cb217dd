import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { tokyoMonth } from '../../lib/time-format';
import { useMigrationDatabase } from '../../test/migration-database';

/**
 * 20261128130500_usage_people_count on an empty database of its own: every existing tenant's
 * history of people starts with the current Tokyo month's count (a month already in
 * tenant_monthly_usage keeps its mail figures), and down removes the column again.
 */

const BEFORE = '20261128100000_plans_and_billing';
const migration = useMigrationDatabase();
const { expectMigrated } = migration;

describe('20261128130500_usage_people_count', () => {
  it('records the current month’s people count of every existing tenant', async () => {
    await expectMigrated(() => migration.migrator.migrateTo(BEFORE));
    const at = '2026-11-01T00:00:00.000Z';
    const tenant = async (name: string) =>
      (await sql<{ id: number }>`insert into tenants (company_name, created_at, updated_at) values (${name}, ${at}, ${at}) returning id`.execute(migration.handle.db)).rows[0]!.id;
    const withPeople = await tenant('株式会社三名');
    const without = await tenant('株式会社ゼロ');
    for (const index of [1, 2, 3]) {
      const email = `p${index}@example.co.jp`;
      await sql`insert into people (tenant_id, name, email, email_key, created_at, updated_at) values (${withPeople}, ${`受講者${index}`}, ${email}, ${email}, ${at}, ${at})`.execute(migration.handle.db);
    }
    // Both ends of the migration read the clock; a run across a Tokyo month's end is not worth guarding.
    const month = tokyoMonth(new Date());
    await sql`insert into tenant_monthly_usage (tenant_id, month, emails_sent) values (${withPeople}, ${month}, 7)`.execute(migration.handle.db);

    await expectMigrated(() => migration.migrator.migrateToLatest());
    const rows = await migration.handle.db.selectFrom('tenant_monthly_usage').select(['tenant_id', 'month', 'emails_sent', 'people_count']).orderBy('tenant_id').execute();
    expect(rows.map((row) => ({ ...row, tenant_id: Number(row.tenant_id), emails_sent: Number(row.emails_sent), people_count: Number(row.people_count) }))).toEqual([
      { tenant_id: withPeople, month, emails_sent: 7, people_count: 3 },
      { tenant_id: without, month, emails_sent: 0, people_count: 0 },
    ]);

    await expectMigrated(() => migration.migrator.migrateTo(BEFORE));
    const columns = (await migration.handle.db.introspection.getTables()).find((table) => table.name === 'tenant_monthly_usage' && (!migration.handle.schema || table.schema === migration.handle.schema))!.columns.map((column) => column.name);
    expect(columns).not.toContain('people_count');
  });
});
