import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commonMessages } from '../../../common/messages';
import { SPA_ROUTE_PATTERNS } from '../../../common/training-routes';
import { decodeEntities, visibleText } from '../../test/html-text';
import { createTestApp, type TestContext } from '../../test/test-app';
import { TRAINING_PAGE_MODULES } from './training-pages.routes';

let context: TestContext;
beforeAll(async () => {
  context = await createTestApp({ APP_URL: 'https://kizuki.example' });
});
afterAll(() => context.close());

const page = (url: string, accept = 'text/html,application/xhtml+xml') => context.app.inject({ url, headers: { accept } });

/** The opening tag of the element with this id, e.g. `<div id="app">`. */
const openingTag = (body: string, id: string): string => new RegExp(`<div id="${id}"[^>]*>`).exec(body)?.[0] ?? '';
const attribute = (tag: string, name: string): string | undefined => {
  const value = new RegExp(` ${name}="([^"]*)"`).exec(tag)?.[1];
  return value === undefined ? undefined : decodeEntities(value);
};
const headerOf = (body: string) => /<header class="site-header">[\s\S]*?<\/header>/.exec(body)?.[0] ?? '';
const footerOf = (body: string) => /<footer class="site-footer">[\s\S]*?<\/footer>/.exec(body)?.[0] ?? '';

/** Every SPA pattern as a concrete URL (`:id` → 42). */
const SPA_URLS = SPA_ROUTE_PATTERNS.map((pattern) => pattern.replace(/:[A-Za-z]+/g, '42'));

