/**
 * Repairs inside addresses that only the glyphs' boxes can tell: one glyph read twice in two cases,
 * and a zero read as a capital O. Auto-fill only: redaction covers an address however it was read.
 */
import { diffChars } from 'diff';
import { REREAD_CONFIDENCE } from './address-reread';
import { median } from './form-lines';
import type { OcrLine } from './ocr-layout';
import type { PixelBox } from './screenshot-ocr.types';
import { asciiRuns, looksLikeAddress } from './ocr-text';

/**
 * Letters whose capital is their small letter drawn taller (the jpn reader reads a random token's
 * 「v」 as 「V」, or as both).
 */
const SAME_SHAPE = 'cosuvwxz';
/** A box at least this share of its line's height spans the whole line: tesseract gave the glyph no box of its own. */
const LINE_TALL = 0.95;

/**
 * Are two characters one glyph in two readings: a letter of 「cosuvwxz」 in both cases, or 0 and O?
 * Neither form of these reaches above the cap height or below the baseline, so neither has a box
 * as tall as a line (a 「j」 or an 「l」 may).
 */
function sameGlyph(a: string, b: string): boolean {
  if (a !== b && a.toLowerCase() === b.toLowerCase()) return SAME_SHAPE.includes(a.toLowerCase());
  return (a === '0' && b === 'O') || (a === 'O' && b === '0');
}

/** The strip of a glyph read twice is this much narrower than the glyph's own box at least. */
const STRIP_WIDTH = 0.75;

/**
 * One glyph read twice (「?c=ggvjdLNdsUVYu&vV=2」「QwVvrpm」「wDEe0ONu」): the jpn reader sometimes
 * gives a glyph a second character, in the other case, whose box is a thin strip as tall as the whole
 * line. Of two neighbours that are one glyph in two readings, the one with such a box goes when the
 * other has a box of its own, shorter than the line and wider than the strip.
 */
function doubledGlyphs(line: OcrLine, from: number, to: number): Set<number> {
  const drop = new Set<number>();
  const strip = (i: number, other: number) => {
    const box = line.charBoxes[i]!;
    const own = line.charBoxes[other]!;
    return box.h >= line.box.h * LINE_TALL && own.h < line.box.h * LINE_TALL && box.w < own.w * STRIP_WIDTH;
  };
  for (let i = from; i + 1 < to; i++) {
    if (!sameGlyph(line.text[i]!, line.text[i + 1]!)) continue;
    if (strip(i, i + 1)) drop.add(i);
    else if (strip(i + 1, i)) drop.add(i + 1);
  }
  return drop;
}

/** Capitals and digits that sit on the baseline and reach the cap height: their boxes are as tall as a capital O's. */
const CAP_HEIGHT_GLYPHS = 'ABDEFHKLMNPRTUVWXYZ0123456789';

/** Glyphs wider than tall: a small w's own box is a third wider than its height (35 × 26 px beside a 23 px a). */
const WIDE_GLYPHS = 'MWmw';
const WIDE_GLYPH_RATIO = 1.6;

/**
 * Is the box one glyph's own? Tesseract gives some characters a box that spans the line or runs over
 * its neighbours (an 「s」 three times as wide as tall), and a span the reading vote replaced has its
 * width shared out evenly (address-reread.ts): such boxes tell nothing of the glyph's shape. A box
 * may be as tall as its line only where the line's capitals are too (a wrapped URL's last few characters,
 * 「FVO1sr」, with no ascender or descender taller than them), not where they are shorter.
 */
function ownBox(line: OcrLine, i: number, capHeight: number | null): boolean {
  const box = line.charBoxes[i]!;
  // The rereading's characters have the same box as their neighbours, and confidence 90.
  const even = (j: number) => {
    const other = line.charBoxes[j];
    return other !== undefined && other.w === box.w && other.h === box.h && other.y === box.y && line.charConfidences[j] === REREAD_CONFIDENCE;
  };
  const shared = line.charConfidences[i] === REREAD_CONFIDENCE && (even(i - 1) || even(i + 1));
  const glyphTall = box.h < line.box.h * LINE_TALL || (capHeight !== null && box.h <= capHeight * 1.1);
  const widest = WIDE_GLYPHS.includes(line.text[i]!) ? WIDE_GLYPH_RATIO : 1.2;
  return !shared && glyphTall && box.w >= box.h * 0.4 && box.w <= box.h * widest;
}

