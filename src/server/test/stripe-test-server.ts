import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A stand-in for Stripe's servers on loopback (the machines here reach no payment provider): the
 * few API calls Kizuki makes (Checkout sessions, a subscription's retrieve and update, a product's
 * update), a Checkout page a browser can pay on, and webhook events signed with the `stripe`
 * library's own generateTestHeaderString, posted to the app's webhook like Stripe's own.
 */

export const TEST_STRIPE_SECRET_KEY = 'sk_test_kizukiLoopback0000000000';
export const TEST_STRIPE_WEBHOOK_SECRET = 'whsec_kizukiLoopback0000000000';

type Params = Record<string, unknown>;

export interface TestCheckoutSession {
  id: string;
  params: Params;
  status: 'open' | 'complete';
  created: number;
  subscriptionId: string | null;
}

export interface TestSubscription {
  id: string;
  customer: string;
  itemId: string;
  product: string;
  unitAmount: number;
  interval: string;
  cancelAtPeriodEnd: boolean;
  metadata: Record<string, string>;
}

export interface WebhookDelivery {
  status: number;
  body: string;
  /** Set by sendEvent: the event's id, to deliver it again. */
  eventId?: string;
}

const stripe = new Stripe(TEST_STRIPE_SECRET_KEY);
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** `a[b][0][c]=1` form encoding (what the stripe library sends) into nested objects and arrays. */
export function parseStripeForm(body: string): Params {
  const root: Params = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> | unknown[] = root;
    path.forEach((segment, index) => {
      const last = index === path.length - 1;
      const container = node as Record<string, unknown>;
      if (last) {
        container[segment] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(path[index + 1]!);
      container[segment] ??= nextIsIndex ? [] : {};
      node = container[segment] as Record<string, unknown>;
    });
  }
  return root;
}

const read = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let data = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (data += chunk));
    request.on('end', () => resolve(data));
    request.on('error', reject);
  });

