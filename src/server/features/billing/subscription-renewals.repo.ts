import type { Kysely, Selectable, Transaction } from 'kysely';
import type { BillingDetails } from '../../../common/billing.schema';
import { type BillingCycle, FREE_PLAN, paidPlans } from '../../../common/plans';
import { readTimestamp, writeTimestamp } from '../../db/dialect';
import type { Database, TenantSubscriptionsTable } from '../../db/schema';
import { enqueueJob } from '../../lib/jobs/jobs.repo';
import { nextTokyoMonth, tokyoMonth, tokyoMonthStart } from '../../lib/time-format';
import { renewalInvoiceFigures } from './invoice-figures';
import { setTenantPlan } from '../billing-usage/usage.repo';
import { issueInvoice } from './invoices.repo';

/** A subscription whose paid period has ended, as the monthly job finds it. */
export interface DueSubscription {
  tenantId: number;
  plan: string;
  cycle: BillingCycle;
  method: 'invoice' | 'card';
  /** Exclusive end of the period that has ended: the start of the next one. */
  periodEnd: Date;
  pendingPlan: string | null;
}

/** What renewing one subscription did. */
export type RenewalOutcome =
  | { kind: 'renewed'; plan: string; invoiceId: number | null }
  | { kind: 'cancelled' }
  /** Another worker renewed it first (its period end had moved on): nothing was written. */
  | { kind: 'taken' }
  /** A plan with no list price (エンタープライズ, quoted individually): the period moves on, no invoice. */
  | { kind: 'renewed_without_invoice'; plan: string };

/**
 * The monthly job's SQL: which subscriptions are due, and renewing one, each in its own
 * transaction whose first statement is the compare-and-set on the period end, so two workers (or
 * a retried pass) renew a tenant's period once; the invoice's unique (tenant, period start) is the
 * second guard.
 */
export class SubscriptionRenewalsRepository {
  constructor(readonly db: Kysely<Database>) {}

  /** Subscriptions whose period ended at or before `now`, the earliest first. */
  async due(now: Date, limit: number): Promise<DueSubscription[]> {
    const rows = await this.db
      .selectFrom('tenant_subscriptions')
      .select(['tenant_id', 'plan', 'billing_cycle', 'payment_method', 'current_period_end', 'pending_plan'])
      .where('current_period_end', '<=', writeTimestamp(now))
      .orderBy('current_period_end')
      .orderBy('tenant_id')
      .limit(limit)
      .execute();
    return rows.map(toDueSubscription);
  }

  /** One tenant's subscription if its period ended at or before `now` (a card renewal's webhook came before the job). */
  async dueFor(tenantId: number, now: Date): Promise<DueSubscription | null> {
    const row = await this.db
      .selectFrom('tenant_subscriptions')
      .select(['tenant_id', 'plan', 'billing_cycle', 'payment_method', 'current_period_end', 'pending_plan'])
      .where('tenant_id', '=', tenantId)
      .where('current_period_end', '<=', writeTimestamp(now))
      .executeTakeFirst();
    return row ? toDueSubscription(row) : null;
  }

  /** The earliest period end after `now` (when the next pass has work), or null. */
  async nextPeriodEnd(now: Date): Promise<Date | null> {
    const row = await this.db
      .selectFrom('tenant_subscriptions')
      .select((eb) => eb.fn.min('current_period_end').as('next'))
      .where('current_period_end', '>', writeTimestamp(now))
      .executeTakeFirst();
    return row?.next ? readTimestamp(row.next) : null;
  }

