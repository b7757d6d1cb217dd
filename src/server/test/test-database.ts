import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { DatabaseTarget } from '../config';

/**
 * Each server test FILE gets a database of its own, so files run in parallel and no file sees
 * another's rows: a copy of the run's migrated template (global-setup.ts), a file on SQLite, a
 * database on PostgreSQL. Made on first use and cached in this module until the file ends:
 * `per-file-database.setup.ts` drops what a file made after its last afterAll and clears the cache,
 * so the next file of the same worker (the server project runs with `isolate: false`, this module
 * stays loaded) makes its own.
 */

/** Any fixed 64-bit key; only test files take it (withMigrationLock). */
const MIGRATION_LOCK_KEY = 0x6b697a756b69;

let migrated: Promise<DatabaseTarget> | undefined;
const releases: Array<() => Promise<void>> = [];

/** The file's migrated database (the same one for every call in a file). */
export function testDatabaseTarget(): Promise<DatabaseTarget> {
  migrated ??= makeMigratedDatabase();
  return migrated;
}

/** A fresh, empty database (no tables) for tests that run migrations themselves. */
export async function emptyTestDatabaseTarget(): Promise<DatabaseTarget> {
  const template = inject('testDatabaseTemplate');
  if (template.dialect === 'postgres') return createSchema(template.connectionString, 'kizuki_empty');
  return { dialect: 'sqlite', filename: path.join(fileFolder(), `empty-${randomBytes(4).toString('hex')}.sqlite`) };
}

/** Drops every database this file made; called once per file by per-file-database.setup.ts. */
export async function releaseTestDatabases(): Promise<void> {
  migrated = undefined;
  while (releases.length > 0) await releases.pop()?.();
}

async function makeMigratedDatabase(): Promise<DatabaseTarget> {
  const template = inject('testDatabaseTemplate');
  if (template.dialect === 'postgres') {
    // A copy of the run's migrated template database: about 0.35 s against 3.5–5 s to create and
    // migrate a schema with the migration lock held, measured side by side at load 17–22
    // (docs/performance.md, "CI time, round 3"). The template holds exactly what
    // migrateToLatest made, so a file sees the schema production runs.
    const database = `kizuki_test_${randomBytes(6).toString('hex')}`;
    await runStatement(template.connectionString, `create database ${database} template ${template.templateDatabase}`);
    releases.push(() => dropTestDatabase(template.connectionString, database));
    return { dialect: 'postgres', connectionString: databaseUrl(template.connectionString, database) };
  }
  const filename = path.join(fileFolder(), 'test.sqlite');
  fs.copyFileSync(template.filename, filename);
  return { dialect: 'sqlite', filename };
}

/**
 * Runs migrations with no other test file migrating at the same time. Kysely's migrator lists the
 * tables of every schema in the database (pg_catalog introspection) before it migrates one, and
 * that listing fails when another schema's table is being altered at that instant ("column … of
 * relation … does not exist"). Dropping a file's schema takes the lock for the same reason. On
 * SQLite every file has its own file, so nothing is shared.
 */
export async function withMigrationLock<T>(work: () => Promise<T>): Promise<T> {
  const template = inject('testDatabaseTemplate');
  if (template.dialect !== 'postgres') return work();
  const client = new pg.Client({ connectionString: template.connectionString });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    return await work();
  } finally {
    // Ending the session releases the lock too, should the unlock itself fail.
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await client.end();
  }
}

let folder: string | undefined;

function fileFolder(): string {
  if (!folder) {
    const made = fs.mkdtempSync(path.join(os.tmpdir(), 'kizuki-test-file-'));
    folder = made;
    releases.push(async () => {
      fs.rmSync(made, { recursive: true, force: true });
      folder = undefined;
    });
  }
  return folder;
}

async function createSchema(connectionString: string, prefix: string): Promise<DatabaseTarget> {
  const schema = `${prefix}_${randomBytes(6).toString('hex')}`;
  await runStatement(connectionString, `create schema ${schema}`);
  releases.push(() => withMigrationLock(() => runStatement(connectionString, `drop schema if exists ${schema} cascade`)));
  return { dialect: 'postgres', connectionString, schema };
}

/**
 * Drops a file's database once its connections are gone. A pool's end() resolves before its
 * sockets have closed, and DROP … WITH (FORCE) would then kill a backend mid-goodbye: the client
 * gets FATAL 57P01 with nobody listening, an uncaught error in the test run. So the plain drop is
 * retried while the database is in use (55006), and FORCE is only the last resort, for a
 * connection a test left open (a killed child process's).
 */
async function dropTestDatabase(connectionString: string, database: string): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      await runStatement(connectionString, `drop database if exists ${database}`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006') throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  await runStatement(connectionString, `drop database if exists ${database} with (force)`);
}

/** The server's URL with another database name. */
export function databaseUrl(connectionString: string, database: string): string {
  const url = new URL(connectionString);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function runStatement(connectionString: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * What global-setup.ts hands every file: the migrated SQLite template, or the PostgreSQL server
 * (its DATABASE_URL; migration tests make empty schemas there) and the migrated template database on it.
 */
export type TestDatabaseTemplate = { dialect: 'sqlite'; filename: string } | { dialect: 'postgres'; connectionString: string; templateDatabase: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseTemplate: TestDatabaseTemplate;
  }
}
