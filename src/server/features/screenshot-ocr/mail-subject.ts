/**
 * The subject of a mail without a 件名 label: the largest line of its header, with the lines it
 * wrapped onto, less the chips and icons that follow it.
 */

import { isChrome } from './app-chrome';
import { findEmailAddress } from './address-repair';
import { bodyGlyphSize, glyphSize, type ImageSize, meaningfulChars, repairColons, type TextLine } from './form-lines';
import { DATE, FROM_LABEL, HEADER_LABEL, isDateRow, TO_LABEL } from './mail-labels';
import type { OcrLine } from './ocr-layout';
import { endsLeftOf, messageLeft } from './body-chrome';
import { withoutChip } from './subject-chips';
import { subjectGlyphSize, withoutIconAtWrap, withoutLeadingIcon, withoutUnsureTail } from './subject-icons';

/** Below this, a line above the subject is icons read as kanji (「吾眉本剛較」), not its first half. */
const MIN_SUBJECT_CONFIDENCE = 50;
/** A kana or kanji standing alone on its line (chrome elsewhere, a subject's wrapped end here). */
const LONE_CHARACTER = /^[\u3040-\u30ff\u4e00-\u9fff]$/;
/** A line that is only a name and its honorific: the message's greeting. */
const GREETING = /^\S{1,10}(様|さま|殿)$/;
/** An unlabelled subject is at least this much larger than the message text (measured 1.10–1.8 across mail apps). */
const SUBJECT_SIZE = 1.07;
/**
 * A desktop client's sender row: the avatar's initial, read as a circled figure (「②ヤマト運輸」, its ring as の: 「の②メルカリ…」),
 * or a name with its address cut at the pane's edge (「…センター<notice.10_jp@mizuh」, no whole address to find). The avatar
 * makes the row the header's largest line; a subject opens with neither.
 */
const AVATAR_INITIAL = /^\S?[\u2460-\u24ff\u3251-\u325f\u32b1-\u32bf]/u;
const NAME_AND_ADDRESS_START = /\S\s*<[^<>\s]*@/;

function isSenderWithAvatar(text: string): boolean {
  return AVATAR_INITIAL.test(text) || NAME_AND_ADDRESS_START.test(text);
}

/**
 * Without a label, the subject is the largest line of the header: above the sender on web mail
 * and the Gmail app, just below the date on iOS Mail. Sender names and greetings are skipped.
 */
export function tallestLine(lines: TextLine[], headerEnd: number, size: ImageSize): number {
  // Lines read with little confidence (web mail's folder icons and avatars, listed first) do not use up the search.
  let searchEnd = Math.max(headerEnd + 3, 4);
  // Every app sets the subject larger than the message; on a capture cut below the subject, the
  // largest line would be a sentence of the message, which must stay in the body.
  const bodySize = bodyGlyphSize(lines);
  // A desktop client's message list repeats senders and subjects in large type left of the message (「16社内報編集部」).
  const left = messageLeft(lines);
  const candidates: number[] = [];
  for (let i = 0; i < Math.min(lines.length, searchEnd); i++) {
    const { text, line } = lines[i]!;
    // The greeting (「後藤奈々様」) opens the message: below it no line is the subject, however large a
    // line of digits measures (「注文番号: 4 75-0630329-…」, its spaced figures read wide).
    if (candidates.length > 0 && GREETING.test(text)) break;
    if (line.confidence < MIN_SUBJECT_CONFIDENCE) searchEnd++;
    // A line read with little confidence is icons or the message list's avatars read as text (「| 5590て」
    // at confidence 2, taller than the subject beside it), not the subject: tesseract reads a subject surely.
    if (line.box.y > size.height * 0.5 || isChrome(lines[i]!) || meaningfulChars(text) < 5 || line.confidence < MIN_SUBJECT_CONFIDENCE) continue;
    if ((bodySize !== null && glyphSize(line) < bodySize * SUBJECT_SIZE) || (left !== null && endsLeftOf(lines[i]!, left))) continue;
    // The sender's row ends with the time the mail came (the avatar's letter makes it look large: 「のNHK 20:56」).
    if (isSenderWithAvatar(text)) continue;
    if (findEmailAddress(text) || isDateRow(text) || TO_LABEL.test(text) || FROM_LABEL.test(text) || /(様|さま|殿)$/.test(text) || ENDS_WITH_TIME.test(text) || endsWithTimeApart(line)) continue;
    if (nameAboveAddress(lines, i)) continue;
    candidates.push(i);
  }
  const long = candidates.filter((i) => meaningfulChars(lines[i]!.text) >= 8 || /【.+】/.test(lines[i]!.text));
  let best = -1;
  let bestSize = 0;
  for (const i of long.length > 0 ? long : candidates) {
    const glyph = glyphSize(lines[i]!.line);
    if (glyph > bestSize * 1.1) {
      best = i;
      bestSize = glyph;
    }
  }
  return best;
}

