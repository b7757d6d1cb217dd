import Fastify from 'fastify';
import cookie from '@fastify/cookie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commonMessages } from '../../common/messages';
import { registerErrorHandling } from '../errors';
import { createTestApp, type TestContext } from '../test/test-app';
import { CSRF_EXEMPT_ROUTES, CSRF_FORM_ROUTES, CSRF_SAFE_METHODS, registerCsrf } from './csrf.plugin';

/** A value for each path parameter: the shape of a real id, so a route's own checks are not what answers. */
function concretePath(pattern: string): string {
  return pattern.replace(/:[A-Za-z_]+/g, 'AAAAAAAAAAAAAAAAAAAAAA').replace(/\*$/, 'x');
}

/** The ways the issue reached a route past a prefix check: escapes the router decodes but a raw prefix test does not. */
function encodedVariants(path: string): string[] {
  const segments = path.split('/');
  const first = segments[1] ?? '';
  if (!/^[a-z]/.test(first)) return [];
  const hex = (char: string) => `%${char.charCodeAt(0).toString(16)}`;
  const variants = [
    `${hex(first[0]!)}${first.slice(1)}`,
    `${first.slice(0, -1)}${hex(first.at(-1)!).toUpperCase()}`,
    [...first].map(hex).join(''),
  ];
  return variants.map((variant) => ['', variant, ...segments.slice(2)].join('/'));
}

describe('CSRF on every state-changing route (route table)', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp();
  });
  afterAll(() => context.close());

  const stateChanging = () => context.app.routeTable.filter((route) => !CSRF_SAFE_METHODS.has(route.method));

  it('finds the state-changing routes (the walk is not empty)', () => {
    const keys = stateChanging().map((route) => `${route.method} ${route.url}`);
    expect(keys).toEqual(expect.arrayContaining(['POST /api/phishing-reports', 'DELETE /api/phishing-reports/:id', 'POST /api/auth/login']));
  });

  it('lists only routes that exist as exemptions', () => {
    const keys = new Set(context.app.routeTable.map((route) => `${route.method} ${route.url}`));
    for (const exempt of CSRF_EXEMPT_ROUTES) expect(keys.has(exempt), exempt).toBe(true);
  });

  it('answers 419 without a token on every non-exempt route, including through percent-encoded paths', async () => {
    const checked: string[] = [];
    for (const route of stateChanging()) {
      if (CSRF_EXEMPT_ROUTES.has(`${route.method} ${route.url}`)) continue;
      const path = concretePath(route.url);
      for (const url of [path, ...encodedVariants(path)]) {
        for (const headers of [
          {},
          { cookie: context.csrf.cookie },
          { cookie: context.csrf.cookie, 'x-csrf-token': '%' },
          { cookie: context.csrf.cookie, 'x-xsrf-token': 'not-the-token' },
        ]) {
          const response = await context.app.inject({
            method: route.method, url, headers: { ...headers, 'content-type': 'multipart/form-data; boundary=x' }, payload: '--x--\r\n',
          });
          expect(response.statusCode, `${route.method} ${url} ${JSON.stringify(headers)}`).toBe(419);
          // A plain HTML form (no JavaScript) gets its page back with the message; every other route the JSON answer.
          if (CSRF_FORM_ROUTES.has(`${route.method} ${route.url}`)) expect(response.body).toContain(commonMessages.csrfMismatch);
          else expect(response.json()).toEqual({ success: false, message: commonMessages.csrfMismatch });
        }
        checked.push(`${route.method} ${url}`);
      }
    }
    expect(checked).toContain('POST /%61pi/phishing-reports');
    expect(checked).toContain('POST /%61%70%69/phishing-reports/analyze-screenshot');
  });

  it('lets the encoded path reach the route once the token is there (the router decodes it)', async () => {
    const response = await context.app.inject({
      method: 'POST', url: '/%61pi/auth/login', headers: { cookie: context.csrf.cookie, ...context.csrf.header }, payload: { email: 'nobody@example.jp', password: 'wrong-pass-1' },
    });
    expect(response.statusCode).toBe(422);
  });
});

describe('CSRF is the default for a route added later', () => {
  const app = Fastify();
  beforeAll(async () => {
    registerErrorHandling(app);
    await app.register(cookie);
    registerCsrf(app, { secret: 'test-secret-that-is-long-enough-0123456789', secureCookies: false });
    // Outside /api/, as a webhook or tracking route of a later feature would be.
    app.post('/hooks/something', async () => ({ success: true }));
    await app.ready();
  });
  afterAll(() => app.close());

  it('protects a new state-changing route wherever it lives, until it is reviewed onto the exempt list', async () => {
    expect((await app.inject({ method: 'POST', url: '/hooks/something' })).statusCode).toBe(419);
    expect((await app.inject({ method: 'POST', url: '/%68ooks/something' })).statusCode).toBe(419);
  });
});
