import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeEntities, visibleText } from '../../test/html-text';
import { createTestApp, type TestContext } from '../../test/test-app';
import { allowListGuideSections } from './allow-list-guide.content';
import { ALLOW_LIST_GUIDE_PATH, allowListValues, renderAllowListGuide } from './allow-list-guide.page';

const CONFIGURED = {
  APP_URL: 'https://kizuki.example',
  TRAINING_MAIL_DOMAIN: 'drill.example.jp',
  TRAINING_MAIL_SENDING_IPS: '203.0.113.10, 198.51.100.0/28',
  TRACKING_URL: 'https://click.example.net:8443',
  TRAINING_MAIL_HEADER_NAME: 'X-Drill-Mark',
  TRAINING_MAIL_HEADER_VALUE: 'kizuki-2026',
  TRACKING_MIN_CLICK_DELAY_S: '25',
};

let configured: TestContext;
let unconfigured: TestContext;
beforeAll(async () => {
  configured = await createTestApp(CONFIGURED);
  // No sending IPs and no TRACKING_URL: the links live on APP_URL.
  unconfigured = await createTestApp({ APP_URL: 'https://app.kizuki.example' });
});
afterAll(async () => {
  await configured?.close();
  await unconfigured?.close();
});

const guide = (context: TestContext) => context.app.inject({ url: ALLOW_LIST_GUIDE_PATH, headers: { accept: 'text/html' } });

const mainOf = (body: string) => /<main[^>]*>([\s\S]*)<\/main>/.exec(body)?.[1] ?? '';

/** The text of one section of the guide, by its anchor. */
const sectionText = (body: string, id: string) => visibleText(new RegExp(`<section id="${id}"[\\s\\S]*?</section>`).exec(body)?.[0] ?? '');

describe(`GET ${ALLOW_LIST_GUIDE_PATH}`, () => {
  it('is a public Japanese page in the training frame, with its title and canonical URL', async () => {
    const response = await guide(configured);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-store');
    const { body } = response;
    expect(body).toContain('<html lang="ja">');
    expect(body).toContain('<title>訓練メールの許可リスト設定ガイド｜キヅキ</title>');
    expect(body).toContain('<link rel="canonical" href="https://kizuki.example/help/allow-list">');
    expect(body).toContain('<h1 class="page-intro__title">訓練メールの許可リスト設定ガイド</h1>');
    expect(body).toContain('<span class="site-brand__sub">セキュリティ訓練</span>');
    expect(body).toContain('<meta name="csrf-token" content="');
    // The built stylesheet, which carries help-article.css.
    expect(body).toContain('<link rel="stylesheet" href="/assets/main-test.css">');
  });

  it('keeps to the CSP: no inline styles or scripts, and the header allows none', async () => {
    const { body, headers } = await guide(configured);
    expect(headers['content-security-policy']).toContain("style-src 'self'");
    expect(headers['content-security-policy']).not.toContain('unsafe-inline');
    expect(body).not.toMatch(/\sstyle=/i);
    expect(body).not.toMatch(/<style[\s>]/i);
    expect(body.match(/<script[^>]*>/g)).toEqual(['<script type="module" src="/assets/main-test.js">']);
  });

  it("shows the operator's sending domain, IPs, link pattern and header from configuration", async () => {
    const text = visibleText(mainOf((await guide(configured)).body));
    expect(text).toContain('drill.example.jp');
    expect(text).toContain('203.0.113.10');
    expect(text).toContain('198.51.100.0/28');
    // Gateways get the full pattern; Microsoft's URL list takes neither scheme nor port.
    expect(text).toContain('https://click.example.net:8443/t/*');
    expect(text).toContain('「許可するシミュレーション URL」に click.example.net/t/* を入力');
    expect(text).toContain('X-Drill-Mark: kizuki-2026');
    expect(text).toContain('配信から25秒未満のクリック');
    expect(text).not.toContain('未設定');
  });

  it('walks through the Microsoft Defender advanced delivery settings in order', async () => {
    const text = sectionText((await guide(configured)).body, 'allow-list-microsoft');
    const order = [
      'https://security.microsoft.com',
      '「メールとコラボレーション」＞「ポリシーとルール」＞「脅威ポリシー」',
      '「ルール」にある「高度な配信」を選びます',
      '「フィッシング シミュレーション」タブ',
      '「ドメイン」に drill.example.jp を入力',
      '「送信 IP」に、送信元 IP アドレス 203.0.113.10、198.51.100.0/28 を1つずつ入力',
      '「許可するシミュレーション URL」',
    ];
    const positions = order.map((phrase) => text.indexOf(phrase));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(text).toContain('1時間ほど');
    expect(text).toContain('safelinks.protection.outlook.com');
  });

  it('covers Google Workspace, other gateways, the scanner filter, a test send and a checklist', async () => {
    const { body } = await guide(configured);
    const google = sectionText(body, 'allow-list-google');
    expect(google).toContain('「アプリ」＞「Google Workspace」＞「Gmail」＞「迷惑メール、フィッシング、不正なソフトウェア」');
    expect(google).toContain('「メールの許可リスト」を開き、送信元 IP アドレス 203.0.113.10、198.51.100.0/28 を入力');
    expect(google).toContain('「受信ゲートウェイ」');
    expect(google).toContain('最大で24時間');
    const gateways = sectionText(body, 'allow-list-gateways');
    for (const product of ['Proofpoint', 'Mimecast', 'トレンドマイクロ']) expect(gateways).toContain(product);
    expect(gateways).toContain('https://click.example.net:8443/t/*');
    expect(sectionText(body, 'allow-list-kizuki')).toContain('タイムライン');
    const test = sectionText(body, 'allow-list-test');
    expect(test).toContain('「テスト送信」');
    expect(body).toContain('<a class="help-link" href="/templates">テンプレート</a>');
    expect(body.match(/<input class="help-checklist__box" type="checkbox"/g)?.length).toBe(5);
    // Every checkbox has its own label.
    for (let index = 1; index <= 5; index += 1) expect(body).toContain(`for="allow-list-check-${index}"`);
    expect(body).toContain('<a class="help-link" href="/campaigns">キャンペーン</a>');
  });

  it('lists every section in the table of contents, in page order, each pointing at its anchor', async () => {
    const { body } = await guide(configured);
    const toc = /<ol class="help-toc__list">([\s\S]*?)<\/ol>/.exec(body)?.[1] ?? '';
    const tocTargets = [...toc.matchAll(/href="#([^"]+)"/g)].map((match) => match[1]);
    const sectionIds = [...body.matchAll(/<section id="(allow-list-[^"]+)" class="help-section"/g)].map((match) => match[1]);
    expect(tocTargets).toEqual(['allow-list-why', 'allow-list-microsoft', 'allow-list-google', 'allow-list-gateways', 'allow-list-kizuki', 'allow-list-test', 'allow-list-checklist']);
    expect(sectionIds).toEqual(tocTargets);
    // In-page links point at anchors that exist.
    for (const [, target] of body.matchAll(/href="#([^"]+)"/g)) expect(body).toContain(`id="${target}"`);
  });

  it('says calmly where to find the sending IPs when none are configured, and uses APP_URL for the links', async () => {
    const { body } = await guide(unconfigured);
    const text = visibleText(mainOf(body));
    expect(text).toContain('未設定');
    expect(text).toContain('キヅキの運用担当者にお問い合わせいただくか、訓練メールの送信に使っている SMTP リレー（メール配信サービス）の管理画面で、送信元の IP アドレスをご確認ください。');
    const microsoft = sectionText(body, 'allow-list-microsoft');
    expect(microsoft).toContain('この欄は入力が必須です');
    expect(microsoft).toContain('この環境ではまだ送信元 IP アドレスが設定されていません。確認のしかたは「この環境の設定値」をご覧ください。');
    expect(body).toContain('<a class="help-link" href="#allow-list-values">この環境の設定値</a>');
    expect(body).toContain('<section id="allow-list-values" class="help-values"');
    expect(body).not.toContain('class="help-values__ips"');
    expect(text).toContain('https://app.kizuki.example/t/*');
    expect(text).toContain('app.kizuki.example/t/*');
    expect(text).toContain('training.kizuki.example');
    expect(text).toContain('X-Kizuki-Simulation: phishing-training');
    expect(text).toContain('配信から10秒未満のクリック');
  });
});