const at = (params: Params, ...path: (string | number)[]): unknown => path.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], params);
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export class StripeTestServer {
  readonly checkoutSessions = new Map<string, TestCheckoutSession>();
  readonly subscriptions = new Map<string, TestSubscription>();
  /** Every API call received, in order (method, path, parsed form). */
  readonly apiCalls: { method: string; path: string; params: Params }[] = [];
  /** Where events are posted (the app's /api/webhooks/stripe)… */
  webhookUrl: string | null = null;
  /** …or how they are handed to it in-process (server tests: app.inject). */
  deliver: ((payload: string, signature: string) => Promise<WebhookDelivery>) | null = null;
  /** Stripe's clock for `created` (server tests follow the app's test clock); signatures keep the real time. */
  now: () => Date = () => new Date();
  /** Make the next API calls fail as Stripe does when it is down (500). */
  failApi = false;
  /** Make invoice payments fail as a declined card does (402 card_error). */
  declineCards = false;
  /** One-off invoices (a plan change's 差額): their items' amounts and final status. */
  readonly invoices = new Map<string, { customer: string; amount: number; description: string; status: 'draft' | 'open' | 'paid' | 'void'; metadata: Params }>();
  private server: Server | null = null;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The environment that points the app at this server. */
  env(): Record<string, string> {
    return { STRIPE_SECRET_KEY: TEST_STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: TEST_STRIPE_WEBHOOK_SECRET, STRIPE_API_URL: this.url };
  }

  /** What the Checkout session charges now: with an anchor and no proration, only the one-time items. */
  amountDueNow(session: TestCheckoutSession): number {
    const items = (at(session.params, 'line_items') as Params[]) ?? [];
    const anchored = at(session.params, 'subscription_data', 'billing_cycle_anchor') !== undefined && at(session.params, 'subscription_data', 'proration_behavior') === 'none';
    return items
      .filter((item) => !anchored || at(item, 'price_data', 'recurring') === undefined)
      .reduce((sum, item) => sum + Number(at(item, 'price_data', 'unit_amount')) * Number(item.quantity ?? 1), 0);
  }

  /** The customer pays on the Checkout page: the subscription exists and `checkout.session.completed` is sent. */
  async pay(sessionId: string): Promise<WebhookDelivery> {
    const session = this.checkoutSessions.get(sessionId);
    if (!session) throw new Error(`no checkout session ${sessionId}`);
    const recurring = ((at(session.params, 'line_items') as Params[]) ?? []).find((item) => at(item, 'price_data', 'recurring') !== undefined)!;
    const subscription: TestSubscription = {
      id: newId('sub'), customer: newId('cus'), itemId: newId('si'), product: newId('prod'),
      unitAmount: Number(at(recurring, 'price_data', 'unit_amount')), interval: String(at(recurring, 'price_data', 'recurring', 'interval')),
      cancelAtPeriodEnd: false, metadata: (at(session.params, 'subscription_data', 'metadata') as Record<string, string>) ?? {},
    };
    this.subscriptions.set(subscription.id, subscription);
    session.status = 'complete';
    session.subscriptionId = subscription.id;
    return this.sendEvent('checkout.session.completed', this.sessionObject(session, subscription));
  }

  sessionObject(session: TestCheckoutSession, subscription: TestSubscription | null): Params {
    return {
      id: session.id, object: 'checkout.session', mode: 'subscription', status: session.status,
      payment_status: session.status === 'complete' ? 'paid' : 'unpaid', created: session.created,
      client_reference_id: session.params.client_reference_id ?? null, metadata: session.params.metadata ?? {},
      customer: subscription?.customer ?? null, subscription: subscription?.id ?? null,
      amount_total: this.amountDueNow(session), currency: 'jpy',
      customer_details: { email: session.params.customer_email ?? null },
      url: session.status === 'open' ? `${this.url}/c/pay/${session.id}` : null,
    };
  }

  /** A renewal's invoice as Stripe sends it (`invoice.paid` or `invoice.payment_failed`). */
  renewalInvoice(subscriptionId: string, periodStart: Date, periodEnd: Date): Params {
    const subscription = this.subscriptions.get(subscriptionId);
    return {
      id: newId('in'), object: 'invoice', billing_reason: 'subscription_cycle', attempt_count: 1, currency: 'jpy',
      amount_paid: subscription?.unitAmount ?? 0, customer: subscription?.customer ?? null,
      parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId, metadata: subscription?.metadata ?? {} } },
      lines: { object: 'list', data: [{ period: { start: Math.floor(periodStart.getTime() / 1000), end: Math.floor(periodEnd.getTime() / 1000) } }] },
    };
  }

  /** The event JSON and its Stripe-Signature, as Stripe would sign them (optionally at another time). */
  signedEvent(type: string, object: Params, options: { id?: string; timestamp?: number; secret?: string } = {}): { payload: string; signature: string; id: string } {
    const id = options.id ?? newId('evt');
    const payload = JSON.stringify({ id, object: 'event', type, api_version: '2026-10-28.endive', created: Math.floor(Date.now() / 1000), livemode: false, data: { object } });
    const signature = stripe.webhooks.generateTestHeaderString({
      payload, secret: options.secret ?? TEST_STRIPE_WEBHOOK_SECRET, ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
    });
    return { payload, signature, id };
  }

  async sendEvent(type: string, object: Params, options: { id?: string; timestamp?: number; secret?: string } = {}): Promise<WebhookDelivery> {
    const { payload, signature, id } = this.signedEvent(type, object, options);
    if (this.deliver) return { ...(await this.deliver(payload, signature)), eventId: id };
    if (!this.webhookUrl) throw new Error('StripeTestServer.webhookUrl is not set');
    const response = await fetch(this.webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload });
    return { status: response.status, body: await response.text(), eventId: id };
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.url);
    const body = await read(request);
    const json = (status: number, value: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
      response.end(JSON.stringify(value));
    };
    try {
      if (url.pathname.startsWith('/v1/')) {
        const params = parseStripeForm(body);
        this.apiCalls.push({ method: request.method ?? 'GET', path: url.pathname, params });
        if (request.headers.authorization !== `Bearer ${TEST_STRIPE_SECRET_KEY}`) return json(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
        if (this.failApi) return json(500, { error: { type: 'api_error', message: 'Stripe test server told to fail' } });
        return this.api(request.method ?? 'GET', url.pathname, params, json);
      }
      const page = /^\/c\/pay\/([\w]+)$/.exec(url.pathname);
      const session = page ? this.checkoutSessions.get(page[1]!) : undefined;
      if (!session) return json(404, { error: { message: 'not found' } });
      if (request.method === 'POST') {
        const delivery = await this.pay(session.id);
        if (delivery.status !== 200) throw new Error(`webhook answered ${delivery.status}: ${delivery.body}`);
        response.writeHead(303, { location: String(session.params.success_url).replace('{CHECKOUT_SESSION_ID}', session.id) });
        return void response.end();
      }
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(this.checkoutPage(session));
    } catch (error) {
      json(500, { error: { message: String(error) } });
    }
  }

  private api(method: string, path: string, params: Params, json: (status: number, value: unknown) => void): void {
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const session: TestCheckoutSession = { id: newId('cs_test'), params, status: 'open', created: Math.floor(this.now().getTime() / 1000), subscriptionId: null };
      this.checkoutSessions.set(session.id, session);
      return json(200, this.sessionObject(session, null));
    }
    const subscriptionPath = /^\/v1\/subscriptions\/([\w]+)$/.exec(path);
    const subscription = subscriptionPath ? this.subscriptions.get(subscriptionPath[1]!) : undefined;
    if (subscription && method === 'GET') return json(200, this.subscriptionObject(subscription));
    if (subscription && method === 'POST') {
      if (params.cancel_at_period_end !== undefined) subscription.cancelAtPeriodEnd = params.cancel_at_period_end === 'true';
      const amount = at(params, 'items', 0, 'price_data', 'unit_amount');
      if (amount !== undefined) subscription.unitAmount = Number(amount);
      return json(200, this.subscriptionObject(subscription));
    }
    if (method === 'POST' && path === '/v1/invoices') {
      const invoice = { customer: String(params.customer), amount: 0, description: String(params.description ?? ''), status: 'draft' as const, metadata: (params.metadata as Params) ?? {} };
      const id = newId('in');
      this.invoices.set(id, invoice);
      return json(200, { id, object: 'invoice', ...invoice });
    }
    if (method === 'POST' && path === '/v1/invoiceitems') {
      const invoice = this.invoices.get(String(params.invoice));
      if (!invoice) return json(400, { error: { type: 'invalid_request_error', message: 'No such invoice' } });
      invoice.amount += Number(params.amount);
      return json(200, { id: newId('ii'), object: 'invoiceitem', amount: Number(params.amount), invoice: params.invoice });
    }
    const invoiceAction = /^\/v1\/invoices\/([\w]+)\/(finalize|pay|void)$/.exec(path);
    const invoice = invoiceAction ? this.invoices.get(invoiceAction[1]!) : undefined;
    if (invoiceAction && invoice && method === 'POST') {
      const action = invoiceAction[2];
      if (action === 'finalize') invoice.status = 'open';
      if (action === 'void') invoice.status = 'void';
      if (action === 'pay') {
        if (this.declineCards) return json(402, { error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' } });
        if (invoice.status !== 'open') return json(400, { error: { type: 'invalid_request_error', message: `invoice is ${invoice.status}` } });
        invoice.status = 'paid';
      }
      return json(200, { id: invoiceAction[1], object: 'invoice', ...invoice });
    }
    const product = /^\/v1\/products\/([\w]+)$/.exec(path);
    if (product && method === 'POST') return json(200, { id: product[1], object: 'product', name: params.name });
    return json(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } });
  }

  private subscriptionObject(subscription: TestSubscription): Params {
    return {
      id: subscription.id, object: 'subscription', customer: subscription.customer, cancel_at_period_end: subscription.cancelAtPeriodEnd, metadata: subscription.metadata,
      default_payment_method: `pm_${subscription.id.slice(4)}`,
      items: { object: 'list', data: [{ id: subscription.itemId, object: 'subscription_item', price: { object: 'price', product: subscription.product, unit_amount: subscription.unitAmount, currency: 'jpy', recurring: { interval: subscription.interval } } }] },
    };
  }

  private checkoutPage(session: TestCheckoutSession): string {
    const items = ((at(session.params, 'line_items') as Params[]) ?? [])
      .map((item) => `<li>${escapeHtml(String(at(item, 'price_data', 'product_data', 'name')))}: ¥${Number(at(item, 'price_data', 'unit_amount')).toLocaleString('ja-JP')}</li>`)
      .join('');
    return `<!doctype html><html lang="ja"><head><meta charset="utf-8"><title>テスト決済</title></head><body>
<main><h1>テスト決済（Stripe Checkout の代わり）</h1><ul>${items}</ul>
<p>今回のお支払い: <strong data-testid="amount-due">¥${this.amountDueNow(session).toLocaleString('ja-JP')}</strong></p>
<form method="post"><button type="submit">支払う</button></form>
<p><a href="${escapeHtml(String(session.params.cancel_url))}">戻る</a></p></main></body></html>`;
  }
}

export async function startStripeTestServer(): Promise<StripeTestServer> {
  return new StripeTestServer().start();
}
