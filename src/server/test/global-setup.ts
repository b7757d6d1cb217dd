import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrator';
import { databaseUrl, runStatement, type TestDatabaseTemplate } from './test-database';

/**
 * Prepares what each test file's own database is made from (test-database.ts), migrated once per
 * run: on SQLite a template file that every file copies; on PostgreSQL (DATABASE_URL) a template
 * database that every file's database is created from (CREATE DATABASE … TEMPLATE).
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  let template: TestDatabaseTemplate;
  let cleanup: () => Promise<void>;

  if (url?.startsWith('postgres')) {
    const templateDatabase = `kizuki_template_${randomBytes(6).toString('hex')}`;
    await runStatement(url, `create database ${templateDatabase}`);
    cleanup = () => runStatement(url, `drop database if exists ${templateDatabase} with (force)`);
    try {
      // Closed before any file starts: PostgreSQL copies a template only while nobody is connected to it.
      const handle = openDatabase({ dialect: 'postgres', connectionString: databaseUrl(url, templateDatabase) });
      try {
        await migrateToLatest(handle);
      } finally {
        await handle.destroy();
      }
    } catch (error) {
      await cleanup();
      throw error;
    }
    template = { dialect: 'postgres', connectionString: url, templateDatabase };
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
