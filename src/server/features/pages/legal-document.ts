import type { FastifyInstance } from 'fastify';
import { html, type SafeHtml } from '../../lib/html';
import { renderHostPage } from './host-page';
import type { WebAssets } from './web-assets';

/**
 * What the four legal pages share (/terms, /privacy, /corporate/terms, /corporate/privacy): the
 * document model (articles 条, paragraphs 項, items 号), the article-list renderer, the page shell
 * and the route. Each page keeps its text in a `*.content.ts` file as data; article numbers are
 * derived from the page's ordered id list, so a cross reference (「第5条」) can never point at the
 * wrong article after one is added or moved.
 */

/** The operator named in every document; no company name or registration number is invented. */
export const OPERATOR = 'キヅキ運営事務局';

/** Text, or markup already made safe by `html` (links, <time>). */
export type Inline = string | SafeHtml;

export interface LegalItem {
  text: Inline;
  /** Bulleted details under the item. */
  details?: Inline[];
}

export interface LegalParagraph {
  text: Inline;
  items?: LegalItem[];
  /** Lines shown in a framed box after the paragraph (the contact desk). */
  box?: Inline[];
}

export interface LegalArticle<Id extends string = string> {
  id: Id;
  number: number;
  title: string;
  paragraphs: LegalParagraph[];
}

export type ArticleContents<Id extends string> = Record<Id, Omit<LegalArticle<Id>, 'id' | 'number'>>;

export interface LegalDate {
  /** yyyy-mm-dd for the <time> element. */
  iso: string;
  /** As printed: 2026年11月21日. */
  label: string;
}

/**
 * Link colour in the site's primary blue. The shared stylesheet styles links only inside the
 * React containers, and these pages mount none, so their links carry the rule themselves.
 */
export const LINK_STYLE = 'color:var(--color-primary);text-underline-offset:0.2em';

/** A link to another page (another legal document, a form). */
export const pageLink = (href: string, label: Inline): SafeHtml => html`<a style="${LINK_STYLE}" href="${href}">${label}</a>`;

export const mailLink = (address: string): SafeHtml => html`<a style="${LINK_STYLE}" href="mailto:${address}">${address}</a>`;

/**
 * The numbering of one document. `prefix` makes the anchors unique on the page and across the
 * site (privacy-scope, terms-scope, …); the order of `ids` is the order of the articles.
 */
export interface ArticleOutline<Id extends string> {
  prefix: string;
  ids: readonly Id[];
  anchor(id: Id): string;
  /** 「第N条」 for an article, linked to it. */
  ref(id: Id): SafeHtml;
  /** The articles in order, numbered. */
  articles(contents: ArticleContents<Id>): LegalArticle<Id>[];
}

export function articleOutline<Id extends string>(prefix: string, ids: readonly Id[]): ArticleOutline<Id> {
  const anchor = (id: Id) => `${prefix}-${id}`;
  return {
    prefix,
    ids,
    anchor,
    ref: (id) => html`<a style="${LINK_STYLE}" href="#${anchor(id)}">第${ids.indexOf(id) + 1}条</a>`,
    articles: (contents) => ids.map((id, index) => ({ id, number: index + 1, ...contents[id] })),
  };
}

/*
 * The shared stylesheet has no rules for long documents, and these pages mount no client code,
 * so the few layout rules they need travel as style attributes (allowed by the page CSP) built
 * from the site's design tokens. Headings and the intro reuse the site-frame classes.
 */
