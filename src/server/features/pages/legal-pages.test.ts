import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETE_MAX_WRONG_ATTEMPTS, DELETE_PASSWORD_LENGTH } from '../../../common/limits';
import { FREE_PLAN, FREE_PLAN_FEATURES } from '../../../common/plans';
import { html } from '../../lib/html';
import { visibleText } from '../../test/html-text';
import { createTestApp, type TestContext } from '../../test/test-app';
import { CORPORATE_CONTACT, corporateTermsArticles } from './corporate-terms.content';
import { corporatePrivacyArticles } from './corporate-privacy.content';
import { articleOutline, type LegalArticle, renderLegalArticle, renderLegalDocument } from './legal-document';
import { privacyPolicyArticles, PRIVACY_CONTACT } from './privacy-policy.content';
import { TERMS_CONTACT, termsArticles } from './terms.content';

let context: TestContext;
beforeAll(async () => {
  context = await createTestApp({ APP_URL: 'https://kizuki.example' });
});
afterAll(() => context.close());

const page = (url: string) => context.app.inject({ url, headers: { accept: 'text/html' } });

const mainOf = (body: string) => /<main[^>]*>([\s\S]*)<\/main>/.exec(body)?.[1] ?? '';

interface LegalPageCase {
  path: string;
  name: string;
  prefix: string;
  articles: LegalArticle[];
  topics: string[];
}

const PAGES: LegalPageCase[] = [
  {
    path: '/terms',
    name: '利用規約',
    prefix: 'terms',
    articles: termsArticles(),
    topics: ['適用', '訓練メールの送信', '配信の停止と登録の解除', 'Kizuki DBへの報告', '報告の削除', '掲載情報の正確性', '禁止事項', '免責', '本規約の変更', '準拠法・管轄裁判所'],
  },
  {
    path: '/privacy',
    name: 'プライバシーポリシー',
    prefix: 'privacy',
    articles: privacyPolicyArticles(),
    topics: ['取得する情報', '利用目的', '第三者提供', '開示・訂正・削除等の請求', 'お問い合わせ窓口'],
  },
  {
    path: '/corporate/terms',
    name: '法人向け利用規約',
    prefix: 'corporate-terms',
    articles: corporateTermsArticles(),
    topics: ['利用登録', '管理者アカウント', '料金プラン', '訓練を実施する権限の保証', '禁止事項', '契約者データの取扱い', '利用の停止・契約の解除', '損害賠償の制限', '契約期間・解約', '準拠法・管轄裁判所'],
  },
  {
    path: '/corporate/privacy',
    name: '法人向けプライバシーポリシー',
    prefix: 'corporate-privacy',
    articles: corporatePrivacyArticles(),
    topics: ['取得する情報', '利用目的', '訓練対象者の情報の取扱い（委託）', '保存期間と契約終了時の削除', '安全管理措置', '第三者提供', 'Cookieなどの利用', '開示・訂正・削除等の請求', 'お問い合わせ窓口'],
  },
];

