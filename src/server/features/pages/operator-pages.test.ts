import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';

let context: TestContext;
beforeAll(async () => {
  context = await createTestApp({ APP_URL: 'https://kizuki.example' });
});
afterAll(() => context.close());

const page = (url: string) => context.app.inject({ url, headers: { accept: 'text/html' } });

const PAGES: Array<[string, string]> = [
  ['/operator/login', 'ログイン｜キヅキ運営コンソール'],
  ['/operator/setup/op-setup-secret-123', 'パスワードの設定｜キヅキ運営コンソール'],
  ['/operator/reports', '報告の管理｜キヅキ運営コンソール'],
  ['/operator/reports/abc123', '報告の詳細｜キヅキ運営コンソール'],
  ['/operator/audit-log', '操作履歴｜キヅキ運営コンソール'],
  ['/operator/tenants', '企業アカウント｜キヅキ運営コンソール'],
];

describe('operator console host pages', () => {
  it.each(PAGES)('%s is a noindex, uncached host page with the operator-app container', async (url, title) => {
    const response = await page(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-robots-tag']).toBe('noindex');
    expect(response.body).toContain(`<title>${title}</title>`);
    expect(response.body).toContain('<meta name="robots" content="noindex">');
    expect(response.body).not.toContain('rel="canonical"');
    expect(response.body).toMatch(/<meta name="csrf-token" content="[A-Za-z0-9_-]{43}">/);
    expect(response.body).toMatch(/<div id="operator-app"><noscript>/);
    // The operator frame: its own brand line, none of the public or training navigation.
    expect(response.body).toContain('運営コンソール');
    expect(response.body).not.toContain('報告する</a>');
    expect(response.body).not.toContain('無料で始める');
  });

  it('never repeats the setup link token in the page', async () => {
    const { body } = await page('/operator/setup/op-setup-secret-123');
    expect(body).not.toContain('op-setup-secret-123');
    expect(body).toContain('<meta property="og:url" content="https://kizuki.example/operator/setup">');
  });

  it('sends /operator to the reports', async () => {
    const response = await page('/operator');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/operator/reports');
  });
});
