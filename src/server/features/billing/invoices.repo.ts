import type { Kysely, Selectable, Transaction } from 'kysely';
import type { BillingDetails, PaymentMethod } from '../../../common/billing.schema';
import type { BillingCycle } from '../../../common/plans';
import { readTimestamp, writeTimestamp } from '../../db/dialect';
import type { Database, InvoicesTable, InvoiceStatus } from '../../db/schema';
import type { InvoiceFigures, InvoiceItem } from './invoice-figures';

export interface IssueInvoiceInput {
  plan: string;
  cycle: BillingCycle;
  method: PaymentMethod;
  buyer: BillingDetails;
  figures: InvoiceFigures;
  now: Date;
}

/** 請求書番号: the issue month and the invoice's own sequence, e.g. 202611-000042. */
export function invoiceNumberOf(issueDate: string, id: number): string {
  return `${issueDate.slice(0, 4)}${issueDate.slice(5, 7)}-${String(id).padStart(6, '0')}`;
}

/**
 * Issues one invoice: two statements, so run it inside the caller's transaction or tenant lock.
 * Null when the tenant already has the invoice of that period: the unique (tenant, period start)
 * is what makes issuing idempotent.
 */
export async function issueInvoice(trx: Kysely<Database>, tenantId: number, input: IssueInvoiceInput): Promise<number | null> {
  const { figures } = input;
  const inserted = await trx
    .insertInto('invoices')
    .values({
      tenant_id: tenantId,
      // Unique placeholder until the id is known (the number is made from it just below).
      invoice_number: `pending-${tenantId}-${figures.periodStart.getTime()}`,
      plan: input.plan,
      billing_cycle: input.cycle,
      payment_method: input.method,
      period_start: writeTimestamp(figures.periodStart),
      period_end: writeTimestamp(figures.periodEnd),
      issue_date: figures.issueDate,
      due_date: figures.dueDate,
      buyer: JSON.stringify(input.buyer),
      items: JSON.stringify(figures.items),
      tax_rate_percent: figures.taxRatePercent,
      subtotal: figures.subtotal,
      tax: figures.tax,
      total: figures.total,
      created_at: writeTimestamp(input.now),
    })
    .onConflict((conflict) => conflict.columns(['tenant_id', 'period_start']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return null;
  const id = Number(inserted.id);
  await trx.updateTable('invoices').set({ invoice_number: invoiceNumberOf(figures.issueDate, id) }).where('id', '=', id).execute();
  return id;
}

/** An invoice as stored, its JSON columns read back. */
export interface StoredInvoice {
  id: number;
  tenantId: number;
  invoiceNumber: string;
  plan: string;
  cycle: BillingCycle;
  method: PaymentMethod;
  periodStart: Date;
  /** Exclusive. */
  periodEnd: Date;
  issueDate: string;
  dueDate: string;
  buyer: BillingDetails;
  items: InvoiceItem[];
  taxRatePercent: number;
  subtotal: number;
  tax: number;
  total: number;
  status: InvoiceStatus;
  paidAt: Date | null;
  createdAt: Date;
}

export function toStoredInvoice(row: Selectable<InvoicesTable>): StoredInvoice {
  return {
    id: Number(row.id),
    tenantId: Number(row.tenant_id),
    invoiceNumber: row.invoice_number,
    plan: row.plan,
    cycle: row.billing_cycle,
    method: row.payment_method,
    periodStart: readTimestamp(row.period_start),
    periodEnd: readTimestamp(row.period_end),
    issueDate: row.issue_date,
    dueDate: row.due_date,
    buyer: JSON.parse(row.buyer) as BillingDetails,
    items: JSON.parse(row.items) as InvoiceItem[],
    taxRatePercent: row.tax_rate_percent,
    subtotal: row.subtotal,
    tax: row.tax,
    total: row.total,
    status: row.status,
    paidAt: row.paid_at === null ? null : readTimestamp(row.paid_at),
    createdAt: readTimestamp(row.created_at),
  };
}

/** Invoices after issue: a tenant's own (list, one), and the operators' 入金確認. */
export class InvoicesRepository {
  constructor(readonly db: Kysely<Database>) {}

  forTenant(tenantId: number): TenantInvoices {
    return new TenantInvoices(this.db, tenantId);
  }

  /** Unpaid invoices of these tenants, oldest due first (the operators' tenants overview). */
  async unpaidOf(tenantIds: readonly number[]): Promise<StoredInvoice[]> {
    if (tenantIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('invoices')
      .selectAll()
      .where('tenant_id', 'in', [...tenantIds])
      .where('status', '=', 'unpaid')
      .orderBy('due_date')
      .orderBy('id')
      .execute();
    return rows.map(toStoredInvoice);
  }

  /**
   * Marks an unpaid invoice paid, in the caller's transaction (the operator's audit entry commits
   * with it). Compare-and-set on the status: 'not_found' or 'already_paid' changes nothing.
   */
  async markPaid(trx: Transaction<Database>, invoiceId: number, paidAt: Date): Promise<StoredInvoice | 'not_found' | 'already_paid'> {
    const updated = await trx
      .updateTable('invoices')
      .set({ status: 'paid', paid_at: writeTimestamp(paidAt) })
      .where('id', '=', invoiceId)
      .where('status', '=', 'unpaid')
      .returningAll()
      .executeTakeFirst();
    if (updated) return toStoredInvoice(updated);
    const exists = await trx.selectFrom('invoices').select('id').where('id', '=', invoiceId).executeTakeFirst();
    return exists ? 'already_paid' : 'not_found';
  }

  /**
   * A card renewal's charge succeeded: the tenant's invoice of the period that starts at
   * `periodStart` is paid. False when no such invoice exists (yet); paying twice changes nothing.
   */
  async markPeriodPaid(tenantId: number, periodStart: Date, paidAt: Date): Promise<boolean> {
    const row = await this.db.selectFrom('invoices').select(['id', 'status']).where('tenant_id', '=', tenantId).where('period_start', '=', writeTimestamp(periodStart)).executeTakeFirst();
    if (!row) return false;
    if (row.status === 'unpaid') {
      await this.db.updateTable('invoices').set({ status: 'paid', paid_at: writeTimestamp(paidAt) }).where('id', '=', row.id).where('status', '=', 'unpaid').execute();
    }
    return true;
  }
}

/** One tenant's invoices: every query is bound to the tenant, so another tenant's invoice is simply not found. */
export class TenantInvoices {
  constructor(
    private readonly db: Kysely<Database>,
    readonly tenantId: number,
  ) {}

  /** Newest first. */
  async list(): Promise<StoredInvoice[]> {
    const rows = await this.db
      .selectFrom('invoices')
      .selectAll()
      .where('tenant_id', '=', this.tenantId)
      .orderBy('period_start', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map(toStoredInvoice);
  }

  async get(invoiceId: number): Promise<StoredInvoice | null> {
    const row = await this.db.selectFrom('invoices').selectAll().where('tenant_id', '=', this.tenantId).where('id', '=', invoiceId).executeTakeFirst();
    return row ? toStoredInvoice(row) : null;
  }
}
