import { colonsByShape, glyphSize, median } from './form-lines';
import type { OcrLine } from './ocr-layout';
import { foldWidth, isCjk } from './ocr-text';

/**
 * A label chip or icons after a subject's last word (Gmail's 「受信トレイ」, a flag, a star): where they start on a line,
 * told by a gap, by smaller letters set low, or by the chip's own letters.
 */

/** Icons after a subject read as a few characters of middling confidence; real text reads at 96+. */
export const UNSURE_CHAR = 96;
/** A gap this wide (in character widths) inside a subject line sets a chip or icon apart from it. */
const CHIP_GAP = 0.75;
const MAX_CHIP = 6;
/**
 * Gmail's label chip, which follows the subject's last word: on the wrapped last line it stands right
 * after the subject's end (「せ受信トレイ」), read as 「受信トレイ」「妥信トレイ」「護トレイメ」, its ィ read twice
 * before the icon (「妥信トレイィメ」: a chip of seven, past the gap cut's reach).
 */
const INBOX_CHIP = /\s*(?:[受妥護授][信言]?|信)\s*トレイ[メィイ]{0,2}$/;

/**
 * What precedes a label chip set apart by a gap (Gmail's 「受信トレイ」, read as 「護トレイメ」), or
 * null when the line has none.
 */
export function withoutChip(line: OcrLine, text: string, minText = 3): string | null {
  const em = glyphSize(line);
  // The first gap from the left: a chip's own letters may be set apart too (「…お知らせ 受信トレイ メ」).
  for (let i = Math.max(1, line.text.length - MAX_CHIP); i < line.text.length; i++) {
    // Tesseract sometimes gives a character a box a pixel wide (「ト」 0.7 px at 1×): the narrowest
    // kana's ink spans about 0.4 of its advance, so such a box does not open a gap after it.
    const before = line.charBoxes[i - 1]!;
    // A full-width 、 or 。 is ink at the left of a whole character's advance (「伺いましたが、ご不在でし」).
    const advance = /[、。，．]/.test(line.text[i - 1]!) ? 0.9 : isCjk(line.text[i - 1]!) ? 0.4 : 0.2;
    const gap = line.charBoxes[i]!.x - Math.max(before.x + before.w, before.x + em * advance);
    if (gap > em * CHIP_GAP && !/[】」)）\]]/.test(line.text[i - 1]!) && !sameSizeAfter(line, i)) {
      return lineTextBefore(line, i);
    }
  }
  return beforeAnyChip(line, text, minText);
}

/** The inbox chip's last letters, the menu glyph after them read as メ, x or not (「…】百tレィメ」「…吾+レイィメ」「…吾tレィx」). */
const CHIP_END = /レ[イィ]{1,2}[メx]?$/;

/** A chip's or icon's letters are at most this share of the subject's height (measured 0.5–0.65; the subject's own 0.95–1). */
const CHIP_TEXT_SIZE = 0.8;

/**
 * The characters after a gap are as tall as the subject's: its own last word, whose boxes tesseract
 * placed late (「…ログ」 then 「イン」 at the line's end, 「…のお」 then 「知らせ」 squeezed together), not a
 * chip or icons, which are set smaller. Boxes given the line's full height tell nothing either way.
 */
function sameSizeAfter(line: OcrLine, cut: number): boolean {
  const heights = (from: number, to: number) => [...Array(to - from).keys()].map((k) => from + k)
    .filter((k) => line.charBoxes[k]!.h < line.box.h * 0.95 && !SMALL_BY_NATURE.test(line.text[k]!) && line.text[k]!.trim() !== '')
    .map((k) => line.charBoxes[k]!.h);
  const before = heights(0, cut);
  const after = heights(cut, line.text.length);
  return before.length > 0 && after.length > 0 && median(after) > median(before) * CHIP_TEXT_SIZE;
}

