import render from 'dom-serializer';
import { type ChildNode, Element, type ParentNode, Text, isTag, isText } from 'domhandler';
import { DomUtils, parseDocument } from 'htmlparser2';
import { escapeHtml } from '../../lib/html';

/**
 * The mail as the lesson page shows it: each red flag's excerpt marked where it first occurs
 * (sender line, then subject, then body) with its number, and nothing in it that acts. The HTML
 * part was sanitised when the template was saved; it is still walked with an allow-list here,
 * because the lesson page lives under a stricter CSP (no style attributes) and must never send
 * the reader anywhere from the mail that fooled them.
 */

export interface MailToMark {
  fromName: string;
  fromAddress: string;
  subject: string;
  html: string;
  text: string;
}

export interface MarkedMail {
  /** Escaped HTML, marks included. */
  fromName: string;
  fromAddress: string;
  subject: string;
  body: string;
  /** The HTML part, or the text part when it carries more of the marks (see `markMail`). */
  bodyKind: 'html' | 'text';
  /** Numbers (1-based) of the flags that got a mark somewhere in the mail. */
  placed: ReadonlySet<number>;
}

interface Range {
  start: number;
  end: number;
  flag: number;
}

/** A run of plain text the marks are placed in, with the ranges taken so far. */
interface Segment {
  text: string;
  ranges: Range[];
}

/** Shown but reduced to their children (headings become paragraphs, links lose their target). */
const KEPT_TAGS = new Set([
  'abbr', 'b', 'big', 'blockquote', 'br', 'caption', 'center', 'code', 'col', 'colgroup', 'dd', 'del', 'div', 'dl', 'dt', 'em',
  'font', 'hr', 'i', 'img', 'ins', 'li', 'ol', 'p', 'pre', 's', 'small', 'span', 'strike', 'strong', 'sub', 'sup', 'table',
  'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'u', 'ul',
]);
/** Removed with everything inside: nothing a reader of the mail saw as text. */
const DROPPED_TAGS = new Set([
  'script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'title', 'template', 'svg', 'math', 'select',
  'button', 'head', 'link', 'meta', 'base', 'input', 'form', 'video', 'audio', 'canvas', 'frame', 'frameset', 'applet',
]);
const HEADING = /^h[1-6]$/;
/** Per tag, the only attributes kept; colours and sizes go, the page's CSS lays the mail out. */
const KEPT_ATTRIBUTES: Record<string, readonly string[]> = {
  img: ['src', 'alt', 'width', 'height'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
  col: ['span'],
  ol: ['start'],
};
const GLOBAL_ATTRIBUTES = ['dir', 'lang'];
const SAFE_IMAGE_SOURCE = /^(?:https:\/\/|data:image\/(?:png|gif|jpeg|webp);base64,)/i;
/** What the sender hid from the reader (a honeypot link, say) stays hidden once the style attribute is gone. */
const HIDDEN_STYLE = /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden|mso-hide\s*:\s*all)/i;

/**
 * Marks each flag's excerpt (flags numbered from 1 in the order given) at its first occurrence
 * that no earlier flag has taken: in the sender's name, the sender's address, the subject, then
 * within one text node of the HTML part. Excerpts are compared as the template check compares
 * them (runs of white space are equal), and a `{{variable}}` left in an excerpt matches the value
 * the mail was filled with. When the text part places more flags than the HTML part (an excerpt
 * across a line break or a tag), the text part is shown instead, line breaks kept.
 */
export function markMail(mail: MailToMark, excerpts: readonly string[]): MarkedMail {
  const patterns = excerpts.map(excerptPattern);
  const header = { fromName: segment(mail.fromName), fromAddress: segment(mail.fromAddress), subject: segment(mail.subject) };
  const inHeader = new Set<number>();
  patterns.forEach((pattern, index) => {
    if (pattern && placeFirst(pattern, index + 1, [header.fromName, header.fromAddress, header.subject])) inHeader.add(index + 1);
  });
  const bodyFlags = patterns.map((pattern, index) => (inHeader.has(index + 1) ? null : pattern));

  const document = parseDocument(mail.html);
  const links: Element[] = [];
  neutralise(document, links);
  const textNodes = DomUtils.filter(isText, document.children, true) as Text[];
  const htmlSegments = textNodes.map((node) => segment(node.data));
  const htmlPlaced = placeAll(bodyFlags, htmlSegments);

  const textSegment = segment(mail.text);
  const textPlaced = placeAll(bodyFlags, [textSegment]);
  const hasHtml = textNodes.some((node) => node.data.trim() !== '') || DomUtils.findOne((node) => node.name === 'img', document.children, true) !== null;
  const useText = textPlaced.size > htmlPlaced.size || (!hasHtml && mail.text.trim() !== '');

  if (!useText) {
    textNodes.forEach((node, index) => replaceWithMarks(node, htmlSegments[index] as Segment));
    // Added after the marks were placed, so an excerpt can never land on our own words.
    for (const link of links) DomUtils.appendChild(link, new Element('span', { class: 'lesson-mail__link-off' }, [new Text('リンク無効')]));
  }
  const body = useText ? renderSegment(textSegment) : render(document, { encodeEntities: 'utf8' });
  return {
    fromName: renderSegment(header.fromName),
    fromAddress: renderSegment(header.fromAddress),
    subject: renderSegment(header.subject),
    body,
    bodyKind: useText ? 'text' : 'html',
    placed: new Set([...inHeader, ...(useText ? textPlaced : htmlPlaced)]),
  };
}

const segment = (text: string): Segment => ({ text, ranges: [] });