describe.each(PAGES)('GET $path', ({ path, name, prefix, articles, topics }) => {
  it('renders a Japanese HTML page with its title, canonical URL and the site frame', async () => {
    const response = await page(path);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<html lang="ja">');
    expect(response.body).toContain(`<title>${name}｜キヅキ Kizuki</title>`);
    expect(response.body).toContain(`<link rel="canonical" href="https://kizuki.example${path}">`);
    expect(response.body).not.toContain('name="robots"');
    expect(response.body).toContain(`<h1 class="page-intro__title">${name}<span class="page-intro__sub">キヅキ Kizuki</span></h1>`);
    expect(response.body).toContain('<footer class="site-footer">');
  });

  it('is dated with the enactment date at the top and at the end', async () => {
    const { body } = await page(path);
    expect(body.split('制定日：<time datetime="2026-11-21">2026年11月21日</time>').length - 1).toBe(2);
  });

  it('numbers its articles in order and lists each in the table of contents, in the same order', async () => {
    const { body } = await page(path);
    const headings = [...body.matchAll(new RegExp(`<h2 id="${prefix}-[a-z-]+-title"[^>]*>(第\\d+条（[^<]+）)</h2>`, 'g'))].map((match) => match[1]);
    expect(headings).toEqual(articles.map((article, index) => `第${index + 1}条（${article.title}）`));
    const toc = /<nav class="notice"[\s\S]*?<\/nav>/.exec(body)?.[0] ?? '';
    const tocLinks = [...toc.matchAll(/href="#([a-z-]+)">(第\d+条（[^<]+）)<\/a>/g)].map((match) => [match[1], match[2]]);
    expect(tocLinks).toEqual(articles.map((article, index) => [`${prefix}-${article.id}`, `第${index + 1}条（${article.title}）`]));
    for (const topic of topics) expect(headings.some((heading) => heading?.includes(`（${topic}）`)), topic).toBe(true);
  });

  it('links every 「第N条」 reference to the article with that number, and other pages only among the legal pages', async () => {
    const { body } = await page(path);
    const main = mainOf(body);
    const sectionIds = new Set([...main.matchAll(/<section id="([a-z-]+)"/g)].map((match) => match[1]));
    for (const match of main.matchAll(/href="#([a-z-]+)">第(\d+)条</g)) {
      const [, anchor, number] = match;
      expect(sectionIds.has(anchor), anchor).toBe(true);
      const article = articles[Number(number) - 1];
      expect(anchor).toBe(`${prefix}-${article?.id}`);
    }
    for (const match of main.matchAll(/href="(\/[^"]*)"/g)) expect(['/terms', '/privacy', '/corporate/terms', '/corporate/privacy']).toContain(match[1]);
  });

  it('names its operator and contact desk with .example addresses, with no placeholders or invented numbers', async () => {
    const text = visibleText(mainOf((await page(path)).body));
    expect(text).toContain('キヅキ運営事務局');
    expect(text).not.toMatch(/\{|\}|undefined|NaN|\[object|○○|XX|TODO/);
    expect(text).not.toMatch(/登録番号|許可番号|届出番号|法人番号|〒\d|\d+円|¥|￥/);
    const addresses = text.match(/[\w.+-]+@[\w.-]+/g) ?? [];
    expect(addresses.length).toBeGreaterThan(0);
    for (const address of addresses) expect(address).toMatch(/\.example$/);
  });

  it('escapes what it interpolates: attributes stay well formed and no raw markup leaks into text', async () => {
    const { body } = await page(path);
    // No style attributes (the CSP allows none); every class and href attribute is closed by a quote before the tag ends.
    expect(body).not.toMatch(/\sstyle=/);
    for (const match of body.matchAll(/(?:class|href)="([^"]*)"/g)) expect(match[1]).not.toMatch(/[<>]/);
    expect(body).not.toMatch(/&amp;(?:lt|gt|quot|amp|#39);/);
    const main = mainOf(body);
    expect(main).not.toContain('<script');
    expect(visibleText(main)).not.toMatch(/[<>]/);
  });
});

describe('site footer', () => {
  it('links the terms next to the privacy policy on every page', async () => {
    for (const path of ['/terms', '/privacy', '/corporate/terms', '/phishing-reports']) {
      const { body } = await page(path);
      const footer = /<footer class="site-footer">[\s\S]*<\/footer>/.exec(body)?.[0] ?? '';
      expect(footer, path).toMatch(/<a href="\/terms">利用規約<\/a><a href="\/privacy">プライバシーポリシー<\/a>/);
    }
  });
});

describe('/terms', () => {
  it('covers the training mail and Kizuki DB as the issue asks', async () => {
    const text = visibleText((await page('/terms')).body);
    for (const phrase of [
      'おおむね月に1回、平日の9時から17時までの間に訓練メールを送信します',
      '初回の訓練メールは、登録の直後に送信します',
      '特定電子メールの送信の適正化等に関する法律（特定電子メール法）',
      'いつでも無料で訓練メールの配信を停止し',
      '本サービスは無料でご利用いただけます',
      '他人のメールアドレスを、その方の同意なく登録することはできません',
      `${DELETE_PASSWORD_LENGTH}桁の削除用パスワード`,
      `削除用パスワードを${DELETE_MAX_WRONG_ATTEMPTS}回間違えた場合`,
      '個人情報を完全には検出できないことがあります',
      '報告者に通知することなく、報告の全部または一部を削除し',
      'その内容が正確であること、完全であること、最新であることを保証しません',
      '日本法を準拠法とします',
      '東京地方裁判所を第一審の専属的合意管轄裁判所とします',
    ]) {
      expect(text, phrase).toContain(phrase);
    }
    expect(text).toContain(TERMS_CONTACT.email);
  });
});

describe('/corporate/terms', () => {
  it('states the free plan from the shared constant and leaves paid plans to a separate agreement', async () => {
    const text = visibleText((await page('/corporate/terms')).body);
    expect(text).toContain(`無料の「${FREE_PLAN.name}」を利用します`);
    for (const feature of FREE_PLAN_FEATURES) expect(text, feature).toContain(feature);
    expect(text).toContain('有料プランの内容、料金および支払方法は、当事務局と契約者との間で別に締結する個別契約により定めます');
    expect(text).toContain(CORPORATE_CONTACT.email);
  });

  it('limits training to the customer\'s own people and forbids the uses the issue names', async () => {
    const text = visibleText((await page('/corporate/terms')).body);
    for (const phrase of [
      '業務で使用するメールアドレス',
      '自らの役員および従業員その他、契約者が訓練を実施する正当な権限を有する者のみを訓練対象者として登録し',
      '就業規則その他の社内規程',
      '契約者の組織外の者、または契約者が訓練を実施する権限を有しない者に訓練メールを送信する行為',
      '第三者の情報を詐取し、または第三者のシステムを攻撃する目的',
      '実際のフィッシング、詐欺その他の不正な目的に使用し',
      '契約者データは契約者に帰属します',
      '契約者の委託先として取り扱います',
      '東京地方裁判所を第一審の専属的合意管轄裁判所とします',
    ]) {
      expect(text, phrase).toContain(phrase);
    }
  });
});

describe('/corporate/privacy', () => {
  it('lists what is kept about administrators and employees, the processor role and the employees\' route for requests', async () => {
    const text = visibleText((await page('/corporate/privacy')).body);
    for (const phrase of [
      '氏名、メールアドレス、所属部署その他契約者が登録した情報',
      '開封の有無およびその日時',
      'リンクがクリックされた際のIPアドレスおよびユーザーエージェント',
      'メールセキュリティ製品（メールスキャナー）',
      '個人情報保護法第27条第5項第1号に定める委託に基づき、契約者の委託先として取り扱います',
      '利用契約が終了したときに、遅滞なく削除します',
      'ご所属の契約者にご請求ください',
    ]) {
      expect(text, phrase).toContain(phrase);
    }
    expect(text).toContain(PRIVACY_CONTACT.email);
  });
});

describe('FREE_PLAN', () => {
  it('holds the SPEC §1 facts', () => {
    expect(FREE_PLAN).toMatchObject({ id: 'free', maxPeople: 10, monthlyMails: 10, timeLimited: false, creditCardRequired: false, allFeatures: true, adsShown: true });
    expect(FREE_PLAN_FEATURES).toEqual([
      '登録できる人数：10名まで',
      '訓練メール：毎月10通まで無料',
      '利用期間：期限なし',
      'クレジットカード：登録不要',
      '機能：すべての機能を利用可能',
      '広告：表示あり',
    ]);
  });
});

describe('legal-document rendering', () => {
  const hostile = '<script>alert("x")</script> & \'q\'';
  const escaped = '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39;';

  it('escapes plain text in titles, paragraphs, items and boxes while keeping its own links', () => {
    const markup = renderLegalArticle(
      {
        id: 'scope',
        number: 1,
        title: hostile,
        paragraphs: [
          { text: hostile, items: [{ text: hostile, details: [hostile] }], box: [hostile, html`<a href="mailto:a@kizuki.example">a@kizuki.example</a>`] },
          { text: html`${hostile}<a href="#terms-law">第19条</a>` },
        ],
      },
      'terms',
    ).value;
    expect(markup).not.toContain('<script>');
    expect(markup.split(escaped).length - 1).toBe(6);
    expect(markup).toContain('<a href="mailto:a@kizuki.example">a@kizuki.example</a>');
    expect(markup).toContain('<a href="#terms-law">第19条</a>');
  });

  it('escapes the document name and preamble', () => {
    const markup = renderLegalDocument({ name: hostile, prefix: 'x', enacted: { iso: '2026-11-21', label: hostile }, preamble: hostile, articles: [] }).value;
    expect(markup).not.toContain('<script>');
    expect(markup).toContain(`<h1 class="page-intro__title">${escaped}`);
  });

  it('numbers references from the order of the ids', () => {
    const outline = articleOutline('doc', ['a', 'b', 'c'] as const);
    expect(outline.ref('c').value).toMatch(/href="#doc-c">第3条<\/a>$/);
    const numbered = outline.articles({ a: { title: 'A', paragraphs: [] }, b: { title: 'B', paragraphs: [] }, c: { title: 'C', paragraphs: [] } });
    expect(numbered.map((article) => `${article.number}${article.id}`)).toEqual(['1a', '2b', '3c']);
  });
});
