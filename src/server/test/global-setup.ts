import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrator';
import type { TestDatabaseTemplate } from './test-database';

/**
 * Prepares what each test file's own database is made from (test-database.ts): on SQLite one
 * migrated template file that every file copies; on PostgreSQL (DATABASE_URL) a check that the
 * server answers, since each file migrates a schema of its own there.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  let template: TestDatabaseTemplate;
  let cleanup: () => Promise<void>;

  if (url?.startsWith('postgres')) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('select 1');
    await client.end();
    template = { dialect: 'postgres', connectionString: url };
    cleanup = async () => undefined;
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kizuki-test-template-'));
    template = { dialect: 'sqlite', filename: path.join(dir, 'template.sqlite') };
    const handle = openDatabase(template);
    await migrateToLatest(handle);
    // Closing checkpoints the WAL into the main file, so a plain file copy is a complete database.
    await handle.destroy();
    cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
  }

  project.provide('testDatabaseTemplate', template);
  console.log(`[server tests] one ${template.dialect} database per test file`);
  return cleanup;
}
