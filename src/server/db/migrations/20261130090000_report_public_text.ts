import type { Kysely } from 'kysely';

/**
 * Issue 13 (the uncached list and detail): `phishing_reports.public_text`, the part of a report's
 * public answer that never changes after it is submitted (its id, method, defanged subject and
 * body, sender, publish choice and Tokyo time), kept as JSON text at insert, so a list page or a
 * detail stops defanging, formatting and encoding the same text on every read.
 *
 * `public_text_version` names the rules the text was made with (report-public-text.ts). Rows made
 * before this migration, or under older rules, have another version (or none): every read renders
 * them from their columns instead, and the start-up refresh rewrites them in the background. No
 * backfill here: the rules live in the app and change with it; a migration must not.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('phishing_reports').addColumn('public_text', 'text').execute();
  await db.schema.alterTable('phishing_reports').addColumn('public_text_version', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('phishing_reports').dropColumn('public_text_version').execute();
  await db.schema.alterTable('phishing_reports').dropColumn('public_text').execute();
}
