import type { Kysely } from 'kysely';
import type { BillingDetails, PaymentMethod } from '../../../common/billing.schema';
import type { BillingCycle } from '../../../common/plans';
import { readTimestamp, writeTimestamp } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { withTenantLock } from '../../db/tenant-lock';
import { TenantBillingDetails } from './billing-details.repo';
import type { InvoiceFigures } from './invoice-figures';
import { issueInvoice } from './invoices.repo';

export interface SubscriptionRecord {
  plan: string;
  cycle: BillingCycle;
  method: PaymentMethod;
  periodStart: Date;
  /** Exclusive. */
  periodEnd: Date;
  pendingPlan: string | null;
}

export interface TenantPlanState {
  /** tenants.plan: the plan in force. */
  plan: string;
  subscription: SubscriptionRecord | null;
  billing: BillingDetails | null;
  companyName: string;
}

export interface ActivationInput {
  plan: string;
  cycle: BillingCycle;
  method: PaymentMethod;
  billing: BillingDetails;
  figures: InvoiceFigures;
  now: Date;
}

export class SubscriptionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  forTenant(tenantId: number): TenantSubscription {
    return new TenantSubscription(this.db, tenantId);
  }
}

/** One tenant's plan, subscription and 請求先; every query is bound to the tenant. */
export class TenantSubscription {
  constructor(
    private readonly db: Kysely<Database>,
    readonly tenantId: number,
  ) {}

  async state(): Promise<TenantPlanState | null> {
    const [tenant, subscription, billing] = await Promise.all([
      this.db.selectFrom('tenants').select(['plan', 'company_name']).where('id', '=', this.tenantId).executeTakeFirst(),
      this.db.selectFrom('tenant_subscriptions').selectAll().where('tenant_id', '=', this.tenantId).executeTakeFirst(),
      new TenantBillingDetails(this.db, this.tenantId).get(),
    ]);
    if (!tenant) return null;
    return {
      plan: tenant.plan,
      companyName: tenant.company_name,
      billing,
      subscription: subscription
        ? {
            plan: subscription.plan, cycle: subscription.billing_cycle, method: subscription.payment_method,
            periodStart: readTimestamp(subscription.current_period_start), periodEnd: readTimestamp(subscription.current_period_end),
            pendingPlan: subscription.pending_plan,
          }
        : null,
    };
  }

  /** People registered now (a downgrade must fit them). */
  async peopleCount(): Promise<number> {
    const row = await this.db.selectFrom('people').select((eb) => eb.fn.countAll<number>().as('count')).where('tenant_id', '=', this.tenantId).executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  /**
   * Starts a paid plan in one transaction holding the tenant's lock: the plan in force, the
   * subscription, the 請求先 and the first invoice. `check` runs first, under the lock, and may
   * refuse (the tenant changed plan meanwhile).
   */
  async activate(input: ActivationInput, check: (state: TenantPlanState) => void): Promise<void> {
    await withTenantLock(this.db, this.tenantId, async (locked) => {
      const state = await new TenantSubscription(locked, this.tenantId).state();
      if (!state) throw new Error(`tenant ${this.tenantId} is gone`);
      check(state);
      const now = writeTimestamp(input.now);
      const values = {
        plan: input.plan, billing_cycle: input.cycle, payment_method: input.method,
        current_period_start: writeTimestamp(input.figures.periodStart), current_period_end: writeTimestamp(input.figures.periodEnd),
        pending_plan: null, updated_at: now,
      };
      await locked
        .insertInto('tenant_subscriptions')
        .values({ tenant_id: this.tenantId, ...values, created_at: now })
        .onConflict((conflict) => conflict.column('tenant_id').doUpdateSet(values))
        .execute();
      await locked.updateTable('tenants').set({ plan: input.plan, updated_at: now }).where('id', '=', this.tenantId).execute();
      await new TenantBillingDetails(locked, this.tenantId).save(input.billing, input.now, locked);
      await issueInvoice(locked, this.tenantId, { plan: input.plan, cycle: input.cycle, method: input.method, buyer: input.billing, figures: input.figures, now: input.now });
    });
  }

  /**
   * Sets the plan the tenant moves to at the end of the paid period (null: none), as `decide`
   * says under the tenant's lock, from the current state and the people registered now.
   */
  async changePendingPlan(now: Date, decide: (state: TenantPlanState, peopleCount: number) => string | null): Promise<void> {
    await withTenantLock(this.db, this.tenantId, async (locked) => {
      const scoped = new TenantSubscription(locked, this.tenantId);
      const state = await scoped.state();
      if (!state) throw new Error(`tenant ${this.tenantId} is gone`);
      const pendingPlan = decide(state, await scoped.peopleCount());
      await locked
        .updateTable('tenant_subscriptions')
        .set({ pending_plan: pendingPlan, updated_at: writeTimestamp(now) })
        .where('tenant_id', '=', this.tenantId)
        .execute();
    });
  }
}