/** A sender's display name is short; a subject set right above an address runs longer. */
const MAX_NAME_CHARS = 16;
/** A display name can run longer (「Yahoo!ショッピングカスタマーセンター」) when its address below stands in angle brackets. */
const MAX_BRACKETED_NAME_CHARS = 24;

/**
 * The sender's name on its own line right above the address, alone on its line: iOS Mail, and macOS Mail, which sets the
 * name large beside the avatar and the address in angle brackets below it (OCR may list the date at the right in between).
 */
function nameAboveAddress(lines: TextLine[], index: number): boolean {
  const { text, line } = lines[index]!;
  const inColumn = (other: OcrLine) => other.box.x < line.box.x + line.box.w && other.box.x + other.box.w > line.box.x && other.box.y > line.box.y + line.box.h / 2;
  const below = lines.slice(index + 1, index + 6).find((entry) => inColumn(entry.line));
  const address = below ? findEmailAddress(below.text) : null;
  if (!below || !address || meaningfulChars(below.text.replace(address, '')) >= 2 || below.line.box.y - (line.box.y + line.box.h) >= line.box.h * 1.5) return false;
  return meaningfulChars(text) <= (/^<.*>$/.test(below.text.trim()) ? MAX_BRACKETED_NAME_CHARS : MAX_NAME_CHARS);
}

/** A subject wraps onto at most this many lines (three on a phone at large text, a fourth to spare). */
const MAX_SUBJECT_LINES = 4;
/** The sender's row below a subject ends with the time the mail came (「東京ガス事務局16:12」, icons after it). */
const ENDS_WITH_TIME = /\d{1,2}:\d{2}\D{0,3}$/;

/**
 * The subject around its largest line: the lines above and below it that continue it (same size,
 * right below, flush left), so a subject wrapped over two or three lines is read whole. Only the
 * last line can end in icons; a chip ends the subject.
 */
export function unlabelledSubject(lines: TextLine[], chosen: number): { text: string; end: number } {
  let first = chosen;
  while (chosen - first < MAX_SUBJECT_LINES - 1) {
    const above = lines[first - 1];
    // Below MIN_SUBJECT_CONFIDENCE, a line above the subject is icons read as kanji.
    if (!above || isChrome(above) || above.line.confidence < MIN_SUBJECT_CONFIDENCE || !continuesSubject(above.line, lines[first]!.line, above.text)) break;
    first--;
  }
  // The lines above the chosen one continue into it, so none of them ends in a chip (but one may end in an icon).
  const parts = lines.slice(first, chosen).map(({ text, line }) => withoutIconAtWrap(line, text));
  const chosenText = lines[chosen]!.text;
  const chosenCut = withoutChip(lines[chosen]!.line, chosenText);
  parts.push(chosenCut ?? chosenText);
  parts[0] = withoutLeadingIcon(lines[first]!.line, parts[0]!);
  // A chip ends the subject: what follows it on the next line is the sender's row. A button's glyph or two set apart at
  // the line's end (Gmail for iOS's ☆, read 「文」「凛」) is no chip: the subject may wrap past it onto the next line.
  const iconCut = chosenCut !== null && glyphsCut(chosenText, chosenCut) <= MAX_ICON_GLYPHS;
  if (chosenCut !== null && !iconCut) return { text: parts.join(''), end: chosen };
  let end = chosen;
  while (end - first < MAX_SUBJECT_LINES - 1) {
    const current = lines[end]!;
    // Web mail's folder list and message list stand left of the subject's column; OCR may list their
    // lines in between (icons read as 「全ら攻3」, a sender 「|ゅうちょ銀行カスタマーセ…」). None of them goes on with the subject.
    let nextIndex = end + 1;
    const leftOfSubject = (entry: TextLine) => entry.line.box.x + entry.line.box.w < current.line.box.x;
    while (nextIndex < lines.length && leftOfSubject(lines[nextIndex]!)) nextIndex++;
    const next = lines[nextIndex];
    // Text wraps only where a line is full: after a shorter line, the subject has ended. Before the
    // first wrap of a subject that the side panes' lines were listed beside (a desktop's reading pane,
    // where the sender's row comes next in the column), full is as wide as the message's own lines.
    const besidePanes = nextIndex > end + 1;
    const wrapWidth = end > first ? Math.max(...lines.slice(first, end).map(({ line }) => line.box.x + line.box.w)) : besidePanes ? messageRight(lines) : -Infinity;
    if (!next || current.line.box.x + current.line.box.w < wrapWidth - glyphSize(current.line) * shortfall(next.text)) break;
    // The next header row (「差出人Amazon」, its English part set smaller than the label) is no wrapped line, chip or not.
    if (HEADER_LABEL.test(next.text) || findEmailAddress(next.text) || ENDS_WITH_TIME.test(next.text) || timeBeside(lines, nextIndex)) break;
    const text = parts.join('');
    const beforeChip = withoutChip(next.line, next.text, 1);
    if (beforeChip !== null && wrapsOnto(current.line, next.line, text)) {
      // The chip's small letters would fail the size check; the chip itself says this is the subject's end.
      parts[parts.length - 1] = withoutIconAtWrap(current.line, parts.at(-1)!);
      parts.push(beforeChip);
      return { text: parts.join(''), end: nextIndex };
    }
    if (LONE_CHARACTER.test(next.text) && continuesSubject(current.line, next.line, text)) {
      // A subject one character too long for the screen wraps its last character alone onto the
      // next line: neither that character nor the end of the line above it is an icon then.
      parts.push(next.text);
      return { text: parts.join(''), end: nextIndex };
    }
    if (isChrome(next) || /(様|さま|殿)$/.test(next.text) || !continuesSubject(current.line, next.line, text)) break;
    const cut = withoutChip(next.line, next.text);
    parts[parts.length - 1] = withoutIconAtWrap(current.line, parts.at(-1)!);
    parts.push(cut ?? next.text);
    end = nextIndex;
    if (cut !== null) return { text: parts.join(''), end };
  }
  // Icons after the subject (a flag, a star) read as a few unsure characters on its last line. A
  // wrapped line left with less than two characters was the subject's end read unsurely, not icons.
  // (The chosen line's icon is already cut.)
  const last = iconCut && end === chosen ? parts.at(-1)! : withoutUnsureTail(lines[end]!.line, parts[parts.length - 1]!);
  if (end === chosen || [...last].length >= 2) parts[parts.length - 1] = last;
  return { text: parts.join(''), end };
}

