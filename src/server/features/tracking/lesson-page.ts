import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { SafeHtml, html } from '../../lib/html';
import { markMail } from './lesson-marks';

/**
 * The training page a click leads to ("the lesson at the click"), the lookalike sign-in form
 * that comes first for `landing: 'login'` templates, and the page of an unknown link. Pure
 * renderers: whole HTML documents under the site CSP (no inline style or script: the look is
 * lesson.css and the only script is lesson-beacon.js, both served from `assetBase`).
 */

export interface LessonMail {
  fromName: string;
  fromAddress: string;
  subject: string;
  /** The sanitised, rendered HTML part; its links are neutralised here. */
  html: string;
  text: string;
}

/** Who the lesson is for: an employee of the company that runs the drill, or a person who registered themselves. */
export type LessonAudience =
  | { kind: 'company'; companyName: string }
  | {
      kind: 'individual';
      /** Their training mails so far (sent), and how many of them they clicked (this one included). */
      record: { sent: number; clicked: number };
      /** Their one-click unsubscribe page; null once they stopped. */
      unsubscribeUrl: string | null;
    };

export interface LessonPageData {
  audience: LessonAudience;
  mail: LessonMail;
  redFlags: Array<{ label: string; explanation: string; excerpt: string }>;
  /** True when the person came through the lookalike sign-in form. */
  submitted: boolean;
  /** The beacon script POSTs here once the page has been seen by a person. */
  beaconUrl: string;
  /** Where lessonAssets() are served, e.g. '/lesson-assets'. */
  assetBase: string;
}

export interface LoginLookalikeData {
  brandName: string;
  actionUrl: string;
  assetBase: string;
  beaconUrl: string;
}

export interface LessonAsset {
  body: string;
  contentType: string;
}

/** The served files: the site's own design tokens (one source for colours, radii, spacing), the page's CSS and the beacon. */
const ASSET_FILES: Record<string, { url: URL; contentType: string }> = {
  'tokens.css': { url: new URL('../../../web/styles/tokens.css', import.meta.url), contentType: 'text/css; charset=utf-8' },
  'lesson.css': { url: new URL('./lesson-assets/lesson.css', import.meta.url), contentType: 'text/css; charset=utf-8' },
  'lesson-beacon.js': { url: new URL('./lesson-assets/lesson-beacon.js', import.meta.url), contentType: 'text/javascript; charset=utf-8' },
};

let assets: Record<string, LessonAsset & { version: string }> | undefined;

function loadAssets(): Record<string, LessonAsset & { version: string }> {
  assets ??= Object.fromEntries(
    Object.entries(ASSET_FILES).map(([name, { url, contentType }]) => {
      const body = readFileSync(url, 'utf8');
      return [name, { body, contentType, version: createHash('sha256').update(body).digest('hex').slice(0, 12) }];
    }),
  );
  return assets;
}

/** The page's CSS and beacon script by file name, read once; serve them at `${assetBase}/<name>` (long caching is safe: pages link them with a content hash). */
export function lessonAssets(): Record<string, LessonAsset> {
  return Object.fromEntries(Object.entries(loadAssets()).map(([name, { body, contentType }]) => [name, { body, contentType }]));
}

/** The asset's address with its content hash, so a changed file is fetched anew despite long caching. */
function assetUrl(assetBase: string, name: string): string {
  return `${assetBase.replace(/\/+$/, '')}/${name}?v=${loadAssets()[name]?.version ?? ''}`;
}

