import { type MigrationProvider, Migrator } from 'kysely';
import type { DatabaseHandle } from './database';
import { migrations } from './migrations';

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest({ db, schema }: DatabaseHandle): Promise<string[]> {
  // Kysely looks for its bookkeeping tables in every schema; name ours so another schema's
  // tables (another test run, a bench) are never mistaken for this one's.
  const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