/**
 * What a `{{variable}}` left in an excerpt stands for: a filled value, which stays on one line and
 * within one phrase (so 「{{name}} 様」 cannot swallow the sentences before the name).
 */
const VARIABLE_VALUE = '[^\\n。、「」]{1,100}?';

/** The excerpt as a pattern: white space runs match any white space, variables match their value. */
function excerptPattern(excerpt: string): RegExp | null {
  const trimmed = excerpt.replace(/\s+/g, ' ').trim();
  if (trimmed === '') return null;
  const source = trimmed
    .split(/(\{\{\s*[a-z_]+\s*\}\})/i)
    .map((part, index) => (index % 2 === 1 ? VARIABLE_VALUE : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+')))
    .join('');
  return new RegExp(source, 'g');
}

/** Places a flag at the first free occurrence in the segments, in order; false when there is none. */
function placeFirst(pattern: RegExp, flag: number, segments: readonly Segment[]): boolean {
  for (const target of segments) {
    pattern.lastIndex = 0;
    for (let match = pattern.exec(target.text); match; match = pattern.exec(target.text)) {
      const start = match.index;
      const end = start + match[0].length;
      if (end === start) break;
      if (target.ranges.every((range) => range.end <= start || range.start >= end)) {
        target.ranges.push({ start, end, flag });
        return true;
      }
      pattern.lastIndex = start + 1;
    }
  }
  return false;
}

/** Places every given flag in a fresh copy of the segments' state; answers which ones found a place. */
function placeAll(patterns: ReadonlyArray<RegExp | null>, segments: readonly Segment[]): Set<number> {
  const placed = new Set<number>();
  patterns.forEach((pattern, index) => {
    if (pattern && placeFirst(pattern, index + 1, segments)) placed.add(index + 1);
  });
  return placed;
}

function markHtml(flag: number, text: string): string {
  return `<mark class="lesson-flag" id="flag-${flag}"><span class="lesson-flag__badge">${flag}</span>${escapeHtml(text)}</mark>`;
}

/** The segment's text, escaped, with its marks. */
function renderSegment(target: Segment): string {
  let out = '';
  let at = 0;
  for (const range of [...target.ranges].sort((a, b) => a.start - b.start)) {
    out += escapeHtml(target.text.slice(at, range.start)) + markHtml(range.flag, target.text.slice(range.start, range.end));
    at = range.end;
  }
  return out + escapeHtml(target.text.slice(at));
}

/** Puts the marks into the DOM: the text node becomes plain text and mark elements around its ranges. */
function replaceWithMarks(node: Text, target: Segment): void {
  if (target.ranges.length === 0) return;
  const pieces: ChildNode[] = [];
  let at = 0;
  for (const range of [...target.ranges].sort((a, b) => a.start - b.start)) {
    if (range.start > at) pieces.push(new Text(target.text.slice(at, range.start)));
    const badge = new Element('span', { class: 'lesson-flag__badge' }, [new Text(String(range.flag))]);
    pieces.push(new Element('mark', { class: 'lesson-flag', id: `flag-${range.flag}` }, [badge, new Text(target.text.slice(range.start, range.end))]));
    at = range.end;
  }
  if (at < target.text.length) pieces.push(new Text(target.text.slice(at)));
  for (const piece of pieces) DomUtils.prepend(node, piece);
  DomUtils.removeElement(node);
}

/**
 * Walks the parsed mail: drops what acts or was hidden, unwraps unknown tags, strips attributes.
 * A link keeps its words (the address it showed is often the red flag) but loses its target; it
 * is collected so the caller can label it.
 */
function neutralise(parent: ParentNode, links: Element[]): void {
  for (const child of [...parent.children]) {
    if (!isTag(child)) {
      if (!isText(child)) DomUtils.removeElement(child); // comments, doctypes, processing instructions
      continue;
    }
    const name = child.name.toLowerCase();
    if (DROPPED_TAGS.has(name) || isHidden(child) || (name === 'img' && !isShownImage(child))) {
      DomUtils.removeElement(child);
      continue;
    }
    neutralise(child, links);
    if (name === 'a') {
      child.name = 'span';
      child.attribs = { class: 'lesson-mail__link' };
      links.push(child);
    } else if (HEADING.test(name)) {
      child.name = 'p';
      child.attribs = { class: 'lesson-mail__heading' };
    } else if (KEPT_TAGS.has(name)) {
      child.attribs = keptAttributes(name, child.attribs);
      if (name === 'img') Object.assign(child.attribs, { loading: 'lazy', referrerpolicy: 'no-referrer' });
    } else {
      for (const grandchild of [...child.children]) DomUtils.prepend(child, grandchild);
      DomUtils.removeElement(child);
    }
  }
}

function isHidden(element: Element): boolean {
  return 'hidden' in element.attribs || HIDDEN_STYLE.test(element.attribs.style ?? '');
}

/** Images a reader saw: https or inline data, and not a 1×1 pixel (an open beacon). */
function isShownImage(image: Element): boolean {
  const { src = '', width, height } = image.attribs;
  const pixel = (value: string | undefined) => value !== undefined && Number.parseInt(value, 10) <= 1;
  return SAFE_IMAGE_SOURCE.test(src.trim()) && !(pixel(width) && pixel(height));
}

function keptAttributes(tag: string, attribs: Record<string, string>): Record<string, string> {
  const allowed = [...GLOBAL_ATTRIBUTES, ...(KEPT_ATTRIBUTES[tag] ?? [])];
  return Object.fromEntries(Object.entries(attribs).filter(([attribute]) => allowed.includes(attribute.toLowerCase())));
}
