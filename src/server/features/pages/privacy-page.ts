import type { FastifyInstance } from 'fastify';
import { html, type SafeHtml } from '../../lib/html';
import { renderHostPage } from './host-page';
import {
  articleAnchor,
  DEFAULT_POLICY_FIGURES,
  LINK_STYLE,
  PRIVACY_POLICY_ENACTED,
  PRIVACY_POLICY_PREAMBLE,
  type PolicyArticle,
  type PolicyFigures,
  type PolicyItem,
  type PolicyParagraph,
  privacyPolicyArticles,
} from './privacy-policy.content';
import type { WebAssets } from './web-assets';

export const PRIVACY_PATH = '/privacy';

const TITLE = 'プライバシーポリシー｜キヅキ Kizuki';
const DESCRIPTION =
  'キヅキ（個人向けフィッシング対策訓練・Kizuki DB）における個人情報の取扱いについて、取得する情報、利用目的、スクリーンショットの取扱い、第三者提供、開示等の請求の方法などを定めたプライバシーポリシーです。';

/*
 * The shared stylesheet has no rules for long documents, and this page mounts no client code,
 * so the few layout rules it needs travel as style attributes (allowed by the page CSP) built
 * from the site's design tokens. Headings and the intro reuse the site-frame classes.
 */
const STYLE = {
  document: 'box-sizing:border-box;max-width:52rem;margin:0 auto;padding-inline:var(--space-3);overflow-wrap:anywhere',
  card: 'margin:0',
  enacted: 'margin:0;color:var(--color-text-muted);font-size:0.9375rem',
  preamble: 'margin:0 0 var(--space-5);line-height:1.9',
  toc: 'margin:0 0 var(--space-5)',
  tocList: 'columns:17rem;column-gap:var(--space-6);margin:0;padding:0;list-style:none;font-size:0.9375rem;line-height:1.6',
  tocItem: 'break-inside:avoid;padding-block:3px',
  article: 'scroll-margin-top:var(--space-4);margin-top:var(--space-6)',
  heading:
    'margin:0 0 var(--space-3);padding-bottom:var(--space-2);border-bottom:1px solid var(--color-border);font-size:1.125rem;line-height:1.5;letter-spacing:0.02em',
  paragraphs: 'margin:0;padding-left:1.5em;line-height:1.9',
  paragraph: 'margin:0 0 var(--space-3);padding-left:0.15em',
  single: 'margin:0 0 var(--space-3);line-height:1.9',
  text: 'margin:0',
  items: 'margin:var(--space-2) 0 0;padding:0;list-style:none',
  item: 'display:flex;gap:0.2em;margin-bottom:var(--space-2)',
  itemMark: 'flex:none;min-width:2.4em;font-variant-numeric:tabular-nums',
  itemBody: 'min-width:0',
  details: 'margin:var(--space-1) 0 0;padding-left:1.1em;list-style:disc',
  detail: 'margin-bottom:var(--space-1)',
  box: 'margin:var(--space-3) 0 0;padding:var(--space-4);border:1px solid var(--color-border);border-radius:var(--radius);background:var(--color-surface-muted);font-style:normal;line-height:1.9',
  closing: 'margin:var(--space-5) 0 0;text-align:right',
  enactedFooter: 'margin:var(--space-4) 0 0;padding-top:var(--space-3);border-top:1px solid var(--color-border);color:var(--color-text-muted);font-size:0.9375rem',
} as const;

function renderItems(items: PolicyItem[]): SafeHtml {
  return html`<ol style="${STYLE.items}">${items.map(
    (item, index) => html`<li style="${STYLE.item}"><span style="${STYLE.itemMark}">（${index + 1}）</span><div style="${STYLE.itemBody}">${item.text}${
      item.details
        ? html`<ul style="${STYLE.details}">${item.details.map((detail) => html`<li style="${STYLE.detail}">${detail}</li>`)}</ul>`
        : ''
    }</div></li>`,
  )}</ol>`;
}

function renderParagraphContent(paragraph: PolicyParagraph): SafeHtml {
  return html`<p style="${STYLE.text}">${paragraph.text}</p>${paragraph.items ? renderItems(paragraph.items) : ''}${
    paragraph.box ? html`<address style="${STYLE.box}">${paragraph.box.map((line, index) => html`${index > 0 ? html`<br>` : ''}${line}`)}</address>` : ''
  }`;
}

/** One article; exported for the escaping test. */
export function renderPolicyArticle(article: PolicyArticle): SafeHtml {
  const anchor = articleAnchor(article.id);
  const [first] = article.paragraphs;
  const body =
    article.paragraphs.length === 1 && first
      ? html`<div style="${STYLE.single}">${renderParagraphContent(first)}</div>`
      : html`<ol style="${STYLE.paragraphs}">${article.paragraphs.map((paragraph) => html`<li style="${STYLE.paragraph}">${renderParagraphContent(paragraph)}</li>`)}</ol>`;
  return html`<section id="${anchor}" style="${STYLE.article}" aria-labelledby="${anchor}-title">
<h2 id="${anchor}-title" style="${STYLE.heading}">第${article.number}条（${article.title}）</h2>
${body}
</section>`;
}

/** The policy document: title, enactment date, table of contents, the articles. */
export function renderPrivacyPolicy(figures: PolicyFigures = DEFAULT_POLICY_FIGURES): SafeHtml {
  const articles = privacyPolicyArticles(figures);
  const enacted = html`<time datetime="${PRIVACY_POLICY_ENACTED.iso}">${PRIVACY_POLICY_ENACTED.label}</time>`;
  return html`<div style="${STYLE.document}">
<header class="page-intro" style="padding-inline:0">
<h1 class="page-intro__title">プライバシーポリシー<span class="page-intro__sub">キヅキ Kizuki</span></h1>
<p style="${STYLE.enacted}">制定日：${enacted}</p>
</header>
<article class="card" style="${STYLE.card}" aria-labelledby="privacy-policy-title">
<h2 id="privacy-policy-title" class="visually-hidden">プライバシーポリシー本文</h2>
<p style="${STYLE.preamble}">${PRIVACY_POLICY_PREAMBLE}</p>
<nav class="notice" style="${STYLE.toc}" aria-labelledby="privacy-toc-title">
<h2 id="privacy-toc-title" class="notice__title">目次</h2>
<ol style="${STYLE.tocList}">${articles.map(
    (article) => html`<li style="${STYLE.tocItem}"><a style="${LINK_STYLE}" href="#${articleAnchor(article.id)}">第${article.number}条（${article.title}）</a></li>`,
  )}</ol>
</nav>
${articles.map(renderPolicyArticle)}
<p style="${STYLE.closing}">以上</p>
<p style="${STYLE.enactedFooter}">制定日：${enacted}</p>
</article>
</div>`;
}

interface PrivacyPageDeps {
  assets: () => WebAssets;
  appUrl: string;
  /** The retention the server enforces (config), so the policy states what actually happens. */
  originalRetentionDays: number;
}

export function registerPrivacyPage(app: FastifyInstance, deps: PrivacyPageDeps): void {
  // A static document: rendered once, wrapped in the host page (CSRF meta, assets) per request.
  const body = renderPrivacyPolicy({ originalRetentionDays: deps.originalRetentionDays });
  app.get(PRIVACY_PATH, async (request, reply) => {
    const csrfToken = app.issueCsrfToken(request, reply);
    const page = renderHostPage(deps.assets(), { csrfToken, appUrl: deps.appUrl }, {
      title: TITLE,
      description: DESCRIPTION,
      path: PRIVACY_PATH,
      lazyModules: [],
      body,
    });
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page);
  });
}
