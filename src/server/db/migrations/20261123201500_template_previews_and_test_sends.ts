import type { Kysely } from 'kysely';
import { foreignIdColumnType, serialColumnType, timestampColumnType } from './migration-dialect-v1';

/**
 * Issue 10 part 3, templates:
 * - `training_templates.retired_at`: a built-in lure removed from the code library is retired, not
 *   deleted (campaigns will refer to its row); retired ones leave the library list;
 * - `template_previews`: rendered preview documents behind an opaque token, so a sandboxed
 *   <iframe src> can load them under their own CSP (an iframe sends no bearer token);
 * - `template_test_sends`: one row per test send, counted for the per-account hourly limit;
 * - `mail_outbox.from_name` / `from_address`: a training mail's own sender
 *   (`sender_name <local@TRAINING_MAIL_DOMAIN>`); null means MAIL_FROM as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampColumnType(db);
  const ref = foreignIdColumnType(db);

  await db.schema.alterTable('training_templates').addColumn('retired_at', ts).execute();

  await db.schema
    .createTable('template_previews')
    // SHA-256 (hex) of the token in the URL: the token itself is never stored.
    .addColumn('token_hash', 'varchar(64)', (column) => column.primaryKey())
    .addColumn('tenant_id', ref, (column) => column.notNull().references('tenants.id').onDelete('cascade'))
    // The whole HTML document, already rendered from sanitised HTML with escaped values.
    .addColumn('document', 'text', (column) => column.notNull())
    .addColumn('expires_at', ts, (column) => column.notNull())
    .addColumn('created_at', ts, (column) => column.notNull())
    .execute();
  await db.schema.createIndex('template_previews_expires_idx').on('template_previews').column('expires_at').execute();

  await db.schema
    .createTable('template_test_sends')
    .addColumn('id', serialColumnType(db), (column) => column.primaryKey())
    .addColumn('tenant_id', ref, (column) => column.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('user_id', ref, (column) => column.notNull().references('users.id').onDelete('cascade'))
    // Kept when the template is deleted: deleting and re-creating a template must not reset the count.
    .addColumn('template_id', ref, (column) => column.references('training_templates.id').onDelete('set null'))
    .addColumn('created_at', ts, (column) => column.notNull())
    .execute();
  await db.schema.createIndex('template_test_sends_user_idx').on('template_test_sends').columns(['user_id', 'created_at']).execute();

  await db.schema.alterTable('mail_outbox').addColumn('from_name', 'text').execute();
  await db.schema.alterTable('mail_outbox').addColumn('from_address', 'varchar(254)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mail_outbox').dropColumn('from_address').execute();
  await db.schema.alterTable('mail_outbox').dropColumn('from_name').execute();
  await db.schema.dropTable('template_test_sends').execute();
  await db.schema.dropTable('template_previews').execute();
  await db.schema.alterTable('training_templates').dropColumn('retired_at').execute();
}
