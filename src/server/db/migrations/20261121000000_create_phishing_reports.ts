import { type Kysely, sql } from 'kysely';
import { serialColumnType, timestampColumnType } from './migration-dialect-v1';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('phishing_reports')
    .addColumn('id', serialColumnType(db), (column) => column.primaryKey())
    .addColumn('report_id', 'varchar(64)', (column) => column.notNull().unique())
    .addColumn('receipt_method', 'varchar(8)', (column) => column.notNull().check(sql`receipt_method in ('email', 'sms')`))
    .addColumn('subject', 'text')
    .addColumn('body', 'text', (column) => column.notNull())
    .addColumn('source_email', 'text')
    .addColumn('phone_number', 'varchar(32)')
    .addColumn('publish_screenshot', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('screenshot_key', 'text')
    .addColumn('original_key', 'text')
    .addColumn('delete_password_hash', 'text', (column) => column.notNull())
    .addColumn('failed_delete_attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('delete_locked_until', timestampColumnType(db))
    .addColumn('reporter_ip_hash', 'varchar(64)')
    .addColumn('reporter_fingerprint_hash', 'varchar(64)')
    .addColumn('reported_at', timestampColumnType(db), (column) => column.notNull())
    .execute();

  // The list is always newest first; these make ORDER BY reported_at DESC + LIMIT/OFFSET an index walk.
  await db.schema
    .createIndex('phishing_reports_reported_at_idx')
    .on('phishing_reports')
    .columns(['reported_at', 'id'])
    .execute();
  await db.schema
    .createIndex('phishing_reports_method_reported_at_idx')
    .on('phishing_reports')
    .columns(['receipt_method', 'reported_at', 'id'])
    .execute();

  await db.schema
    .createTable('phishing_report_counts')
    .addColumn('receipt_method', 'varchar(8)', (column) => column.primaryKey())
    .addColumn('total', 'integer', (column) => column.notNull().defaultTo(0))
    // Bumped by every insert and delete: a cheap version of the list that caches can key on.
    .addColumn('revision', 'bigint', (column) => column.notNull().defaultTo(0))
    .execute();
  await sql`insert into phishing_report_counts (receipt_method, total) values ('email', 0), ('sms', 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('phishing_report_counts').execute();
  await db.schema.dropTable('phishing_reports').execute();
}
