import { type Kysely, sql } from 'kysely';
import { foreignIdColumnType, serialColumnType, timestampColumnType } from './migration-dialect-v1';

/**
 * Issue 12, individual training (a person registers their own address for a monthly training mail):
 * - `individual_registrations`: one row per registration, which is also its consent record (when,
 *   which terms and privacy versions, a keyed hash of the IP). At most one active row per address;
 *   registering again after a stop makes a new row. A stop (unsubscribe, permanent bounce) keeps
 *   the row with its reason;
 * - `individual_sends`: one training mail per registration per Tokyo month (the first one in the
 *   month of registration), with its lure, unguessable token, planned time, outbox message and the
 *   first open/click/submit, set once like a campaign recipient's;
 * - `individual_tracking_events`: every tracking request for those mails, as `tracking_events` is
 *   for campaigns (the same columns, so one tracking repository serves both);
 * - `mail_outbox.individual_send_id`: which send a mail is for.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampColumnType(db);
  const ref = foreignIdColumnType(db);

  await db.schema
    .createTable('individual_registrations')
    .addColumn('id', serialColumnType(db), (column) => column.primaryKey())
    .addColumn('email', 'varchar(254)', (column) => column.notNull())
    .addColumn('status', 'varchar(16)', (column) => column.notNull().defaultTo('active').check(sql`status in ('active', 'unsubscribed', 'bounced')`))
    // 128 random bits, base64url: the key of the one-click unsubscribe link.
    .addColumn('unsubscribe_token', 'varchar(43)', (column) => column.notNull().unique())
    .addColumn('terms_version', 'varchar(32)', (column) => column.notNull())
    .addColumn('privacy_version', 'varchar(32)', (column) => column.notNull())
    .addColumn('consented_at', ts, (column) => column.notNull())
    // HMAC of the registering IP with the app secret: proves which network consented, without keeping the address.
    .addColumn('consent_ip_hash', 'varchar(64)', (column) => column.notNull())
    .addColumn('stopped_at', ts)
    .addColumn('stop_reason', 'text')
    .addColumn('created_at', ts, (column) => column.notNull())
    .execute();
  // One active registration per address: a concurrent second registration fails on this index.
  await db.schema.createIndex('individual_registrations_active_email_idx').on('individual_registrations').column('email').unique().where(sql<boolean>`status = 'active'`).execute();
  // The per-address history (new registrations in the last 30 days; templates an address already had).
  await db.schema.createIndex('individual_registrations_email_idx').on('individual_registrations').columns(['email', 'created_at']).execute();
  // Stopped registrations are deleted once the consent record's keeping period is over.
  await db.schema.createIndex('individual_registrations_stopped_idx').on('individual_registrations').column('stopped_at').where(sql<boolean>`stopped_at is not null`).execute();

  await db.schema
    .createTable('individual_sends')
    .addColumn('id', serialColumnType(db), (column) => column.primaryKey())
    .addColumn('registration_id', ref, (column) => column.notNull().references('individual_registrations.id').onDelete('cascade'))
    // The Tokyo month (YYYY-MM) the mail belongs to: one per registration per month.
    .addColumn('month', 'varchar(7)', (column) => column.notNull())
    // 1 for the mail sent at registration (it says how the address came to be registered).
    .addColumn('sequence', 'integer', (column) => column.notNull())
    .addColumn('template_id', ref, (column) => column.notNull().references('training_templates.id').onDelete('restrict'))
    .addColumn('token', 'varchar(43)', (column) => column.notNull().unique())
    .addColumn('status', 'varchar(16)', (column) =>
      column.notNull().defaultTo('scheduled').check(sql`status in ('scheduled', 'sent', 'opened', 'clicked', 'submitted', 'failed', 'cancelled')`),
    )
    .addColumn('planned_at', ts, (column) => column.notNull())
    .addColumn('queued_at', ts)
    .addColumn('outbox_id', ref)
    .addColumn('sent_at', ts)
    .addColumn('opened_at', ts)
    .addColumn('clicked_at', ts)
    .addColumn('submitted_at', ts)
    .addColumn('failure_reason', 'text')
    .addColumn('created_at', ts, (column) => column.notNull())
    .execute();
  await db.schema.createIndex('individual_sends_month_idx').on('individual_sends').columns(['registration_id', 'month']).unique().execute();
  // The dispatcher's question: unsent, unqueued sends by due time.
  await db.schema
    .createIndex('individual_sends_due_idx')
    .on('individual_sends')
    .columns(['planned_at', 'id'])
    .where(sql<boolean>`status = 'scheduled' and queued_at is null`)
    .execute();
  await db.schema.createIndex('individual_sends_template_idx').on('individual_sends').column('template_id').execute();

  await db.schema
    .createTable('individual_tracking_events')
    .addColumn('id', serialColumnType(db), (column) => column.primaryKey())
    .addColumn('recipient_id', ref, (column) => column.notNull().references('individual_sends.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(16)', (column) => column.notNull())
    .addColumn('occurred_at', ts, (column) => column.notNull())
    .addColumn('counted', 'integer', (column) => column.notNull())
    .addColumn('reason', 'varchar(32)')
    .addColumn('reason_detail', 'text')
    .addColumn('method', 'varchar(10)', (column) => column.notNull())
    .addColumn('ip', 'varchar(64)', (column) => column.notNull())
    .addColumn('user_agent', 'varchar(300)', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('individual_tracking_events_recipient_idx').on('individual_tracking_events').columns(['recipient_id', 'id']).execute();
  await db.schema.createIndex('individual_tracking_events_ip_idx').on('individual_tracking_events').columns(['ip', 'kind', 'occurred_at']).execute();

  await db.schema.alterTable('mail_outbox').addColumn('individual_send_id', ref).execute();
  await db.schema.createIndex('mail_outbox_individual_send_idx').on('mail_outbox').column('individual_send_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('mail_outbox_individual_send_idx').execute();
  await db.schema.alterTable('mail_outbox').dropColumn('individual_send_id').execute();
  for (const table of ['individual_tracking_events', 'individual_sends', 'individual_registrations']) {
    await db.schema.dropTable(table).execute();
  }
}
