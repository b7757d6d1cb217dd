import { type Kysely, sql } from 'kysely';
import { dialectOf, foreignIdColumnType, serialColumnType, timestampColumnType } from './migration-dialect-v1';

/**
 * Issue 13, part 3: the operator console, a realm of its own beside the tenants'.
 * - `operators`: people who moderate Kizuki DB, created from the command line. The password is set
 *   through a one-time link; the TOTP secret (encrypted with the app secret) is set on first
 *   sign-in; `totp_last_step` is the last accepted time step, so a code works once;
 * - `operator_setup_tokens`: the one-time links (a digest, 24 h);
 * - `operator_sessions`: a sign-in waiting for its TOTP code (`totp_pending`, with the secret being
 *   set up and the wrong codes so far) or a bearer session (`active`);
 * - `operator_audit_log`: who did what to which report, when and why. Append-only: triggers refuse
 *   UPDATE and DELETE (and TRUNCATE on PostgreSQL) whoever asks, the application included.
 *   `report_id` is the public id as text, so the entry outlives a report deleted for good;
 * - `phishing_report_flags`: the public 「不適切な報告を通知」, removed with their report.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampColumnType(db);
  const ref = foreignIdColumnType(db);

  await db.schema
    .createTable('operators')
    .addColumn('id', serialColumnType(db), (column) => column.primaryKey())
    .addColumn('email', 'varchar(254)', (column) => column.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('totp_secret', 'text')
    .addColumn('totp_enabled_at', ts)
    .addColumn('totp_last_step', 'integer')
    .addColumn('created_at', ts, (column) => column.notNull())
    .addColumn('updated_at', ts, (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('operator_setup_tokens')
    .addColumn('id', serialColumnType(db), (column) => column.primaryKey())
    .addColumn('operator_id', ref, (column) => column.notNull().references('operators.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (column) => column.notNull().unique())
    .addColumn('created_at', ts, (column) => column.notNull())
    .addColumn('expires_at', ts, (column) => column.notNull())
    .addColumn('used_at', ts)
    .execute();
  await db.schema.createIndex('operator_setup_tokens_operator_idx').on('operator_setup_tokens').column('operator_id').execute();

  await db.schema
    .createTable('operator_sessions')
    .addColumn('id', serialColumnType(db), (column) => column.primaryKey())
    .addColumn('operator_id', ref, (column) => column.notNull().references('operators.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (column) => column.notNull().unique())
    .addColumn('stage', 'varchar(16)', (column) => column.notNull().check(sql`stage in ('totp_pending', 'active')`))
    // A first sign-in's new TOTP secret (encrypted) until a code from it is confirmed.
    .addColumn('pending_totp_secret', 'text')
    .addColumn('failed_codes', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', ts, (column) => column.notNull())
    .addColumn('expires_at', ts, (column) => column.notNull())
    .addColumn('revoked_at', ts)
    .execute();
  await db.schema.createIndex('operator_sessions_operator_idx').on('operator_sessions').column('operator_id').execute();

  await db.schema
    .createTable('operator_audit_log')
    .addColumn('id', serialColumnType(db), (column) => column.primaryKey())
    // No foreign key: an entry must survive whatever happens to the operator or the report.
    .addColumn('operator_id', ref, (column) => column.notNull())
    .addColumn('operator_email', 'varchar(254)', (column) => column.notNull())
    .addColumn('action', 'varchar(16)', (column) => column.notNull().check(sql`action in ('hide', 'restore', 'delete', 'redact', 'dismiss_flags')`))
    .addColumn('report_id', 'varchar(64)', (column) => column.notNull())
    .addColumn('reason', 'text', (column) => column.notNull())
    .addColumn('created_at', ts, (column) => column.notNull())
    .execute();
  await db.schema.createIndex('operator_audit_log_report_idx').on('operator_audit_log').columns(['report_id', 'id']).execute();

  if (dialectOf(db) === 'postgres') {
    await sql`
      create function operator_audit_log_append_only() returns trigger language plpgsql as $$
      begin
        raise exception 'operator_audit_log is append-only';
      end
      $$`.execute(db);
    await sql`
      create trigger operator_audit_log_no_change before update or delete on operator_audit_log
      for each row execute function operator_audit_log_append_only()`.execute(db);
    await sql`
      create trigger operator_audit_log_no_truncate before truncate on operator_audit_log
      for each statement execute function operator_audit_log_append_only()`.execute(db);
  } else {
    await sql`
      create trigger operator_audit_log_no_update before update on operator_audit_log
      begin select raise(abort, 'operator_audit_log is append-only'); end`.execute(db);
    await sql`
      create trigger operator_audit_log_no_delete before delete on operator_audit_log
      begin select raise(abort, 'operator_audit_log is append-only'); end`.execute(db);
  }

  await db.schema
    .createTable('phishing_report_flags')
    .addColumn('id', serialColumnType(db), (column) => column.primaryKey())
    .addColumn('report_id', ref, (column) => column.notNull().references('phishing_reports.id').onDelete('cascade'))
    .addColumn('reason', 'varchar(16)', (column) =>
      column.notNull().check(sql`reason in ('personal_info', 'defamation', 'not_phishing', 'spam', 'other')`),
    )
    .addColumn('comment', 'text')
    // HMAC of the flagging IP with the app secret: one open flag per client and report, no address kept.
    .addColumn('ip_hash', 'varchar(64)', (column) => column.notNull())
    .addColumn('created_at', ts, (column) => column.notNull())
    .addColumn('resolved_at', ts)
    .addColumn('resolution', 'varchar(16)', (column) => column.check(sql`resolution in ('hidden', 'dismissed')`))
    .execute();
  // The console's question: which reports have open flags, and how many.
  await db.schema
    .createIndex('phishing_report_flags_open_idx')
    .on('phishing_report_flags')
    .columns(['report_id', 'created_at'])
    .where(sql<boolean>`resolved_at is null`)
    .execute();
  await db.schema.createIndex('phishing_report_flags_report_idx').on('phishing_report_flags').columns(['report_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('phishing_report_flags').execute();
  await db.schema.dropTable('operator_audit_log').execute();
  if (dialectOf(db) === 'postgres') await sql`drop function if exists operator_audit_log_append_only()`.execute(db);
  for (const table of ['operator_sessions', 'operator_setup_tokens', 'operators']) await db.schema.dropTable(table).execute();
}
