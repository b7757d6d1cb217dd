import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingMessages as m } from '../../../common/billing-messages';
import { withTax } from '../../../common/plans';
import { tokyoMonthStart } from '../../lib/time-format';
import { callApi, createAccount, type FactoryAccount } from '../../test/account-factories';
import { ConfigError, loadConfig } from '../../config';
import { startStripeTestServer, type StripeTestServer, TEST_STRIPE_SECRET_KEY, TEST_STRIPE_WEBHOOK_SECRET } from '../../test/stripe-test-server';
import { pdfPageTexts } from '../../test/pdf-text';
import { createTestApp, type TestContext } from '../../test/test-app';
import { SubscriptionRenewalsRepository } from './subscription-renewals.repo';
import { STRIPE_WEBHOOK_PATH } from './stripe-webhook.routes';

/**
 * Card payment (issue 14): Stripe Checkout opens from the upgrade, and only the signed webhook
 * changes the plan. Stripe's API is the loopback StripeTestServer; every event is signed with the
 * stripe library's own generateTestHeaderString and goes through the app's real webhook route.
 */
let context: TestContext;
let stripe: StripeTestServer;
beforeAll(async () => {
  stripe = await startStripeTestServer();
  context = await createTestApp({ ...stripe.env(), APP_URL: 'https://app.kizuki.test' });
  // Thursday 26 November 2026, 10:00 in Tokyo: five days of November left.
  context.clock.set(new Date('2026-11-26T01:00:00Z'));
  stripe.now = () => context.clock.now();
  stripe.deliver = async (payload, signature) => {
    const answer = await context.app.inject({ method: 'POST', url: STRIPE_WEBHOOK_PATH, headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });
    return { status: answer.statusCode, body: answer.body };
  };
});
afterAll(async () => {
  await context.close();
  await stripe.close();
});

const billing = {
  company_name: '株式会社カード商事', department: '', contact_name: '決済 花子', email: 'card@example.co.jp',
  postal_code: '100-0005', address: '東京都千代田区丸の内1-1-1', phone: '03-1234-5678',
};
const upgrade = (account: FactoryAccount, payload: Record<string, unknown> = {}) =>
  callApi(context, { method: 'POST', url: '/api/account/upgrade', token: account.token, payload: { plan: 'light', cycle: 'monthly', method: 'card', billing, ...payload } });
const subscription = async (account: FactoryAccount) => (await callApi(context, { method: 'GET', url: '/api/account/subscription', token: account.token })).json().data;
const invoices = async (account: FactoryAccount) => (await callApi(context, { method: 'GET', url: '/api/billing/invoices', token: account.token })).json().data.invoices;
const sessionOf = (checkoutUrl: string) => stripe.checkoutSessions.get(checkoutUrl.split('/').pop()!)!;
const postRaw = (payload: string, signature?: string) =>
  context.app.inject({ method: 'POST', url: STRIPE_WEBHOOK_PATH, headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) }, payload });

/** An account that has opened Checkout for the light plan, monthly. */
async function openCheckout(): Promise<{ account: FactoryAccount; sessionId: string; total: number }> {
  const account = await createAccount(context);
  const preview = (await upgrade(account, { preview: true })).json().data.preview;
  const answer = await upgrade(account);
  expect(answer.statusCode).toBe(200);
  return { account, sessionId: sessionOf(answer.json().data.checkout_url).id, total: preview.total };
}

