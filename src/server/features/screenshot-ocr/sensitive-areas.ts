import type { OcrLine } from './ocr-layout';
import { asciiRuns, foldWidth, isCjk, isPhoneNumber, looksLikeAddress, PHONE_PATTERN, type Span } from './ocr-text';
import type { PixelBox } from './screenshot-ocr.types';

/** Honorific-bearing words that are not a person's name ("お客様", "会員様" …). */
const NOT_A_NAME = /(お客|客|会員|ご本人|本人|利用者|契約者|加入者|皆|各位|担当者|お得意|ご家族|株主|オーナー|ユーザー|ご依頼主|依頼主|ご購入者|購入者|出品者|落札者|神)$/;
const NAME_STOP = /[\s【】「」『』（）()\[\]、。,:：!！?？・<>＜＞]/;
const RECIPIENT_LABEL = /^\s*(?:To|TO|to|宛先|宛て先|受信者|Cc|CC)\s*[:_]?\s*/;
const ADDRESS_LABEL = /(メールアドレス|アドレス|ご登録メール|登録メール|E-?mail|Email|mail)\s*[\]】]?\s*[:_]?/i;
const POSTAL = /〒|\b\d{3}-\d{4}\b|(?:東京都|北海道|京都府|大阪府|[^\s\d]{2,3}県)[^\s\d]{1,6}[市区町村郡]/;
const CARD_LABEL = /(カード番号|ご利用カード|対象カード|カード|card)/i;

interface Marked extends Span {
  line: number;
  /** Another line's start is a continuation of this span when it wraps. */
  wraps: boolean;
}

/**
 * Finds what must be blacked out before publishing: URLs, e-mail addresses, phone numbers,
 * recipient names, postal addresses and card numbers. Rules lean towards covering too much: a
 * readable recipient name or live phishing URL in a public image is a defect.
 */
export function findSensitiveBoxes(lines: readonly OcrLine[]): PixelBox[] {
  const marked: Marked[] = [];
  lines.forEach((line, index) => {
    for (const span of sensitiveSpans(foldWidth(line.text))) marked.push({ ...span, line: index });
  });
  // Wrapped URLs and numbers: the start of the next line continues a span that ran to the end.
  for (let i = 0; i < marked.length; i++) {
    const span = marked[i]!;
    if (!span.wraps) continue;
    const text = lines[span.line]!.text;
    if (text.slice(span.end).trim() !== '') continue;
    const next = lines[span.line + 1];
    if (!next || !isNextLine(lines[span.line]!, next)) continue;
    const end = continuationEnd(foldWidth(next.text));
    if (end > 0) marked.push({ start: 0, end, line: span.line + 1, wraps: end >= next.text.trimEnd().length });
  }
  return marked.flatMap((span) => boxFor(lines[span.line]!, span));
}

export function sensitiveSpans(text: string): Array<Span & { wraps: boolean }> {
  const spans: Array<Span & { wraps: boolean }> = [];
  const add = (start: number, end: number, wraps = false) => {
    if (end > start) spans.push({ start, end, wraps });
  };
  // "の" between letters is a misread "@".
  const probe = text.replace(/(?<=[A-Za-z0-9._-])の(?=[A-Za-z0-9])/g, '@');
  for (const run of asciiRuns(probe)) {
    if (looksLikeAddress(probe.slice(run.start, run.end))) add(run.start, run.end, true);
  }
  for (const match of probe.matchAll(PHONE_PATTERN)) {
    if (isPhoneNumber(match[0])) add(match.index, match.index + match[0].length, /[-‐－ー−]$/.test(match[0]));
  }
  // A number that breaks at the end of the line ("0120-862-").
  const trailingNumber = /(?:\+?\d[\d\s\-‐－ー−]{4,})[-‐－ー−]\s*$/.exec(probe);
  if (trailingNumber) add(trailingNumber.index, probe.length, true);

  const recipient = RECIPIENT_LABEL.exec(probe);
  if (recipient && recipient[0].length < probe.length) add(recipient[0].length, probe.length);
  const addressLabel = ADDRESS_LABEL.exec(probe);
  if (addressLabel && /[A-Za-z0-9]{3,}/.test(probe.slice(addressLabel.index + addressLabel[0].length))) {
    add(addressLabel.index + addressLabel[0].length, probe.length, true);
  }
  const postal = POSTAL.exec(probe);
  if (postal) add(postal.index, probe.length);
  const card = CARD_LABEL.exec(probe);
  if (card && /\d{3,4}/.test(probe.slice(card.index))) add(card.index + card[0].length, probe.length);

  for (const match of probe.matchAll(/様|さま|殿/g)) {
    let start = match.index;
    while (start > 0 && match.index - start < 10 && !NAME_STOP.test(probe[start - 1]!)) start--;
    const name = probe.slice(start, match.index).trim();
    if (name.length === 0 || NOT_A_NAME.test(name) || !isCjk(name.at(-1)) && !/[A-Za-z]/.test(name)) continue;
    add(start, match.index);
  }
  return spans;
}

/** How much of a line's start belongs to a URL or number carried over from the line above. */
function continuationEnd(text: string): number {
  let end = 0;
  while (end < text.length) {
    const char = text[end]!;
    // Two Japanese characters in a row are words again, not a garbled address.
    if (isCjk(char) && isCjk(text[end + 1])) break;
    if (char === ' ' && end > 0 && !/[A-Za-z0-9]/.test(text[end + 1] ?? '')) break;
    end++;
  }
  return end;
}

function isNextLine(line: OcrLine, next: OcrLine): boolean {
  const gap = next.box.y - (line.box.y + line.box.h);
  return gap < Math.max(line.box.h, next.box.h) * 1.5 && gap > -line.box.h / 2;
}

function boxFor(line: OcrLine, span: Span): PixelBox[] {
  const boxes = line.charBoxes.slice(span.start, span.end).filter((box) => box.w > 0 && box.h > 0);
  if (boxes.length === 0) return [];
  const heights = line.charBoxes.map((box) => box.h).filter((h) => h > 0).sort((a, b) => a - b);
  const charHeight = Math.max(heights[Math.floor(heights.length * 0.75)] ?? line.box.h, line.box.h * 0.6);
  let x0 = Math.min(...boxes.map((box) => box.x));
  let x1 = Math.max(...boxes.map((box) => box.x + box.w));
  let y0 = Math.min(line.box.y, ...boxes.map((box) => box.y));
  let y1 = Math.max(line.box.y + line.box.h, ...boxes.map((box) => box.y + box.h));
  const padX = Math.max(3, charHeight * 0.4);
  const padY = Math.max(3, charHeight * 0.3);
  x0 -= padX;
  x1 += padX;
  y0 -= padY;
  y1 += padY;
  return [{ x: Math.floor(x0), y: Math.floor(y0), w: Math.ceil(x1 - x0), h: Math.ceil(y1 - y0) }];
}
