import type { z } from 'zod';
import { type InvoicePreview, PAYMENT_METHOD_LABELS, type PlanInfo, type Subscription, type downgradeInputSchema, type upgradeInputSchema } from '../../../common/billing.schema';
import { billingMessages as m } from '../../../common/billing-messages';
import { japaneseDate } from '../../../common/billing-dates';
import { BILLING_CYCLE_LABELS, type BillingCycle, CONSUMPTION_TAX_PERCENT, FREE_PLAN, isPaidPlanId, PLANS, paidPlans, planOf, withTax, type PaidPlanDefinition } from '../../../common/plans';
import type { Clock } from '../../clock';
import { AppError } from '../../errors';
import type { JobLogger } from '../../lib/jobs/job-runner';
import { firstCardInvoiceFigures, firstInvoiceFigures, type InvoiceFigures, planChangeFigures, type PlanChangeFigures, tokyoDate } from './invoice-figures';
import { CardDeclinedError, CHECKOUT_METADATA_KEYS, type StripeGateway } from './stripe-gateway';
import type { SubscriptionRecord, SubscriptionsRepository, TenantPlanState } from './subscriptions.repo';

export interface SubscriptionServiceDeps {
  repo: SubscriptionsRepository;
  clock: Clock;
  /** Card payment (Stripe Checkout), offered only when the server has the Stripe secrets (STRIPE_*). */
  card: CardPayments | null;
  logger: JobLogger;
}

export interface CardPayments {
  gateway: StripeGateway;
  /** Where Checkout sends the browser back (APP_URL). */
  appUrl: string;
}

/** What Stripe charges each period for a plan: its 税込 price under the name the card statement shows. */
function stripePriceOf(plan: PaidPlanDefinition, cycle: BillingCycle): { name: string; amount: number } {
  return { name: `キヅキ ${plan.name}（${BILLING_CYCLE_LABELS[cycle]}・税込）`, amount: withTax(cycle === 'annual' ? plan.annualPrice : plan.monthlyPrice) };
}

/** How long a Checkout page stays payable: its figures are those of the moment it was opened. */
const CHECKOUT_LIFETIME_MS = 60 * 60 * 1000;

type UpgradeRequest = z.output<typeof upgradeInputSchema>;
type DowngradeRequest = z.output<typeof downgradeInputSchema>;

/** The last day a period covers (its end is exclusive), as YYYY-MM-DD in Tokyo. */
const lastDayOf = (periodEnd: Date): string => tokyoDate(new Date(periodEnd.getTime() - 1));

/** Plans, the tenant's subscription, upgrade by invoice, downgrade and cancellation at the period's end. */
export class SubscriptionService {
  constructor(private readonly deps: SubscriptionServiceDeps) {}

  plans(): { plans: PlanInfo[]; tax_rate_percent: number; card_available: boolean } {
    return {
      plans: PLANS.map((plan) => ({
        plan_id: plan.id, name: plan.name, summary: plan.summary, max_people: plan.maxPeople, monthly_mails: plan.monthlyMails, ads_shown: plan.adsShown,
        monthly_price: plan.monthlyPrice, annual_price: plan.annualPrice,
        monthly_price_with_tax: plan.monthlyPrice === null ? null : withTax(plan.monthlyPrice),
        annual_price_with_tax: plan.annualPrice === null ? null : withTax(plan.annualPrice),
        purchasable: isPaidPlanId(plan.id),
      })),
      tax_rate_percent: CONSUMPTION_TAX_PERCENT,
      card_available: this.deps.card !== null,
    };
  }

  async subscription(tenantId: number, isAdmin: boolean): Promise<Subscription> {
    const state = await this.deps.repo.forTenant(tenantId).state();
    if (!state) throw new AppError('NOT_FOUND', m.invalid);
    return toSubscription(state, isAdmin);
  }

