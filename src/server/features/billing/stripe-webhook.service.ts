import type Stripe from 'stripe';
import { billingMessages as m } from '../../../common/billing-messages';
import { BILLING_CYCLES, type BillingCycle, FREE_PLAN, paidPlans } from '../../../common/plans';
import type { Clock } from '../../clock';
import { AppError } from '../../errors';
import type { JobLogger } from '../../lib/jobs/job-runner';
import { tokyoMonth, tokyoMonthStart } from '../../lib/time-format';
import { firstCardInvoiceFigures } from './invoice-figures';
import type { InvoicesRepository } from './invoices.repo';
import type { StripeEventsRepository } from './stripe-events.repo';
import { CHECKOUT_METADATA_KEYS, type StripeGateway } from './stripe-gateway';
import type { SubscriptionRenewalsRepository } from './subscription-renewals.repo';
import type { SubscriptionsRepository } from './subscriptions.repo';

export interface StripeWebhookDeps {
  gateway: StripeGateway;
  subscriptions: SubscriptionsRepository;
  renewals: SubscriptionRenewalsRepository;
  invoices: InvoicesRepository;
  events: StripeEventsRepository;
  clock: Clock;
  logger: JobLogger;
}

export type WebhookOutcome = 'applied' | 'duplicate' | 'ignored';

/** Thrown inside the activation's lock when the event has nothing (more) to change. */
class NothingToApply extends Error {}

const idOf = (value: string | { id: string } | null | undefined): string | null => (value === null || value === undefined ? null : typeof value === 'string' ? value : value.id);

/**
 * The signed Stripe webhook: the only way a card payment changes a plan (never the browser's
 * return from Checkout). Each event is processed once: its id is recorded after it is applied,
 * a delivered-again event is answered without effect, and every step is itself idempotent, so
 * two deliveries racing each other change things once too.
 */
export class StripeWebhookService {
  constructor(private readonly deps: StripeWebhookDeps) {}

  async receive(rawBody: Buffer, signature: string | undefined): Promise<WebhookOutcome> {
    let event: Stripe.Event;
    try {
      event = this.deps.gateway.verifyEvent(rawBody, signature);
    } catch {
      throw new AppError('BAD_REQUEST', m.webhookSignatureInvalid);
    }
    if (await this.deps.events.seen(event.id)) return 'duplicate';
    const outcome = await this.apply(event);
    await this.deps.events.record(event.id, event.type, this.deps.clock.now());
    return outcome;
  }

  private async apply(event: Stripe.Event): Promise<WebhookOutcome> {
    switch (event.type) {
      case 'checkout.session.completed':
        return this.checkoutCompleted(event.data.object);
      case 'invoice.paid':
        return this.renewalPaid(event.data.object);
      case 'invoice.payment_failed':
        return this.renewalFailed(event.data.object);
      case 'customer.subscription.deleted':
        return this.subscriptionEnded(event.data.object);
      default:
        return 'ignored';
    }
  }