/** Wide capitals whose width is about a capital O's (an O is a little wider still). */
const WIDE_CAPITALS = 'CDGHNQU';
/** A zero is this much narrower than those capitals at least: about 0.6 against 0.74 of the height in the usual UI fonts. */
const ZERO_OVER_CAPITAL = 0.9;
/**
 * Without such capitals to compare with: a box narrower than this share of its height is no capital O.
 * A capital O is 0.8–0.9 of the cap height wide in the usual UI fonts (Roboto, SF, Hiragino, Noto Sans
 * CJK), a zero 0.6–0.65; the page's zeros read as O measured 0.50–0.63 on the tuning split.
 */
const ZERO_MAX_WIDTH = 0.68;

/**
 * 「0」 read as 「O」 in an address's random token (「?c=FhUqejyOFt」「?no=d3quOnF」): all three readers
 * mistake them alike, but a zero is narrower than any capital O. An O whose box is clearly narrower
 * than the line's other wide capitals (C D G H N Q U) is a zero; in a line without two of them, one
 * narrower than any capital O is (ZERO_MAX_WIDTH). Boxes that are not the glyph's own tell nothing.
 */
function zerosByWidth(line: OcrLine, from: number, to: number, dropped: Set<number>): Map<number, string> {
  const ratio = (i: number) => line.charBoxes[i]!.w / line.charBoxes[i]!.h;
  const heightsOf = (glyphs: string) => [...line.text].flatMap((char, i) => (glyphs.includes(char) ? [line.charBoxes[i]!.h] : []));
  // Without a flat capital or digit on the line (「CGOG&utm_source=sms」), the round capitals tell the cap height:
  // they reach a little above and below it, so a box they share with the O is no strip over the whole line.
  const capHeights = heightsOf(CAP_HEIGHT_GLYPHS);
  const roundHeights = heightsOf(WIDE_CAPITALS);
  const capHeight = capHeights.length > 0 ? median(capHeights) : roundHeights.length >= 2 ? median(roundHeights) : null;
  const capitals: number[] = [];
  for (let i = 0; i < line.text.length; i++) if (WIDE_CAPITALS.includes(line.text[i]!) && ownBox(line, i, capHeight)) capitals.push(ratio(i));
  const changed = new Map<number, string>();
  const widest = capitals.length >= 2 ? median(capitals) * ZERO_OVER_CAPITAL : ZERO_MAX_WIDTH;
  for (let i = from; i < to; i++) {
    if (line.text[i] === 'O' && !dropped.has(i) && ownBox(line, i, capHeight) && ratio(i) < widest) changed.set(i, '0');
  }
  return changed;
}

/** Capitals drawn as their small letter taller (O is left to zerosByWidth: in a token it is as often a zero). */
const SHAPE_CAPITALS = 'CSUVWXZ';
/** Glyphs that reach the cap height and no higher, and none of which has a small form of the same shape. */
const FLAT_CAPITALS = 'ABDEFHKLMNPRT0123456789';
/** Small letters without ascender or descender: their boxes are the x-height. */
const X_HEIGHT_LETTERS = 'aemnr';

/**
 * A capital of 「CSUVWXZ」 whose own box is as tall as the line's small letters (「?id=ZLLJHt7」: the Z's box 24
 * px against the capitals' 32.5, 「/Secure」: 6.5 against 8.7): the small letter the reader took for it.
 * Needs two flat capitals or digits to give the cap height, and two of a e m n r (boxes of their own) the
 * x-height, the letter within an eighth of the cap height of it; without them, the letter must stand on the
 * capitals' baseline and be a fifth shorter than them at least.
 */