describe('registration pages', () => {
  it('renders /corporate/register with its container, title, canonical URL, CSRF meta and the training frame', async () => {
    const response = await page('/corporate/register');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('<html lang="ja">');
    expect(response.body).toContain('<title>法人アカウント登録｜キヅキ</title>');
    expect(response.body).toMatch(/<meta name="csrf-token" content="[A-Za-z0-9_-]{43}">/);
    expect(response.body).toContain('<link rel="canonical" href="https://kizuki.example/corporate/register">');
    expect(response.body).not.toContain('name="robots"');
    expect(openingTag(response.body, 'corporate-register-app')).toBe('<div id="corporate-register-app">');
    expect(response.body).toContain('<script type="module" src="/assets/main-test.js"></script>');
  });

  it('puts a Japanese no-JavaScript message inside the container', async () => {
    const { body } = await page('/corporate/register');
    expect(body).toMatch(/<div id="corporate-register-app"><noscript><p class="noscript-message">[^<]*JavaScript[^<]*<\/p><\/noscript><\/div>/);
    expect(visibleText(body)).toContain('この画面を利用するには、ブラウザのJavaScriptを有効にしてください。');
  });

  it('hands the token and the address of the emailed link to the account-info container, noindex', async () => {
    const token = 'abc+def/ghi=';
    const response = await page(`/corporate/register/account?token=${encodeURIComponent(token)}&email=${encodeURIComponent('hanako+test@example.co.jp')}`);
    expect(response.statusCode).toBe(200);
    const tag = openingTag(response.body, 'corporate-account-info-app');
    expect(attribute(tag, 'data-token')).toBe(token);
    expect(attribute(tag, 'data-email')).toBe('hanako+test@example.co.jp');
    expect(response.body).toContain('<meta name="robots" content="noindex">');
    expect(response.headers['cache-control']).toBe('no-store');
    // The single-use token stays out of the page's own URL metadata.
    expect(response.body).toContain('<meta property="og:url" content="https://kizuki.example/corporate/register/account">');
  });

  it('leaves the attributes empty when the link lost its query or repeats a key, so the client shows the invalid-link message', async () => {
    expect(openingTag((await page('/corporate/register/account')).body, 'corporate-account-info-app')).toBe(
      '<div id="corporate-account-info-app" data-token="" data-email="">',
    );
    const repeated = openingTag((await page('/corporate/register/account?token=a&token=b&email=x%40example.jp')).body, 'corporate-account-info-app');
    expect(attribute(repeated, 'data-token')).toBe('');
    expect(attribute(repeated, 'data-email')).toBe('x@example.jp');
  });

  it('escapes a hostile address and token instead of letting them close the attribute', async () => {
    const hostile = '"><script>alert(1)</script>';
    const response = await page(`/corporate/register/account?token=${encodeURIComponent(hostile)}&email=${encodeURIComponent(hostile)}`);
    expect(response.body).not.toContain('<script>alert(1)</script>');
    expect(response.body).toContain('data-email="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    const tag = openingTag(response.body, 'corporate-account-info-app');
    expect(attribute(tag, 'data-email')).toBe(hostile);
    expect(attribute(tag, 'data-token')).toBe(hostile);
  });

  it('hands the address and organisation to the registration-complete container, escaped', async () => {
    const response = await page(
      `/corporate/registration/complete?email=${encodeURIComponent('taro@example.co.jp')}&organization_name=${encodeURIComponent('株式会社"<b>テスト</b>')}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>法人アカウント登録完了｜キヅキ</title>');
    expect(response.body).toContain('<meta name="robots" content="noindex">');
    expect(response.body).not.toContain('<b>テスト</b>');
    const tag = openingTag(response.body, 'corporate-registration-complete-app');
    expect(attribute(tag, 'data-email')).toBe('taro@example.co.jp');
    expect(attribute(tag, 'data-organization-name')).toBe('株式会社"<b>テスト</b>');
  });
});

describe('single-page app routes', () => {
  it.each(SPA_URLS)('%s answers the host page with the app container', async (url) => {
    const response = await page(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(openingTag(response.body, 'app')).toBe('<div id="app">');
    expect(response.body).toMatch(/<meta name="csrf-token" content="[A-Za-z0-9_-]{43}">/);
    expect(response.body).toMatch(/<title>[^<｜]+｜キヅキ<\/title>/);
    expect(response.body).toContain('<noscript>');
    if (url === '/corporate/login') {
      expect(response.body).toContain('<title>ログイン｜キヅキ</title>');
      expect(response.body).toContain('<link rel="canonical" href="https://kizuki.example/corporate/login">');
      expect(response.body).not.toContain('name="robots"');
    } else {
      expect(response.body).toContain('<meta name="robots" content="noindex">');
    }
  });

  it('answers HEAD for an app route', async () => {
    const response = await context.app.inject({ method: 'HEAD', url: '/corporate/dashboard', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
  });

  it('frames training pages with the training brand, login and sign-up links, and the corporate legal pages', async () => {
    const { body } = await page('/corporate/dashboard');
    const header = headerOf(body);
    expect(visibleText(header)).toMatch(/キヅキ\s*セキュリティ訓練/);
    expect(header).toContain('<a class="site-brand" href="/corporate/login"');
    expect(header).toContain('<a href="/corporate/login" data-guest-only>ログイン</a>');
    expect(header).toContain('<a href="/corporate/register" data-guest-only>無料で始める</a>');
    // The signed-in alternative, shown by the client when a sign-in is stored (the server cannot see it).
    expect(header).toContain('<a href="/corporate/dashboard" data-signed-in-only>ダッシュボード</a>');
    // The logo's accessible name is its visible text (WCAG 2.5.3): no aria-label that differs from it.
    expect(header).not.toMatch(/class="site-brand"[^>]*aria-label/);
    const footer = footerOf(body);
    expect(footer).toContain('<a href="/corporate/terms">利用規約</a>');
    expect(footer).toContain('<a href="/corporate/privacy">プライバシーポリシー</a>');
    expect(footer).toContain('<a href="/phishing-reports">Kizuki DB</a>');
  });

  it('keeps the Kizuki DB frame on the report pages', async () => {
    const { body } = await page('/phishing-reports');
    expect(headerOf(body)).toContain('<span class="site-brand__sub">Kizuki DB</span>');
    expect(headerOf(body)).not.toMatch(/class="site-brand"[^>]*aria-label/);
    expect(headerOf(body)).not.toContain('data-guest-only');
    expect(footerOf(body)).toContain('<a href="/terms">利用規約</a>');
    expect(footerOf(body)).not.toContain('/corporate/');
  });
});

describe('redirects and misses', () => {
  it('sends the site root to the login (SPEC §2.1)', async () => {
    const response = await page('/');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/corporate/login');
  });

  it.each(['/no-such-page', '/campaigns/1/2/3', '/corporate', '/corporate/login/extra?x=1'])('sends the unknown page %s to the login', async (url) => {
    const response = await page(url);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/corporate/login');
  });

  it('redirects an unknown page on HEAD too', async () => {
    const response = await context.app.inject({ method: 'HEAD', url: '/no-such-page', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/corporate/login');
  });

  it.each(['/api/nothing-here', '/api', '/assets/missing.js', '/media/screenshots/missing.webp'])(
    'answers the JSON 404 for %s even when HTML is accepted',
    async (url) => {
      const response = await page(url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, message: commonMessages.notFound });
    },
  );

  it('answers the JSON 404 to clients that do not ask for HTML and to other methods', async () => {
    expect((await page('/no-such-page', 'application/json')).statusCode).toBe(404);
    const post = await context.app.inject({ method: 'POST', url: '/no-such-page', headers: { accept: 'text/html', ...context.csrf.header, cookie: context.csrf.cookie } });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toEqual({ success: false, message: commonMessages.notFound });
  });
});

describe('preloading', () => {
  it('modulepreloads the chunk each page mounts, and only that one', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kizuki-web-dist-'));
    fs.mkdirSync(path.join(dist, '.vite'));
    const chunk = (name: string) => ({ file: `assets/${name}.js`, src: name });
    fs.writeFileSync(
      path.join(dist, '.vite', 'manifest.json'),
      JSON.stringify({
        'src/web/main.tsx': { file: 'assets/main.js', isEntry: true },
        [TRAINING_PAGE_MODULES.register[0] as string]: chunk('register'),
        [TRAINING_PAGE_MODULES.accountInfo[0] as string]: chunk('account-info'),
        [TRAINING_PAGE_MODULES.registrationComplete[0] as string]: chunk('complete'),
        [TRAINING_PAGE_MODULES.app[0] as string]: chunk('training-app'),
      }),
    );
    const built = await createTestApp({}, { webDistDir: dist });
    try {
      const preloads = async (url: string) =>
        [...(await built.app.inject({ url, headers: { accept: 'text/html' } })).body.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((match) => match[1]);
      expect(await preloads('/corporate/register')).toEqual(['/assets/register.js']);
      expect(await preloads('/corporate/register/account?token=t&email=a%40example.jp')).toEqual(['/assets/account-info.js']);
      expect(await preloads('/corporate/registration/complete')).toEqual(['/assets/complete.js']);
      expect(await preloads('/campaigns/7/edit')).toEqual(['/assets/training-app.js']);
    } finally {
      await built.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
