import { type Kysely, sql } from 'kysely';
import { foreignIdColumnType, serialColumnType, timestampColumnType } from './migration-dialect-v1';

/**
 * Issue 11, the campaign engine:
 * - `campaigns` gains its schedule (window and Asia/Tokyo rules), its targets as chosen, the
 *   lifecycle instants, and a submit counter beside the existing sent/opened/clicked counters;
 * - `campaign_templates`: the templates a campaign draws from (a template in use cannot be deleted);
 * - `campaign_recipients`: one row per person resolved at launch, with an unguessable token, a
 *   planned send time, the outbox message it was handed to, and the first open/click/submit
 *   (set once, compare-and-set, so counters move once per person);
 * - `campaign_recipient_groups`: the groups each recipient belonged to at launch (results by group);
 * - `tracking_events`: every tracking request, append-only, with whether it counted and why not;
 * - `tenant_monthly_usage.mails_reserved`: training mails handed to the outbox this Tokyo month,
 *   the free plan's allowance taken atomically at send time;
 * - `mail_outbox.campaign_recipient_id`: which recipient a training mail is for.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampColumnType(db);
  const ref = foreignIdColumnType(db);
  // Flags (0/1) and the submit counter.
  for (const name of ['business_hours_only', 'weekdays_only', 'skip_holidays', 'randomize', 'all_users', 'emails_submitted']) {
    await db.schema.alterTable('campaigns').addColumn(name, 'integer', (column) => column.notNull().defaultTo(0)).execute();
  }
  for (const name of ['start_at', 'end_at', 'launched_at', 'paused_at', 'completed_at', 'last_send_at']) {
    await db.schema.alterTable('campaigns').addColumn(name, ts).execute();
  }
  // JSON arrays of ids as the administrator chose them; resolved into recipients at launch.
  await db.schema.alterTable('campaigns').addColumn('target_user_ids', 'text', (column) => column.notNull().defaultTo('[]')).execute();
  await db.schema.alterTable('campaigns').addColumn('target_group_ids', 'text', (column) => column.notNull().defaultTo('[]')).execute();
  await db.schema.createIndex('campaigns_tenant_status_idx').on('campaigns').columns(['tenant_id', 'status']).execute();

  await db.schema
    .createTable('campaign_templates')
    .addColumn('campaign_id', ref, (column) => column.notNull().references('campaigns.id').onDelete('cascade'))
    .addColumn('template_id', ref, (column) => column.notNull().references('training_templates.id').onDelete('restrict'))
    .addColumn('position', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('campaign_templates_pk', ['campaign_id', 'template_id'])
    .execute();
  await db.schema.createIndex('campaign_templates_template_idx').on('campaign_templates').column('template_id').execute();

  await db.schema
    .createTable('campaign_recipients')
    .addColumn('id', serialColumnType(db), (column) => column.primaryKey())
    .addColumn('tenant_id', ref, (column) => column.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('campaign_id', ref, (column) => column.notNull().references('campaigns.id').onDelete('cascade'))
    // Null once the person is deleted; the name and address below stay as they were at launch.
    .addColumn('person_id', ref, (column) => column.references('people.id').onDelete('set null'))
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('department', 'text')
    .addColumn('template_id', ref, (column) => column.notNull().references('training_templates.id').onDelete('restrict'))
    // 128 random bits, base64url: the only key of the tracking links and the lesson page.
    .addColumn('token', 'varchar(43)', (column) => column.notNull().unique())
    .addColumn('status', 'varchar(16)', (column) =>
      column.notNull().defaultTo('scheduled').check(sql`status in ('scheduled', 'sent', 'opened', 'clicked', 'submitted', 'failed', 'cancelled')`),
    )
    .addColumn('planned_at', ts, (column) => column.notNull())
    // Set when handed to the outbox (with the message's id); cleared again when a pause takes it back.
    .addColumn('queued_at', ts)
    .addColumn('outbox_id', ref)
    .addColumn('sent_at', ts)
    .addColumn('opened_at', ts)
    .addColumn('clicked_at', ts)
    .addColumn('submitted_at', ts)
    .addColumn('reported_at', ts)
    .addColumn('failure_reason', 'text')
    .addColumn('created_at', ts, (column) => column.notNull())
    .execute();
  // The dispatcher's question: this campaign's unsent, unqueued recipients by due time.
  await db.schema
    .createIndex('campaign_recipients_due_idx')
    .on('campaign_recipients')
    .columns(['campaign_id', 'planned_at', 'id'])
    .where(sql<boolean>`status = 'scheduled' and queued_at is null`)
    .execute();
  // Recipient pages (every query also names the tenant, so it is in the index too).
  await db.schema.createIndex('campaign_recipients_campaign_idx').on('campaign_recipients').columns(['campaign_id', 'tenant_id', 'id']).execute();
  await db.schema.createIndex('campaign_recipients_status_idx').on('campaign_recipients').columns(['campaign_id', 'tenant_id', 'status', 'id']).execute();
  await db.schema.createIndex('campaign_recipients_outbox_idx').on('campaign_recipients').column('outbox_id').execute();
  await db.schema.createIndex('campaign_recipients_person_idx').on('campaign_recipients').column('person_id').execute();

  await db.schema
    .createTable('campaign_recipient_groups')
    .addColumn('campaign_id', ref, (column) => column.notNull().references('campaigns.id').onDelete('cascade'))
    .addColumn('recipient_id', ref, (column) => column.notNull().references('campaign_recipients.id').onDelete('cascade'))
    .addColumn('group_id', ref, (column) => column.notNull().references('people_groups.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('campaign_recipient_groups_pk', ['recipient_id', 'group_id'])
    .execute();
  await db.schema.createIndex('campaign_recipient_groups_group_idx').on('campaign_recipient_groups').columns(['campaign_id', 'group_id', 'recipient_id']).execute();

  await db.schema
    .createTable('tracking_events')
    .addColumn('id', serialColumnType(db), (column) => column.primaryKey())
    .addColumn('tenant_id', ref, (column) => column.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('campaign_id', ref, (column) => column.notNull().references('campaigns.id').onDelete('cascade'))
    .addColumn('recipient_id', ref, (column) => column.notNull().references('campaign_recipients.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(16)', (column) => column.notNull())
    .addColumn('occurred_at', ts, (column) => column.notNull())
    .addColumn('counted', 'integer', (column) => column.notNull())
    // Why it did not count (scanner-filter.ts), and the figures the Japanese reason names (JSON).
    .addColumn('reason', 'varchar(32)')
    .addColumn('reason_detail', 'text')
    .addColumn('method', 'varchar(10)', (column) => column.notNull())
    .addColumn('ip', 'varchar(64)', (column) => column.notNull())
    .addColumn('user_agent', 'varchar(300)', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('tracking_events_recipient_idx').on('tracking_events').columns(['recipient_id', 'id']).execute();
  // "One address clicking for many recipients within a short time."
  await db.schema.createIndex('tracking_events_ip_idx').on('tracking_events').columns(['ip', 'kind', 'occurred_at']).execute();

  await db.schema.alterTable('tenant_monthly_usage').addColumn('mails_reserved', 'integer', (column) => column.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('mail_outbox').addColumn('campaign_recipient_id', ref).execute();
  await db.schema.createIndex('mail_outbox_recipient_idx').on('mail_outbox').column('campaign_recipient_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('mail_outbox_recipient_idx').execute();
  await db.schema.alterTable('mail_outbox').dropColumn('campaign_recipient_id').execute();
  await db.schema.alterTable('tenant_monthly_usage').dropColumn('mails_reserved').execute();
  for (const table of ['tracking_events', 'campaign_recipient_groups', 'campaign_recipients', 'campaign_templates']) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.dropIndex('campaigns_tenant_status_idx').execute();
  for (const name of [
    'target_group_ids', 'target_user_ids', 'last_send_at', 'completed_at', 'paused_at', 'launched_at', 'end_at', 'start_at',
    'emails_submitted', 'all_users', 'randomize', 'skip_holidays', 'weekdays_only', 'business_hours_only',
  ]) {
    await db.schema.alterTable('campaigns').dropColumn(name).execute();
  }
}
