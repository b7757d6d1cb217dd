import { type Kysely, sql } from 'kysely';
import { serialColumnType, timestampColumnType } from './migration-dialect-v1';

/**
 * Outgoing mail is written to this outbox in the same transaction as the change that causes it,
 * and a worker delivers it (features/mail/mail-worker.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', serialColumnType(db), (column) => column.primaryKey())
    .addColumn('to_address', 'text', (column) => column.notNull())
    .addColumn('subject', 'text', (column) => column.notNull())
    .addColumn('text_body', 'text', (column) => column.notNull())
    .addColumn('html_body', 'text', (column) => column.notNull())
    // Extra headers as a JSON object of name → value (e.g. List-Unsubscribe).
    .addColumn('headers', 'text', (column) => column.notNull().defaultTo('{}'))
    .addColumn('status', 'varchar(16)', (column) =>
      column.notNull().defaultTo('pending').check(sql`status in ('pending', 'sending', 'sent', 'failed')`),
    )
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('next_attempt_at', timestampColumnType(db), (column) => column.notNull())
    .addColumn('claimed_at', timestampColumnType(db))
    .addColumn('claim_token', 'varchar(64)')
    .addColumn('last_error', 'text')
    .addColumn('created_at', timestampColumnType(db), (column) => column.notNull())
    .addColumn('sent_at', timestampColumnType(db))
    .execute();

  // The worker only looks at unfinished messages, by due time.
  await db.schema
    .createIndex('mail_outbox_due_idx')
    .on('mail_outbox')
    .columns(['next_attempt_at', 'id'])
    .where(sql<boolean>`status in ('pending', 'sending')`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mail_outbox').execute();
}