/** Habits worth keeping, whatever the lure was (the last one depends on who reads it). */
const COMMON_HABITS = [
  { title: '送信元のアドレスを確かめる', text: '表示名は誰でも自由に名乗れます。「@」より後ろのドメインが、その会社の正式なものかを確認しましょう。' },
  { title: 'リンクからではなく、公式サイトから開く', text: 'メールのリンクは押さずに、ブックマークや公式アプリ、検索から公式サイトを開いてお知らせを確かめましょう。' },
  { title: '急がせる文面ほど、一度立ち止まる', text: '「本日中」「至急」「アカウント停止」のように、期限や不安で行動を急がせるのはよくある手口です。' },
];
const HABITS: Record<LessonAudience['kind'], Array<{ title: string; text: string }>> = {
  company: [...COMMON_HABITS, { title: '迷ったら、情報システム部門に報告する', text: '少しでも怪しいと感じたら、開く前に社内の担当部署へ。早めの報告が、会社全体を守ることにつながります。' }],
  individual: [
    ...COMMON_HABITS,
    { title: '迷ったら、公式の窓口に確かめる', text: 'カードの裏面や公式アプリに載っている連絡先から確かめましょう。届いた怪しいメールやSMSは、Kizuki DB で同じ報告がないか調べたり、報告したりできます。' },
  ],
};

/** The words that differ between a company's drill and individual training. */
function framing(audience: LessonAudience) {
  if (audience.kind === 'company') {
    const company = audience.companyName.trim();
    return {
      headerName: company,
      eyebrow: '標的型メール訓練のお知らせ',
      title: `これは${company}が実施している標的型メール訓練です`,
      footer: `このページは、${company}が従業員の皆さまのために実施しているセキュリティ訓練の一部です。`,
      documentTitle: `標的型メール訓練のお知らせ｜${company}`,
    };
  }
  return {
    headerName: 'キヅキ 個人向け訓練',
    eyebrow: 'フィッシング対策訓練のお知らせ',
    title: 'これは、ご登録いただいたキヅキの訓練メールです',
    footer: 'このページは、ご自身でメールアドレスを登録された方向けの「キヅキ 個人向けフィッシング対策訓練」の一部です。',
    documentTitle: 'フィッシング対策訓練のお知らせ｜キヅキ',
  };
}

/** An individual's own record so far (no sign-in: the link's token is the key). */
function recordBox(audience: LessonAudience): SafeHtml | string {
  if (audience.kind !== 'individual') return '';
  const { sent, clicked } = audience.record;
  return html`<section class="lesson-record" aria-labelledby="record-title">
  <h2 id="record-title" class="lesson-record__title">あなたの訓練の記録</h2>
  <p class="lesson-record__figure">これまでの訓練：${sent}回中、リンクを開いたのは${clicked}回</p>
  <p class="lesson-record__note">記録は、このメールアドレスに届いた訓練メールから数えています。${audience.unsubscribeUrl ? '訓練メールは、これからも月に1回ほど、平日に届きます。' : 'このメールアドレスへの訓練メールは、配信を停止しています。'}</p>
</section>`;
}

interface DocumentParts {
  title: string;
  assetBase: string;
  beaconUrl?: string;
  bodyClass: string;
  content: SafeHtml;
}

function page({ title, assetBase, beaconUrl, bodyClass, content }: DocumentParts): string {
  const beaconScript = beaconUrl ? html`<script src="${assetUrl(assetBase, 'lesson-beacon.js')}" defer></script>` : '';
  return html`<!doctype html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<title>${title}</title>
<link rel="stylesheet" href="${assetUrl(assetBase, 'tokens.css')}">
<link rel="stylesheet" href="${assetUrl(assetBase, 'lesson.css')}">
${beaconScript}
</head>
<body class="${bodyClass}"${beaconUrl ? html` data-beacon-url="${beaconUrl}"` : ''}>
${content}
</body>
</html>
`.value;
}

const SHIELD_ICON = new SafeHtml(
  '<svg class="lesson-hero__icon" viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round"><path d="M12 3 4.5 6v5.5c0 4.6 3.2 8.4 7.5 9.5 4.3-1.1 7.5-4.9 7.5-9.5V6Z"/><path d="m8.8 12.2 2.3 2.3 4.2-4.6"/></svg>',
);