/** A closing mark never starts a line: the character before it goes down with it, and the line above ends a character short. */
const CLOSING_AT_LINE_START = /^.?[)）」』】\]］、。，．]/u;

/** How many characters short of the wrap width a line may end and still have wrapped (one more before a closing mark). */
function shortfall(nextText: string): number {
  return CLOSING_AT_LINE_START.test(nextText) ? 3 : 2;
}

/** A button after a subject's first line is read as a glyph or two (☆ as 「文」, 「_文」). */
const MAX_ICON_GLYPHS = 2;

/** How many glyphs (spaces aside) a cut took off the end of a line's text. */
function glyphsCut(text: string, cut: string): number {
  return [...text.replace(/\s/g, '')].length - [...cut.replace(/\s/g, '')].length;
}

/**
 * The line ends in a time whose colon was lost (「…カスタマーセンター1930」 for 19:30), set apart from the
 * name before it by a character's width or more, as the time stands at the sender row's right end.
 */
function endsWithTimeApart(line: OcrLine): boolean {
  const time = /(?<!\d)([01]?\d|2[0-3])([0-5]\d)$/.exec(line.text);
  if (!time) return false;
  // A space OCR read in the gap has a box of its own: the gap is measured from the ink before it.
  let last = time.index - 1;
  while (last >= 0 && line.text[last]!.trim() === '') last--;
  const before = line.charBoxes[last];
  const first = line.charBoxes[time.index];
  return before !== undefined && first !== undefined && first.x - (before.x + before.w) >= glyphSize(line);
}

/**
 * The line shares its row with the time the mail came, read as a line of its own to its right
 * (iOS Mail's 「潤日本郵便」 then 「11月22日23:22」): it is the sender's row, not a subject's wrapped end.
 */
function timeBeside(lines: TextLine[], index: number): boolean {
  const { box } = lines[index]!.line;
  return lines.some(({ text, line }, i) => i !== index && line.box.x >= box.x + box.w && meaningfulChars(text) <= 16
    && (ENDS_WITH_TIME.test(text) || DATE.test(text))
    && Math.abs(line.box.y + line.box.h / 2 - (box.y + box.h / 2)) < Math.max(box.h, line.box.h) / 2);
}

