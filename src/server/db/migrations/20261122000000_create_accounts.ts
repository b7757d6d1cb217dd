import { type Kysely, sql } from 'kysely';
import { foreignIdColumnType, serialColumnType, timestampColumnType } from './migration-dialect-v1';

/**
 * Accounts of the training part: tenants (companies), their users, sign-in tokens, single-use
 * mailed tokens (registration, password reset, address change), and the figures the dashboard
 * reads (campaign counters and per-month usage). Every tenant-owned row carries tenant_id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampColumnType(db);
  const ref = foreignIdColumnType(db);

  await db.schema
    .createTable('tenants')
    .addColumn('id', serialColumnType(db), (column) => column.primaryKey())
    .addColumn('company_name', 'text', (column) => column.notNull())
    .addColumn('plan', 'varchar(32)', (column) => column.notNull().defaultTo('free'))
    .addColumn('created_at', ts, (column) => column.notNull())
    .addColumn('updated_at', ts, (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', serialColumnType(db), (column) => column.primaryKey())
    // Null for individuals (SPEC §3: the absence of tenant_id marks an individual user).
    .addColumn('tenant_id', ref, (column) => column.references('tenants.id').onDelete('cascade'))
    .addColumn('email', 'varchar(254)', (column) => column.notNull().unique())
    .addColumn('name', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('password_hash', 'text', (column) => column.notNull())
    .addColumn('role', 'varchar(16)', (column) => column.notNull().defaultTo('admin').check(sql`role in ('admin', 'member')`))
    .addColumn('failed_login_count', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('login_locked_until', ts)
    .addColumn('email_verified_at', ts)
    // When the terms and the privacy policy were agreed to (the registration form requires both).
    .addColumn('terms_agreed_at', ts, (column) => column.notNull())
    .addColumn('password_changed_at', ts, (column) => column.notNull())
    .addColumn('created_at', ts, (column) => column.notNull())
    .addColumn('updated_at', ts, (column) => column.notNull())
    .execute();
  await db.schema.createIndex('users_tenant_idx').on('users').columns(['tenant_id', 'id']).execute();

  // Bearer tokens: only a SHA-256 of the token is stored.
  await db.schema
    .createTable('auth_tokens')
    .addColumn('id', serialColumnType(db), (column) => column.primaryKey())
    .addColumn('user_id', ref, (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (column) => column.notNull().unique())
    .addColumn('created_at', ts, (column) => column.notNull())
    .addColumn('expires_at', ts, (column) => column.notNull())
    .addColumn('last_used_at', ts)
    .addColumn('revoked_at', ts)
    .execute();
  await db.schema.createIndex('auth_tokens_user_idx').on('auth_tokens').column('user_id').execute();

  // Mailed single-use links; only a SHA-256 of the token is stored.
  await db.schema
    .createTable('account_tokens')
    .addColumn('id', serialColumnType(db), (column) => column.primaryKey())
    .addColumn('purpose', 'varchar(32)', (column) =>
      column.notNull().check(sql`purpose in ('corporate_registration', 'password_reset', 'email_change')`),
    )
    .addColumn('token_hash', 'varchar(64)', (column) => column.notNull().unique())
    // The address the link was mailed to (for email_change: the new address).
    .addColumn('email', 'varchar(254)', (column) => column.notNull())
    .addColumn('user_id', ref, (column) => column.references('users.id').onDelete('cascade'))
    .addColumn('created_at', ts, (column) => column.notNull())
    .addColumn('expires_at', ts, (column) => column.notNull())
    .addColumn('used_at', ts)
    .execute();
  await db.schema.createIndex('account_tokens_address_idx').on('account_tokens').columns(['purpose', 'email', 'created_at']).execute();

  // Campaign figures as counters, so the dashboard never counts event rows.
  await db.schema
    .createTable('campaigns')
    .addColumn('id', serialColumnType(db), (column) => column.primaryKey())
    .addColumn('tenant_id', ref, (column) => column.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('status', 'varchar(16)', (column) =>
      column.notNull().defaultTo('draft').check(sql`status in ('draft', 'scheduled', 'running', 'completed', 'paused')`),
    )
    .addColumn('total_targets', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('emails_sent', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('emails_opened', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('emails_clicked', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', ts, (column) => column.notNull())
    .addColumn('updated_at', ts, (column) => column.notNull())
    .execute();
  await db.schema.createIndex('campaigns_tenant_recent_idx').on('campaigns').columns(['tenant_id', 'created_at', 'id']).execute();

  // Training mail per tenant and calendar month (Asia/Tokyo): the dashboard's monthly counters
  // and the free plan's monthly allowance.
  await db.schema
    .createTable('tenant_monthly_usage')
    .addColumn('tenant_id', ref, (column) => column.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('month', 'varchar(7)', (column) => column.notNull())
    .addColumn('emails_sent', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('emails_opened', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('emails_clicked', 'integer', (column) => column.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('tenant_monthly_usage_pk', ['tenant_id', 'month'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['tenant_monthly_usage', 'campaigns', 'account_tokens', 'auth_tokens', 'users', 'tenants']) {
    await db.schema.dropTable(table).execute();
  }
}