describe('card payment through Stripe Checkout', () => {
  it('is offered once the Stripe secrets are set', async () => {
    const account = await createAccount(context);
    expect((await callApi(context, { method: 'GET', url: '/api/plans', token: account.token })).json().data.card_available).toBe(true);
  });

  it('previews the rest of the month as the first charge, and opens Checkout without changing the plan', async () => {
    const account = await createAccount(context);
    const preview = await upgrade(account, { preview: true });
    expect(preview.statusCode).toBe(200);
    // 9,800 × 5/30 = 1,633 (rounded down), 消費税 163: the full December comes from Stripe on the 1st.
    expect(preview.json().data.preview).toMatchObject({ method: 'card', subtotal: 1633, tax: 163, total: 1796, period_start: '2026-11-26', period_end: '2026-11-30' });
    expect(preview.json().data.preview.items).toHaveLength(1);
    expect(stripe.checkoutSessions.size).toBe(0);

    const answer = await upgrade(account);
    expect(answer.statusCode).toBe(200);
    const data = answer.json().data;
    expect(data).toMatchObject({ applied: false, subscription: null });
    expect(data.checkout_url).toMatch(new RegExp(`^${stripe.url}/c/pay/cs_test_`));
    const { params } = sessionOf(data.checkout_url);
    expect(params).toMatchObject({
      mode: 'subscription', locale: 'ja', client_reference_id: String(account.tenantId), customer_email: 'card@example.co.jp',
      success_url: 'https://app.kizuki.test/account/upgrade/complete?checkout=success',
      cancel_url: 'https://app.kizuki.test/account/upgrade/confirm?checkout=cancelled',
      metadata: { kizuki_tenant_id: String(account.tenantId), kizuki_plan: 'light', kizuki_cycle: 'monthly' },
      subscription_data: { billing_cycle_anchor: String(tokyoMonthStart('2026-12').getTime() / 1000), proration_behavior: 'none' },
    });
    const lineItems = params.line_items as { price_data: { unit_amount: string; recurring?: { interval: string } } }[];
    expect(lineItems.map((item) => [item.price_data.unit_amount, item.price_data.recurring?.interval ?? 'once'])).toEqual([[String(withTax(9800)), 'month'], ['1796', 'once']]);
    expect(stripe.amountDueNow(sessionOf(data.checkout_url))).toBe(1796);

    // Coming back from Checkout changes nothing: only the webhook does.
    expect(await subscription(account)).toMatchObject({ plan_id: 'free', billing: { company_name: '株式会社カード商事' } });
    expect(await invoices(account)).toEqual([]);
  });

  it('starts the plan from the signed webhook, with its first invoice paid by card', async () => {
    const { account, sessionId, total } = await openCheckout();
    const delivery = await stripe.pay(sessionId);
    expect(delivery.status).toBe(200);
    expect(JSON.parse(delivery.body).data).toEqual({ received: true, outcome: 'applied' });
    expect(await subscription(account)).toMatchObject({
      plan_id: 'light', method: 'card', cycle: 'monthly', current_period_start: '2026-11-26', current_period_end: '2026-11-30', limits: { max_people: 50, ads_shown: false },
    });
    const [invoice] = await invoices(account);
    expect(invoice).toMatchObject({ method: 'card', status: 'paid', total, period_end: '2026-11-30', issue_date: '2026-11-26' });
    expect(invoice.paid_at).not.toBeNull();
    // Its 適格請求書 says it is paid by card and asks for no transfer.
    const pdf = await callApi(context, { method: 'GET', url: invoice.pdf_url, token: account.token });
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfPageTexts(pdf.rawPayload))[0]!.replace(/\s+/g, '');
    expect(text).toContain('お支払い方法：クレジットカード');
    expect(text).toContain('2026年11月26日にクレジットカードで決済済みです。お振り込みは不要です。');
    expect(text).not.toContain('お振込先');
  });

  it('applies an event once: a delivered-again event and a second event for the same payment change nothing', async () => {
    const { account, sessionId } = await openCheckout();
    const session = stripe.checkoutSessions.get(sessionId)!;
    const paid = await stripe.pay(sessionId);
    expect(JSON.parse(paid.body).data.outcome).toBe('applied');
    const object = stripe.sessionObject(session, stripe.subscriptions.get(session.subscriptionId!)!);
    // Stripe delivers the same event again (same id, freshly signed).
    const again = stripe.signedEvent('checkout.session.completed', object, { id: paid.eventId! });
    expect((await postRaw(again.payload, again.signature)).json().data.outcome).toBe('duplicate');
    // Another event about the same payment finds it applied already.
    const other = stripe.signedEvent('checkout.session.completed', object);
    expect((await postRaw(other.payload, other.signature)).json().data.outcome).toBe('ignored');
    expect(await invoices(account)).toHaveLength(1);
    expect((await subscription(account)).plan_id).toBe('light');
  });

  it('refuses events that are unsigned, tampered with, signed with another secret or replayed too late', async () => {
    const { account, sessionId } = await openCheckout();
    const session = stripe.checkoutSessions.get(sessionId)!;
    session.status = 'complete';
    const event = stripe.signedEvent('checkout.session.completed', { ...stripe.sessionObject(session, null), subscription: 'sub_forged', customer: 'cus_forged' });
    const refused = async (payload: string, signature?: string) => {
      const answer = await postRaw(payload, signature);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ success: false, message: m.webhookSignatureInvalid });
    };
    await refused(event.payload);
    await refused(event.payload.replace('"light"', '"standard"'), event.signature);
    await refused(event.payload, stripe.signedEvent('checkout.session.completed', {}, { secret: 'whsec_someoneElse0000' }).signature);
    const stale = stripe.signedEvent('checkout.session.completed', JSON.parse(event.payload).data.object, { timestamp: Math.floor(Date.now() / 1000) - 600 });
    await refused(stale.payload, stale.signature);
    expect((await subscription(account)).plan_id).toBe('free');
    // The genuine event still works afterwards.
    expect((await postRaw(event.payload, event.signature)).json().data.outcome).toBe('applied');
    expect((await subscription(account)).plan_id).toBe('light');
  });

  it('marks a renewal paid from invoice.paid, renewing first when the webhook beats the monthly job', async () => {
    const { account, sessionId } = await openCheckout();
    await stripe.pay(sessionId);
    const subscriptionId = stripe.checkoutSessions.get(sessionId)!.subscriptionId!;
    const december = tokyoMonthStart('2026-12');
    context.clock.set(new Date(december.getTime() + 5_000));
    try {
      const delivery = await stripe.sendEvent('invoice.paid', stripe.renewalInvoice(subscriptionId, december, tokyoMonthStart('2027-01')));
      expect(delivery.status, delivery.body).toBe(200);
      expect(JSON.parse(delivery.body).data.outcome).toBe('applied');
      // Five days on, the session has lapsed: sign in again.
      const login = await callApi(context, { method: 'POST', url: '/api/auth/login', payload: { email: account.email, password: account.password } });
      account.token = login.json().data.token as string;
      const [renewal, first] = await invoices(account);
      expect(first.status).toBe('paid');
      expect(renewal).toMatchObject({ method: 'card', status: 'paid', period_start: '2026-12-01', period_end: '2026-12-31', total: withTax(9800) });
      expect((await subscription(account)).current_period_end).toBe('2026-12-31');
      // The monthly job finds nothing left to renew for this tenant.
      const due = await new SubscriptionRenewalsRepository(context.database.db).dueFor(account.tenantId!, context.clock.now());
      expect(due).toBeNull();
    } finally {
      context.clock.set(new Date('2026-11-26T01:00:00Z'));
    }
  });

  it('has Stripe follow a scheduled downgrade, cancellation or withdrawal, and keeps the schedule when Stripe is down', async () => {
    const { account, sessionId } = await openCheckout();
    await stripe.pay(sessionId);
    const stripeSubscription = stripe.subscriptions.get(stripe.checkoutSessions.get(sessionId)!.subscriptionId!)!;
    const downgrade = (plan: string) => callApi(context, { method: 'POST', url: '/api/account/downgrade', token: account.token, payload: { plan } });

    expect((await downgrade('free')).statusCode).toBe(200);
    expect(stripeSubscription.cancelAtPeriodEnd).toBe(true);
    expect((await downgrade('light')).json().data.message).toBe(m.downgradeWithdrawn);
    expect(stripeSubscription).toMatchObject({ cancelAtPeriodEnd: false, unitAmount: withTax(9800) });

    stripe.failApi = true;
    try {
      const failed = await downgrade('free');
      expect(failed.statusCode).toBe(503);
      expect(failed.json().message).toBe(m.cardSyncFailed);
    } finally {
      stripe.failApi = false;
    }
    expect((await subscription(account)).pending_plan_id).toBeNull();
    expect(stripeSubscription.cancelAtPeriodEnd).toBe(false);
  });

  it('moves a card subscription to a larger plan at once, the 差額 charged to its card', async () => {
    const { account, sessionId } = await openCheckout();
    await stripe.pay(sessionId);
    const stripeSubscription = stripe.subscriptions.get(stripe.checkoutSessions.get(sessionId)!.subscriptionId!)!;
    const preview = await upgrade(account, { plan: 'standard', preview: true });
    expect(preview.statusCode, preview.body).toBe(200);
    const figures = preview.json().data.preview;
    // (39,800 − 9,800) × 5/30 = 5,000, 消費税 500.
    expect(figures).toMatchObject({ plan_id: 'standard', method: 'card', subtotal: 5000, tax: 500, total: 5500 });
    expect(stripe.invoices.size).toBe(0);

    const changed = await upgrade(account, { plan: 'standard' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ applied: true, checkout_url: null, subscription: { plan_id: 'standard', method: 'card', limits: { max_people: 300 } } });
    const charges = [...stripe.invoices.values()];
    expect(charges).toEqual([expect.objectContaining({ customer: stripeSubscription.customer, amount: 5500, status: 'paid' })]);
    expect(stripeSubscription.unitAmount).toBe(withTax(39800));
    const [difference] = await invoices(account);
    expect(difference).toMatchObject({ plan_id: 'standard', method: 'card', status: 'paid', total: 5500 });
  });

  it('changes nothing when the card is declined for the 差額', async () => {
    const { account, sessionId } = await openCheckout();
    await stripe.pay(sessionId);
    const stripeSubscription = stripe.subscriptions.get(stripe.checkoutSessions.get(sessionId)!.subscriptionId!)!;
    stripe.declineCards = true;
    try {
      const refused = await upgrade(account, { plan: 'standard' });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual({ plan: [m.cardDeclined] });
    } finally {
      stripe.declineCards = false;
    }
    expect((await subscription(account)).plan_id).toBe('light');
    expect(await invoices(account)).toHaveLength(1);
    // Stripe charges the light plan's price again from the next period, and the draft charge is void.
    expect(stripeSubscription.unitAmount).toBe(withTax(9800));
    expect([...stripe.invoices.values()].filter((charge) => charge.customer === stripeSubscription.customer).map((charge) => charge.status)).toEqual(['void']);
  });

  it('returns the tenant to the free plan when Stripe ends the subscription', async () => {
    const { account, sessionId } = await openCheckout();
    await stripe.pay(sessionId);
    const subscriptionId = stripe.checkoutSessions.get(sessionId)!.subscriptionId!;
    const ended = await stripe.sendEvent('customer.subscription.deleted', { id: subscriptionId, object: 'subscription', status: 'canceled' });
    expect(JSON.parse(ended.body).data.outcome).toBe('applied');
    expect(await subscription(account)).toMatchObject({ plan_id: 'free', method: null, current_period_end: null });
    // The paid invoice stays.
    expect((await invoices(account))[0].status).toBe('paid');
  });

  it('answers 503 with a Japanese message when Checkout cannot be opened', async () => {
    const account = await createAccount(context);
    stripe.failApi = true;
    try {
      const answer = await upgrade(account);
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toEqual({ success: false, message: m.cardCheckoutFailed });
    } finally {
      stripe.failApi = false;
    }
    expect((await subscription(account)).plan_id).toBe('free');
  });

  it('charges the whole first period at once when started on the 1st', async () => {
    context.clock.set(new Date('2026-11-30T16:00:00Z')); // 1 December, 01:00 in Tokyo
    try {
      const account = await createAccount(context);
      const answer = await upgrade(account, { cycle: 'annual' });
      const session = sessionOf(answer.json().data.checkout_url);
      expect(session.params.subscription_data).not.toHaveProperty('billing_cycle_anchor');
      expect(stripe.amountDueNow(session)).toBe(withTax(98000));
      expect(answer.json().data.preview).toMatchObject({ total: withTax(98000), period_start: '2026-12-01', period_end: '2027-11-30' });
    } finally {
      context.clock.set(new Date('2026-11-26T01:00:00Z'));
    }
  });
});