function smallByHeight(line: OcrLine, from: number, to: number, dropped: Set<number>): Map<number, string> {
  const glyphsOf = (glyphs: string, capHeight: number | null) =>
    [...line.text].flatMap((char, i) => (glyphs.includes(char) && !dropped.has(i) && ownBox(line, i, capHeight) ? [line.charBoxes[i]!] : []));
  // A wrapped URL's last piece may hold capitals only, all as tall as their line (「=ZLLJHt7」): they are the cap height then.
  const owned = glyphsOf(FLAT_CAPITALS, null);
  const capitals = owned.length >= 2 ? owned : [...line.text].flatMap((char, i) => (FLAT_CAPITALS.includes(char) ? [line.charBoxes[i]!] : []));
  const changed = new Map<number, string>();
  if (capitals.length < 2) return changed;
  const capHeight = median(capitals.map((box) => box.h));
  const baseline = median(capitals.map((box) => box.y + box.h));
  const smalls = glyphsOf(X_HEIGHT_LETTERS, capHeight).map((box) => box.h);
  const xHeight = smalls.length >= 2 ? median(smalls) : null;
  if (xHeight !== null && xHeight > capHeight * 0.85) return changed;
  // Without small letters to measure, a letter standing on the capitals' baseline and a fifth shorter than them at least.
  const small = (box: PixelBox) =>
    xHeight !== null ? Math.abs(box.h - xHeight) <= capHeight / 8 && box.h <= capHeight * 0.85 : box.h <= capHeight * 0.8 && Math.abs(box.y + box.h - baseline) <= capHeight / 8;
  // Boxes shifted along the line (a flat capital as short as the letter, 「ydCEQ」 with E 20.6 px and C 21.7) tell nothing.
  const shortestCapital = Math.min(...capitals.map((box) => box.h));
  for (let i = from; i < to; i++) {
    const box = line.charBoxes[i]!;
    if (SHAPE_CAPITALS.includes(line.text[i]!) && !dropped.has(i) && ownBox(line, i, capHeight) && small(box) && shortestCapital > box.h * 1.15) changed.set(i, line.text[i]!.toLowerCase());
  }
  return changed;
}

/**
 * The line with its addresses' glyphs repaired by their boxes (see doubledGlyphs, zerosByWidth and smallByHeight);
 * a line without addresses, or without a box per character, comes back as it was.
 */
export function addressGlyphsByShape(line: OcrLine): OcrLine {
  if (line.charBoxes.length !== line.text.length) return line;
  const dropped = new Set<number>();
  const replaced = new Map<number, string>();
  for (const run of asciiRuns(line.text)) {
    if (!looksLikeAddress(line.text.slice(run.start, run.end))) continue;
    const doubled = doubledGlyphs(line, run.start, run.end);
    doubled.forEach((i) => dropped.add(i));
    zerosByWidth(line, run.start, run.end, doubled).forEach((char, i) => replaced.set(i, char));
    smallByHeight(line, run.start, run.end, doubled).forEach((char, i) => replaced.set(i, char));
  }
  if (dropped.size === 0 && replaced.size === 0) return line;
  const keep = (_: unknown, i: number) => !dropped.has(i);
  return {
    ...line,
    text: [...line.text].map((char, i) => replaced.get(i) ?? char).filter(keep).join(''),
    charBoxes: line.charBoxes.filter(keep),
    charConfidences: line.charConfidences.filter(keep),
  };
}

/**
 * The page's own character boxes put back into the lines the address rereading changed: a span it
 * replaced has its width shared out evenly (address-reread.ts), but most of its characters are the
 * page's, which tesseract boxed one by one. Each character the new reading shares with the page's
 * (or put in place of one, character for character) takes that character's box. `page` is the
 * first reading, line for line (the rereading keeps the lines and their order).
 */
export function withPageBoxes(lines: readonly OcrLine[], page: readonly OcrLine[]): OcrLine[] {
  if (lines.length !== page.length) return [...lines];
  return lines.map((line, index) => {
    const first = page[index]!;
    if (line.text === first.text || first.charBoxes.length !== first.text.length || line.charBoxes.length !== line.text.length) return line;
    const charBoxes = [...line.charBoxes];
    let from = 0;
    let to = 0;
    let removed = 0;
    let added = 0;
    const flush = () => {
      // Put in place of as many of the page's characters: one for one.
      if (removed === added) for (let k = 0; k < added; k++) charBoxes[to + k] = first.charBoxes[from + k]!;
      from += removed;
      to += added;
      removed = 0;
      added = 0;
    };
    for (const change of diffChars(first.text, line.text)) {
      if (change.removed) removed += change.value.length;
      else if (change.added) added += change.value.length;
      else {
        flush();
        for (let k = 0; k < change.value.length; k++) charBoxes[to + k] = first.charBoxes[from + k]!;
        from += change.value.length;
        to += change.value.length;
      }
    }
    flush();
    return { ...line, charBoxes };
  });
}
