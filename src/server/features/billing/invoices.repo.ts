import type { Kysely } from 'kysely';
import type { BillingDetails, PaymentMethod } from '../../../common/billing.schema';
import type { BillingCycle } from '../../../common/plans';
import { writeTimestamp } from '../../db/dialect';
import type { Database } from '../../db/schema';
import type { InvoiceFigures } from './invoice-figures';

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
