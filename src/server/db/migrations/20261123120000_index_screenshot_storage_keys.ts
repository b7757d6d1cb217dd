import { type Kysely, sql } from 'kysely';

/**
 * The hourly sweep of orphaned screenshot files (screenshot-retention.ts) asks, for each batch of
 * stored files, which of them a report still names. These partial indexes answer that by lookup
 * rather than by reading the whole table; reports without a screenshot are not in them.
 */
const INDEXES = [
  ['phishing_reports_original_key_idx', 'original_key'],
  ['phishing_reports_screenshot_key_idx', 'screenshot_key'],
  ['phishing_reports_thumbnail_key_idx', 'thumbnail_key'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, column] of INDEXES) {
    await db.schema.createIndex(name).on('phishing_reports').column(column).where(sql<boolean>`${sql.ref(column)} is not null`).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of [...INDEXES].reverse()) await db.schema.dropIndex(name).execute();
}
