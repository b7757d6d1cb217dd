import { Migrator } from 'kysely';
import { afterAll, beforeAll, expect } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/database';
import { migrations } from '../db/migrations';
import { emptyTestDatabaseTarget, withMigrationLock } from './test-database';

export interface MigrationDatabase {
  /** The file's empty database (once beforeAll has run). */
  readonly handle: DatabaseHandle;
  /** A Migrator over every migration, on that database. */
  readonly migrator: Migrator;
  /** Runs a migration step under the migration lock and fails the test if it errs. */
  expectMigrated(migrate: () => ReturnType<Migrator['migrateTo']>): Promise<void>;
}

/**
 * A migration test's own empty database (a fresh SQLite file, or a fresh PostgreSQL schema when
 * the run is on PostgreSQL), opened before the file's tests and closed after them, with a
 * Migrator on it: the test migrates to the step before the one under test, writes old rows, and
 * migrates on.
 */
export function useMigrationDatabase(): MigrationDatabase {
  let handle: DatabaseHandle | undefined;
  let migrator: Migrator | undefined;
  beforeAll(async () => {
    handle = openDatabase(await emptyTestDatabaseTarget());
    migrator = new Migrator({
      db: handle.db,
      provider: { getMigrations: async () => migrations },
      ...(handle.schema ? { migrationTableSchema: handle.schema } : {}),
    });
  });
  afterAll(async () => {
    await handle?.destroy();
  });
  const opened = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('useMigrationDatabase: the database opens in beforeAll');
    return value;
  };
  return {
    get handle() {
      return opened(handle);
    },
    get migrator() {
      return opened(migrator);
    },
    async expectMigrated(migrate) {
      const { error } = await withMigrationLock(migrate);
      expect(error).toBeUndefined();
    },
  };
}
