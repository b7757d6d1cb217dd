import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETE_PASSWORD_LENGTH, SCREENSHOT_ORIGINAL_RETENTION_DAYS } from '../../../common/limits';
import { visibleText } from '../../test/html-text';
import { createTestApp, type TestContext } from '../../test/test-app';
import { html } from '../../lib/html';
import { renderPolicyArticle } from './privacy-page';
import { PRIVACY_CONTACT, privacyPolicyArticles } from './privacy-policy.content';

const PRIVACY_POLICY_ARTICLES = privacyPolicyArticles();

let context: TestContext;
beforeAll(async () => {
  context = await createTestApp({ APP_URL: 'https://kizuki.example' });
});
afterAll(() => context.close());

const page = (url: string) => context.app.inject({ url, headers: { accept: 'text/html' } });

describe('GET /privacy', () => {
  it('renders the policy as a Japanese HTML page with title, canonical URL and the site frame', async () => {
    const response = await page('/privacy');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<html lang="ja">');
    expect(response.body).toContain('<title>プライバシーポリシー｜キヅキ Kizuki</title>');
    expect(response.body).toContain('<link rel="canonical" href="https://kizuki.example/privacy">');
    expect(response.body).not.toContain('name="robots"');
    expect(response.body).toMatch(/<h1 class="page-intro__title">プライバシーポリシー/);
    expect(response.body).toContain('<footer class="site-footer">');
    expect(response.body).toContain('<a href="/privacy">プライバシーポリシー</a>');
  });

  it('is dated with the enactment date', async () => {
    const { body } = await page('/privacy');
    expect(body).toContain('制定日：<time datetime="2026-11-21">2026年11月21日</time>');
  });

  it('states the retention of unredacted screenshots from the shared constant', async () => {
    const text = visibleText((await page('/privacy')).body);
    expect(text).toContain(`元画像は、報告日から${SCREENSHOT_ORIGINAL_RETENTION_DAYS}日間保管した後に削除します。`);
    expect(text).toContain(`元画像：報告日から${SCREENSHOT_ORIGINAL_RETENTION_DAYS}日間`);
    expect(text).toContain('公開されるのは黒塗り後の画像とその縮小画像（サムネイル）のみ');
    expect(text).toContain(`削除用パスワード（${DELETE_PASSWORD_LENGTH}桁の数字）`);
  });

  it('states the retention the server is configured with when the operator changes it', async () => {
    const other = await createTestApp({ SCREENSHOT_ORIGINAL_RETENTION_DAYS: String(SCREENSHOT_ORIGINAL_RETENTION_DAYS + 7) });
    try {
      const text = visibleText((await other.app.inject({ url: '/privacy', headers: { accept: 'text/html' } })).body);
      expect(text).toContain(`報告日から${SCREENSHOT_ORIGINAL_RETENTION_DAYS + 7}日間保管した後に削除します。`);
      expect(text).not.toContain(`${SCREENSHOT_ORIGINAL_RETENTION_DAYS}日間`);
    } finally {
      await other.close();
    }
  });

  it('numbers its articles in order, lists them in the table of contents and covers the required topics', async () => {
    const { body } = await page('/privacy');
    const headings = [...body.matchAll(/<h2 id="privacy-[a-z-]+-title"[^>]*>(第\d+条（[^）]+）)<\/h2>/g)].map((match) => match[1]);
    expect(headings).toEqual(PRIVACY_POLICY_ARTICLES.map((article, index) => `第${index + 1}条（${article.title}）`));
    for (const topic of ['取得する情報', '利用目的', 'スクリーンショットの取扱い', '第三者提供', '業務の委託', '安全管理措置', '開示・訂正・削除等の請求', 'Cookieなどの利用', '本ポリシーの改定', 'お問い合わせ窓口']) {
      expect(headings.some((heading) => heading?.includes(topic)), topic).toBe(true);
    }
    for (const article of PRIVACY_POLICY_ARTICLES) {
      expect(body).toContain(`href="#privacy-${article.id}"`);
      expect(body).toContain(`<section id="privacy-${article.id}"`);
    }
  });

  it('names the contact desk with an .example address and no unfilled placeholders', async () => {
    const { body } = await page('/privacy');
    expect(body).toContain(`href="mailto:${PRIVACY_CONTACT.email}"`);
    expect(PRIVACY_CONTACT.email.endsWith('.example')).toBe(true);
    const text = visibleText(body);
    expect(text).toContain(PRIVACY_CONTACT.desk);
    expect(text).not.toMatch(/\{|\}|undefined|NaN|\[object|○○|XX/);
    for (const address of text.match(/[\w.+-]+@[\w.-]+/g) ?? []) expect(address).toMatch(/\.example$/);
  });

  it('escapes what it interpolates: attributes stay well formed and no raw markup leaks into text', async () => {
    const { body } = await page('/privacy');
    // No style attributes (the CSP allows none); every class and href attribute is closed by a quote before the tag ends.
    expect(body).not.toMatch(/\sstyle=/);
    for (const match of body.matchAll(/(?:class|href)="([^"]*)"/g)) expect(match[1]).not.toMatch(/[<>]/);
    expect(body).not.toMatch(/&amp;(?:lt|gt|quot|amp|#39);/);
    const main = /<main[^>]*>([\s\S]*)<\/main>/.exec(body)?.[1] ?? '';
    expect(main).not.toContain('<script');
    expect(visibleText(main)).not.toMatch(/[<>]/);
  });

  it('escapes plain text in titles, paragraphs, items and boxes while keeping its own links', () => {
    const hostile = '<script>alert("x")</script> & \'q\'';
    const markup = renderPolicyArticle({
      id: 'scope',
      number: 1,
      title: hostile,
      paragraphs: [
        { text: hostile, items: [{ text: hostile, details: [hostile] }], box: [hostile, html`<a href="mailto:a@kizuki.example">a@kizuki.example</a>`] },
        { text: html`${hostile}<a href="#privacy-contact">第14条</a>` },
      ],
    }).value;
    expect(markup).not.toContain('<script>');
    expect(markup.split('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39;').length - 1).toBe(6);
    expect(markup).toContain('<a href="mailto:a@kizuki.example">a@kizuki.example</a>');
    expect(markup).toContain('<a href="#privacy-contact">第14条</a>');
  });
});
