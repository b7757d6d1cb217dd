import type { OcrLine } from './ocr-layout';
import type { Span } from './ocr-text';
import type { PageTurn } from './page-skew';
import type { PixelBox } from './screenshot-ocr.types';

/** Where OCR lines sit relative to each other and to the image: the layout side of the redaction rules. */

/** Is `next` the line right below `line` (the next line of the same paragraph, if it wrapped)? */
export function isNextLine(line: OcrLine, next: OcrLine): boolean {
  const gap = next.box.y - (line.box.y + line.box.h);
  return gap < Math.max(line.box.h, next.box.h) * 1.5 && gap > -line.box.h / 2;
}

/** Do two lines share a row (at least half of the lower one's height)? */
export function sameRow(line: OcrLine, other: OcrLine): boolean {
  const overlap = Math.min(line.box.y + line.box.h, other.box.y + other.box.h) - Math.max(line.box.y, other.box.y);
  return overlap > Math.min(line.box.h, other.box.h) * 0.5;
}

/**
 * Only a line that runs to the right edge of its text column (where its neighbours end) can have
 * wrapped. With `minConfidence`, neighbours read with less confidence do not set the edge: a
 * garbage line (a notification banner over the text, read as `="_-''へmmo`) is as wide as the
 * banner, not as the column.
 */
export function reachesColumnEdge(lines: readonly OcrLine[], index: number, minConfidence = 0): boolean {
  const line = lines[index]!;
  const neighbours = lines.slice(Math.max(0, index - 3), index + 4).filter((other) => alignedLeft(line, other) && (other === line || other.confidence >= minConfidence));
  return reaches(line, neighbours);
}

/**
 * The same against the lines of its own paragraph above it, which wrapped at the column's edge
 * too: where the text below is wider (an app's note under a bubble), the neighbours' edge is not
 * the bubble's.
 */
export function reachesParagraphEdge(lines: readonly OcrLine[], index: number): boolean {
  const above: OcrLine[] = [];
  for (let i = index - 1, below = lines[index]!; i >= 0 && above.length < 3 && isNextLine(lines[i]!, below) && alignedLeft(lines[index]!, lines[i]!); i--) {
    below = lines[i]!;
    above.push(below);
  }
  return above.length > 0 && reaches(lines[index]!, above);
}

/** Do two lines start at about the same x (the same text column)? */
export const alignedLeft = (line: OcrLine, other: OcrLine) => Math.abs(other.box.x - line.box.x) < line.box.h * 3;

function reaches(line: OcrLine, others: readonly OcrLine[]): boolean {
  const columnRight = Math.max(...others.map((other) => other.box.x + other.box.w));
  return line.box.x + line.box.w >= columnRight - line.box.h * 2.5;
}

/** The box of a span of a line's characters, padded so OCR's tight glyph boxes leave no edge readable. */
export function boxFor(line: OcrLine, span: Span, extraX = 0): PixelBox[] {
  const boxes = line.charBoxes.slice(span.start, span.end).filter((box) => box.w > 0 && box.h > 0);
  if (boxes.length === 0) return [];
  const heights = line.charBoxes.map((box) => box.h).filter((h) => h > 0).sort((a, b) => a - b);
  const charHeight = Math.max(heights[Math.floor(heights.length * 0.75)] ?? line.box.h, line.box.h * 0.6);
  let x0 = Math.min(...boxes.map((box) => box.x));
  let x1 = Math.max(...boxes.map((box) => box.x + box.w));
  let y0 = Math.min(line.box.y, ...boxes.map((box) => box.y));
  let y1 = Math.max(line.box.y + line.box.h, ...boxes.map((box) => box.y + box.h));
  const padX = Math.max(3, charHeight * 0.6) + extraX;
  const padY = Math.max(3, charHeight * 0.5);
  x0 -= padX;
  x1 += padX;
  y0 -= padY;
  y1 += padY;
  return [{ x: Math.floor(x0), y: Math.floor(y0), w: Math.ceil(x1 - x0), h: Math.ceil(y1 - y0) }];
}

/** The pixel size of the image the lines were read from. */
export interface ImageSize {
  width: number;
  height: number;
  /**
   * How a slanting upload was turned level before it was read: the upload's own edges then run
   * slanted through the page, inside the blank corners the turn added (see cutByEdge).
   */
  turn?: PageTurn | null;
}

/**
 * The line a line wraps onto: the nearest line right below it that starts near its left edge.
 * Usually the next one in reading order, but a date or a name set apart on the same row may come
 * between them.
 */
export function lineBelow(lines: readonly OcrLine[], index: number): number {
  const line = lines[index]!;
  const next = lines[index + 1];
  if (next && isNextLine(line, next)) return index + 1;
  const candidate = (other: OcrLine) => isNextLine(line, other) && alignedLeft(line, other) && other.box.y > line.box.y;
  let best: number | null = null;
  for (const [i, other] of lines.entries()) {
    if (i !== index && candidate(other) && (best === null || other.box.y < lines[best]!.box.y)) best = i;
  }
  // No line below: the caller finds the next line in reading order is no continuation either.
  return best ?? index + 1;
}

/**
 * The lines a line's start may have come from: the lines in the row right above it that reach past
 * its left edge, the one ending furthest right first (the end of the row a wrapped address broke
 * at, unless something set apart on that row, a time or a date, ends further right).
 */
