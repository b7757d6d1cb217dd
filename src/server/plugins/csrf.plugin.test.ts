import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commonMessages } from '../../common/messages';
import { createTestApp, type TestContext } from '../test/test-app';
import { emailReportFields, multipartPayload } from '../test/report-factories';

let context: TestContext;
beforeAll(async () => {
  context = await createTestApp();
});
afterAll(() => context.close());

async function post(headers: Record<string, string>) {
  const { payload, headers: multipartHeaders } = await multipartPayload(emailReportFields());
  return context.app.inject({ method: 'POST', url: '/api/phishing-reports', payload, headers: { ...multipartHeaders, ...headers } });
}

describe('CSRF protection', () => {
  it('answers 419 with a JSON message when the token is missing', async () => {
    const response = await post({ cookie: context.csrf.cookie });
    expect(response.statusCode).toBe(419);
    expect(response.json()).toEqual({ success: false, message: commonMessages.csrfMismatch });
  });

  it('answers 419 when the token belongs to another browser', async () => {
    const other = await createTestApp();
    try {
      const response = await post({ cookie: context.csrf.cookie, 'x-csrf-token': other.csrf.header['x-xsrf-token'] as string });
      expect(response.statusCode).toBe(419);
    } finally {
      await other.close();
    }
  });

  it('answers 419 for a token without its cookie', async () => {
    expect((await post({ ...context.csrf.header })).statusCode).toBe(419);
  });

  it('accepts the Laravel-style X-XSRF-TOKEN header', async () => {
    expect((await post({ cookie: context.csrf.cookie, ...context.csrf.header })).statusCode).toBe(201);
  });

  it('accepts the token of the page meta tag as X-CSRF-TOKEN', async () => {
    const page = await context.app.inject({ url: '/phishing-reports', headers: { accept: 'text/html' } });
    const token = /<meta name="csrf-token" content="([^"]+)">/.exec(page.body)?.[1] as string;
    const cookie = (page.cookies as Array<{ name: string; value: string }>).map((entry) => `${entry.name}=${entry.value}`).join('; ');
    expect(token).toBeTruthy();
    expect((await post({ cookie, 'x-csrf-token': token })).statusCode).toBe(201);
  });

  it('leaves safe methods alone', async () => {
    expect((await context.app.inject({ url: '/api/phishing-reports' })).statusCode).toBe(200);
  });
});
