import { glyphSize } from './form-lines';
import type { OcrLine } from './ocr-layout';
import { isCjk } from './ocr-text';
import { UNSURE_CHAR, withoutChip } from './subject-chips';
import { closesTagFrame, isMarkGlyph } from './subject-marks';

/** An icon's glyphs read at a wrapped line's end are a character or two (☆ read as 「文」, 「_淡」). */
const MAX_ICON_CHARS = 2;
/**
 * Set apart by this much more than a character's advance, in characters. Gmail's ☆ measured 0.45–1.45 on noveltune14; the
 * widest gap inside a subject's own words 0.53 on fresh14 (proportional kana, a bracket): only the clear cases are cut.
 */
const ICON_GAP = 0.6;
/**
 * A smaller gap will do when tesseract read every glyph of the tail unsurely (☆ as 「文」 at 31–93, 「_淡」 at 94 and 84, a
 * wrapped subject's own last characters at 98–99).
 */
const UNSURE_ICON_GAP = 0.2;
/** Where a character's ink ends in its advance: 、。 and closing brackets at its left, other kana and kanji near its end. */
const INK_AT_LEFT = /[、。，．】」』）)\]］]/;

/**
 * Mail apps set a button beside a subject's first line (Gmail for iOS's ☆, at the line's right end). When the subject
 * wraps, tesseract reads the button as a character or two at the end of that line (「…重要なお知文」「らせ」), inside the
 * subject once the lines are joined. They stand apart from the words by a gap no running text leaves: the text of a
 * line the subject wraps from, without them.
 */
export function withoutIconAtWrap(line: OcrLine, text: string): string {
  const em = glyphSize(line);
  const chars = line.text.length;
  for (let start = Math.max(1, chars - MAX_ICON_CHARS); start < chars; start++) {
    let before = start - 1;
    while (before > 0 && line.text[before]!.trim() === '') before--;
    const previous = line.charBoxes[before];
    const first = line.charBoxes[start];
    const tail = line.text.slice(start).trim();
    if (!previous || !first || tail === '' || /[A-Za-z0-9【「『（(［[]/.test(tail) || before < start - 1) continue;
    const char = line.text[before]!;
    const advance = INK_AT_LEFT.test(char) ? 0.9 : isCjk(char) ? 0.4 : 0.2;
    const gap = first.x - Math.max(previous.x + previous.w, previous.x + em * advance);
    // A label's colon before the wrap (「【未払い:」「17,620円】」) is read unsurely too: a ☆ is never read as one.
    const unsure = !/[:：]/.test(tail) && [...Array(chars - start).keys()].every((k) => (line.charConfidences[start + k] ?? 100) < UNSURE_CHAR);
    if ((gap > em * ICON_GAP || (unsure && gap > em * UNSURE_ICON_GAP)) && text.endsWith(tail)) return text.slice(0, text.length - tail.length).trimEnd();
  }
  return text;
}

/** Icons after a subject are read as a few unsure glyphs at most. */
const MAX_UNSURE_TAIL = 4;

/** Drops trailing characters tesseract was unsure of: icons after a subject (「…しました衰ィ」). */
export function withoutUnsureTail(line: OcrLine, text: string): string {
  let end = line.text.length;
  while (end > 0 && line.text.length - end < MAX_UNSURE_TAIL && (line.charConfidences[end - 1] ?? 100) < UNSURE_CHAR && !/[】」)）]/.test(line.text[end - 1]!)) end--;
  if (line.text.length - end >= MAX_UNSURE_TAIL && (line.charConfidences[end - 1] ?? 100) < UNSURE_CHAR) return text;
  // One unsure glyph closing a 【tag】◆…◆ frame is the frame's mark, not an icon (「【日本郵便】あお届け先住所の確認あ」).
  if (line.text.length - end === 1 && closesTagFrame(text)) return text;
  // One glyph read nearly surely, set against the one before it (no icon's gap), is the subject's own last character (「…ヤマト運輸」 at 94).
  if (line.text.length - end === 1 && ownLastCharacter(line)) return text;
  // The text is the line's, folded character for character (its colons read by shape): cut as many.
  return end === line.text.length ? text : [...text].slice(0, end - line.text.length).join('').trim();
}

const MIN_MEASURED_GLYPHS = 4;

/**
 * The size of a subject line's own characters: a chip or icons after its words (「が検知されました衣鮭」, a star set apart)
 * widen its box past its characters and make it measure larger than the line it wraps from.
 */
export function subjectGlyphSize(line: OcrLine): number {
  const kept = withoutChip(line, line.text) ?? withoutUnsureTail(line, line.text);
  const glyphs = [...kept.replace(/\s/g, '')].length;
  const ink = [...line.text].flatMap((char, i) => (char.trim() === '' ? [] : [i]));
  // A few glyphs left tell little of the size (a wrapped end 「認」 and the frame's closing mark, its box drawn too wide).
  if (glyphs < MIN_MEASURED_GLYPHS || glyphs >= ink.length) return glyphSize(line);
  const keptBoxes = ink.slice(0, glyphs).map((i) => line.charBoxes[i]).filter((box) => box !== undefined);
  const tail = line.charBoxes[ink[glyphs]!];
  // A box tesseract drew too wide (a rotated page's) must not reach past where the tail starts.
  const right = Math.min(Math.max(...keptBoxes.map((box) => box.x + box.w)), tail?.x ?? Infinity);
  const text = ink.slice(0, glyphs).map((i) => line.text[i]).join('');
  return right > line.box.x ? glyphSize({ ...line, text, box: { ...line.box, w: right - line.box.x } }) : glyphSize(line);
}

/** A last glyph read at this or more, touching the one before it, is a word's (icons were read at 31–94, a word's end at 94). */
const NEARLY_SURE = 90;

function ownLastCharacter(line: OcrLine): boolean {
  const last = line.charBoxes.at(-1);
  const before = line.charBoxes.at(-2);
  const char = line.text.at(-1)!;
  // ◆ and icons come back as these glyphs (「…確認あ」「…のお願い金」), read as unsurely.
  if (!last || !before || (line.charConfidences.at(-1) ?? 0) < NEARLY_SURE || !isCjk(char) || isMarkGlyph(char)) return false;
  return last.x - (before.x + before.w) < glyphSize(line) * 0.1;
}

/** A mark or figure an icon is read as before a subject's first word (an unread count, a folder's badge: 「3佐川急便|…」). */
const LEADING_ICON = /^[0-9。・.,|_]$/u;
/** Set apart from the first word by more than a character's width: no subject spaces its first letters so. */
const LEADING_ICON_GAP = 1;

/** The text of a subject's first line without an icon's glyph read before its first word, set apart by a wide gap. */
export function withoutLeadingIcon(line: OcrLine, text: string): string {
  const first = line.charBoxes[0];
  let next = 1;
  while (next < line.text.length && line.text[next]!.trim() === '') next++;
  const second = line.charBoxes[next];
  if (!first || !second || !LEADING_ICON.test(line.text[0]!) || next >= line.text.length - 2) return text;
  return second.x - (first.x + first.w) > glyphSize(line) * LEADING_ICON_GAP && text.startsWith(line.text[0]!) ? text.slice(1).trimStart() : text;
}