/** The lesson: who sent the mail and why, the mail with its red flags marked, and the habits to keep. */
export function renderLessonPage(data: LessonPageData): string {
  const marked = markMail(data.mail, data.redFlags.map((flag) => flag.excerpt));
  const words = framing(data.audience);
  const habits = HABITS[data.audience.kind];
  const unsubscribe = data.audience.kind === 'individual' && data.audience.unsubscribeUrl
    ? html` <a class="lesson-footer__link" href="${data.audience.unsubscribeUrl}">今後の訓練メールを停止する</a>`
    : '';
  const submittedNotice = data.submitted
    ? html`<div class="lesson-notice" role="status">
  <p class="lesson-notice__title">入力された内容は送信・保存されていません</p>
  <p>先ほどの画面は、この訓練のために用意した偽のログイン画面です。入力された ID やパスワードは、どこにも送信・保存されていませんので安心してください。実際のメールでこのような画面が開いたら、何も入力せずに閉じましょう。</p>
</div>`
    : '';
  const flags = data.redFlags.map((flag, index) => {
    const number = index + 1;
    const where = marked.placed.has(number)
      ? html`<a class="lesson-point__jump" href="#flag-${number}">メール内の箇所を見る</a>`
      : flag.excerpt.trim() !== ''
        ? html`<p class="lesson-point__quote">該当箇所：「${flag.excerpt.trim()}」</p>`
        : '';
    return html`<li class="lesson-point">
  <span class="lesson-point__badge" aria-hidden="true">${number}</span>
  <div class="lesson-point__content">
    <h4 class="lesson-point__label"><span class="visually-hidden">ポイント${number}：</span>${flag.label}</h4>
    ${flag.explanation.trim() !== '' ? html`<p class="lesson-point__text">${flag.explanation}</p>` : ''}
    ${where}
  </div>
</li>`;
  });
  const senderInitial = Array.from(data.mail.fromName.trim())[0] ?? '?';
  const body = marked.bodyKind === 'text' ? html`<div class="lesson-mail__text">${new SafeHtml(marked.body)}</div>` : new SafeHtml(marked.body);

  const content = html`<a class="skip-link" href="#main">本文へスキップ</a>
<header class="lesson-header">
  <div class="lesson-header__inner">
    <p class="lesson-header__company">${words.headerName}</p>
    <p class="lesson-header__tag">セキュリティ訓練</p>
  </div>
</header>
<main id="main" class="lesson-main">
  <section class="lesson-hero" aria-labelledby="lesson-title">
    ${SHIELD_ICON}
    <p class="lesson-hero__eyebrow">${words.eyebrow}</p>
    <h1 id="lesson-title" class="lesson-hero__title">${words.title}</h1>
    <p class="lesson-hero__lead">落ち着いてください。実際の被害はありません。</p>
    ${submittedNotice}
    <p>訓練メールのリンクを開いてしまうことは、誰にでも起こりえます。大切なのは、次に同じようなメールが届いたときに気づけることです。数分で読めますので、今回のメールのどこに手がかりがあったのか、一緒に確かめてみましょう。</p>
  </section>
  ${recordBox(data.audience)}

  <section class="lesson-section" aria-labelledby="mail-title">
    <h2 id="mail-title" class="lesson-section__title">届いたメールを振り返りましょう</h2>
    <p class="lesson-section__lead">番号の付いた箇所が、怪しいと気づくための手がかりです。メール内のリンクは無効にしてあります。</p>
    <div class="lesson-review">
      <article class="lesson-mail" aria-label="受信したメール">
        <div class="lesson-mail__header">
          <span class="lesson-mail__avatar" aria-hidden="true">${senderInitial}</span>
          <dl class="lesson-mail__meta">
            <div class="lesson-mail__row">
              <dt>差出人</dt>
              <dd><span class="lesson-mail__from-name">${new SafeHtml(marked.fromName)}</span> <span class="lesson-mail__from-address">&lt;${new SafeHtml(marked.fromAddress)}&gt;</span></dd>
            </div>
            <div class="lesson-mail__row">
              <dt>件名</dt>
              <dd class="lesson-mail__subject">${new SafeHtml(marked.subject)}</dd>
            </div>
          </dl>
        </div>
        <div class="lesson-mail__body">${body}</div>
      </article>
      <section class="lesson-points" aria-labelledby="points-title">
        <h3 id="points-title" class="lesson-points__title">見分けるポイント<span class="lesson-points__count">${data.redFlags.length}件</span></h3>
        ${data.redFlags.length > 0 ? html`<ol class="lesson-points__list">${flags}</ol>` : html`<p>このメールには、個別の解説はありません。下の習慣を確認しておきましょう。</p>`}
      </section>
    </div>
  </section>

  <section class="lesson-section" aria-labelledby="habits-title">
    <h2 id="habits-title" class="lesson-section__title">これから心がけたい${habits.length}つの習慣</h2>
    <ol class="lesson-habits">
      ${habits.map((habit, index) => html`<li class="lesson-habit"><span class="lesson-habit__number" aria-hidden="true">${index + 1}</span><h3 class="lesson-habit__title">${habit.title}</h3><p class="lesson-habit__text">${habit.text}</p></li>`)}
    </ol>
  </section>

  <section class="lesson-closing" aria-labelledby="closing-title">
    <h2 id="closing-title" class="lesson-closing__title">確認はこれで終わりです</h2>
    <p>「おかしいな」と立ち止まれたら、それがいちばんの対策です。このページは閉じていただいて構いません。</p>
  </section>
</main>
<footer class="lesson-footer">
  <p class="lesson-footer__inner">${words.footer}${unsubscribe}</p>
</footer>`;
  return page({ title: words.documentTitle, assetBase: data.assetBase, beaconUrl: data.beaconUrl, bodyClass: 'lesson', content });
}