export function rowAbove(lines: readonly OcrLine[], index: number): number[] {
  const line = lines[index]!;
  const candidates = [...lines.keys()].filter((i) => {
    const other = lines[i]!;
    return i !== index && isNextLine(other, line) && other.box.y < line.box.y && other.box.x + other.box.w > line.box.x;
  });
  if (candidates.length === 0) return [];
  const bottom = (i: number) => lines[i]!.box.y + lines[i]!.box.h;
  const nearest = candidates.reduce((best, i) => (bottom(i) > bottom(best) ? i : best));
  const right = (i: number) => lines[i]!.box.x + lines[i]!.box.w;
  return candidates.filter((i) => sameRow(lines[i]!, lines[nearest]!)).sort((a, b) => right(b) - right(a));
}

/**
 * The lines with one line's box widened to the end of its row, when the row was split at a wide
 * gap ("…北区天神橋" | "2-19-9グランレジデ"): the parts on the same row to its right, each less than
 * four line heights from the one before, are the same line of text.
 */
export function withRowEnd(lines: readonly OcrLine[], index: number): readonly OcrLine[] {
  const line = lines[index]!;
  let right = line.box.x + line.box.w;
  for (let grew = true; grew; ) {
    grew = false;
    for (const other of lines) {
      const gap = other.box.x - right;
      if (other !== line && sameRow(line, other) && gap >= 0 && gap < line.box.h * 4) {
        right = other.box.x + other.box.w;
        grew = true;
      }
    }
  }
  if (right === line.box.x + line.box.w) return lines;
  return lines.map((other, i) => (i === index ? { ...other, box: { ...other.box, w: right - other.box.x } } : other));
}

/** Lines read with at least this confidence are the ones that tell the page's text height. */
const HEIGHT_READ_CONFIDENCE = 60;

/** The median height of the lines read with confidence: the page's text line height (Infinity when none is). */
export function typicalLineHeight(lines: readonly OcrLine[]): number {
  const heights = lines.filter((line) => line.confidence >= HEIGHT_READ_CONFIDENCE).map((line) => line.box.h).sort((a, b) => a - b);
  return heights[Math.floor(heights.length / 2)] ?? Infinity;
}

/** The median height of the characters of the lines read surely: the page's glyph height (Infinity when none is). */
export function typicalGlyphHeight(lines: readonly OcrLine[]): number {
  const heights = lines.filter((line) => line.confidence >= HEIGHT_READ_CONFIDENCE).flatMap((line) => line.charBoxes.map((box) => box.h)).filter((h) => h > 0).sort((a, b) => a - b);
  return heights[Math.floor(heights.length / 2)] ?? Infinity;
}

/** How many line heights below a line the next line read in its column stands at most. */
const COLUMN_BELOW = 2.5;

/**
 * Where the text column of a line starts: its own left edge, or that of the nearest line below it
 * (within COLUMN_BELOW line heights, about as tall) that starts further left and runs on under the
 * line's start, the column's next row.
 */
export function columnLeft(lines: readonly OcrLine[], index: number): number {
  const line = lines[index]!;
  const bottom = line.box.y + line.box.h;
  const below = lines.filter((other) => other.box.y >= bottom - line.box.h * 0.25 && other.box.y < bottom + line.box.h * COLUMN_BELOW
    && other.box.h >= line.box.h * 0.6 && other.box.h <= line.box.h * 1.6 && other.box.x < line.box.x && other.box.x + other.box.w > line.box.x + line.box.h);
  if (below.length === 0) return line.box.x;
  const top = Math.min(...below.map((other) => other.box.y));
  return Math.min(...below.filter((other) => other.box.y < top + line.box.h * 0.5).map((other) => other.box.x));
}

/** How many of its line's heights a cover may reach up into the blank above it. */
const BLANK_ABOVE_ROWS = 1;
/** How much of its line's height the blank above a row is at least for the cover to reach through it. */
const BLANK_APART = 0.5;

/**
 * A line's cover reaching up through the blank above it to where the glyphs of the row above end
 * (the middle of their bottoms), at most BLANK_ABOVE_ROWS line heights: blank costs no ink.
 */
export function intoBlankAbove(lines: readonly OcrLine[], index: number, box: PixelBox): PixelBox {
  const line = lines[index]!;
  const bottoms = lines.filter((other, i) => i !== index && other.box.x < box.x + box.w && other.box.x + other.box.w > box.x && other.box.y < line.box.y)
    .map(glyphBottom).filter((bottom) => bottom <= box.y && bottom >= line.box.y - line.box.h * BLANK_ABOVE_ROWS);
  // (Only over a row set apart by blank half its height or more: right under the row above, the cover's
  // own pad already meets it, and reaching further would black that row's lower edge.)
  if (bottoms.length === 0 || line.box.y - Math.max(...bottoms) < line.box.h * BLANK_APART) return box;
  const top = Math.ceil(Math.max(...bottoms));
  return { ...box, y: top, h: box.y + box.h - top };
}

/** The middle of a line's glyphs' bottoms (a tall glyph's box may reach into the row below). */
function glyphBottom(line: OcrLine): number {
  const bottoms = line.charBoxes.filter((box) => box.h > 0).map((box) => box.y + box.h).sort((a, b) => a - b);
  return bottoms[Math.floor(bottoms.length / 2)] ?? line.box.y + line.box.h;
}