/** The right edge of the message's column: where its longest sentences end. */
function messageRight(lines: TextLine[]): number {
  const left = messageLeft(lines);
  if (left === null) return -Infinity;
  const inColumn = lines.filter((entry) => meaningfulChars(entry.text) >= 12 && Math.abs(entry.line.box.x - left) < entry.line.box.h * 2);
  return Math.max(...inColumn.map(({ line }) => line.box.x + line.box.w));
}

/** The next line continues the subject: the same size, right below, starting at its left edge. */
function continuesSubject(line: OcrLine, next: OcrLine, text: string): boolean {
  const size = subjectGlyphSize(line);
  // One character's box is narrower than its advance (「て」 43 px wide in a line of 52-px characters).
  const tolerance = next.text.trim().length === 1 ? 0.25 : 0.15;
  const sameSize = Math.abs(subjectGlyphSize(next) - size) < size * tolerance
    // Full-width figures read as ASCII ones (「【未払い：３，６６０円】」 as 「3, 6 6 0円】」) make a line measure wrong by its
    // width; its height still tells its size.
    || ([line, next].some(({ text: read }) => AMOUNT.test(read)) && Math.abs(next.box.h - line.box.h) < line.box.h * AMOUNT_HEIGHT_TOLERANCE);
  return sameSize && wrapsOnto(line, next, text);
}

/** An amount in figures (「3, 6 6 0円」「8, 010円】」). */
const AMOUNT = /\d[\d,.\s]*円/;
/** Boxes of lines of one size differ in height by the marks they hold (【】 reach higher and lower than kana). */
const AMOUNT_HEIGHT_TOLERANCE = 0.13;

/**
 * The next line stands where the subject's wrapped text would: right below, flush left (not further left
 * either: web mail's message list stands there), no wider.
 */
function wrapsOnto(line: OcrLine, next: OcrLine, text: string): boolean {
  const size = glyphSize(line);
  // A line ending in 、 or 。 ends at that mark's ink, at the left of its advance: half a character short. A closing
  // bracket's ink stands at the left of its advance too, and the next word may not have fitted after it (「【重要】[ゆうちょ銀行]」).
  // A line that opens with a closing mark took the character before it down from the line above (「…確認できないた」「め、…」).
  const slack = (/[、。，．]$/.test(line.text) ? 1 : /[\]］】」』)）]$/.test(line.text) ? 1.5 : 0.5) + (CLOSING_AT_LINE_START.test(next.text) ? 1 : 0);
  return next.box.y - (line.box.y + line.box.h) < line.box.h * 0.8 && !/[】」)）]$/.test(text)
    && Math.abs(next.box.x - line.box.x) < size && line.box.x + line.box.w + size * slack > next.box.x + next.box.w;
}

/**
 * Full-width capitals (「ＪＣＢ」) stand a wide advance apart, which OCR reads as spaces between them
 * (「J C B」): three or more single capitals one space apart are one word.
 */
const SPACED_CAPITALS = /(?<![A-Za-z])[A-Z](?: [A-Z]){2,}(?![A-Za-z])/g;

/** Full-width figures stand a wide advance apart too (「【未払い：８６，０６０円】」 read 「8 6, 0 6 0円」): spaces inside an amount. */
const SPACED_FIGURES = /(?<=[\d,])\s+(?=[\d,]*\d[\d,]*円)|(?<=\d)\s+(?=,)|(?<=,)\s+(?=\d)/g;

/**
 * Marks before a subject's first word: an icon read as 「。」 or as a glyph, a space and 「_」 (「s _ゆうちょ銀行…」). No subject
 * opens with a full stop or an underscore.
 */
const LEADING_MARKS = /^(?:\S\s+(?=_))?[_:。、\s]+/u;
/**
 * A bracket's edge read as a mark of its own beside it: 「[NTTドコモ|]」, 「【緊急】」エポス…」 (a 」 no 「 opened).
 */
const BRACKET_EDGE = /[|｜](?=[\]］])|(?<=[\]］】])」|」(?=[\]］】])/g;

/** A [brand] tag whose opening bracket was not read (「JCBカード]【要対応】…」): a closing bracket with none before it. */
const LOST_OPENING = /^([^[［\]］\s]{1,15})(?=[\]］])/u;

export function cleanSubject(text: string): string | null {
  const edges = (text.includes('「') ? text : text.replace(BRACKET_EDGE, '')).replace(LOST_OPENING, '[$1');
  const cleaned = repairColons(edges).replace(LEADING_MARKS, '').replace(SPACED_CAPITALS, (capitals) => capitals.replace(/ /g, '')).replace(SPACED_FIGURES, '').trim();
  return cleaned.length > 0 ? cleaned : null;
}
