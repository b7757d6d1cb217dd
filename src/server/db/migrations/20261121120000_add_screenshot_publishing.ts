import { type Kysely, sql } from 'kysely';
import { timestampColumnType } from './migration-dialect-v1';

/**
 * Screenshots are published only after automatic redaction, by a background job: the report keeps
 * its private original and a status, and the public image and thumbnail appear once redacted.
 *
 * Existing rows: a public copy made before this migration was NOT redacted, so it is never served
 * again (the media route no longer serves its folder). Reports that asked for publishing and still
 * have their original go back to `pending`, so the publisher makes a redacted copy and removes the
 * old file; one without an original cannot be redacted and is `failed` (no image).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // SQLite adds one column per statement.
  const table = () => db.schema.alterTable('phishing_reports');
  await table()
    .addColumn('screenshot_status', 'varchar(16)', (column) =>
      column.notNull().defaultTo('none').check(sql`screenshot_status in ('none', 'pending', 'published', 'failed', 'private')`),
    )
    .execute();
  await table().addColumn('thumbnail_key', 'text').execute();
  // Claims by the publisher: each claim increments the attempts (also the compare-and-set version)
  // and stamps the time and a token; a claim older than the stale limit is taken over.
  await table().addColumn('screenshot_attempts', 'integer', (column) => column.notNull().defaultTo(0)).execute();
  await table().addColumn('screenshot_claimed_at', timestampColumnType(db)).execute();
  await table().addColumn('screenshot_claim_token', 'varchar(64)').execute();

  await sql`
    update phishing_reports set screenshot_status = case
      when original_key is not null and publish_screenshot = 1 then 'pending'
      when original_key is not null then 'private'
      when screenshot_key is not null then 'failed'
      else 'none'
    end`.execute(db);

  // Small partial indexes: the publisher looks only at pending reports, the retention sweep only
  // at reports that still hold an original.
  await db.schema
    .createIndex('phishing_reports_screenshot_pending_idx')
    .on('phishing_reports')
    .column('id')
    .where(sql<boolean>`screenshot_status = 'pending'`)
    .execute();
  await db.schema
    .createIndex('phishing_reports_original_kept_idx')
    .on('phishing_reports')
    .columns(['reported_at', 'id'])
    .where(sql<boolean>`original_key is not null`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('phishing_reports_original_kept_idx').execute();
  await db.schema.dropIndex('phishing_reports_screenshot_pending_idx').execute();
  for (const column of ['screenshot_claim_token', 'screenshot_claimed_at', 'screenshot_attempts', 'thumbnail_key', 'screenshot_status']) {
    await db.schema.alterTable('phishing_reports').dropColumn(column).execute();
  }
}
