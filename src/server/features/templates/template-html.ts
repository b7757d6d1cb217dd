import sanitizeHtml from 'sanitize-html';

/**
 * Custom template HTML is untrusted (an administrator may paste anything, and a preview or a
 * delivered mail must never run it). It is cleaned once, on save and before a draft is rendered,
 * by sanitize-html with an allow-list of what ordinary mail HTML uses: tables, inline styles
 * (background included), images over https, links. Everything else goes: scripts, event
 * handlers, forms and their controls, iframes/objects, `javascript:` and other schemes, CSS
 * `expression()`, `url(javascript:…)`, `behavior`/`-moz-binding` and CSS escapes that could hide them.
 */

const MAIL_TAGS = [
  'a', 'abbr', 'b', 'big', 'blockquote', 'br', 'caption', 'center', 'code', 'col', 'colgroup', 'dd', 'del', 'div', 'dl', 'dt',
  'em', 'font', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'i', 'img', 'ins', 'li', 'ol', 'p', 'pre', 's', 'small', 'span',
  'strike', 'strong', 'sub', 'sup', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'u', 'ul',
];

const LAYOUT_ATTRIBUTES = ['align', 'valign', 'width', 'height', 'bgcolor', 'dir', 'lang', 'title', 'style'];

/** Properties mail HTML is written with. `position` is left out: an overlay could cover the mail client's own UI. */
const STYLE_PROPERTIES = [
  'color', 'background', 'background-color', 'background-image', 'background-repeat', 'background-position', 'background-size',
  'border', 'border-top', 'border-right', 'border-bottom', 'border-left', 'border-color', 'border-style', 'border-width',
  'border-radius', 'border-collapse', 'border-spacing',
  'margin', 'margin-top', 'margin-right', 'margin-bottom', 'margin-left',
  'padding', 'padding-top', 'padding-right', 'padding-bottom', 'padding-left',
  'font', 'font-family', 'font-size', 'font-weight', 'font-style', 'line-height', 'letter-spacing', 'word-spacing',
  'text-align', 'text-decoration', 'text-transform', 'text-indent', 'vertical-align', 'white-space', 'word-break', 'overflow-wrap',
  'width', 'height', 'max-width', 'min-width', 'max-height', 'min-height', 'display', 'float', 'clear', 'overflow',
  'list-style', 'list-style-type', 'table-layout', 'opacity', 'box-shadow', 'visibility',
];

/**
 * A declaration's value: nothing that runs or loads from a non-https place. A backslash is
 * refused outright, since CSS escapes (`\65 xpression`) could spell any of the words below.
 */
const SAFE_STYLE_VALUE = /^(?![\s\S]*(?:expression|javascript:|vbscript:|behavior|binding|@import|\\|url\s*\((?!\s*['"]?https:\/\/)))[\s\S]*$/i;

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: MAIL_TAGS,
  allowedAttributes: {
    '*': LAYOUT_ATTRIBUTES,
    a: ['href', 'title', 'style', 'name'],
    img: ['src', 'alt', 'width', 'height', 'border', 'style', 'align'],
    table: [...LAYOUT_ATTRIBUTES, 'border', 'cellpadding', 'cellspacing'],
    td: [...LAYOUT_ATTRIBUTES, 'colspan', 'rowspan', 'nowrap'],
    th: [...LAYOUT_ATTRIBUTES, 'colspan', 'rowspan', 'nowrap'],
    col: [...LAYOUT_ATTRIBUTES, 'span'],
    font: ['color', 'size', 'face', 'style'],
  },
  // Links: web, mail and phone; `{{url}}` is a relative value and stays. Images: https only (below).
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  allowedStyles: { '*': Object.fromEntries(STYLE_PROPERTIES.map((property) => [property, [SAFE_STYLE_VALUE]])) },
  // Dropped with their content (the default keeps a removed element's text).
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'title', 'template', 'svg', 'math', 'select', 'button'],
  // An image whose src was not https (sanitize-html keeps relative ones) is removed entirely.
  exclusiveFilter: (frame) => frame.tag === 'img' && !/^https:\/\//i.test(frame.attribs.src ?? ''),
};

/** The HTML of a template as it is stored: only what the allow-list keeps. */
export function sanitizeTemplateHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE_OPTIONS).trim();
}

/** True when nothing a reader would see is left (the sanitiser removed it all, or it was only markup). */
export function isVisiblyEmpty(html: string): boolean {
  return sanitizeHtml(html, { allowedTags: ['img'], allowedAttributes: {} }).replace(/&nbsp;|\s/g, '') === '';
}
