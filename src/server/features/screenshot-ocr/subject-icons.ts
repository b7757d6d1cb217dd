import { glyphSize } from './form-lines';
import type { OcrLine } from './ocr-layout';
import { isCjk } from './ocr-text';
import { UNSURE_CHAR } from './subject-chips';

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