const STYLE = {
  // Body text breaks between any two characters (kinsoku still applies): the site-wide
  // auto-phrase leaves long legal paragraphs ragged on a phone. Headings keep phrase breaks.
  document: 'box-sizing:border-box;max-width:52rem;margin:0 auto;padding-inline:var(--space-3);overflow-wrap:anywhere;word-break:normal',
  card: 'margin:0',
  enacted: 'margin:0;color:var(--color-text-muted);font-size:0.9375rem',
  preamble: 'margin:0 0 var(--space-5);line-height:1.9',
  toc: 'margin:0 0 var(--space-5)',
  tocList: 'columns:17rem;column-gap:var(--space-6);margin:0;padding:0;list-style:none;font-size:0.9375rem;line-height:1.6',
  tocItem: 'break-inside:avoid;padding-block:3px',
  article: 'scroll-margin-top:var(--space-4);margin-top:var(--space-6)',
  heading:
    'margin:0 0 var(--space-3);padding-bottom:var(--space-2);border-bottom:1px solid var(--color-border);font-size:1.125rem;line-height:1.5;letter-spacing:0.02em;word-break:auto-phrase',
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

function renderItems(items: LegalItem[]): SafeHtml {
  return html`<ol style="${STYLE.items}">${items.map(
    (item, index) => html`<li style="${STYLE.item}"><span style="${STYLE.itemMark}">（${index + 1}）</span><div style="${STYLE.itemBody}">${item.text}${
      item.details
        ? html`<ul style="${STYLE.details}">${item.details.map((detail) => html`<li style="${STYLE.detail}">${detail}</li>`)}</ul>`
        : ''
    }</div></li>`,
  )}</ol>`;
}

function renderParagraphContent(paragraph: LegalParagraph): SafeHtml {
  return html`<p style="${STYLE.text}">${paragraph.text}</p>${paragraph.items ? renderItems(paragraph.items) : ''}${
    paragraph.box ? html`<address style="${STYLE.box}">${paragraph.box.map((line, index) => html`${index > 0 ? html`<br>` : ''}${line}`)}</address>` : ''
  }`;
}

/** One article: 「第N条（見出し）」, then a single paragraph, or numbered paragraphs (項). */
export function renderLegalArticle(article: LegalArticle, prefix: string): SafeHtml {
  const anchor = `${prefix}-${article.id}`;
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

export interface LegalDocument {
  /** The document's name as its heading says it: 利用規約, 法人向けプライバシーポリシー, … */
  name: string;
  /** Anchor prefix, shared with the document's ArticleOutline. */
  prefix: string;
  enacted: LegalDate;
  preamble: Inline;
  articles: LegalArticle[];
}

/** The document: title, enactment date, preamble, table of contents, the articles, 以上 and the date again. */
export function renderLegalDocument(document: LegalDocument): SafeHtml {
  const { name, prefix, articles } = document;
  const enacted = html`<time datetime="${document.enacted.iso}">${document.enacted.label}</time>`;
  return html`<div style="${STYLE.document}">
<header class="page-intro" style="padding-inline:0">
<h1 class="page-intro__title">${name}<span class="page-intro__sub">キヅキ Kizuki</span></h1>
<p style="${STYLE.enacted}">制定日：${enacted}</p>
</header>
<article class="card" style="${STYLE.card}" aria-labelledby="${prefix}-document-title">
<h2 id="${prefix}-document-title" class="visually-hidden">${name}本文</h2>
<p style="${STYLE.preamble}">${document.preamble}</p>
<nav class="notice" style="${STYLE.toc}" aria-labelledby="${prefix}-toc-title">
<h2 id="${prefix}-toc-title" class="notice__title">目次</h2>
<ol style="${STYLE.tocList}">${articles.map(
    (article) => html`<li style="${STYLE.tocItem}"><a style="${LINK_STYLE}" href="#${prefix}-${article.id}">第${article.number}条（${article.title}）</a></li>`,
  )}</ol>
</nav>
${articles.map((article) => renderLegalArticle(article, prefix))}
<p style="${STYLE.closing}">以上</p>
<p style="${STYLE.enactedFooter}">制定日：${enacted}</p>
</article>
</div>`;
}

export interface LegalPage {
  path: string;
  /** The <title>, e.g. 利用規約｜キヅキ Kizuki. */
  title: string;
  description: string;
  body: SafeHtml;
}

export interface LegalPageDeps {
  assets: () => WebAssets;
  appUrl: string;
}

/** Serves a static document inside the site frame; rendered once, wrapped per request (CSRF meta, assets). */
export function registerLegalPage(app: FastifyInstance, deps: LegalPageDeps, page: LegalPage): void {
  app.get(page.path, async (request, reply) => {
    const csrfToken = app.issueCsrfToken(request, reply);
    const document = renderHostPage(deps.assets(), { csrfToken, appUrl: deps.appUrl }, {
      title: page.title,
      description: page.description,
      path: page.path,
      lazyModules: [],
      body: page.body,
    });
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(document);
  });
}
