import sanitizeHtml from 'sanitize-html';
import { templateMessages as m } from '../../../common/messages';
import { variablesIn } from '../../../common/templates.schema';

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

/** Attributes whose value is where a link leads or an image loads from. */
const URL_ATTRIBUTES = new Set(['href', 'src']);
/** `{{url}}` opening a URL attribute's value: the tracked link, possibly with a path or query written after it. */
const LEADING_URL_VARIABLE = /^\s*\{\{\s*url\s*\}\}/;

/**
 * Variables placed where a person's value could change what the mail does rather than what it
 * says: escaping keeps a value inside its attribute, but `href="{{name}}"` with a name of
 * `javascript:…` would still be a script link, and a value inside `style` could write CSS. So a
 * URL attribute may only start with `{{url}}` (our own link) and hold no other variable, and
 * `style` none at all. Returns one Japanese message per offending attribute name, for `html_body`.
 * Run on the HTML as written, on the tags the sanitiser keeps: a declaration it would silently
 * drop (`color:{{name}}`) is refused too, so the administrator learns why it does not show.
 */
export function attributeVariableErrors(html: string): string[] {
  const messages = new Set<string>();
  sanitizeHtml(html, {
    ...SANITIZE_OPTIONS,
    transformTags: {
      '*': (tagName, attribs) => {
        if (!MAIL_TAGS.includes(tagName.toLowerCase())) return { tagName, attribs };
        for (const [rawName, value] of Object.entries(attribs)) {
          const name = rawName.toLowerCase();
          if (variablesIn(value).length === 0) continue;
          if (URL_ATTRIBUTES.has(name)) {
            if (!LEADING_URL_VARIABLE.test(value) || variablesIn(value.replace(LEADING_URL_VARIABLE, '')).length > 0) messages.add(m.variableInUrlAttribute(name));
          } else if (name === 'style') {
            messages.add(m.variableInStyleAttribute(name));
          }
        }
        return { tagName, attribs };
      },
    },
  });
  return [...messages];
}

/** The text a reader sees in the HTML (tags removed, entities decoded), for finding a red flag's excerpt. */
export function htmlText(html: string): string {
  // sanitize-html decodes every entity and writes back only these three.
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

/** Schemes a rendered link (href) or image (src) may use; anything else is removed. */
const RENDERED_SCHEMES: Record<string, ReadonlySet<string>> = { href: new Set(['https', 'http', 'mailto', 'tel']), src: new Set(['https']) };
/** A start tag of the sanitised, rendered HTML: its `<` is never text (text and values have `&lt;`), nor is a `>` inside it. */
const START_TAG = /<[a-z][a-z0-9]*\b[^>]*>/gi;
const URL_ATTRIBUTE = /\s(href|src)="([^"]*)"/gi;
const NAMED_ENTITIES: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>', colon: ':', tab: '\t', newline: '\n' };

function decodeAttribute(value: string): string {
  return value.replace(/&(?:#(\d+)|#x([0-9a-f]+)|([a-z]+));?/gi, (whole, decimal?: string, hex?: string, name?: string) => {
    const code = decimal !== undefined ? Number.parseInt(decimal, 10) : hex !== undefined ? Number.parseInt(hex, 16) : undefined;
    if (code !== undefined) return code <= 0x10ffff ? String.fromCodePoint(code) : '';
    return NAMED_ENTITIES[name!.toLowerCase()] ?? whole;
  });
}

/** True when a URL, as a browser reads it (control characters and spaces ignored), is relative or uses an allowed scheme. */
function isAllowedUrl(value: string, schemes: ReadonlySet<string>): boolean {
  // eslint-disable-next-line no-control-regex -- browsers drop these inside a URL's scheme, so must the check
  const url = decodeAttribute(value).replace(/[\u0000-\u0020\u007f]/g, '');
  const scheme = /^([^:/?#]*):/.exec(url)?.[1];
  return scheme === undefined || schemes.has(scheme.toLowerCase());
}

/**
 * Defence in depth after rendering: saving refuses a variable that could choose a link's scheme,
 * but a template stored before that rule (or a value we did not foresee) must still never put a
 * `javascript:` or `data:` URL into a mail or a preview. Such an href or src is removed.
 */
export function withSafeUrls(renderedHtml: string): string {
  return renderedHtml.replace(START_TAG, (tag) =>
    tag.replace(URL_ATTRIBUTE, (whole, name: string, value: string) => (isAllowedUrl(value, RENDERED_SCHEMES[name.toLowerCase()]!) ? whole : '')));
}
