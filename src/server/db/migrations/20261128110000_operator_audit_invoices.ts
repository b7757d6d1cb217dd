import { type Kysely, sql } from 'kysely';
import { dialectOf, foreignIdColumnType, serialColumnType, timestampColumnType } from './migration-dialect-v1';

const REPORT_ACTIONS = sql`('hide', 'restore', 'delete', 'redact', 'dismiss_flags')`;

/**
 * Issue 14: the operators' 「入金確認」 goes into the same append-only audit log as moderation.
 * An entry now names either a report (moderation: `report_id`, as before) or an invoice
 * (`confirm_payment`: `invoice_id`, its `invoice_number` as printed and its `tenant_id`, kept as
 * plain values so the entry outlives the invoice and the tenant). A CHECK holds each action to its
 * subject.
 *
 * PostgreSQL changes the table in place (ALTER TABLE fires no row trigger). SQLite cannot change a
 * CHECK or a NOT NULL, so the table is rebuilt: the new table is created, every row copied with its
 * id, the old one dropped (DROP TABLE fires no DELETE trigger), the new one renamed, and the index
 * and the two append-only triggers made again as the operator console migration made them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`alter table operator_audit_log drop constraint operator_audit_log_action_check`.execute(db);
    await sql`alter table operator_audit_log alter column report_id drop not null`.execute(db);
    await sql`alter table operator_audit_log add column invoice_id bigint, add column invoice_number varchar(32), add column tenant_id bigint`.execute(db);
    await sql`
      alter table operator_audit_log add constraint operator_audit_log_subject_check check (
        (action in ${REPORT_ACTIONS} and report_id is not null and invoice_id is null)
        or (action = 'confirm_payment' and invoice_id is not null and report_id is null)
      )`.execute(db);
    return;
  }

  await createAuditTable(db, 'operator_audit_log_next', true);
  await sql`
    insert into operator_audit_log_next (id, operator_id, operator_email, action, report_id, reason, created_at)
    select id, operator_id, operator_email, action, report_id, reason, created_at from operator_audit_log`.execute(db);
  await sql`drop table operator_audit_log`.execute(db);
  await sql`alter table operator_audit_log_next rename to operator_audit_log`.execute(db);
  await finishSqliteTable(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`alter table operator_audit_log drop constraint operator_audit_log_subject_check`.execute(db);
    // Invoice entries cannot be kept under the old rules; down is for development databases only.
    await sql`alter table operator_audit_log disable trigger operator_audit_log_no_change`.execute(db);
    await sql`delete from operator_audit_log where action = 'confirm_payment'`.execute(db);
    await sql`alter table operator_audit_log enable trigger operator_audit_log_no_change`.execute(db);
    await sql`alter table operator_audit_log drop column invoice_id, drop column invoice_number, drop column tenant_id`.execute(db);
    await sql`alter table operator_audit_log alter column report_id set not null`.execute(db);
    await sql`alter table operator_audit_log add constraint operator_audit_log_action_check check (action in ${REPORT_ACTIONS})`.execute(db);
    return;
  }
  await createAuditTable(db, 'operator_audit_log_next', false);
  await sql`
    insert into operator_audit_log_next (id, operator_id, operator_email, action, report_id, reason, created_at)
    select id, operator_id, operator_email, action, report_id, reason, created_at from operator_audit_log where action <> 'confirm_payment'`.execute(db);
  await sql`drop table operator_audit_log`.execute(db);
  await sql`alter table operator_audit_log_next rename to operator_audit_log`.execute(db);
  await finishSqliteTable(db);
}

/** The audit table on SQLite, with (`withInvoices`) or without the invoice subject. */
async function createAuditTable(db: Kysely<unknown>, name: string, withInvoices: boolean): Promise<void> {
  const ts = timestampColumnType(db);
  const ref = foreignIdColumnType(db);
  let table = db.schema
    .createTable(name)
    .addColumn('id', serialColumnType(db), (column) => column.primaryKey())
    .addColumn('operator_id', ref, (column) => column.notNull())
    .addColumn('operator_email', 'varchar(254)', (column) => column.notNull());
  if (withInvoices) {
    table = table
      .addColumn('action', 'varchar(16)', (column) => column.notNull())
      .addColumn('report_id', 'varchar(64)')
      .addColumn('reason', 'text', (column) => column.notNull())
      .addColumn('created_at', ts, (column) => column.notNull())
      .addColumn('invoice_id', ref)
      .addColumn('invoice_number', 'varchar(32)')
      .addColumn('tenant_id', ref)
      .addCheckConstraint(
        'operator_audit_log_subject_check',
        sql`(action in ${REPORT_ACTIONS} and report_id is not null and invoice_id is null) or (action = 'confirm_payment' and invoice_id is not null and report_id is null)`,
      );
  } else {
    table = table
      .addColumn('action', 'varchar(16)', (column) => column.notNull().check(sql`action in ${REPORT_ACTIONS}`))
      .addColumn('report_id', 'varchar(64)', (column) => column.notNull())
      .addColumn('reason', 'text', (column) => column.notNull())
      .addColumn('created_at', ts, (column) => column.notNull());
  }
  await table.execute();
}

/** The index and the append-only triggers, as the operator console migration made them. */
async function finishSqliteTable(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('operator_audit_log_report_idx').on('operator_audit_log').columns(['report_id', 'id']).execute();
  await sql`
    create trigger operator_audit_log_no_update before update on operator_audit_log
    begin select raise(abort, 'operator_audit_log is append-only'); end`.execute(db);
  await sql`
    create trigger operator_audit_log_no_delete before delete on operator_audit_log
    begin select raise(abort, 'operator_audit_log is append-only'); end`.execute(db);
}
