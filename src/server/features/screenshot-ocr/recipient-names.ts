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

/** Where `name` stands in `text`, one character of it allowed to differ (but not the first) when it is three or more long. */
export function fuzzyOccurrences(text: string, name: string): Span[] {
  const spans: Span[] = [];
  const tolerance = name.length >= 3 ? 1 : 0;
  for (let start = 0; start + name.length <= text.length; start++) {
    let mismatches = 0;
    for (let i = 0; i < name.length && mismatches <= tolerance; i++) if (text[start + i] !== name[i]) mismatches++;
    if (mismatches <= tolerance && text[start] === name[0] || mismatches === 0) spans.push({ start, end: start + name.length });
  }
  return spans;
}
