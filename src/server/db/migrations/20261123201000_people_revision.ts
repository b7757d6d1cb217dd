import type { Kysely } from 'kysely';

/**
 * Issue 10 part 1: `tenants.people_revision`, bumped in the same transaction as every change to a
 * tenant's people, groups or memberships. GET /api/users caches its answer per (tenant, revision,
 * query): the revision is read on every request, so a change through any instance invalidates
 * every instance's cached pages at once. The list's own queries need no index beyond the
 * `(tenant_id, id)` and `(tenant_id, email_key)` ones of 20261123200000.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tenants').addColumn('people_revision', 'integer', (column) => column.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tenants').dropColumn('people_revision').execute();
}