  /** The first payment: the plan starts, with its first invoice already paid. */
  private async checkoutCompleted(session: Stripe.Checkout.Session): Promise<WebhookOutcome> {
    if (session.mode !== 'subscription' || session.payment_status !== 'paid') return 'ignored';
    const tenantId = Number(session.metadata?.[CHECKOUT_METADATA_KEYS.tenant]);
    const plan = paidPlans().find((candidate) => candidate.id === session.metadata?.[CHECKOUT_METADATA_KEYS.plan]);
    const cycle = session.metadata?.[CHECKOUT_METADATA_KEYS.cycle] as BillingCycle | undefined;
    const subscriptionId = idOf(session.subscription);
    if (!Number.isSafeInteger(tenantId) || session.client_reference_id !== String(tenantId) || !plan || !cycle || !BILLING_CYCLES.includes(cycle) || !subscriptionId) {
      this.deps.logger.warn({ session: session.id }, 'stripe checkout session without Kizuki metadata: ignored');
      return 'ignored';
    }
    const now = this.deps.clock.now();
    // The figures of the moment the session was made: what Checkout charged.
    const figures = firstCardInvoiceFigures(plan, cycle, new Date(session.created * 1000));
    if (session.amount_total !== figures.total) {
      this.deps.logger.warn({ session: session.id, tenantId, charged: session.amount_total, invoiced: figures.total }, 'stripe checkout total differs from the first invoice');
    }
    const repo = this.deps.subscriptions.forTenant(tenantId);
    const state = await repo.state();
    if (!state) return 'ignored';
    const billing = state.billing ?? { company_name: state.companyName, department: '', contact_name: '', email: session.customer_details?.email ?? '', postal_code: '', address: '', phone: '' };
    try {
      await repo.activate(
        { plan: plan.id, cycle, method: 'card', billing, figures, now, card: { customerId: idOf(session.customer), subscriptionId, paidAt: now } },
        (current) => {
          if (current.subscription?.stripeSubscriptionId === subscriptionId) throw new NothingToApply();
          if (current.plan !== FREE_PLAN.id) {
            // Paid twice (by invoice meanwhile, or a second Checkout): nothing is changed here; the
            // charge needs a refund by hand.
            this.deps.logger.error({ tenantId, session: session.id, subscriptionId, plan: current.plan }, 'card payment for a tenant already on a paid plan: refund it in Stripe');
            throw new NothingToApply();
          }
        },
      );
    } catch (error) {
      if (error instanceof NothingToApply) return 'ignored';
      throw error;
    }
    this.deps.logger.info({ tenantId, plan: plan.id, cycle, subscriptionId }, 'card payment started a paid plan');
    return 'applied';
  }

  /**
   * A period's charge succeeded: that period's invoice is paid. The webhook can come before the
   * monthly job has renewed the subscription (both fire at 00:00 on the 1st, Tokyo): it then renews
   * it itself, through the same compare-and-set as the job.
   */
  private async renewalPaid(invoice: Stripe.Invoice): Promise<WebhookOutcome> {
    if (invoice.billing_reason !== 'subscription_cycle') return 'ignored';
    const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
    const start = invoice.lines.data[0]?.period.start;
    if (!subscriptionId || start === undefined) return 'ignored';
    const tenantId = await this.deps.subscriptions.tenantOfCardSubscription(subscriptionId);
    if (tenantId === null) return 'ignored';
    const now = this.deps.clock.now();
    const due = await this.deps.renewals.dueFor(tenantId, now);
    if (due) await this.deps.renewals.renew(due, now);
    const periodStart = tokyoMonthStart(tokyoMonth(new Date(start * 1000)));
    if (!(await this.deps.invoices.markPeriodPaid(tenantId, periodStart, now))) {
      // Stripe retries a webhook that fails; by then the period's invoice exists.
      throw new AppError('SERVICE_UNAVAILABLE', m.webhookNotApplicable);
    }
    return 'applied';
  }

  /** A renewal charge failed: the invoice stays 未入金 (期限超過 after its due date); Stripe retries the card. */
  private async renewalFailed(invoice: Stripe.Invoice): Promise<WebhookOutcome> {
    const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
    const tenantId = subscriptionId ? await this.deps.subscriptions.tenantOfCardSubscription(subscriptionId) : null;
    this.deps.logger.warn({ tenantId, subscriptionId, invoice: invoice.id, attempt: invoice.attempt_count }, 'card renewal charge failed');
    return 'ignored';
  }

  /** Stripe ended the subscription (failed to the end, or cancelled there): the tenant is on the free plan from now. */
  private async subscriptionEnded(subscription: Stripe.Subscription): Promise<WebhookOutcome> {
    const tenantId = await this.deps.subscriptions.endCardSubscription(subscription.id, this.deps.clock.now());
    if (tenantId === null) return 'ignored';
    this.deps.logger.warn({ tenantId, subscriptionId: subscription.id }, 'stripe ended a card subscription: the tenant is on the free plan');
    return 'applied';
  }
}
