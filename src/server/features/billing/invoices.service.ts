import { type InvoiceDisplayStatus, type InvoiceSummary } from '../../../common/billing.schema';
import { billingMessages } from '../../../common/billing-messages';
import { planOf } from '../../../common/plans';
import type { Clock } from '../../clock';
import type { InvoiceIssuer } from '../../config';
import { AppError } from '../../errors';
import { attachmentDisposition } from '../../lib/excel-csv';
import { toJstIsoString } from '../../lib/time-format';
import { tokyoDate } from './invoice-figures';
import { invoiceFileName } from './invoice-pdf';
import type { InvoicePdfRenderer } from './invoice-pdf-renderer';
import type { InvoicesRepository, StoredInvoice } from './invoices.repo';

/** 未入金 / 入金済み / 期限超過: overdue is unpaid with its due date before today in Tokyo. */
export function invoiceDisplayStatus(invoice: Pick<StoredInvoice, 'status' | 'dueDate'>, now: Date): InvoiceDisplayStatus {
  if (invoice.status === 'paid') return 'paid';
  return invoice.dueDate < tokyoDate(now) ? 'overdue' : 'unpaid';
}

/** The Tokyo date of the last day an invoice covers (its period end is exclusive). */
export function lastDayCovered(invoice: Pick<StoredInvoice, 'periodEnd'>): string {
  return tokyoDate(new Date(invoice.periodEnd.getTime() - 1));
}

export function invoicePdfPath(invoiceId: number): string {
  return `/api/billing/invoices/${invoiceId}/pdf`;
}

/** An invoice as its tenant sees it (the invoiceSummarySchema contract). */
export function presentInvoice(invoice: StoredInvoice, now: Date): InvoiceSummary {
  return {
    invoice_id: invoice.id,
    invoice_number: invoice.invoiceNumber,
    plan_id: invoice.plan,
    plan_name: planOf(invoice.plan).name,
    cycle: invoice.cycle,
    method: invoice.method,
    period_start: tokyoDate(invoice.periodStart),
    period_end: lastDayCovered(invoice),
    issue_date: invoice.issueDate,
    due_date: invoice.dueDate,
    items: invoice.items,
    subtotal: invoice.subtotal,
    tax_rate_percent: invoice.taxRatePercent,
    tax: invoice.tax,
    total: invoice.total,
    status: invoiceDisplayStatus(invoice, now),
    paid_at: invoice.paidAt === null ? null : toJstIsoString(invoice.paidAt),
    pdf_url: invoicePdfPath(invoice.id),
  };
}

/**
 * A tenant's invoices after issue: the list and the PDF. Administrators and members alike may read
 * them (an accountant need not be an administrator); only administrators change the plan or the 請求先.
 */
export class InvoicesService {
  constructor(private readonly deps: { repo: InvoicesRepository; clock: Clock; issuer: InvoiceIssuer; pdf: InvoicePdfRenderer }) {}

  async list(tenantId: number): Promise<InvoiceSummary[]> {
    const now = this.deps.clock.now();
    return (await this.deps.repo.forTenant(tenantId).list()).map((invoice) => presentInvoice(invoice, now));
  }

  async pdf(tenantId: number, invoiceId: number): Promise<{ body: Buffer; disposition: string }> {
    const invoice = await this.deps.repo.forTenant(tenantId).get(invoiceId);
    if (!invoice) throw new AppError('NOT_FOUND', billingMessages.invoiceNotFound);
    const body = await this.deps.pdf.render({
      invoice, issuer: this.deps.issuer, periodFirstDay: tokyoDate(invoice.periodStart), periodLastDay: lastDayCovered(invoice),
    });
    const name = invoiceFileName(invoice);
    return { body, disposition: attachmentDisposition(name.ascii, name.japanese) };
  }
}