describe('allowListValues', () => {
  const base = {
    mail: { trainingDomain: 'drill.example.jp' },
    training: { header: { name: 'X-Drill-Mark', value: 'on' }, sendingIps: [], minClickDelaySeconds: 10 },
  };

  it('puts the links under a TRACKING_URL that has a path, and drops scheme and port for Microsoft', () => {
    const values = allowListValues({ ...base, training: { ...base.training, trackingUrl: 'http://links.example.com:8080/kizuki/' } });
    expect(values.linkPattern).toBe('http://links.example.com:8080/kizuki/t/*');
    expect(values.defenderUrlEntry).toBe('links.example.com/kizuki/t/*');
  });

  it('joins the header as NAME: VALUE', () => {
    expect(allowListValues({ ...base, training: { ...base.training, trackingUrl: 'https://a.example' } }).header).toBe('X-Drill-Mark: on');
  });
});

describe('renderAllowListGuide', () => {
  it('escapes configured values (a header value may hold any printable ASCII)', () => {
    const values = allowListValues({
      mail: { trainingDomain: 'drill.example.jp' },
      training: { header: { name: 'X-Drill', value: '<img/src=x>&"' }, sendingIps: ['203.0.113.10'], trackingUrl: 'https://a.example', minClickDelaySeconds: 10 },
    });
    const markup = renderAllowListGuide(values).value;
    expect(markup).not.toContain('<img/src=x>');
    expect(markup).toContain('X-Drill: &lt;img/src=x&gt;&amp;&quot;');
    expect(decodeEntities(markup)).toContain('X-Drill: <img/src=x>&"');
  });

  it('gives each section a unique anchor and a title', () => {
    const values = allowListValues({
      mail: { trainingDomain: 'drill.example.jp' },
      training: { header: { name: 'X-Drill', value: 'on' }, sendingIps: [], trackingUrl: 'https://a.example', minClickDelaySeconds: 10 },
    });
    const sections = allowListGuideSections(values);
    expect(new Set(sections.map((section) => section.id)).size).toBe(sections.length);
    expect(sections.every((section) => section.title.length > 0)).toBe(true);
  });
});
