import { alignedLeft, isNextLine, rowAbove, sameRow } from './line-geometry';
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
/** How many line heights right of an address's end its rest on the row may start. */
const REST_GAP = 2;

export function findLostCueAreas(lines: readonly OcrLine[], marked: readonly MarkedSpan[]): { marked: MarkedSpan[]; unread: PixelBox[] } {
  const found: MarkedSpan[] = [];
  const unread: PixelBox[] = [];
  const whole = (index: number) => found.push({ start: 0, end: lines[index]!.text.length, line: index, wraps: false, address: false });
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
 * something covered that ends its line.
 */
function addressRests(lines: readonly OcrLine[], marked: readonly MarkedSpan[]): MarkedSpan[] {
  const ends = new Set(marked.filter((span) => lines[span.line]!.text.slice(span.end).trim() === '').map((span) => span.line));
  const found: MarkedSpan[] = [];
  for (const index of ends) {
    const line = lines[index]!;
    lines.forEach((other, i) => {
      const gap = other.box.x - (line.box.x + line.box.w);
      if (i !== index && !ends.has(i) && sameRow(line, other) && gap >= -line.box.h * 0.5 && gap <= line.box.h * REST_GAP && ADDRESS_REST.test(other.text.trim())) {
        found.push({ start: 0, end: other.text.length, line: i, wraps: false, address: false });
      }
    });
  }
  return found;
}