  /**
   * The confirm screen's figures (preview), or the application: by invoice the plan starts at once
   * with its first invoice; by card the answer is the Stripe Checkout page, and the plan starts
   * when Stripe's signed webhook says the payment went through (stripe-webhook.service.ts).
   */
  async upgrade(tenantId: number, input: UpgradeRequest): Promise<{ preview: InvoicePreview; applied: boolean; checkout_url: string | null; subscription: Subscription | null }> {
    const card = input.method === 'card' ? this.deps.card : null;
    if (input.method === 'card' && !card) throw AppError.validation({ method: [m.cardUnavailable] });
    const plan = paidPlans().find((candidate) => candidate.id === input.plan)!;
    const repo = this.deps.repo.forTenant(tenantId);
    const state = await repo.state();
    if (!state) throw new AppError('NOT_FOUND', m.invalid);
    if (state.plan !== FREE_PLAN.id && state.plan !== plan.id) return this.changePaidPlan(tenantId, input, state);
    const now = this.deps.clock.now();
    const figures = card ? firstCardInvoiceFigures(plan, input.cycle, now) : firstInvoiceFigures(plan, input.cycle, now);
    const preview = toPreview(plan, input, figures);
    const check = (state: TenantPlanState) => {
      if (state.plan === plan.id) throw AppError.validation({ plan: [m.samePlan] });
      if (state.plan !== FREE_PLAN.id) throw AppError.validation({ plan: [m.paidPlanChange] });
    };
    if (input.preview || card) {
      check(state);
      if (input.preview || !card) return { preview, applied: false, checkout_url: null, subscription: null };
      // The webhook addresses the first invoice to the 請求先 given here.
      await repo.saveBillingDetails(input.billing, now);
      return { preview, applied: false, checkout_url: await this.openCheckout(card, tenantId, plan, input, figures, now), subscription: null };
    }
    await repo.activate({ plan: plan.id, cycle: input.cycle, method: input.method, billing: input.billing, figures, now }, check);
    return { preview, applied: true, checkout_url: null, subscription: await this.subscription(tenantId, true) };
  }

  private async openCheckout(card: CardPayments, tenantId: number, plan: PaidPlanDefinition, input: UpgradeRequest, figures: InvoiceFigures, now: Date): Promise<string> {
    // Started on the 1st, the first charge is the first full period itself; otherwise it is the
    // rest of the month (the first invoice), and the recurring charges start on the 1st.
    const startsOnFirst = tokyoDate(now).endsWith('-01');
    try {
      const session = await card.gateway.createCheckout({
        tenantId, plan: plan.id, cycle: input.cycle, customerEmail: input.billing.email,
        recurring: stripePriceOf(plan, input.cycle),
        firstCharge: startsOnFirst ? null : { name: `${figures.items.map((item) => item.description).join('、')}（税込）`, amount: figures.total },
        anchor: startsOnFirst ? null : figures.periodEnd,
        successUrl: `${card.appUrl}/account/upgrade/complete?checkout=success`,
        cancelUrl: `${card.appUrl}/account/upgrade/confirm?checkout=cancelled`,
        expiresAt: new Date(now.getTime() + CHECKOUT_LIFETIME_MS),
      });
      return session.url;
    } catch (error) {
      this.deps.logger.error({ tenantId, err: error }, 'stripe checkout could not be opened');
      throw new AppError('SERVICE_UNAVAILABLE', m.cardCheckoutFailed);
    }
  }

