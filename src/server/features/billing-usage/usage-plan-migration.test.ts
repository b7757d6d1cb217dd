import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { tokyoMonth } from '../../lib/time-format';
import { useMigrationDatabase } from '../../test/migration-database';

/**
 * 20261129100000_usage_plan on an empty database of its own: every existing tenant's record of
 * plans starts with its plan in the current Tokyo month (a month already in tenant_monthly_usage
 * keeps its figures), and down removes the column again.
 */

const BEFORE = '20261128130500_usage_people_count';
const migration = useMigrationDatabase();
const { expectMigrated } = migration;

describe('20261129100000_usage_plan', () => {
  it('records the current month’s plan of every existing tenant', async () => {
    await expectMigrated(() => migration.migrator.migrateTo(BEFORE));
    const at = '2026-11-01T00:00:00.000Z';
    const tenant = async (name: string, plan: string) =>
      (await sql<{ id: number }>`insert into tenants (company_name, plan, created_at, updated_at) values (${name}, ${plan}, ${at}, ${at}) returning id`.execute(migration.handle.db)).rows[0]!.id;
    const enterprise = await tenant('株式会社大口', 'enterprise');
    const free = await tenant('株式会社無料', 'free');
    // Both ends of the migration read the clock; a run across a Tokyo month's end is not worth guarding.
    const month = tokyoMonth(new Date());
    await sql`insert into tenant_monthly_usage (tenant_id, month, emails_sent) values (${enterprise}, ${month}, 7)`.execute(migration.handle.db);

    await expectMigrated(() => migration.migrator.migrateToLatest());
    const rows = await migration.handle.db.selectFrom('tenant_monthly_usage').select(['tenant_id', 'month', 'emails_sent', 'plan']).orderBy('tenant_id').execute();
    expect(rows.map((row) => ({ ...row, tenant_id: Number(row.tenant_id), emails_sent: Number(row.emails_sent) }))).toEqual([
      { tenant_id: enterprise, month, emails_sent: 7, plan: 'enterprise' },
      { tenant_id: free, month, emails_sent: 0, plan: 'free' },
    ]);

    await expectMigrated(() => migration.migrator.migrateTo(BEFORE));
    const columns = (await migration.handle.db.introspection.getTables()).find((table) => table.name === 'tenant_monthly_usage' && (!migration.handle.schema || table.schema === migration.handle.schema))!.columns.map((column) => column.name);
    expect(columns).not.toContain('plan');
  });
});
