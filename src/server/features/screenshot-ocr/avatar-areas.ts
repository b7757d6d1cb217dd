import type { OcrLine } from './ocr-layout';
import type { PixelBox } from './screenshot-ocr.types';

/**
 * Avatars beside a mail's sender (the round picture or initial a mail app draws left of the name):
 * OCR reads one as the line's first, oversized character. The redaction rules (sensitive-areas.ts)
 * ask these helpers where the text beside it really stands and where an unread recipient line under
 * the sender must be.
 */

/**
 * How many of a line's first characters stand left of the column `above` starts (by a third of a
 * line's height or more) and are half as tall again as the characters after them: an avatar, not a
 * header's field label ("件名" left of the values' column).
 */
export function leftOfColumn(line: OcrLine, above: OcrLine): number {
  let count = 0;
  while (count < line.charBoxes.length - 1 && line.charBoxes[count]!.x + line.charBoxes[count]!.w < above.box.x - above.box.h * 0.3) count++;
  const rest = line.charBoxes.slice(count).map((box) => box.h).sort((a, b) => a - b);
  const textHeight = rest[Math.floor(rest.length / 2)] ?? 0;
  return count > 0 && line.charBoxes.slice(0, count).every((box) => box.h >= textHeight * 1.5) ? count : 0;
}

/** A line's first character is an avatar when it is at least this many times as tall as the text beside it. */
const AVATAR_HEIGHT = 2.2;
/** How many text heights wide the recipient's line under a sender is at least. */
const RECIPIENT_LINE_WIDTH = 10;

/** A line's first character this many times as tall as the rest, about square and set apart, is an avatar beside them. */
const AVATAR_BOX_HEIGHT = 1.6;

/**
 * The line as its text stands beside an avatar read as its first character ("②no-reply@…", the
 * round picture 80 px tall beside 40-px letters), for a span after it: the line's box, and so a
 * span's padding, is the text's, not the avatar's, which reached up over the sender's name above.
 */
export function besideAvatar(line: OcrLine, span: { start: number }): OcrLine {
  const [avatar, ...text] = line.charBoxes;
  const rest = text.filter((box) => box.w > 0 && box.h > 0);
  if (span.start === 0 || !avatar || rest.length < 2) return line;
  if (!isAvatar(avatar, rest, AVATAR_BOX_HEIGHT)) return line;
  const top = Math.min(...rest.map((box) => box.y));
  const bottom = Math.max(...rest.map((box) => box.y + box.h));
  const left = rest[0]!.x;
  return { ...line, box: { x: left, y: top, w: line.box.x + line.box.w - left, h: bottom - top } };
}

/** The middle height of the boxes (the upper middle of an even count). */
function medianHeight(boxes: readonly PixelBox[]): number {
  return boxes.map((box) => box.h).sort((a, b) => a - b)[Math.floor(boxes.length / 2)]!;
}

/**
 * Is a line's first "character" an avatar beside the `text` after it: at least `minHeight` times as
 * tall as that text, round, so its box is square, and set apart from the text (a glyph merged with a
 * speck is neither).
 */
function isAvatar(avatar: PixelBox, text: readonly PixelBox[], minHeight: number): boolean {
  const textHeight = medianHeight(text);
  return avatar.h >= textHeight * minHeight && avatar.w >= avatar.h * 0.85 && avatar.w <= avatar.h * 1.15 && text[0]!.x - (avatar.x + avatar.w) >= textHeight * 0.5;
}

/**
 * The space under a sender's name beside its avatar (the line's first "character", much taller
 * than the rest and about square) when no line was read there: from the name's left edge, as wide
 * as the name or RECIPIENT_LINE_WIDTH text heights, down to the avatar's bottom.
 */
export function unreadUnderAvatar(lines: readonly OcrLine[], index: number): PixelBox | undefined {
  const line = lines[index]!;
  const [avatar, ...text] = line.charBoxes;
  if (!avatar || text.length < 2 || !isAvatar(avatar, text, AVATAR_HEIGHT)) return undefined;
  const textHeight = medianHeight(text);
  const top = Math.max(...text.map((box) => box.y + box.h));
  const bottom = avatar.y + avatar.h;
  if (bottom - top < textHeight * 0.8) return undefined;
  const left = text[0]!.x;
  const right = Math.max(text.at(-1)!.x + text.at(-1)!.w, left + textHeight * RECIPIENT_LINE_WIDTH);
  const read = lines.some((other, i) => i !== index && other.box.y < bottom && other.box.y + other.box.h > top + textHeight * 0.3
    && other.box.x < right && other.box.x + other.box.w > left);
  // From a third of a text height above the name's bottom: the recipient's line may sit that close (on a rotated capture, closer at one end).
  const from = top - textHeight * 0.3;
  return read ? undefined : { x: left, y: from, w: right - left, h: bottom - from };
}
