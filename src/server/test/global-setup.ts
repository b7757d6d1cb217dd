import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import type { DatabaseTarget } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrator';

/**
 * Migrates one database for the whole run: a fresh SQLite file by default, or, when
 * DATABASE_URL names PostgreSQL, a fresh schema in that database that is dropped afterwards.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  let target: DatabaseTarget;
  let cleanup: () => Promise<void>;

  if (url?.startsWith('postgres')) {
    const schema = `kizuki_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    target = { dialect: 'postgres', connectionString: url, schema };
    cleanup = async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    };
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kizuki-test-'));
    target = { dialect: 'sqlite', filename: path.join(dir, 'test.sqlite') };
    cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
  }

  const handle = openDatabase(target);
  await migrateToLatest(handle);
  await handle.destroy();
  project.provide('databaseTarget', target);
  console.log(`[server tests] database: ${target.dialect}${target.dialect === 'postgres' ? ` (schema ${target.schema})` : ''}`);
  return cleanup;
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTarget: DatabaseTarget;
  }
}
