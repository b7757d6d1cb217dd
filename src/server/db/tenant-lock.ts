import { type Kysely, sql } from 'kysely';
import { dialectOf } from './dialect';
import type { Database } from './schema';

/**
 * Runs `work` in one transaction that holds the tenant's lock, so a check and the writes it allows
 * (the plan's people limit, the monthly mail allowance at launch) cannot interleave with another
 * request's. PostgreSQL: `SELECT … FOR UPDATE` on the tenant row. SQLite: `BEGIN IMMEDIATE` takes
 * the write lock at the start (one writer per database; Kysely also runs one transaction at a time
 * on its connection).
 */
export async function withTenantLock<T>(db: Kysely<Database>, tenantId: number, work: (locked: Kysely<Database>) => Promise<T>): Promise<T> {
  if (dialectOf(db as Kysely<unknown>) === 'postgres') {
    return db.transaction().execute(async (trx) => {
      await trx.selectFrom('tenants').select('id').where('id', '=', tenantId).forUpdate().execute();
      return work(trx);
    });
  }
  return db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    try {
      const result = await work(connection);
      await sql`commit`.execute(connection);
      return result;
    } catch (error) {
      await sql`rollback`.execute(connection);
      throw error;
    }
  });
}