describe('STRIPE_* settings', () => {
  it('enable card payment only with both secrets, and refuse one without the other or a malformed one', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: context.dataDir };
    expect(loadConfig(base).stripe).toBeNull();
    expect(loadConfig({ ...base, ...stripe.env() }).stripe).toEqual({ secretKey: TEST_STRIPE_SECRET_KEY, webhookSecret: TEST_STRIPE_WEBHOOK_SECRET, apiUrl: stripe.url });
    expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: TEST_STRIPE_SECRET_KEY })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, STRIPE_WEBHOOK_SECRET: TEST_STRIPE_WEBHOOK_SECRET })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: 'pk_test_publishable000', STRIPE_WEBHOOK_SECRET: TEST_STRIPE_WEBHOOK_SECRET })).toThrow(ConfigError);
  });
});

describe('without the Stripe secrets', () => {
  it('offers no card and refuses one, and the webhook accepts nothing', async () => {
    const plain = await createTestApp();
    try {
      const account = await createAccount(plain);
      expect((await callApi(plain, { method: 'GET', url: '/api/plans', token: account.token })).json().data.card_available).toBe(false);
      const answer = await callApi(plain, { method: 'POST', url: '/api/account/upgrade', token: account.token, payload: { plan: 'light', cycle: 'monthly', method: 'card', billing } });
      expect(answer.statusCode).toBe(422);
      expect(answer.json().errors).toEqual({ method: [m.cardUnavailable] });
      const event = stripe.signedEvent('checkout.session.completed', {});
      const webhook = await plain.app.inject({ method: 'POST', url: STRIPE_WEBHOOK_PATH, headers: { 'content-type': 'application/json', 'stripe-signature': event.signature }, payload: event.payload });
      expect(webhook.statusCode).toBe(400);
    } finally {
      await plain.close();
    }
  });
});