  /**
   * A paid tenant's move to a larger plan (issue 14, 請求書払い): the plan is in force at once, the
   * billing cycle, payment method and period stay the subscription's, a scheduled downgrade or
   * cancellation is withdrawn, and a 差額 invoice charges the rest of the period (invoice-figures.ts
   * planChangeFigures). With preview true only the figures. A lower plan goes through downgrade();
   * the enterprise tier is refused; a card subscription pays the 差額 by card at once (chargePlanChange).
   */
  private async changePaidPlan(tenantId: number, input: UpgradeRequest, state: TenantPlanState): Promise<{ preview: InvoicePreview; applied: boolean; checkout_url: null; subscription: Subscription | null }> {
    const to = paidPlans().find((candidate) => candidate.id === input.plan)!;
    const repo = this.deps.repo.forTenant(tenantId);
    const now = this.deps.clock.now();
    const decide = (state: TenantPlanState) => {
      const subscription = state.subscription;
      if (state.plan === to.id) throw AppError.validation({ plan: [m.samePlan] });
      const from = paidPlans().find((candidate) => candidate.id === state.plan);
      if (!subscription || !from) throw AppError.validation({ plan: [m.paidPlanChange] });
      // A card subscription changes through Stripe (the 差額 charged to its card at once).
      if (subscription.method === 'card' && !(this.deps.card && subscription.stripeSubscriptionId)) throw AppError.validation({ plan: [m.cardPlanChange] });
      if (rank(to.id) < rank(from.id)) throw AppError.validation({ plan: [m.useDowngrade] });
      if (input.cycle !== subscription.cycle) throw AppError.validation({ cycle: [m.cycleChange(BILLING_CYCLE_LABELS[subscription.cycle])] });
      if (input.method !== subscription.method) throw AppError.validation({ method: [m.methodChange(PAYMENT_METHOD_LABELS[subscription.method])] });
      // The period has ended and the monthly job has not renewed it yet (minutes after 00:00 on the 1st).
      if (now >= subscription.periodEnd) throw AppError.validation({ plan: [m.renewalInProgress] });
      return { plan: to.id, from, pendingPlan: subscription.pendingPlan, figures: planChangeFigures(from, to, subscription.cycle, now, subscription.periodEnd) };
    };
    let decided = decide(state);
    if (!input.preview) {
      const card = state.subscription?.method === 'card' ? await this.chargePlanChange(tenantId, state.subscription, to, decided.figures) : null;
      try {
        await repo.changePlan({ billing: input.billing, now, paidAt: card?.paidAt ?? null }, (current) => (decided = decide(current)));
      } catch (error) {
        // The tenant changed plan in the same moment from elsewhere: the card was charged for nothing.
        if (card) this.deps.logger.error({ tenantId, err: error, total: decided.figures.total }, 'plan change charged to the card but not applied: refund it in Stripe');
        throw error;
      }
    }
    const { from, pendingPlan, figures } = decided;
    const preview = toChangePreview(to, from, input, figures, pendingPlan);
    if (input.preview) return { preview, applied: false, checkout_url: null, subscription: null };
    return { preview, applied: true, checkout_url: null, subscription: await this.subscription(tenantId, true) };
  }

  /**
   * A card subscription's move to a larger plan: Stripe charges the larger plan's price from the
   * next period on, then the 差額 invoice's total to the card at once; a declined card puts the
   * price back and changes nothing.
   */
  private async chargePlanChange(tenantId: number, subscription: SubscriptionRecord, to: PaidPlanDefinition, figures: InvoiceFigures): Promise<{ paidAt: Date }> {
    const gateway = this.deps.card!.gateway;
    const subscriptionId = subscription.stripeSubscriptionId!;
    const priceOf = (plan: PaidPlanDefinition) => ({ cancel: false as const, cycle: subscription.cycle, ...stripePriceOf(plan, subscription.cycle) });
    const from = paidPlans().find((plan) => plan.id === subscription.plan)!;
    try {
      await gateway.scheduleNextPeriod(subscriptionId, priceOf(to));
      try {
        await gateway.chargeNow(subscriptionId, {
          amount: figures.total, description: `${figures.items.map((item) => item.description).join('、')}（税込）`,
          metadata: { [CHECKOUT_METADATA_KEYS.tenant]: String(tenantId), [CHECKOUT_METADATA_KEYS.plan]: to.id },
        });
      } catch (error) {
        await gateway.scheduleNextPeriod(subscriptionId, subscription.pendingPlan === FREE_PLAN.id ? { cancel: true } : priceOf(from)).catch((restore: unknown) =>
          this.deps.logger.error({ tenantId, err: restore }, 'stripe subscription price could not be put back after a failed plan change'));
        throw error;
      }
    } catch (error) {
      if (error instanceof CardDeclinedError) throw AppError.validation({ plan: [m.cardDeclined] });
      this.deps.logger.error({ tenantId, err: error }, 'stripe could not charge a plan change');
      throw new AppError('SERVICE_UNAVAILABLE', m.cardChangeFailed);
    }
    return { paidAt: this.deps.clock.now() };
  }

