import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase as SqliteDialectDatabase, sql } from 'kysely';
import pg from 'pg';
import type { DatabaseTarget } from '../config';
import { type DialectName, PREPARED_STATEMENT_MARK } from './dialect';
import type { Database } from './schema';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** PostgreSQL schema the connection is pinned to, when not the default. */
  schema?: string;
  ping(): Promise<void>;
  destroy(): Promise<void>;
}

// COUNT(*) and bigserial come back as strings by default; the values here stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export function openDatabase(target: DatabaseTarget): DatabaseHandle {
  const db = target.dialect === 'sqlite' ? openSqlite(target.filename) : openPostgres(target);
  return {
    db,
    dialect: target.dialect,
    ...(target.dialect === 'postgres' && target.schema ? { schema: target.schema } : {}),
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    destroy: () => db.destroy(),
  };
}

function openSqlite(filename: string): Kysely<Database> {
  if (filename !== ':memory:') fs.mkdirSync(path.dirname(filename), { recursive: true });
  const connection = new SqliteDatabase(filename);
  connection.pragma('journal_mode = WAL');
  connection.pragma('busy_timeout = 5000');
  connection.pragma('foreign_keys = ON');
  // WAL with NORMAL sync is durable across process crashes and much faster than FULL.
  connection.pragma('synchronous = NORMAL');
  // Reads map the file instead of copying each page through a read() call into SQLite's 2 MB page
  // cache: a list page's twenty rows cost half the CPU on a 100,000-report database (issue 13,
  // docs/performance.md). Address space only; pages not touched take no memory.
  connection.pragma(`mmap_size = ${SQLITE_MMAP_BYTES}`);
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(connection) }) });
}

/** 1 GiB: about 400,000 reports; a larger file is read through SQLite's page cache past that point. */
const SQLITE_MMAP_BYTES = 1024 * 1024 * 1024;

const STATEMENT_CACHE_SIZE = 200;

/**
 * Kysely asks better-sqlite3 to prepare every query anew, which costs more than running a small
 * one. The SQL text of a query shape never changes (values are bound), so prepared statements are
 * kept and reused; better-sqlite3 runs them synchronously, so reuse cannot interleave.
 */
function withStatementCache(connection: SqliteDatabase.Database): SqliteDialectDatabase {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => {
      statements.clear();
      connection.close();
    },
    prepare: (sqlText: string) => {
      let statement = statements.get(sqlText);
      if (!statement) {
        statement = connection.prepare(sqlText);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value as string);
        statements.set(sqlText, statement);
      }
      return statement;
    },
  };
}

function openPostgres(target: Extract<DatabaseTarget, { dialect: 'postgres' }>): Kysely<Database> {
  const pool = new pg.Pool({
    connectionString: target.connectionString,
    max: 10,
    ...(target.schema ? { options: `-c search_path=${target.schema}` } : {}),
  });
  pool.on('connect', useNamedStatements);
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

const statementNames = new Map<string, string>();

/** pg names a prepared statement per connection; the name is a digest of the text, so one text has one name. */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `k${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * Kysely sends `client.query(text, values)`; a text marked by preparedStatement goes as a named
 * statement instead (pg parses it on the first call on this connection, then only binds values).
 */
function useNamedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const [text, values] = args;
    if (typeof text === 'string' && text.startsWith(PREPARED_STATEMENT_MARK) && Array.isArray(values) && args.length === 2) {
      return query({ name: statementName(text), text, values });
    }
    return query(...args);
  };
}
