import { alignedLeft, isNextLine, rowAbove, sameRow, typicalGlyphHeight } from './line-geometry';
import { FROM_LABEL, TO_LABEL } from './mail-labels';
import type { OcrLine } from './ocr-layout';
import { foldWidth } from './ocr-text';
import type { PixelBox } from './screenshot-ocr.types';
import type { MarkedSpan } from './sensitive-areas';

/**
 * Sensitive text whose cue OCR misread: the detectors know a recipient by 様, an address by its @,
 * a card number by its label, and each of those is a small glyph that a 1× or rotated capture
 * loses (「eposnetepos-jpっorz」, 「カード示尾」). These rules find the same things by
 * what is left around them: the line's shape, the header row it stands in, a mask's digits. They
 * only add black (the privacy rule: when the reading is unsure, black out more).
 */

/** A masked card number's end, the mask read as anything but its last symbol and the four digits: 「いい7*5190」. */
const MASK_TAIL = /[*＊●•]\s?\d{4}(?!\d)/;
/**
 * An address's local part or host without its @ (read as 「っ」, 「の」 or nothing): a run of address
 * characters with a digit, a hyphen, an underscore or a dot inside, or a long one. A display name
 * (「SoftBank」, 「Amazon」) is a short run of letters.
 */
const ADDRESS_RUN = /[A-Za-z0-9][A-Za-z0-9._\-+]{5,}/g;
const ADDRESS_SIGN = /[\d._\-+]/;
const LONG_ADDRESS_RUN = 12;
/** A row under a sender's or recipient's row read with less word confidence than this was not read. */
const UNREAD_ROW_CONFIDENCE = 35;
/** The address's rest, split off on its row by a wide gap: address characters only. */
const ADDRESS_REST = /^(?=.*[A-Za-z])[A-Za-z0-9._\-+@>)]{2,}$/;
/**
 * A web mail's or portal's welcome (「ようこそ、佐藤花子さん」, 「ようこそ 佐藤花子 様」): the signed-in
 * user's name, with さん, which the detectors do not take for an honorific (「皆さん」).
 */
const WELCOME_NAME = /ようこそ[、,\s]*(?=[^\s！!？?。．])(.{1,12}?)\s*(?:さん|様|さま)?\s*$/;
/**
 * A number's rest set apart on its row, its digits read among look-alikes (「コー96G63ュ」 right of
 * 「カスタマーセンター0LL.2.0!.6.0ユ」 for 「…０１２０－６０１－９６３」): two digits or more, no kana of a sentence.
 */
const NUMBER_REST = /^(?=(?:[^\d]*\d){2})[^\s\u3040-\u309f。、！？!?]{2,16}$/;
/** How many line heights right of an address's end its rest on the row may start. */
const REST_GAP = 2;

export function findLostCueAreas(lines: readonly OcrLine[], marked: readonly MarkedSpan[]): { marked: MarkedSpan[]; unread: PixelBox[] } {
  const found: MarkedSpan[] = [];
  const unread: PixelBox[] = [];
  const whole = (index: number) => found.push({ start: 0, end: lines[index]!.text.length, line: index, wraps: false, address: false });
  const glyphHeight = typicalGlyphHeight(lines);
  lines.forEach((line, index) => {
    const text = foldWidth(line.text);
    // 「いい7*5190」 after 「カード示尾」 for 「カード末尾」: a mask's last symbol and four digits.
    const mask = MASK_TAIL.exec(text);
    if (mask) {
      // From the mask's first symbol as read: after the field's separator, not its label.
      const start = text.slice(0, mask.index).search(/[^\s:：・]*$/);
      found.push({ start, end: mask.index + mask[0].length, line: index, wraps: false, address: false });
      // A mask that starts its line was set apart from its label, whose misread name no rule knew:
      // its first symbols may stand unread in the gap.
      if (text.slice(0, start).trim() === '') unread.push(...gapFromLeft(lines, index));
    }
    // A mask read as small kana and marks (「<びびて」 12 px tall at the top of a line of 28-px glyphs):
    // from the mask on, with the digits after it. The label before it was misread too, 「誠人で人」.
    const maskAt = smallGlyphMask(line, glyphHeight);
    if (maskAt >= 0) found.push({ start: maskAt, end: line.text.length, line: index, wraps: false, address: false });
    const welcome = WELCOME_NAME.exec(text);
    if (welcome) found.push({ start: welcome.index + welcome[0].length - welcome[0].replace(/^ようこそ[、,\s]*/, '').length, end: text.trimEnd().length, line: index, wraps: false, address: false });
    const label = FROM_LABEL.exec(text) ?? TO_LABEL.exec(text);
    if (label) {
      // 「差出人: eposnetepos-jpっorz」: the sender's address with its @ lost goes from its first run on.
      found.push(...addressWithoutAt(text, label[0].length, index));
      // The row under a sender's or recipient's row, read as garbage (「移先上牧本謀可」 for 「宛先 坂本 誠」):
      // the recipient's row, however it was read.
      const next = lines[index + 1];
      if (next && isNextLine(line, next) && alignedLeft(line, next) && next.confidence < UNREAD_ROW_CONFIDENCE && [...next.text.replace(/\s/g, '')].length >= 2) whole(index + 1);
    }
  });
  unread.push(...unreadGreetings(lines));
  found.push(...addressRests(lines, [...marked, ...found]));
  found.push(...unreadAddressStarts(lines, marked));
  return { marked: found, unread };
}