  /**
   * Schedules a move to a lower plan (or, to the free plan, the cancellation) at the end of the
   * paid period; choosing the current plan withdraws a scheduled change. Nobody's data is deleted:
   * a tenant with more people than the lower plan allows must remove them first.
   */
  async downgrade(tenantId: number, input: DowngradeRequest): Promise<{ message: string; subscription: Subscription }> {
    const target = planOf(input.plan);
    let message = '';
    let before: SubscriptionRecord | null = null;
    const repo = this.deps.repo.forTenant(tenantId);
    await repo.changePendingPlan(this.deps.clock.now(), (state, peopleCount) => {
      const subscription = state.subscription;
      if (!subscription) throw AppError.validation({ plan: [m.notPaid] });
      before = subscription;
      // Choosing the plan in force withdraws a scheduled change.
      if (target.id === state.plan) {
        message = m.downgradeWithdrawn;
        return null;
      }
      if (rank(target.id) > rank(state.plan)) throw AppError.validation({ plan: [m.notLower] });
      if (target.maxPeople !== null && peopleCount > target.maxPeople) throw AppError.validation({ plan: [m.tooManyPeople(peopleCount, target.maxPeople)] });
      const periodEndDate = japaneseDate(lastDayOf(subscription.periodEnd));
      message = target.id === FREE_PLAN.id ? m.cancellationScheduled(periodEndDate) : m.downgradeScheduled(target.name, periodEndDate);
      return target.id;
    });
    const changed = before as SubscriptionRecord | null;
    if (changed?.stripeSubscriptionId && this.deps.card) await this.chargeNextPeriodAs(tenantId, changed, target.id === changed.plan ? null : target.id);
    return { message, subscription: await this.subscription(tenantId, true) };
  }

  /**
   * A card subscription's next charge follows the scheduled change: the lower plan's price, or no
   * charge at all after a cancellation; withdrawing the change restores the plan's own price. If
   * Stripe cannot be reached, the schedule is put back and the administrator is asked to retry.
   */
  private async chargeNextPeriodAs(tenantId: number, subscription: SubscriptionRecord, pendingPlan: string | null): Promise<void> {
    const next = paidPlans().find((plan) => plan.id === (pendingPlan ?? subscription.plan));
    try {
      await this.deps.card!.gateway.scheduleNextPeriod(
        subscription.stripeSubscriptionId!,
        next ? { cancel: false, cycle: subscription.cycle, ...stripePriceOf(next, subscription.cycle) } : { cancel: true },
      );
    } catch (error) {
      this.deps.logger.error({ tenantId, err: error }, 'stripe subscription could not follow a scheduled plan change');
      await this.deps.repo.forTenant(tenantId).changePendingPlan(this.deps.clock.now(), () => subscription.pendingPlan);
      throw new AppError('SERVICE_UNAVAILABLE', m.cardSyncFailed);
    }
  }
}

/** A plan's place in the catalogue: a higher rank is a larger plan. */
function rank(planId: string): number {
  return PLANS.findIndex((plan) => plan.id === planOf(planId).id);
}

function toPreview(plan: PaidPlanDefinition, input: UpgradeRequest, figures: InvoiceFigures): InvoicePreview {
  return {
    plan_id: plan.id, plan_name: plan.name, cycle: input.cycle, method: input.method,
    period_start: tokyoDate(figures.periodStart), period_end: lastDayOf(figures.periodEnd),
    subtotal: figures.subtotal, tax_rate_percent: figures.taxRatePercent, tax: figures.tax, total: figures.total,
    issue_date: figures.issueDate, due_date: figures.dueDate, items: figures.items, plan_change: null,
  };
}

function toChangePreview(to: PaidPlanDefinition, from: PaidPlanDefinition, input: UpgradeRequest, figures: PlanChangeFigures, pendingPlan: string | null): InvoicePreview {
  return {
    ...toPreview(to, input, figures),
    plan_change: { from_plan_id: from.id, from_plan_name: from.name, proration: figures.proration, withdrawn_pending_plan_id: pendingPlan },
  };
}

function toSubscription(state: TenantPlanState, isAdmin: boolean): Subscription {
  const plan = planOf(state.plan);
  const subscription = state.subscription;
  const pending = subscription?.pendingPlan ? planOf(subscription.pendingPlan) : null;
  return {
    plan_id: plan.id,
    plan_name: plan.name,
    cycle: subscription?.cycle ?? null,
    method: subscription?.method ?? null,
    current_period_start: subscription ? tokyoDate(subscription.periodStart) : null,
    current_period_end: subscription ? lastDayOf(subscription.periodEnd) : null,
    pending_plan_id: pending?.id ?? null,
    pending_plan_name: pending?.name ?? null,
    limits: { max_people: plan.maxPeople, monthly_mails: plan.monthlyMails, ads_shown: plan.adsShown },
    billing: state.billing,
    company_name: state.companyName,
    is_admin: isAdmin,
  };
}
