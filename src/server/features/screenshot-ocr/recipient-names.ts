import { findRecipients, NOT_A_NAME } from '../../../common/personal-data';
import { foldWidth, isCjk, type Span } from './ocr-text';
import type { OcrLine } from './ocr-layout';
import { LOOSE_RECIPIENT_LABEL, RECIPIENT_LABEL } from './sensitive-text';

/**
 * Recipient names read from "To:"/"宛先:" lines and before "様", looked for again on every line
 * with one character of tolerance, so a name is covered even where OCR misread its honorific.
 */
export function recipientNames(lines: readonly OcrLine[]): string[] {
  const names = new Set<string>();
  for (const line of lines) {
    const text = foldWidth(line.text);
    const label = RECIPIENT_LABEL.exec(text) ?? LOOSE_RECIPIENT_LABEL.exec(text);
    if (label) {
      const name = /^[^<(@\sA-Za-z0-9]{2,10}/.exec(text.slice(label[0].length).replace(/\s+/g, ''));
      if (name && !/自分/.test(name[0])) names.add(name[0]);
    }
    for (const match of text.matchAll(/([^\s【】「」、。:・<>()]{2,8})(様|さま|殿)/g)) {
      if (!NOT_A_NAME.test(match[1]!) && [...match[1]!].every((char) => isCjk(char))) names.add(match[1]!);
    }
    for (const name of findRecipients(text).names) names.add(name.replace(/\s+/g, ''));
  }
  return [...names];
}

/** A name read with extra glyphs inside it has at most one per this many of its characters ("ヤマモトドクケンタ" for "ヤマモトケンタ", its ト split in three). */
const CHARS_PER_EXTRA_GLYPH = 3;

/**
 * Where `name` stands in `text`: one character of it allowed to differ (but not the first) when it
 * is three or more long; and, four or more long, read with a few extra glyphs inside it (a glyph
 * split in two or three, a speck between two characters), when it starts and ends as the name does.
 */
export function fuzzyOccurrences(text: string, name: string): Span[] {
  const spans: Span[] = [];
  const tolerance = name.length >= 3 ? 1 : 0;
  const extra = name.length >= 4 ? Math.floor(name.length / CHARS_PER_EXTRA_GLYPH) : 0;
  for (let start = 0; start + name.length <= text.length; start++) {
    let mismatches = 0;
    for (let i = 0; i < name.length && mismatches <= tolerance; i++) if (text[start + i] !== name[i]) mismatches++;
    if (mismatches <= tolerance && text[start] === name[0] || mismatches === 0) spans.push({ start, end: start + name.length });
    else if (extra > 0 && text[start] === name[0]) {
      const end = endWithExtraGlyphs(text, start + 1, name, 1, tolerance, extra);
      if (end > 0) spans.push({ start, end });
    }
  }
  return spans;
}

/**
 * Where the rest of `name` from `i` on ends in `text` from `at` on, with at most `subs` characters
 * read as others and `extra` glyphs that are none of its own; the last one must be the name's. -1: not there.
 */
function endWithExtraGlyphs(text: string, at: number, name: string, i: number, subs: number, extra: number): number {
  if (i === name.length) return text[at - 1] === name.at(-1) ? at : -1;
  if (at >= text.length || /\s/.test(text[at]!)) return -1;
  const same = text[at] === name[i];
  const next = same || subs > 0 ? endWithExtraGlyphs(text, at + 1, name, i + 1, same ? subs : subs - 1, extra) : -1;
  if (next > 0) return next;
  return extra > 0 ? endWithExtraGlyphs(text, at + 1, name, i, subs, extra - 1) : -1;
}
