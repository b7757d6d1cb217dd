import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Everything that differs between SQLite and PostgreSQL lives here, so repositories stay
 * dialect-neutral. Migrations use their own frozen copies (migrations/migration-dialect-v1.ts).
 */
export type DialectName = 'sqlite' | 'postgres';

export function dialectOf(db: Kysely<unknown>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** Column type for instants: timestamptz on PostgreSQL, ISO text (sortable, UTC) on SQLite. */
export function timestampColumnType(db: Kysely<unknown>) {
  return dialectOf(db) === 'postgres' ? sql`timestamptz` : sql`text`;
}

/** Reads a timestamp column as a Date whichever driver returned it. */
export function readTimestamp(value: string | Date): Date {
  return value instanceof Date ? value : new Date(value);
}

/** Writes an instant in the one format both dialects compare correctly. */
export function writeTimestamp(value: Date): string {
  return value.toISOString();
}

/** True when an insert or update broke a unique constraint (PostgreSQL 23505, SQLite CONSTRAINT_UNIQUE). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * True when PostgreSQL refused text it cannot store: a NUL character (22021) or one with no
 * equivalent in the server encoding (22P05). SQLite stores both, so this is a client's bad input.
 */
export function isUnstorableText(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '22021' || code === '22P05';
}

/**
 * Put in front of a query's SQL text (`preparedStatement`) to have PostgreSQL keep it as a named
 * prepared statement on each connection: parsed and planned once per connection instead of once
 * per call. Only for the few hot public reads whose plan does not depend on their values (an id,
 * a page key); a search, whose best plan depends on the words, stays unnamed. SQLite prepares
 * every statement already (withStatementCache) and ignores the comment.
 */
export const PREPARED_STATEMENT_MARK = '/* prepared */ ';

export function preparedStatement(sqlText: string): string {
  return `${PREPARED_STATEMENT_MARK}${sqlText}`;
}
