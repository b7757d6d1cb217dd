import { glyphSize, meaningfulChars, sameTextRow, type TextLine } from './form-lines';
import { foldWidth } from './ocr-text';

/**
 * Pieces of a message's line read a second time beside the whole line (desktop mail at 1× and 2×: 「運輸をご」
 * 「にだき」「がとうござ」 over 「ヤマト運輸をご利用いただきありがとう」, 「が一時的に制限さ」「にめ、下計」 over
 * 「…の利用が一時的に制限されています。…」). A piece stands on the whole line's row, over its characters, and holds
 * the same characters: it is dropped, and what it read beyond the whole line's end (「ござ」) goes onto that line.
 */

/** A piece lies over the whole line with at least this share of its characters (the rest read past its end)… */
const PIECE_INSIDE = 0.4;
/** … and at least this share of those are the whole line's characters under them. */
const PIECE_SAME_CHARS = 0.5;
/** Fewer characters over the line than this tell nothing. */
const PIECE_MIN_CHARS = 2;

/** The characters of a line whose middles stand between `from` and `to`. */
function charsWithin({ line }: TextLine, from: number, to: number): string[] {
  return [...line.text].filter((char, i) => {
    const box = line.charBoxes[i];
    return box !== undefined && box.w > 0 && box.x + box.w / 2 >= from && box.x + box.w / 2 <= to && char.trim() !== '';
  });
}

/** Is `piece` a second reading of part of `whole`? */
function isPieceOf(piece: TextLine, whole: TextLine): boolean {
  if (piece === whole || meaningfulChars(piece.text) >= meaningfulChars(whole.text) || !sameTextRow(piece, whole)) return false;
  const size = glyphSize(whole.line);
  const { x, w } = whole.line.box;
  const own = charsWithin(piece, -Infinity, Infinity);
  const inside = charsWithin(piece, x, x + w);
  if (inside.length < PIECE_MIN_CHARS || inside.length < own.length * PIECE_INSIDE) return false;
  const under = charsWithin(whole, piece.line.box.x - size / 2, piece.line.box.x + piece.line.box.w + size / 2);
  const same = inside.filter((char) => {
    const at = under.indexOf(char);
    if (at < 0) return false;
    under.splice(at, 1);
    return true;
  }).length;
  return same >= inside.length * PIECE_SAME_CHARS;
}

/** The whole line with the characters the piece read right of its end (the whole line's reading stopped short). */
function withTailOf(whole: TextLine, piece: TextLine): TextLine {
  const end = whole.line.box.x + whole.line.box.w;
  const size = glyphSize(whole.line);
  const from = [...piece.line.text].findIndex((char, i) => char.trim() !== '' && (piece.line.charBoxes[i]?.x ?? -Infinity) >= end - size * 0.3);
  if (from < 0) return whole;
  const chars = [...piece.line.text];
  const tail = chars.slice(from).join('');
  if (meaningfulChars(tail) === 0) return whole;
  const boxes = piece.line.charBoxes.slice(from);
  const right = Math.max(end, ...boxes.map((box) => box.x + box.w));
  const line = {
    ...whole.line,
    text: whole.line.text + tail,
    charBoxes: [...whole.line.charBoxes, ...boxes],
    charConfidences: [...whole.line.charConfidences, ...piece.line.charConfidences.slice(from)],
    box: { ...whole.line.box, w: right - whole.line.box.x },
  };
  return { text: foldWidth(line.text).replace(/\s+/g, ' ').trim(), line };
}

/** Drops the pieces read again of the message's lines, keeping what they read past a line's end. */
export function withoutRereadPieces(lines: TextLine[]): TextLine[] {
  const wholeOf = new Map<TextLine, TextLine>();
  for (const piece of lines) {
    const whole = lines.filter((other) => isPieceOf(piece, other)).sort((a, b) => meaningfulChars(b.text) - meaningfulChars(a.text))[0];
    if (whole && !wholeOf.has(whole)) wholeOf.set(piece, whole);
  }
  if (wholeOf.size === 0) return lines;
  const merged = new Map<TextLine, TextLine>();
  for (const [piece, whole] of wholeOf) merged.set(whole, withTailOf(merged.get(whole) ?? whole, piece));
  return lines.filter((entry) => !wholeOf.has(entry)).map((entry) => merged.get(entry) ?? entry);
}
