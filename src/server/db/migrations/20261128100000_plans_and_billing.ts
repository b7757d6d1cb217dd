import { type Kysely, sql } from 'kysely';
import { foreignIdColumnType, serialColumnType, timestampColumnType } from './migration-dialect-v1';

/**
 * Issue 14: plans and billing.
 * - `tenant_subscriptions`: a tenant's paid plan (one row per tenant, none on the free plan's
 *   first day): billing cycle, payment method, the paid period, and a downgrade or cancellation
 *   waiting for the period's end (`pending_plan`). `tenants.plan` stays the plan in force, which
 *   every limit check reads;
 * - `tenant_billing_details`: 請求先, the addressee of the invoices;
 * - `tenant_profiles`: the organisation's address, phone, industry and size (organisation edit);
 * - `invoices`: 適格請求書 as issued, with their figures and items frozen (an invoice never
 *   changes after issue; its buyer and items are kept as they were). One per tenant and billing
 *   period start, so the monthly job cannot issue twice. Paid when an operator confirms the
 *   transfer (入金確認) or the card payment's webhook says so;
 * - `stripe_events`: Stripe webhook events already processed, so a replay changes nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampColumnType(db);
  const ref = foreignIdColumnType(db);

  await db.schema
    .createTable('tenant_subscriptions')
    .addColumn('tenant_id', ref, (column) => column.primaryKey().references('tenants.id').onDelete('cascade'))
    .addColumn('plan', 'varchar(32)', (column) => column.notNull())
    .addColumn('billing_cycle', 'varchar(16)', (column) => column.notNull().check(sql`billing_cycle in ('monthly', 'annual')`))
    .addColumn('payment_method', 'varchar(16)', (column) => column.notNull().check(sql`payment_method in ('invoice', 'card')`))
    .addColumn('current_period_start', ts, (column) => column.notNull())
    // Exclusive: the instant the next period (and its invoice) begins.
    .addColumn('current_period_end', ts, (column) => column.notNull())
    .addColumn('pending_plan', 'varchar(32)')
    .addColumn('stripe_customer_id', 'varchar(255)')
    .addColumn('stripe_subscription_id', 'varchar(255)')
    .addColumn('created_at', ts, (column) => column.notNull())
    .addColumn('updated_at', ts, (column) => column.notNull())
    .execute();
  await db.schema.createIndex('tenant_subscriptions_period_end_idx').on('tenant_subscriptions').column('current_period_end').execute();

  await db.schema
    .createTable('tenant_billing_details')
    .addColumn('tenant_id', ref, (column) => column.primaryKey().references('tenants.id').onDelete('cascade'))
    .addColumn('company_name', 'varchar(100)', (column) => column.notNull())
    .addColumn('department', 'varchar(100)', (column) => column.notNull().defaultTo(''))
    .addColumn('contact_name', 'varchar(50)', (column) => column.notNull())
    .addColumn('email', 'varchar(254)', (column) => column.notNull())
    .addColumn('postal_code', 'varchar(8)', (column) => column.notNull())
    .addColumn('address', 'varchar(200)', (column) => column.notNull())
    .addColumn('phone', 'varchar(32)', (column) => column.notNull())
    .addColumn('updated_at', ts, (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('tenant_profiles')
    .addColumn('tenant_id', ref, (column) => column.primaryKey().references('tenants.id').onDelete('cascade'))
    .addColumn('postal_code', 'varchar(8)', (column) => column.notNull().defaultTo(''))
    .addColumn('address', 'varchar(200)', (column) => column.notNull().defaultTo(''))
    .addColumn('phone', 'varchar(32)', (column) => column.notNull().defaultTo(''))
    .addColumn('industry', 'varchar(32)', (column) => column.notNull().defaultTo(''))
    .addColumn('employee_count', 'varchar(32)', (column) => column.notNull().defaultTo(''))
    .addColumn('updated_at', ts, (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('invoices')
    .addColumn('id', serialColumnType(db), (column) => column.primaryKey())
    .addColumn('tenant_id', ref, (column) => column.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('invoice_number', 'varchar(32)', (column) => column.notNull().unique())
    .addColumn('plan', 'varchar(32)', (column) => column.notNull())
    .addColumn('billing_cycle', 'varchar(16)', (column) => column.notNull())
    .addColumn('payment_method', 'varchar(16)', (column) => column.notNull())
    .addColumn('period_start', ts, (column) => column.notNull())
    .addColumn('period_end', ts, (column) => column.notNull())
    // Tokyo calendar dates, YYYY-MM-DD, as printed.
    .addColumn('issue_date', 'varchar(10)', (column) => column.notNull())
    .addColumn('due_date', 'varchar(10)', (column) => column.notNull())
    // JSON: the 請求先 at issue, and the items ({ description, quantity, unit_price, amount }[]).
    .addColumn('buyer', 'text', (column) => column.notNull())
    .addColumn('items', 'text', (column) => column.notNull())
    .addColumn('tax_rate_percent', 'integer', (column) => column.notNull())
    .addColumn('subtotal', 'integer', (column) => column.notNull())
    .addColumn('tax', 'integer', (column) => column.notNull())
    .addColumn('total', 'integer', (column) => column.notNull())
    .addColumn('status', 'varchar(16)', (column) => column.notNull().defaultTo('unpaid').check(sql`status in ('unpaid', 'paid')`))
    .addColumn('paid_at', ts)
    .addColumn('created_at', ts, (column) => column.notNull())
    .addUniqueConstraint('invoices_tenant_period_unique', ['tenant_id', 'period_start'])
    .execute();
  await db.schema.createIndex('invoices_tenant_issue_idx').on('invoices').columns(['tenant_id', 'id']).execute();
  await db.schema.createIndex('invoices_status_due_idx').on('invoices').columns(['status', 'due_date']).execute();

  await db.schema
    .createTable('stripe_events')
    .addColumn('event_id', 'varchar(255)', (column) => column.primaryKey())
    .addColumn('type', 'varchar(128)', (column) => column.notNull())
    .addColumn('processed_at', ts, (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['stripe_events', 'invoices', 'tenant_profiles', 'tenant_billing_details', 'tenant_subscriptions']) {
    await db.schema.dropTable(table).execute();
  }
}
