import Stripe from 'stripe';
import type { BillingCycle } from '../../../common/plans';
import type { StripeConfig } from '../../config';

/**
 * The only file that talks to Stripe (issue 14's card payment): Checkout for the first payment,
 * the signed webhook's verification, and the subscription's price or cancellation when a
 * downgrade is scheduled. Amounts are 税込 yen (JPY has no minor unit).
 */

export interface CheckoutRequest {
  tenantId: number;
  plan: string;
  cycle: BillingCycle;
  customerEmail: string;
  /** Charged every period from `anchor` on (税込). */
  recurring: { name: string; amount: number };
  /** Charged now, once, when the first period is the rest of a month (税込). */
  firstCharge: { name: string; amount: number } | null;
  /** When the recurring charges start (the 1st, Tokyo); null: now. */
  anchor: Date | null;
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
}

/** What a Checkout Session carries back to the webhook: which tenant bought which plan. */
export const CHECKOUT_METADATA_KEYS = { tenant: 'kizuki_tenant_id', plan: 'kizuki_plan', cycle: 'kizuki_cycle' } as const;

/** The card was refused (Stripe's card_error): nothing was charged. */
export class CardDeclinedError extends Error {}

export const stripeInterval = (cycle: BillingCycle): 'month' | 'year' => (cycle === 'annual' ? 'year' : 'month');

export class StripeGateway {
  private readonly stripe: Stripe;

  constructor(private readonly config: StripeConfig) {
    const api = config.apiUrl ? new URL(config.apiUrl) : null;
    this.stripe = new Stripe(config.secretKey, {
      maxNetworkRetries: 1,
      timeout: 15_000,
      telemetry: false,
      ...(api ? { host: api.hostname, port: api.port || (api.protocol === 'https:' ? 443 : 80), protocol: api.protocol === 'https:' ? 'https' : 'http' } : {}),
    });
  }

  async createCheckout(request: CheckoutRequest): Promise<{ id: string; url: string }> {
    const metadata = { [CHECKOUT_METADATA_KEYS.tenant]: String(request.tenantId), [CHECKOUT_METADATA_KEYS.plan]: request.plan, [CHECKOUT_METADATA_KEYS.cycle]: request.cycle };
    const lineItems: Stripe.Checkout.SessionCreateParams.LineItem[] = [
      {
        quantity: 1,
        price_data: { currency: 'jpy', unit_amount: request.recurring.amount, recurring: { interval: stripeInterval(request.cycle) }, product_data: { name: request.recurring.name } },
      },
    ];
    if (request.firstCharge) {
      lineItems.push({ quantity: 1, price_data: { currency: 'jpy', unit_amount: request.firstCharge.amount, product_data: { name: request.firstCharge.name } } });
    }
    const session = await this.stripe.checkout.sessions.create({
      mode: 'subscription',
      locale: 'ja',
      allowed_payment_method_types: ['card'],
      client_reference_id: String(request.tenantId),
      customer_email: request.customerEmail,
      line_items: lineItems,
      metadata,
      // With the anchor on the 1st and no proration, the days before it are charged only through
      // the one-time first charge, which is exactly the first invoice's 日割り total.
      subscription_data: request.anchor
        ? { metadata, billing_cycle_anchor: unixSeconds(request.anchor), proration_behavior: 'none' }
        : { metadata },
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      expires_at: unixSeconds(request.expiresAt),
    });
    if (!session.url) throw new Error(`Stripe Checkout session ${session.id} has no url`);
    return { id: session.id, url: session.url };
  }

  /**
   * The webhook's event, verified with the stripe library's own check of the Stripe-Signature
   * header (HMAC of the raw body, timestamp within five minutes). Throws on a bad signature.
   */
  verifyEvent(rawBody: Buffer, signature: string | undefined): Stripe.Event {
    if (!signature) throw new Error('No Stripe-Signature header');
    return this.stripe.webhooks.constructEvent(rawBody, signature, this.config.webhookSecret);
  }

  /**
   * Charges a one-off amount (税込) to the card the subscription pays with, at once: a Stripe
   * invoice of one item, finalised and paid. A declined card throws CardDeclinedError (the draft
   * is voided); anything else throws as it came.
   */
  async chargeNow(subscriptionId: string, charge: { amount: number; description: string; metadata: Record<string, string> }): Promise<void> {
    const subscription = await this.stripe.subscriptions.retrieve(subscriptionId);
    const customer = typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id;
    const paymentMethod = subscription.default_payment_method;
    const invoice = await this.stripe.invoices.create({
      customer, collection_method: 'charge_automatically', auto_advance: false, pending_invoice_items_behavior: 'exclude',
      description: charge.description, metadata: charge.metadata,
    });
    await this.stripe.invoiceItems.create({ customer, invoice: invoice.id, amount: charge.amount, currency: 'jpy', description: charge.description });
    await this.stripe.invoices.finalizeInvoice(invoice.id, { auto_advance: false });
    try {
      await this.stripe.invoices.pay(invoice.id, paymentMethod ? { payment_method: typeof paymentMethod === 'string' ? paymentMethod : paymentMethod.id } : {});
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) {
        await this.stripe.invoices.voidInvoice(invoice.id).catch(() => undefined);
        throw new CardDeclinedError(error.message);
      }
      throw error;
    }
  }

  /**
   * What Stripe charges from the next period on: the plan's price (税込) with no proration, so the
   * change reaches the customer's card exactly when the plan changes (the end of the paid period);
   * `cancel` ends the subscription then instead.
   */
  async scheduleNextPeriod(subscriptionId: string, next: { cancel: true } | { cancel: false; cycle: BillingCycle; name: string; amount: number }): Promise<void> {
    if (next.cancel) {
      await this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
      return;
    }
    const subscription = await this.stripe.subscriptions.retrieve(subscriptionId);
    const item = subscription.items.data[0];
    if (!item) throw new Error(`Stripe subscription ${subscriptionId} has no item`);
    const product = typeof item.price.product === 'string' ? item.price.product : item.price.product.id;
    await this.stripe.products.update(product, { name: next.name });
    await this.stripe.subscriptions.update(subscriptionId, {
      cancel_at_period_end: false,
      proration_behavior: 'none',
      items: [{ id: item.id, price_data: { currency: 'jpy', product, unit_amount: next.amount, recurring: { interval: stripeInterval(next.cycle) } } }],
    });
  }
}

function unixSeconds(at: Date): number {
  return Math.floor(at.getTime() / 1000);
}