/** What precedes a chip told by its letters or by their size; when both are seen, the earlier cut. */
export function beforeAnyChip(line: OcrLine, text: string, minText = 3): string | null {
  const cuts = [beforeSmallTail(line, minText), beforeInboxChip(text)].filter((cut) => cut !== null);
  return cuts.length === 0 ? null : cuts.reduce((shorter, cut) => (cut.length < shorter.length ? cut : shorter));
}

/**
 * What precedes the smaller text of a chip or icons at the end of a line, or null when it has none.
 * A subject's wrapped last line may hold only a word or two before the chip (「更新剛呈品」).
 */
function beforeSmallTail(line: OcrLine, minText = 3): string | null {
  const chip = smallTextTail(line, minText);
  return chip > 0 ? lineTextBefore(line, chip) : null;
}

/** The line's text before a character, read again from the raw line, whose boxes tell a colon by its shape. */
function lineTextBefore(line: OcrLine, end: number): string {
  return foldWidth(colonsByShape({ ...line, text: line.text.slice(0, end) })).replace(/\s+/g, ' ').trim();
}

/** Characters that are small and sit low in any text: they tell nothing of a chip's smaller letters. */
const SMALL_BY_NATURE = /[\p{P}ーぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮ]/u;

/**
 * Where the smaller text after a subject starts: a chip (Gmail's 「受信トレイ」) or icons, read as
 * characters under two thirds of the subject's height and set low in its line (「…のご案内展主還時計」,
 * 「…お知らせ吾kレィ」). Tesseract gives some of them the whole line's height instead; those may stand
 * among them. Returns 0 when the line has no such tail.
 */
function smallTextTail(line: OcrLine, minText = 3): number {
  const artifact = (i: number) => line.charBoxes[i]!.h >= line.box.h * 0.95;
  for (let i = Math.max(minText + 1, line.text.length - MAX_CHIP); i < line.text.length; i++) {
    const text = [...Array(i).keys()].filter((k) => !artifact(k) && !SMALL_BY_NATURE.test(line.text[k]!) && line.text[k]!.trim() !== '');
    if (text.length < minText) continue;
    const height = median(text.map((k) => line.charBoxes[k]!.h));
    const top = median(text.map((k) => line.charBoxes[k]!.y));
    const smallAndLow = (k: number) => line.charBoxes[k]!.h <= height * 0.8 && line.charBoxes[k]!.y - top >= height * 0.2;
    if (!smallAndLow(i) || SMALL_BY_NATURE.test(line.text[i]!)) continue;
    const tail = [...Array(line.text.length - i).keys()].map((k) => i + k);
    if (!tail.every((k) => smallAndLow(k) || artifact(k) || line.text[k]!.trim() === '')) continue;
    const evidence = tail.filter((k) => smallAndLow(k) && !SMALL_BY_NATURE.test(line.text[k]!)).length;
    const artifacts = tail.filter(artifact);
    // One small character alone is a chip when the rest reads as the chip's end or as unsure marks.
    const unsure = (k: number) => (line.charConfidences[k] ?? 100) < UNSURE_CHAR + 1;
    if (evidence >= 2 || CHIP_END.test(line.text) || (artifacts.length > 0 && artifacts.every(unsure))) {
      // An icon's edge read right before it, unsurely, with the line's full height (「…不在通知上誠征」).
      // The subject's own last character may be given the full height too, read at 96 (「…の確認」 then
      // the chip 「王記ィx」): only a character read below real text's 96 is the icon's edge (「|」 at 90).
      let start = i;
      while (start > 4 && artifact(start - 1) && (line.charConfidences[start - 1] ?? 100) < UNSURE_CHAR) start--;
      return start;
    }
  }
  return 0;
}

/** What precedes Gmail's inbox chip at the end of a line, or null when the line does not end in it (or is only the chip). */
function beforeInboxChip(text: string): string | null {
  const before = text.replace(INBOX_CHIP, '');
  return before !== text && before.length > 0 ? before : null;
}
