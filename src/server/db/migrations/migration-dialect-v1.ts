import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * The dialect helpers the migrations use, frozen as they were when those migrations landed. A
 * landed migration must mean the same thing forever, so migrations import these copies and never
 * db/dialect.ts, which the application may change. A helper that has to change gets a new file
 * (migration-dialect-v2.ts) for the migrations written after it; this one is never edited.
 */
export function dialectOf(db: Kysely<unknown>): 'sqlite' | 'postgres' {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** Column type for instants: timestamptz on PostgreSQL, ISO text (sortable, UTC) on SQLite. */
export function timestampColumnType(db: Kysely<unknown>) {
  return dialectOf(db) === 'postgres' ? sql`timestamptz` : sql`text`;
}

/** Auto-increment primary key type for each dialect. */
export function serialColumnType(db: Kysely<unknown>) {
  return dialectOf(db) === 'postgres' ? sql`bigserial` : sql`integer`;
}

/** Column type of a reference to a serial primary key (bigserial is bigint on PostgreSQL). */
export function foreignIdColumnType(db: Kysely<unknown>) {
  return dialectOf(db) === 'postgres' ? sql`bigint` : sql`integer`;
}
