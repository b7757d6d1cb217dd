import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages, realmMessages } from '../common/messages';
import { operatorMessages } from '../common/operator-messages';
import { createAccount } from './test/account-factories';
import { signedInOperator } from './test/operator-factories';
import { createTestApp, type TestContext } from './test/test-app';

/**
 * No route is open by accident: every API route answers an anonymous caller 401 unless it is on
 * this reviewed list of public API routes. Pages (GET outside /api/) are public shells: the
 * signed-in screens guard themselves in the browser and read data only through guarded API routes.
 */
const PUBLIC_API_ROUTES: ReadonlySet<string> = new Set([
  // Kizuki DB: anonymous by design (SPEC §1, §6).
  'GET /api/phishing-reports',
  'GET /api/phishing-reports/:id',
  'POST /api/phishing-reports',
  'DELETE /api/phishing-reports/:id',
  'POST /api/phishing-reports/analyze-screenshot',
  // Corporate sign-up (SPEC §2.2, §7): before any account exists.
  'POST /api/corporate/send-confirmation',
  'POST /api/corporate/verify-email',
  'POST /api/corporate/complete-registration',
  // Signing in and mailed links: the caller has no session yet; links carry their own token.
  'POST /api/auth/login',
  'POST /api/auth/register/individual',
  'POST /api/auth/register/corporate',
  'POST /api/auth/password/email',
  'POST /api/auth/password/reset',
  'POST /api/auth/email/verify',
  // The API description.
  'GET /api/openapi.json',
  // Tracking of training mail (issue 11): public by design, the unguessable token is the key.
  'POST /t/b/:token',
  'POST /t/l/:token/submit',
  // Individual training (SPEC §2.4, §7): registering one's own address needs no account; the plain
  // form is the same registration without JavaScript; one-click unsubscribe (RFC 8058) is keyed by
  // the unguessable token mailed to that address.
  'POST /api/individual/register',
  'POST /phishing-training',
  'POST /phishing-training/unsubscribe/:token',
  // The public 「不適切な報告を通知」 on a report (issue 13): anonymous like the reports themselves,
  // CSRF-checked and rate-limited per client.
  'POST /api/phishing-reports/:id/flags',
  // The operator console's sign-in steps (issue 13): the setup link carries its own token, the
  // TOTP step its challenge token.
  'POST /api/operator/setup',
  'POST /api/operator/login',
  'POST /api/operator/login/totp',
  // Stripe's webhook (issue 14): no session; the Stripe-Signature header is the proof, and an
  // unsigned or wrongly signed event answers 400 without effect.
  'POST /api/webhooks/stripe',
]);

const isPage = (method: string, url: string) => method === 'GET' && !url.startsWith('/api/');

describe('route access (route table)', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp();
  });
  afterAll(() => context.close());

  const routes = () => {
    const keys = new Map<string, { method: string; url: string }>();
    for (const route of context.app.routeTable) {
      if (route.method === 'HEAD' || route.method === 'OPTIONS') continue;
      keys.set(`${route.method} ${route.url}`, route);
    }
    return keys;
  };

  it('lists only routes that exist as public', () => {
    for (const key of PUBLIC_API_ROUTES) expect(routes().has(key), key).toBe(true);
  });

  it('answers an anonymous caller 401 on every other API route', async () => {
    const guarded: string[] = [];
    for (const [key, route] of routes()) {
      if (PUBLIC_API_ROUTES.has(key) || isPage(route.method, route.url)) continue;
      const url = route.url.replace(/:[A-Za-z_]+/g, '1');
      for (const authorization of [undefined, 'Bearer', 'Bearer not-a-real-token-at-all-0123456789', 'Basic dXNlcjpwYXNz']) {
        const response = await context.app.inject({
          method: route.method as 'GET', url, payload: route.method === 'GET' ? undefined : {},
          headers: { cookie: context.csrf.cookie, ...context.csrf.header, ...(authorization ? { authorization } : {}) },
        });
        expect(response.statusCode, `${key} (${authorization ?? 'no Authorization'})`).toBe(401);
        // Each realm answers in its own words.
        const message = context.app.operatorRealmRoutes.has(key) ? operatorMessages.unauthenticated : accountMessages.unauthenticated;
        expect(response.json(), key).toEqual({ success: false, message });
      }
      guarded.push(key);
    }
    // The walk reached the signed-in API (a table that lost its routes would pass vacuously).
    expect(guarded).toEqual(expect.arrayContaining(['GET /api/auth/user', 'GET /api/corporate/dashboard', 'PUT /api/auth/profile', 'POST /api/auth/logout', 'GET /api/operator/reports']));
  });
});

