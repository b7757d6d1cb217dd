import type { Kysely } from 'kysely';
import type { BillingDetails, PaymentMethod } from '../../../common/billing.schema';
import { type BillingCycle, FREE_PLAN } from '../../../common/plans';
import { readTimestamp, writeTimestamp } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { withTenantLock } from '../../db/tenant-lock';
import { setTenantPlan } from '../billing-usage/usage.repo';
import { TenantBillingDetails } from './billing-details.repo';
import type { InvoiceFigures, PlanChangeFigures } from './invoice-figures';
import { issueInvoice } from './invoices.repo';

export interface SubscriptionRecord {
  plan: string;
  cycle: BillingCycle;
  method: PaymentMethod;
  periodStart: Date;
  /** Exclusive. */
  periodEnd: Date;
  pendingPlan: string | null;
  /** Set when paid by card: the Stripe subscription that charges each period. */
  stripeSubscriptionId: string | null;
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
  /** A card payment already taken (the webhook): the Stripe ids are kept and the first invoice is paid. */
  card?: { customerId: string | null; subscriptionId: string; paidAt: Date };
}

export interface PlanChangeInput {
  billing: BillingDetails;
  now: Date;
  /** Set when the 差額 was already charged to the card: the invoice is issued paid. */
  paidAt?: Date | null;
}

export class SubscriptionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  forTenant(tenantId: number): TenantSubscription {
    return new TenantSubscription(this.db, tenantId);
  }

  /** The tenant a Stripe subscription pays for, if it is still theirs. */
  async tenantOfCardSubscription(stripeSubscriptionId: string): Promise<number | null> {
    const row = await this.db.selectFrom('tenant_subscriptions').select('tenant_id').where('stripe_subscription_id', '=', stripeSubscriptionId).executeTakeFirst();
    return row ? Number(row.tenant_id) : null;
  }

  /**
   * Stripe ended a card subscription (payments failed to the end, or cancelled there): the tenant
   * returns to the free plan at once, as at a cancellation's period end; no other row is touched.
   * Null when no tenant holds that subscription any more (the monthly job cancelled it first).
   */
  async endCardSubscription(stripeSubscriptionId: string, now: Date): Promise<number | null> {
    return this.db.transaction().execute(async (trx) => {
      const deleted = await trx.deleteFrom('tenant_subscriptions').where('stripe_subscription_id', '=', stripeSubscriptionId).returning('tenant_id').executeTakeFirst();
      if (!deleted) return null;
      const tenantId = Number(deleted.tenant_id);
      await setTenantPlan(trx, tenantId, FREE_PLAN.id, now);
      return tenantId;
    });
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
            pendingPlan: subscription.pending_plan, stripeSubscriptionId: subscription.stripe_subscription_id,
          }
        : null,
    };
  }

  /** tenants.plan alone: the plan in force (null: no such tenant). */
  async planInForce(): Promise<string | null> {
    const row = await this.db.selectFrom('tenants').select('plan').where('id', '=', this.tenantId).executeTakeFirst();
    return row?.plan ?? null;
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
        stripe_customer_id: input.card?.customerId ?? null, stripe_subscription_id: input.card?.subscriptionId ?? null,
      };
      await locked
        .insertInto('tenant_subscriptions')
        .values({ tenant_id: this.tenantId, ...values, created_at: now })
        .onConflict((conflict) => conflict.column('tenant_id').doUpdateSet(values))
        .execute();
      await setTenantPlan(locked, this.tenantId, input.plan, input.now);
      await new TenantBillingDetails(locked, this.tenantId).save(input.billing, input.now, locked);
      const invoiceId = await issueInvoice(locked, this.tenantId, { plan: input.plan, cycle: input.cycle, method: input.method, buyer: input.billing, figures: input.figures, now: input.now });
      if (invoiceId !== null && input.card) {
        await locked.updateTable('invoices').set({ status: 'paid', paid_at: writeTimestamp(input.card.paidAt) }).where('id', '=', invoiceId).execute();
      }
    });
  }

  /** The 請求先 given before a card payment: the webhook's first invoice is addressed to it. */
  async saveBillingDetails(billing: BillingDetails, now: Date): Promise<void> {
    await new TenantBillingDetails(this.db, this.tenantId).save(billing, now);
  }

  /**
   * Moves a paid tenant to a larger plan at once, in one transaction holding the tenant's lock:
   * `decide` checks the state under the lock and gives the new plan and its 差額 figures (or
   * throws). The plan in force and the subscription's plan change (the monthly job bills it from
   * the next period), a scheduled downgrade or cancellation is withdrawn, the period and cycle stay,
   * the 請求先 is saved and the 差額 invoice issued to it.
   *
   * The 差額 invoice's period_start is the change instant, so it cannot collide with the unique
   * (tenant, period_start) of the period's own invoice, which starts at the period's start (a month's
   * first instant, or the first upgrade's instant), nor with a later renewal (they start at the
   * period's end). When the instant is not after every invoice of this tenant's that started by
   * then (a change in the very millisecond the period began, or a frozen test clock), it is moved
   * on to one millisecond after the latest: the stored start then still reads as the change's date.
   */
  async changePlan(input: PlanChangeInput, decide: (state: TenantPlanState) => { plan: string; figures: PlanChangeFigures }): Promise<PlanChangeFigures> {
    return withTenantLock(this.db, this.tenantId, async (locked) => {
      const state = await new TenantSubscription(locked, this.tenantId).state();
      if (!state?.subscription) throw new Error(`tenant ${this.tenantId} has no subscription`);
      const { plan, figures: decided } = decide(state);
      const subscription = state.subscription;
      const latest = await locked
        .selectFrom('invoices')
        .select((eb) => eb.fn.max('period_start').as('latest'))
        .where('tenant_id', '=', this.tenantId)
        .where('period_start', '<=', writeTimestamp(decided.periodStart))
        .executeTakeFirst();
      const latestStart = latest?.latest ? readTimestamp(latest.latest).getTime() : -Infinity;
      const figures = latestStart < decided.periodStart.getTime() ? decided : { ...decided, periodStart: new Date(latestStart + 1) };
      const at = writeTimestamp(input.now);
      await locked.updateTable('tenant_subscriptions').set({ plan, pending_plan: null, updated_at: at }).where('tenant_id', '=', this.tenantId).execute();
      await setTenantPlan(locked, this.tenantId, plan, input.now);
      await new TenantBillingDetails(locked, this.tenantId).save(input.billing, input.now, locked);
      const invoiceId = await issueInvoice(locked, this.tenantId, {
        plan, cycle: subscription.cycle, method: subscription.method, buyer: input.billing, figures, now: input.now,
      });
      if (invoiceId === null) throw new Error(`tenant ${this.tenantId}: the 差額 invoice's period start was taken`);
      if (input.paidAt) await locked.updateTable('invoices').set({ status: 'paid', paid_at: writeTimestamp(input.paidAt) }).where('id', '=', invoiceId).execute();
      return figures;
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