/**
 * An e-mail address that starts its line without its bracket or first letters
 * (「confirm@amazon-co-jp.example>」): they ended the row above, and when the piece of that row over
 * the address's start was read as garbage (「mron和Wu」 for 「Amazon <auto-」), where they start in
 * it is unknown, so the piece goes whole.
 */
function unreadAddressStarts(lines: readonly OcrLine[], marked: readonly MarkedSpan[]): MarkedSpan[] {
  const found: MarkedSpan[] = [];
  for (const span of marked) {
    const line = lines[span.line]!;
    if (!span.address || line.text.slice(0, span.start).trim() !== '' || !line.text.slice(span.start, span.end).includes('@')) continue;
    for (const i of rowAbove(lines, span.line)) {
      const piece = lines[i]!;
      // (Text, not an avatar's or icon's lone glyph.)
      if (piece.box.x <= line.box.x + line.box.h && piece.confidence < UNREAD_ROW_CONFIDENCE && [...piece.text.replace(/\s/g, '')].length >= 2) found.push({ start: 0, end: piece.text.length, line: i, wraps: false, address: false });
    }
  }
  return found;
}

/** How many line heights left of a value its label may end. */
const LABEL_GAP = 4;

/** The gap between a line and the nearest line left of it on its row, if that is near. */
function gapFromLeft(lines: readonly OcrLine[], index: number): PixelBox[] {
  const line = lines[index]!;
  const left = lines.filter((other) => other !== line && sameRow(line, other) && other.box.x + other.box.w <= line.box.x + line.box.h * 0.5);
  if (left.length === 0) return [];
  const end = Math.max(...left.map((other) => other.box.x + other.box.w));
  if (line.box.x - end > line.box.h * LABEL_GAP || line.box.x <= end) return [];
  return [{ x: end, y: line.box.y, w: line.box.x - end, h: line.box.h }];
}

function addressWithoutAt(text: string, valueStart: number, line: number): MarkedSpan[] {
  const value = text.slice(valueStart);
  if (/[@＠]/.test(value)) return [];
  // An address in angle brackets starts at its bracket; otherwise at the first run that is no name.
  const bracket = value.indexOf('<');
  if (bracket >= 0) return [{ start: valueStart + bracket, end: text.length, line, wraps: false, address: false }];
  for (const run of value.matchAll(ADDRESS_RUN)) {
    if (ADDRESS_SIGN.test(run[0].slice(1, -1)) || run[0].length >= LONG_ADDRESS_RUN) return [{ start: valueStart + run.index, end: text.length, line, wraps: false, address: false }];
  }
  return [];
}

/**
 * An address's rest that tesseract set apart on the same row (「苑先dp2kobayashi292の」 |
 * 「gmallexample」 for 「宛先: dp2kobayashi292@gmail.example」): address characters right after
 * something covered that ends its line; after a number, digits among look-alikes (NUMBER_REST).
 */
function addressRests(lines: readonly OcrLine[], marked: readonly MarkedSpan[]): MarkedSpan[] {
  const rest = (span: MarkedSpan) => [...lines[span.line]!.text.slice(span.end).trim()].length;
  const ends = new Set(marked.filter((span) => rest(span) === 0).map((span) => span.line));
  // (A number may leave its last digit or two misread after it, 「…6.0ユ」.)
  const numbers = new Set(marked.filter((span) => rest(span) <= 2 && /\d/.test(lines[span.line]!.text.slice(span.start, span.end))).map((span) => span.line));
  const found: MarkedSpan[] = [];
  for (const index of new Set([...ends, ...numbers])) {
    const line = lines[index]!;
    lines.forEach((other, i) => {
      const gap = other.box.x - (line.box.x + line.box.w);
      const text = other.text.trim();
      if (i !== index && !ends.has(i) && sameRow(line, other) && gap >= -line.box.h * 0.5 && gap <= line.box.h * REST_GAP && ((ends.has(index) && ADDRESS_REST.test(text)) || (numbers.has(index) && NUMBER_REST.test(text)))) {
        found.push({ start: 0, end: other.text.length, line: i, wraps: false, address: false });
      }
    });
  }
  return found;
}