/**
 * The lookalike sign-in form a `landing: 'login'` template opens first: a plain, made-up service
 * under the lure's sender name. The inputs deliberately have NO name attribute, so the browser
 * posts an empty body: what a person types never leaves their screen, let alone reaches a log
 * or the database. Only the submission itself is recorded ("entered").
 */
export function renderLoginLookalike(data: LoginLookalikeData): string {
  const brand = data.brandName.trim();
  const initial = Array.from(brand)[0] ?? '?';
  const content = html`<main class="lookalike">
  <div class="lookalike__card">
    <p class="lookalike__brand"><span class="lookalike__logo" aria-hidden="true">${initial}</span><span>${brand}</span></p>
    <h1 class="lookalike__title">ログイン</h1>
    <p class="lookalike__lead">${brand}のアカウントでログインしてください。</p>
    <!-- No name attributes on purpose: the form posts an empty body, so typed values are never sent. -->
    <form class="lookalike__form" method="post" action="${data.actionUrl}" autocomplete="off">
      <label class="lookalike__label" for="lookalike-id">ID またはメールアドレス</label>
      <input class="lookalike__input" id="lookalike-id" type="text" inputmode="email" autocomplete="off" autocapitalize="off" spellcheck="false" required>
      <label class="lookalike__label" for="lookalike-password">パスワード</label>
      <input class="lookalike__input" id="lookalike-password" type="password" autocomplete="off" required>
      <button class="lookalike__submit" type="submit">ログイン</button>
    </form>
  </div>
  <p class="lookalike__footer">© ${brand}</p>
</main>`;
  return page({ title: `ログイン｜${brand}`, assetBase: data.assetBase, beaconUrl: data.beaconUrl, bodyClass: 'lookalike-page', content });
}

/** An unknown or expired training link: calm, no detail about why (the route answers 404). */
export function renderLessonNotFound(options: { assetBase?: string } = {}): string {
  const content = html`<main class="lesson-missing">
  <div class="lesson-missing__card">
    <h1 class="lesson-missing__title">ページが見つかりません</h1>
    <p>このリンクは無効になっているか、有効期限が切れている可能性があります。</p>
    <p>メールのリンクから開いた場合は、このページを閉じていただいて問題ありません。心当たりのないメールは、リンクを開かずに削除してください。勤務先で受け取ったメールについてご不明な点があれば、社内の情報システム部門にご相談ください。</p>
  </div>
</main>`;
  return page({ title: 'ページが見つかりません', assetBase: options.assetBase ?? '/lesson-assets', bodyClass: 'lesson-missing-page', content });
}
