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

/** Links in the documents; styled by legal-document.css (no style attributes: the page CSP has no 'unsafe-inline'). */
const LINK_CLASS = 'legal-link';

/** A link to another page (another legal document, a form). */
export const pageLink = (href: string, label: Inline): SafeHtml => html`<a class="${LINK_CLASS}" href="${href}">${label}</a>`;

export const mailLink = (address: string): SafeHtml => html`<a class="${LINK_CLASS}" href="mailto:${address}">${address}</a>`;

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
    ref: (id) => html`<a class="${LINK_CLASS}" href="#${anchor(id)}">第${ids.indexOf(id) + 1}条</a>`,
    articles: (contents) => ids.map((id, index) => ({ id, number: index + 1, ...contents[id] })),
  };
}

/*
 * Every layout rule of the documents lives in src/web/styles/legal-document.css under these
 * class names (the page CSP allows no style attributes). Headings and the intro reuse the
 * site-frame classes.
 */
const STYLE = {
  document: 'legal-document',
  card: 'legal-document__card',
  enacted: 'legal-document__enacted',
  preamble: 'legal-document__preamble',
  tocList: 'legal-document__toc-list',
  tocItem: 'legal-document__toc-item',
  article: 'legal-article',
  heading: 'legal-article__heading',
  paragraphs: 'legal-article__paragraphs',
  paragraph: 'legal-article__paragraph',
  single: 'legal-article__single',
  text: 'legal-article__text',
  items: 'legal-items',
  item: 'legal-items__item',
  itemMark: 'legal-items__mark',
  itemBody: 'legal-items__body',
  details: 'legal-items__details',
  detail: 'legal-items__detail',
  box: 'legal-article__box',
  closing: 'legal-document__closing',
  enactedFooter: 'legal-document__enacted-footer',
} as const;

function renderItems(items: LegalItem[]): SafeHtml {
  return html`<ol class="${STYLE.items}">${items.map(
    (item, index) => html`<li class="${STYLE.item}"><span class="${STYLE.itemMark}">（${index + 1}）</span><div class="${STYLE.itemBody}">${item.text}${
      item.details
        ? html`<ul class="${STYLE.details}">${item.details.map((detail) => html`<li class="${STYLE.detail}">${detail}</li>`)}</ul>`
        : ''
    }</div></li>`,
  )}</ol>`;
}

function renderParagraphContent(paragraph: LegalParagraph): SafeHtml {
  return html`<p class="${STYLE.text}">${paragraph.text}</p>${paragraph.items ? renderItems(paragraph.items) : ''}${
    paragraph.box ? html`<address class="${STYLE.box}">${paragraph.box.map((line, index) => html`${index > 0 ? html`<br>` : ''}${line}`)}</address>` : ''
  }`;
}

/** One article: 「第N条（見出し）」, then a single paragraph, or numbered paragraphs (項). */
export function renderLegalArticle(article: LegalArticle, prefix: string): SafeHtml {
  const anchor = `${prefix}-${article.id}`;
  const [first] = article.paragraphs;
  const body =
    article.paragraphs.length === 1 && first
      ? html`<div class="${STYLE.single}">${renderParagraphContent(first)}</div>`
      : html`<ol class="${STYLE.paragraphs}">${article.paragraphs.map((paragraph) => html`<li class="${STYLE.paragraph}">${renderParagraphContent(paragraph)}</li>`)}</ol>`;
  return html`<section id="${anchor}" class="${STYLE.article}" aria-labelledby="${anchor}-title">
<h2 id="${anchor}-title" class="${STYLE.heading}">第${article.number}条（${article.title}）</h2>
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
  return html`<div class="${STYLE.document}">
<header class="page-intro legal-document__intro">
<h1 class="page-intro__title">${name}<span class="page-intro__sub">キヅキ Kizuki</span></h1>
<p class="${STYLE.enacted}">制定日：${enacted}</p>
</header>
<article class="card ${STYLE.card}" aria-labelledby="${prefix}-document-title">
<h2 id="${prefix}-document-title" class="visually-hidden">${name}本文</h2>
<p class="${STYLE.preamble}">${document.preamble}</p>
<nav class="notice" aria-labelledby="${prefix}-toc-title">
<h2 id="${prefix}-toc-title" class="notice__title">目次</h2>
<ol class="${STYLE.tocList}">${articles.map(
    (article) => html`<li class="${STYLE.tocItem}"><a class="${LINK_CLASS}" href="#${prefix}-${article.id}">第${article.number}条（${article.title}）</a></li>`,
  )}</ol>
</nav>
${articles.map((article) => renderLegalArticle(article, prefix))}
<p class="${STYLE.closing}">以上</p>
<p class="${STYLE.enactedFooter}">制定日：${enacted}</p>
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
