import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import type { DatabaseTarget } from '../src/server/config';
import { BENCH_SCHEMA_ENV } from './bench-protocol';

export interface BenchDatabase {
  /** "SQLite" or "PostgreSQL", for the printed figures. */
  label: string;
  target: DatabaseTarget;
  /** What the bench server needs in its environment to open the same database. */
  serverEnv: Record<string, string>;
  /** Removes what create made (the temp folder itself is removed by the caller). */
  drop(): Promise<void>;
}

/**
 * A fresh, empty database for one bench run: a SQLite file in the temp folder, or, when
 * BENCH_DATABASE_URL points at PostgreSQL, a new schema in that database, dropped afterwards.
 */
export async function createBenchDatabase(workDir: string, postgresUrl: string | undefined): Promise<BenchDatabase> {
  if (!postgresUrl) {
    const filename = path.join(workDir, 'bench.sqlite');
    return {
      label: 'SQLite',
      target: { dialect: 'sqlite', filename },
      serverEnv: { DATABASE_URL: `sqlite:${filename}` },
      drop: async () => {},
    };
  }
  if (!/^postgres(ql)?:\/\//.test(postgresUrl)) throw new Error('BENCH_DATABASE_URL must be postgres://…');

  const schema = `kizuki_bench_${randomBytes(4).toString('hex')}`;
  await runAdminStatement(postgresUrl, `create schema ${schema}`);
  return {
    label: 'PostgreSQL',
    target: { dialect: 'postgres', connectionString: postgresUrl, schema },
    serverEnv: { DATABASE_URL: postgresUrl, [BENCH_SCHEMA_ENV]: schema },
    drop: () => runAdminStatement(postgresUrl, `drop schema if exists ${schema} cascade`),
  };
}

/**
 * A bulk load leaves PostgreSQL without planner statistics and with an empty visibility map
 * (index-only scans must then visit the heap) until autovacuum gets round to the table. Running
 * it now measures the steady state a live database is in, instead of the first minute after a load.
 */
export async function settlePostgres(target: DatabaseTarget): Promise<void> {
  if (target.dialect !== 'postgres' || !target.schema) return;
  await runAdminStatement(target.connectionString, `vacuum analyze ${target.schema}.phishing_reports`);
  await runAdminStatement(target.connectionString, `vacuum analyze ${target.schema}.phishing_report_counts`);
  await runAdminStatement(target.connectionString, `vacuum analyze ${target.schema}.phishing_report_groups`);
}

async function runAdminStatement(connectionString: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