  /**
   * Ends one period: a pending cancellation returns the tenant to the free plan (the subscription
   * row goes, every other row stays); otherwise a pending downgrade becomes the plan, the period
   * moves on by one billing cycle, and the new period's invoice is issued to the 請求先 as it is now.
   */
  async renew(subscription: DueSubscription, now: Date): Promise<RenewalOutcome> {
    return this.db.transaction().execute(async (trx) => {
      const at = writeTimestamp(now);
      const periodEnd = writeTimestamp(subscription.periodEnd);
      if (subscription.pendingPlan === FREE_PLAN.id) {
        const deleted = await trx
          .deleteFrom('tenant_subscriptions')
          .where('tenant_id', '=', subscription.tenantId)
          .where('current_period_end', '=', periodEnd)
          .where('pending_plan', '=', FREE_PLAN.id)
          .executeTakeFirst();
        if (Number(deleted.numDeletedRows) !== 1) return { kind: 'taken' };
        // The change belongs to the month the period ended in, even when a pass catches up later.
        await setTenantPlan(trx, subscription.tenantId, FREE_PLAN.id, subscription.periodEnd);
        return { kind: 'cancelled' };
      }
      const plan = subscription.pendingPlan ?? subscription.plan;
      const definition = paidPlans().find((candidate) => candidate.id === plan);
      const figures = definition ? renewalInvoiceFigures(definition, subscription.cycle, subscription.periodEnd) : null;
      const nextEnd = figures?.periodEnd ?? renewalPeriodEnd(subscription);
      // First statement of the transaction: on SQLite it takes the write lock before any read. The
      // pending plan and the plan are compared too: a downgrade asked for, or a move to a larger
      // plan made, since the read is not lost (the next round of the pass reads it and bills it).
      const updated = await trx
        .updateTable('tenant_subscriptions')
        .set({ plan, pending_plan: null, current_period_start: periodEnd, current_period_end: writeTimestamp(nextEnd), updated_at: at })
        .where('tenant_id', '=', subscription.tenantId)
        .where('current_period_end', '=', periodEnd)
        .where('plan', '=', subscription.plan)
        .where((eb) => (subscription.pendingPlan === null ? eb('pending_plan', 'is', null) : eb('pending_plan', '=', subscription.pendingPlan)))
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return { kind: 'taken' };
      if (plan !== subscription.plan) await setTenantPlan(trx, subscription.tenantId, plan, subscription.periodEnd);
      if (!figures) return { kind: 'renewed_without_invoice', plan };
      const invoiceId = await issueInvoice(trx, subscription.tenantId, {
        plan, cycle: subscription.cycle, method: subscription.method, buyer: await buyerOf(trx, subscription.tenantId), figures, now,
      });
      return { kind: 'renewed', plan, invoiceId };
    });
  }

  /** Whether a pass other than `exceptJobId` is queued (by `by`, when given), or running too when asked. */
  async passQueued(exceptJobId: number, by: Date | null, includeRunning = false): Promise<boolean> {
    let query = this.db
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', 'invoice_issue_pass')
      .where('status', 'in', includeRunning ? ['queued', 'running'] : ['queued'])
      .where('id', '!=', exceptJobId);
    if (by) query = query.where('run_at', '<=', writeTimestamp(by));
    return (await query.limit(1).executeTakeFirst()) !== undefined;
  }

  /** The next pass, in the transaction that finishes this one (or on its own at start-up). */
  async enqueuePass(db: Kysely<Database> | Transaction<Database>, runAt: Date, now: Date): Promise<void> {
    await enqueueJob(db, 'invoice_issue_pass', {}, { now, runAt });
  }
}

function toDueSubscription(row: Pick<Selectable<TenantSubscriptionsTable>, 'tenant_id' | 'plan' | 'billing_cycle' | 'payment_method' | 'current_period_end' | 'pending_plan'>): DueSubscription {
  return {
    tenantId: Number(row.tenant_id), plan: row.plan, cycle: row.billing_cycle, method: row.payment_method,
    periodEnd: readTimestamp(row.current_period_end), pendingPlan: row.pending_plan,
  };
}


/** A period of one billing cycle from the end of the last (plans without a list price). */
function renewalPeriodEnd(subscription: DueSubscription): Date {
  let month = tokyoMonth(subscription.periodEnd);
  for (let count = subscription.cycle === 'annual' ? 12 : 1; count > 0; count--) month = nextTokyoMonth(month);
  return tokyoMonthStart(month);
}

/**
 * The 請求先 as it is at issue (frozen into the invoice). A tenant without one (an upgrade made
 * before 請求先 were asked for) is addressed by its company name.
 */
async function buyerOf(trx: Transaction<Database>, tenantId: number): Promise<BillingDetails> {
  const details = await trx
    .selectFrom('tenant_billing_details')
    .select(['company_name', 'department', 'contact_name', 'email', 'postal_code', 'address', 'phone'])
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (details) return details;
  const tenant = await trx.selectFrom('tenants').select('company_name').where('id', '=', tenantId).executeTakeFirstOrThrow();
  return { company_name: tenant.company_name, department: '', contact_name: '', email: '', postal_code: '', address: '', phone: '' };
}
