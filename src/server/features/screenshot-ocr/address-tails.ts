/**
 * The last piece of a URL that the app wrapped onto a line of its own (「…/portal?session=wHvr」 then
 * 「b」): a line of a few address characters right below the URL's line. Alone it looks like an icon
 * or a speck (one letter, often read unsurely), so the body's filters would drop it; it belongs to the URL.
 */
import type { TextLine } from './form-lines';

/**
 * A line ending in what could be the start of an address, which the next line may continue; the scheme's
 * first letters alone too (「…ください。htt」 then 「ps://…」: the app wrapped inside the scheme).
 */
export const ADDRESS_AT_END = /(h?ttps?:?\/{0,2}|www\.)\S*$|[\w.-]+\.[a-z]{2,}\S*$|(?<![A-Za-z])htt?$/i;

/** A line that is nothing but a piece of an address (a middle line of a URL wrapped over three or more). */
export const ADDRESS_CHARS = /^[A-Za-z0-9/?=&._%~:#+-]+$/;
/** The wrapped last piece of a URL: a few address characters (longer pieces are read surely enough to stay anyway). */
const ADDRESS_TAIL = /^[A-Za-z0-9/?=&._%-]{1,12}$/;

/** `below` is the next line of `above`'s paragraph: right under it (a gap under one line height), at the same left edge. */
function rightBelow(above: TextLine, below: TextLine): boolean {
  const a = above.line.box;
  const b = below.line.box;
  return b.y - (a.y + a.h) < a.h && b.y > a.y && Math.abs(b.x - a.x) < a.h * 2;
}

/**
 * Does `lines[index]` end inside an address that may go on below: it ends in one itself, or it is a
 * piece of address characters right under a line that does (a URL wrapped over three lines or more,
 * whose middle line holds neither a scheme nor a host).
 */
export function endsInAddress(lines: readonly TextLine[], index: number): boolean {
  for (let i = index; i >= 0; i--) {
    if (ADDRESS_AT_END.test(lines[i]!.text)) return true;
    if (i === 0 || !ADDRESS_CHARS.test(lines[i]!.text) || !rightBelow(lines[i - 1]!, lines[i]!)) return false;
  }
  return false;
}

/** Is `lines[index]` the wrapped last piece of the address that the line above it ends in? */
export function isAddressTail(lines: readonly TextLine[], index: number): boolean {
  const entry = lines[index]!;
  return index > 0 && ADDRESS_TAIL.test(entry.text) && rightBelow(lines[index - 1]!, entry) && endsInAddress(lines, index - 1);
}
