import type { OcrLine } from './ocr-layout';
import { isCjk } from './ocr-text';

/** Size of the uploaded image, in its own pixels. */
export interface ImageSize {
  width: number;
  height: number;
}

/** An OCR line with its text folded to half width and its spaces collapsed: what the auto-fill rules read. */
export interface TextLine {
  text: string;
  line: OcrLine;
}

/** Letters, digits and Japanese characters: what tells a line of text from icons read as marks. */
export function meaningfulChars(text: string): number {
  return [...text].filter((char) => isCjk(char) || /[A-Za-z0-9]/.test(char)).length;
}

/**
 * Font size as the advance of one Japanese character: the line's width over its characters, half-width
 * ones counting about half. Steadier than any one character's box, whose width and height vary with the glyph.
 */
export function glyphSize(line: OcrLine): number {
  const ems = [...line.text].reduce((sum, char) => sum + (char.trim() === '' ? 0 : char.charCodeAt(0) > 0x7f ? 1 : 0.55), 0);
  return ems > 0 ? line.box.w / ems : line.box.h * 0.8;
}

/** Do two text lines share a row (their middles less than half the taller one's height apart)? */
export function sameTextRow(a: TextLine, b: TextLine): boolean {
  const ab = a.line.box;
  const bb = b.line.box;
  return Math.abs(ab.y + ab.h / 2 - (bb.y + bb.h / 2)) < Math.max(ab.h, bb.h) / 2;
}

/** The usual font size of the message text: the median size of the longer lines. */
export function bodyGlyphSize(lines: readonly TextLine[]): number | null {
  const sizes = lines.filter(({ text }) => meaningfulChars(text) >= 12).map(({ line }) => glyphSize(line)).sort((a, b) => a - b);
  return sizes.length >= 3 ? sizes[Math.floor(sizes.length / 2)]! : null;
}

/** A middle dot's ink is a small square: at most 0.31 of its line's height on the tune split, a colon's 0.37 or more. */
const TALL_DOT = 0.35;

/**
 * The full-width colon read as a middle dot, told apart by its ink: a colon's two dots stand about
 * half a line high, a middle dot is one small square (「Amazon・お客様情報の確認」 was 「Amazon：…」).
 * Works on the raw OCR line, whose characters still have their boxes.
 */
export function colonsByShape(line: OcrLine): string {
  if (!line.text.includes('・') || line.text.length < 3) return line.text;
  const middle = glyphMiddle(line);
  return [...line.text].map((char, i) => (char === '・' && ((line.charBoxes[i]?.h ?? 0) > line.box.h * TALL_DOT || oneDotOfColon(line.charBoxes[i], middle)) ? '：' : char)).join('');
}

/** A middle dot sits at its glyphs' middle (within 0.12 of their height on fresh13); a colon's dots a quarter above and below it. */
const DOT_OFF_MIDDLE = 0.2;

/**
 * The dot is one of a colon's two, the other lost: it stands well above or below the middle of the
 * line's kanji and kana (「楽天市場・未払い…」 read from the upper dot, 「水道局・未払い…」 from the lower).
 */
function oneDotOfColon(box: OcrLine['charBoxes'][number] | undefined, middle: { y: number; h: number } | null): boolean {
  return box !== undefined && middle !== null && Math.abs(box.y + box.h / 2 - middle.y) > middle.h * DOT_OFF_MIDDLE;
}

/** The middle and height of a line's full-size kanji and kana (median), or null with fewer than three. */
function glyphMiddle(line: OcrLine): { y: number; h: number } | null {
  const glyphs = [...line.text].map((char, i) => ({ char, box: line.charBoxes[i] }))
    .filter(({ char, box }) => box !== undefined && /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(char) && !/[ーぁぃぅぇぉっゃゅょァィゥェォッャュョ・]/.test(char) && box.h < line.box.h * 0.95);
  if (glyphs.length < 3) return null;
  return { y: median(glyphs.map(({ box }) => box!.y + box!.h / 2)), h: median(glyphs.map(({ box }) => box!.h)) };
}

/**
 * The full-width colon read as a middle dot: doubled (「:・」, or 「::」 once the dot's shape told it was a colon), or between a label and its figure
 * (「お支払期限・2026年」「ご請求金額・\5,690」), where Japanese never sets a middle dot.
 */
export function repairColons(text: string): string {
  return text.replace(/:\s?[・:]|・\s?:/g, ':').replace(/(?<=[\p{Script=Han}\p{Script=Katakana}ー])・(?=\s?[0-9¥\\〒])/gu, ':');
}

/** The upper median of some measurements (boxes' heights, middles, widths); callers pass at least one. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
