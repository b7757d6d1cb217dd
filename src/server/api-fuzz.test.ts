import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commonMessages } from '../common/messages';
import type { RouteEntry } from './lib/route-table';
import { createAccount } from './test/account-factories';
import { emailReportFields, submitReport } from './test/report-factories';
import { fuzzRequest, toInject } from './test/request-arbitraries';
import { blankAnalyzer } from './test/screenshot-analyzer-doubles';
import { createTestApp, type TestContext } from './test/test-app';

/**
 * Throws malformed JSON, wrong content types, broken multipart, huge and odd strings, NUL and
 * control characters, and bad ids and query values at every route of the app, anonymous and signed
 * in, and asserts that none answers 5xx and that every API refusal is the Japanese envelope.
 * Runs on whichever database the suite runs on (CI: SQLite and PostgreSQL).
 * FUZZ_RUNS (per route) and FUZZ_SEED widen or replay a run.
 */
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 60);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const japanese = /[\u3040-\u30ff\u4e00-\u9fff]/;

let context: TestContext;
let material: Parameters<typeof toInject>[1];
let validIds: string[];

beforeAll(async () => {
  const generous = Object.fromEntries(
    ['REPORT_SUBMIT', 'SCREENSHOT_ANALYZE', 'REPORT_DELETE', 'LOGIN', 'ACCOUNT_MAIL', 'REGISTER'].map((name) => [`RATE_LIMIT_${name}`, '1000000']),
  );
  context = await createTestApp(generous, { screenshotAnalyzer: blankAnalyzer() });
  const tenant = await createAccount(context);
  const individual = await createAccount(context, { companyName: null });
  const report = await submitReport(context, emailReportFields());
  validIds = [report.json().data.report_id as string, String(tenant.userId), '1'];
  material = {
    csrfCookie: context.csrf.cookie,
    csrfToken: context.csrf.header['x-xsrf-token'] as string,
    tokens: { tenant: tenant.token, individual: individual.token, garbage: 'A'.repeat(43) },
  };
});
afterAll(() => context.close());

function failureOf(method: string, url: string, response: LightMyRequestResponse): string | null {
  if (response.statusCode >= 500) return `answered ${response.statusCode}: ${response.body.slice(0, 200)}`;
  // HEAD answers carry headers only.
  if (method === 'HEAD') return null;
  const path = url.split('?')[0] ?? '';
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // a path the router refused; it still must answer in the envelope below
  }
  if (response.statusCode >= 400 && (decoded.startsWith('/api/') || response.statusCode === 400)) {
    let body: { success?: unknown; message?: unknown };
    try {
      body = response.json();
    } catch {
      return `answered ${response.statusCode} without JSON: ${response.body.slice(0, 200)}`;
    }
    if (body.success !== false || typeof body.message !== 'string' || !japanese.test(body.message)) {
      return `answered ${response.statusCode} outside the Japanese envelope: ${response.body.slice(0, 200)}`;
    }
  }
  return null;
}

describe('fuzzing every route', () => {
  it('walks a route table that has the API in it', () => {
    expect(context.app.routeTable.length).toBeGreaterThan(20);
  });

  it('never answers 5xx, and refuses API input in the Japanese envelope', async () => {
    const routes: RouteEntry[] = context.app.routeTable.filter((route) => route.method !== 'OPTIONS');
    const failures: string[] = [];
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(fuzzRequest(route, validIds), async (request) => {
          const options = toInject(request, material);
          const response = await context.app.inject(options);
          const failure = failureOf(request.method, request.url, response);
          if (failure) failures.push(`${route.method} ${route.url} [${request.body.kind}] ${request.url.slice(0, 120)} → ${failure}`);
          return failure === null;
        }),
        { numRuns: RUNS_PER_ROUTE, seed: SEED, endOnFailure: true },
      ).catch(() => undefined);
    }
    expect(failures).toEqual([]);
  }, 300_000);
});

describe('the malformed requests of the security review', () => {
  const post = (url: string, headers: Record<string, string>, payload: string | Buffer) =>
    context.app.inject({ method: 'POST', url, headers: { cookie: material.csrfCookie, 'x-xsrf-token': material.csrfToken, ...headers }, payload });

  it('answers broken multipart with 400 and a Japanese message on both upload routes', async () => {
    const part = '--x\r\nContent-Disposition: form-data; name="body"\r\n\r\ntext\r\n';
    const cases: Array<[string, string | Buffer]> = [
      ['multipart/form-data', `${part}--x--\r\n`],
      ['multipart/form-data; boundary=', `${part}--x--\r\n`],
      ['multipart/form-data; boundary=y', `${part}--x--\r\n`],
      ['multipart/form-data; boundary=x', part.slice(0, 30)],
      ['multipart/form-data; boundary=x', Buffer.from([0x00, 0xff, 0x10, 0x0d, 0x0a])],
    ];
    for (const url of ['/api/phishing-reports', '/api/phishing-reports/analyze-screenshot']) {
      for (const [contentType, payload] of cases) {
        const response = await post(url, { 'content-type': contentType }, payload);
        expect(response.statusCode, `${url} ${contentType}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, `${url} ${contentType}`).toBeLessThan(500);
        expect(response.json().success).toBe(false);
        expect(response.json().message).toMatch(japanese);
      }
      expect((await post(url, { 'content-type': 'multipart/form-data' }, `${part}--x--\r\n`)).json().message).toBe(commonMessages.malformedMultipart);
    }
  });

  it('answers a body that is not an object of fields with 400', async () => {
    for (const payload of ['"text"', '[1,2]', '42', 'true']) {
      const response = await post('/api/auth/login', { 'content-type': 'application/json' }, payload);
      expect(response.statusCode, payload).toBe(400);
      expect(response.json()).toEqual({ success: false, message: commonMessages.badRequest });
    }
  });

  it('answers NUL and control characters in account fields with 4xx on every account route', async () => {
    const routes: Array<[string, string, Record<string, unknown>]> = [
      ['POST', '/api/corporate/send-confirmation', { email: 'a\u0000b@example.com', terms_agreed: true, privacy_agreed: true }],
      ['POST', '/api/auth/login', { email: 'a\u0000b@example.com', password: 'Passw0rd-123' }],
      ['POST', '/api/auth/password/email', { email: 'a\u0000b@example.com' }],
      ['POST', '/api/auth/register/individual', { email: 'a\u0000b@example.com', password: 'Passw0rd-123', name: 'x\u0000y' }],
      ['POST', '/api/auth/register/corporate', { email: 'c\u0000d@example.com', password: 'Passw0rd-123', organization_name: 'o\u0000rg', name: 'n' }],
      ['PUT', '/api/auth/profile', { name: 'n\u0000m', email: 'e\u0000f@example.com' }],
    ];
    for (const [method, url, payload] of routes) {
      const response = await context.app.inject({
        method: method as 'POST', url, payload,
        headers: { cookie: material.csrfCookie, 'x-xsrf-token': material.csrfToken, authorization: `Bearer ${material.tokens.tenant}` },
      });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.json().message, url).toMatch(japanese);
    }
  });
});
