import type { ConfirmPaymentBody, OperatorInvoice, OperatorPagination, OperatorTenant, TenantListQuery } from '../../../common/operator.schema';
import { operatorMessages } from '../../../common/operator-messages';
import type { Clock } from '../../clock';
import { AppError } from '../../errors';
import { toJstIsoString, tokyoMonth } from '../../lib/time-format';
import type { StoredInvoice } from '../billing/invoices.repo';
import { invoiceDisplayStatus } from '../billing/invoices.service';
import type { AuditActor } from './operator-reports.repo';
import type { OperatorTenantsRepository } from './operator-tenants.repo';

/**
 * Accounts and tenants as operators see them: plan, people, this month's mails and unpaid invoices,
 * nothing of their content; and 「入金確認」, which marks an invoice paid with its audit entry.
 */
export class OperatorTenantsService {
  constructor(private readonly deps: { repo: OperatorTenantsRepository; clock: Clock }) {}

  async list(query: TenantListQuery): Promise<{ tenants: OperatorTenant[]; pagination: OperatorPagination }> {
    const now = this.deps.clock.now();
    // The month the tenant's own dashboard counts (Asia/Tokyo).
    const month = tokyoMonth(now);
    const { tenants, total } = await this.deps.repo.list({ q: query.q, month, limit: query.limit, offset: query.offset });
    const unpaid = await this.deps.repo.unpaidInvoices(tenants.map((tenant) => tenant.tenantId));
    return {
      tenants: tenants.map((tenant) => ({
        tenant_id: tenant.tenantId, company_name: tenant.companyName, plan: tenant.plan, admin_email: tenant.adminEmail,
        people_count: tenant.peopleCount, mails_this_month: tenant.mailsThisMonth, created_at: toJstIsoString(tenant.createdAt),
        unpaid_invoices: unpaid.filter((invoice) => invoice.tenantId === tenant.tenantId).map((invoice) => presentOperatorInvoice(invoice, now)),
      })),
      pagination: { total, limit: query.limit, offset: query.offset },
    };
  }

  /** 入金確認: the invoice becomes paid and the audit log records who confirmed it, in one transaction. */
  async confirmPayment(actor: AuditActor, invoiceId: number, body: ConfirmPaymentBody): Promise<{ invoice: OperatorInvoice; message: string }> {
    const now = this.deps.clock.now();
    const outcome = await this.deps.repo.confirmPayment(invoiceId, { actor, reason: body.reason, now });
    if (outcome === 'not_found') throw new AppError('NOT_FOUND', operatorMessages.invoiceNotFound);
    if (outcome === 'already_paid') throw new AppError('CONFLICT', operatorMessages.invoiceAlreadyPaid);
    return { invoice: presentOperatorInvoice(outcome, now), message: operatorMessages.paymentConfirmed(outcome.invoiceNumber) };
  }
}

function presentOperatorInvoice(invoice: StoredInvoice, now: Date): OperatorInvoice {
  return {
    invoice_id: invoice.id, invoice_number: invoice.invoiceNumber, tenant_id: invoice.tenantId, issue_date: invoice.issueDate, due_date: invoice.dueDate,
    total: invoice.total, status: invoiceDisplayStatus(invoice, now), paid_at: invoice.paidAt === null ? null : toJstIsoString(invoice.paidAt),
  };
}
