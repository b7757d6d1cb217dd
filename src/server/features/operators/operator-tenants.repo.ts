import { type Kysely, sql } from 'kysely';
import { readTimestamp } from '../../db/dialect';
import { containsPattern } from '../../db/like-pattern';
import type { Database } from '../../db/schema';
import { InvoicesRepository, type StoredInvoice } from '../billing/invoices.repo';
import { appendPaymentAudit, type AuditActor } from './operator-reports.repo';

export interface TenantOverview {
  tenantId: number;
  companyName: string;
  plan: string;
  adminEmail: string | null;
  peopleCount: number;
  mailsThisMonth: number;
  createdAt: Date;
}

/**
 * The operators' view of tenants: plan, size and this month's mail count, read from the same
 * tables the tenant's own dashboard reads (people, tenant_monthly_usage). It selects nothing of a
 * tenant's campaigns, templates or people beyond a count.
 */
export class OperatorTenantsRepository {
  private readonly invoices: InvoicesRepository;

  constructor(private readonly db: Kysely<Database>) {
    this.invoices = new InvoicesRepository(db);
  }

  /** The unpaid invoices of these tenants (their figures only), oldest due first. */
  unpaidInvoices(tenantIds: readonly number[]): Promise<StoredInvoice[]> {
    return this.invoices.unpaidOf(tenantIds);
  }

  /** Marks the invoice paid and appends the operator's audit entry in one transaction; nothing changes when refused. */
  async confirmPayment(invoiceId: number, input: { actor: AuditActor; reason: string; now: Date }): Promise<StoredInvoice | 'not_found' | 'already_paid'> {
    return this.db.transaction().execute(async (trx) => {
      const outcome = await this.invoices.markPaid(trx, invoiceId, input.now);
      if (typeof outcome === 'string') return outcome;
      await appendPaymentAudit(trx, { actor: input.actor, invoice: outcome, reason: input.reason, now: input.now });
      return outcome;
    });
  }

  async list(options: { q: string | undefined; month: string; limit: number; offset: number }): Promise<{ tenants: TenantOverview[]; total: number }> {
    let base = this.db.selectFrom('tenants');
    if (options.q) {
      const pattern = containsPattern(options.q);
      base = base.where((eb) =>
        eb.or([
          eb(sql`lower(tenants.company_name)`, 'like', sql`${pattern} escape '\\'`),
          eb.exists(
            eb.selectFrom('users').select('users.id').whereRef('users.tenant_id', '=', 'tenants.id').where(sql`lower(users.email)`, 'like', sql`${pattern} escape '\\'`),
          ),
        ]),
      );
    }
    const [rows, count] = await Promise.all([
      base
        .leftJoin('tenant_monthly_usage as usage', (join) => join.onRef('usage.tenant_id', '=', 'tenants.id').on('usage.month', '=', options.month))
        .select((eb) => [
          'tenants.id', 'tenants.company_name', 'tenants.plan', 'tenants.created_at', 'usage.emails_sent',
          // The first administrator is the one who registered the tenant.
          eb.selectFrom('users').select('users.email').whereRef('users.tenant_id', '=', 'tenants.id').where('users.role', '=', 'admin').orderBy('users.id').limit(1).as('admin_email'),
          eb.selectFrom('people').select((inner) => inner.fn.countAll<number>().as('n')).whereRef('people.tenant_id', '=', 'tenants.id').as('people_count'),
        ])
        .orderBy('tenants.created_at', 'desc')
        .orderBy('tenants.id', 'desc')
        .limit(options.limit)
        .offset(options.offset)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      total: Number(count.n),
      tenants: rows.map((row) => ({
        tenantId: row.id, companyName: row.company_name, plan: row.plan, adminEmail: row.admin_email ?? null,
        peopleCount: Number(row.people_count ?? 0), mailsThisMonth: Number(row.emails_sent ?? 0), createdAt: readTimestamp(row.created_at),
      })),
    };
  }
}