/** How many rows under a To row the body's greeting stands at most (a notice or a button row may come between). */
const GREETING_ROWS = 3;
/** Below this word confidence a row under the To row was not read. */
const UNREAD_GREETING_CONFIDENCE = 10;
/** How many line heights left or right of the To row's start the body's column may start. */
const BODY_COLUMN_SHIFT = 4;
/** How many of its heights a garbage greeting's box is widened by on either side: its first or last glyph may be lost (「渡」 of 「渡辺 由美 様」). */
const GREETING_PAD = 1.5;
/** A row this share of the To row's glyph height at least is text, not a rule or a speck. */
const GREETING_MIN_HEIGHT = 0.6;

/**
 * A mail's body opens with a greeting that names the recipient the header's To row named (not the
 * owner's own 「自分」, which names nobody)
 * (「宛先: 後藤恵様」 … 「後藤 恵 様」). One of the first rows under a To row with a value, in its
 * column, read as garbage (「半」 at confidence 0, 「グ時」 at 1) is that greeting whatever it was read
 * as; its boxes are as unsure as its text, so it goes wider on both sides.
 */
function unreadGreetings(lines: readonly OcrLine[]): PixelBox[] {
  const holes: PixelBox[] = [];
  lines.forEach((to) => {
    const label = TO_LABEL.exec(foldWidth(to.text));
    const value = foldWidth(to.text).slice(label?.[0].length ?? 0).trim();
    if (!label || value.length < 2 || /自分|^me\b/i.test(value)) return;
    // (Its glyphs' height, not its box's: a To row's box may take in the avatar beside it.)
    const h = medianGlyphHeight(to);
    const rows = lines.filter((line) => line.box.y >= to.box.y + h * 0.5 && Math.abs(line.box.x - to.box.x) <= h * BODY_COLUMN_SHIFT && line.box.h >= h * GREETING_MIN_HEIGHT)
      .sort((a, b) => a.box.y - b.box.y).slice(0, GREETING_ROWS);
    for (const row of rows) {
      if (row.confidence >= UNREAD_GREETING_CONFIDENCE || row.text.trim() === '') continue;
      holes.push({ x: row.box.x - row.box.h * GREETING_PAD, y: row.box.y - row.box.h * 0.25, w: row.box.w + row.box.h * GREETING_PAD * 2, h: row.box.h * 1.5 });
    }
  });
  return holes;
}

function medianGlyphHeight(line: OcrLine): number {
  const heights = line.charBoxes.map((box) => box.h).filter((h) => h > 0).sort((a, b) => a - b);
  return heights[Math.floor(heights.length / 2)] ?? line.box.h;
}

/** A mask's symbols read as glyphs: this many in a row at least, ... */
const MASK_GLYPHS = 4;
/** ... each at most this share of the page's glyph height, ... */
const MASK_GLYPH_HEIGHT = 0.5;
/** ... as tall as each other and level with each other within this share of their height (asterisks all alike). */
const MASK_ALIKE = 0.25;

/**
 * Where a masked number's row of asterisks starts in a line that read them as other glyphs
 * (「<びびて」 12 px tall in a line of 28-px glyphs): a run of glyphs all alike and much shorter than
 * the page's, then two glyphs or more of the page's height (the last four digits a mask leaves,
 * read as anything). -1: none.
 */
function smallGlyphMask(line: OcrLine, glyphHeight: number): number {
  const boxes = line.charBoxes;
  const small = (i: number) => boxes[i]!.h > 0 && boxes[i]!.h <= glyphHeight * MASK_GLYPH_HEIGHT && line.text[i]!.trim() !== '';
  const alike = (a: PixelBox, b: PixelBox) => Math.abs(a.h - b.h) <= b.h * MASK_ALIKE && Math.abs(a.y - b.y) <= b.h * MASK_ALIKE;
  for (let start = 0; start < boxes.length; start++) {
    if (!small(start)) continue;
    let end = start + 1;
    while (end < boxes.length && small(end) && alike(boxes[end]!, boxes[start]!)) end++;
    const tallAfter = boxes.slice(end).filter((box, j) => box.h >= glyphHeight * 0.8 && line.text[end + j]!.trim() !== '').length;
    if (end - start >= MASK_GLYPHS && tallAfter >= 2) return start;
    start = end - 1;
  }
  return -1;
}
