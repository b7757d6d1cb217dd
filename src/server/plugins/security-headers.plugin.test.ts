import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app';

const HTML = { accept: 'text/html' };

describe('security headers over http (APP_URL http://…)', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp({ APP_URL: 'http://localhost:3000' });
  });
  afterAll(() => context.close());

  it.each(['/phishing-reports', '/corporate/register', '/corporate/dashboard', '/terms', '/corporate/privacy'])('gives %s a CSP without inline styles or scripts', async (url) => {
    const response = await context.app.inject({ url, headers: HTML });
    expect(response.statusCode).toBe(200);
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("frame-ancestors 'none'");
    // What the policy forbids is not in the page either: no style attribute, no <style> block, no inline script.
    expect(response.body).not.toMatch(/\sstyle=/);
    expect(response.body).not.toMatch(/<style[\s>]/);
    expect(response.body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
  });

  it('switches off the powerful features no page uses and isolates the browsing context', async () => {
    for (const url of ['/phishing-reports', '/api/phishing-reports', '/healthz']) {
      const response = await context.app.inject({ url });
      const policy = String(response.headers['permissions-policy']);
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) expect(policy).toContain(`${feature}=()`);
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('sends no HSTS: a local http setup must never be pinned to https', async () => {
    const response = await context.app.inject({ url: '/phishing-reports', headers: HTML });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('lets only the development mailbox allow inline styles (the mail HTML in its sandboxed frame needs them)', async () => {
    const response = await context.app.inject({ url: '/dev/mailbox', headers: HTML });
    expect(response.statusCode).toBe(200);
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
  });
});

describe('security headers over https (APP_URL https://…)', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp({ APP_URL: 'https://kizuki.example' });
  });
  afterAll(() => context.close());

  it('sends HSTS for a year, subdomains included, on pages and API answers', async () => {
    for (const url of ['/phishing-reports', '/api/phishing-reports', '/healthz']) {
      const response = await context.app.inject({ url });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    }
  });
});