describe('tenant realm (route table)', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp();
  });
  afterAll(() => context.close());

  const realmRoutes = () => [...context.app.tenantRealmRoutes].filter((key) => !key.startsWith('HEAD '));

  it('holds the training app’s API routes', () => {
    expect(realmRoutes()).toEqual(expect.arrayContaining(['GET /api/corporate/dashboard', 'GET /api/corporate/stats', 'GET /api/account/organization', 'PUT /api/account/organization']));
    for (const key of realmRoutes()) expect(key, key).toMatch(/^[A-Z]+ \/api\//);
  });

  it('answers an individual account and an unconfirmed one 403 on every realm route, before validation', async () => {
    const individual = await createAccount(context, { companyName: null });
    const unconfirmed = await createAccount(context);
    await context.database.db.updateTable('users').set({ email_verified_at: null }).where('id', '=', unconfirmed.userId).execute();
    for (const key of realmRoutes()) {
      const [method, pattern] = key.split(' ') as [string, string];
      const url = pattern.replace(/:[A-Za-z_]+/g, '1');
      for (const [who, token, message] of [
        ['individual', individual.token, realmMessages.corporateOnly],
        ['unconfirmed', unconfirmed.token, accountMessages.emailUnconfirmed],
      ] as const) {
        const response = await context.app.inject({
          method: method as 'GET', url, payload: method === 'GET' || method === 'DELETE' ? undefined : { unexpected: true },
          headers: { cookie: context.csrf.cookie, ...context.csrf.header, authorization: `Bearer ${token}` },
        });
        expect(response.statusCode, `${key} (${who})`).toBe(403);
        expect(response.json(), `${key} (${who})`).toEqual({ success: false, message });
      }
    }
  });
});

describe('operator realm (route table)', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp({ RATE_LIMIT_LOGIN: '1000' });
  });
  afterAll(() => context.close());

  const realmRoutes = () => [...context.app.operatorRealmRoutes].filter((key) => !key.startsWith('HEAD '));
  const call = (key: string, token: string) => {
    const [method, pattern] = key.split(' ') as [string, string];
    return context.app.inject({
      method: method as 'GET', url: pattern.replace(/:[A-Za-z_]+/g, '1'), payload: method === 'GET' ? undefined : { unexpected: true },
      headers: { cookie: context.csrf.cookie, ...context.csrf.header, authorization: `Bearer ${token}` },
    });
  };

  it('holds the operator console’s API routes, apart from the tenant realm', () => {
    expect(realmRoutes()).toEqual(expect.arrayContaining(['GET /api/operator/me', 'GET /api/operator/reports', 'POST /api/operator/reports/:id/hide', 'GET /api/operator/tenants', 'GET /api/operator/audit-log']));
    for (const key of realmRoutes()) {
      expect(key, key).toMatch(/^[A-Z]+ \/api\/operator\//);
      expect(context.app.tenantRealmRoutes.has(key), key).toBe(false);
    }
  });

  it('refuses a tenant administrator’s token on every operator route, before validation', async () => {
    const tenant = await createAccount(context);
    // The token works where it belongs.
    expect((await call('GET /api/corporate/dashboard', tenant.token)).statusCode).toBe(200);
    for (const key of realmRoutes()) {
      const response = await call(key, tenant.token);
      expect(response.statusCode, key).toBe(401);
      expect(response.json(), key).toEqual({ success: false, message: operatorMessages.unauthenticated });
    }
  });

  it('refuses an operator’s token on every tenant route and every signed-in account route', async () => {
    const operator = await signedInOperator(context);
    expect((await call('GET /api/operator/me', operator.token)).statusCode).toBe(200);
    const accountRoutes = [...context.app.routeTable]
      .map((route) => `${route.method} ${route.url}`)
      .filter((key) => key.includes(' /api/') && !key.startsWith('HEAD ') && !context.app.operatorRealmRoutes.has(key) && !PUBLIC_API_ROUTES.has(key));
    expect(accountRoutes).toEqual(expect.arrayContaining(['GET /api/auth/user', 'GET /api/corporate/dashboard', ...context.app.tenantRealmRoutes].filter((key) => !key.startsWith('HEAD '))));
    for (const key of accountRoutes) {
      const response = await call(key, operator.token);
      expect(response.statusCode, key).toBe(401);
      expect(response.json(), key).toEqual({ success: false, message: accountMessages.unauthenticated });
    }
  });
});
