import { CHROME, isChrome } from './app-chrome';
import { isAddressTail } from './address-tails';
import { bodyGlyphSize, glyphSize, meaningfulChars, sameTextRow as sameRow, type TextLine } from './form-lines';
import { foldWidth } from './ocr-text';

/**
 * Interface lines among a message's: the desktop panes beside it, the app's words and warnings, split
 * words, toolbars, icons and time stamps. The message-body rules start from what these leave.
 */

/**
 * Desktop mail shows a folder list and a message list beside the message: lines that end left of
 * where the message's own sentences start belong to those panes.
 */
function inMessageColumn(lines: TextLine[]): TextLine[] {
  const left = messageLeft(lines);
  return left === null ? lines : lines.filter((entry) => !endsLeftOf(entry, left)).map((entry) => withoutPaneStart(entry, left));
}

/**
 * A message list's line read onto the start of the message's line on its row (macOS Mail: 「昨日|お客様の…」,
 * 「いつもご利用ありがとうございます。今月の獲_お問い合わせ番号: …」): the characters that end left of the message's
 * column, when the rest starts at the column, go with the list.
 */
/** What is left of the message's line is a sentence's worth at least: a short piece is some other element of the row… */
const PANE_REST_MIN_CHARS = 8;
/** … unless it is a greeting: a name or お客様 and an honorific. */
const GREETING_END = /^[^\s:：、。]{1,12}(様|さま|殿|各位)$/u;

function withoutPaneStart(entry: TextLine, left: number): TextLine {
  const { line } = entry;
  if (line.box.x >= left - line.box.h || isChrome(entry)) return entry;
  // The panes stand apart: a gap of half a character at least, or the bar between them read as 「|」「」」.
  const start = line.charBoxes.findIndex((box, i) => {
    const previous = line.charBoxes[i - 1];
    return previous !== undefined && box.x >= left - line.box.h / 2 && previous.x + previous.w <= left
      && (box.x - (previous.x + previous.w) >= line.box.h / 2 || /[|｜」]/.test(line.text[i - 1]!));
  });
  // (A greeting, 「お客様各位」「〇〇様」, is the message's first line however short.)
  const restText = line.text.slice(start).trim();
  if (start <= 0 || meaningfulChars(line.text.slice(0, start)) < 2 || (meaningfulChars(restText) < PANE_REST_MIN_CHARS && !GREETING_END.test(restText))) return entry;
  const rest = line.charBoxes.slice(start);
  const box = { x: rest[0]!.x, y: line.box.y, w: line.box.x + line.box.w - rest[0]!.x, h: line.box.h };
  const text = foldWidth(line.text.slice(start)).replace(/\s+/g, ' ').trim();
  return { text, line: { ...line, text: line.text.slice(start), charBoxes: rest, charConfidences: line.charConfidences.slice(start), box } };
}

/** Where most of the page's sentences start, or null when it has too few to tell. */
export function messageLeft(lines: readonly TextLine[]): number | null {
  const sentences = lines.filter(({ text }) => meaningfulChars(text) >= 12);
  if (sentences.length < 2) return null;
  const lefts = sentences.map(({ line }) => line.box.x).sort((a, b) => a - b);
  return lefts[Math.floor(lefts.length / 2)]!;
}

/**
 * The line ends left of the message's column (by more than a character): a folder or message list's line.
 * (A character's advance, not the line's height: two rows of a list read as one line stand twice as tall.)
 */
export function endsLeftOf({ line }: TextLine, left: number): boolean {
  return line.box.x + line.box.w <= left - Math.min(line.box.h, glyphSize(line));
}

/** Pieces of one word that the layout split at gaps between its letters are this short. */
export const SPLIT_WORD_MAX_CHARS = 8;

/**
 * Interface text split at wide letter gaps into pieces on one row (「テキストメッ」「セー」「ジ」): each piece
 * is chrome when the short pieces of its row, read left to right, are.
 */
function isSplitChrome(entry: TextLine, lines: TextLine[]): boolean {
  const short = (other: TextLine) => meaningfulChars(other.text) <= SPLIT_WORD_MAX_CHARS;
  if (!short(entry)) return false;
  const row = lines
    .filter((other) => short(other) && sameRow(other, entry))
    .sort((a, b) => a.line.box.x - b.line.box.x);
  return row.length > 1 && isChrome({ text: row.map(({ text }) => text).join(''), line: entry.line });
}

/** A toolbar's labels are a word or two each (「返信」「転送」「フラグ」「削除」)… */
const TOOLBAR_LABEL_MAX_CHARS = 4;
/** … and it has several of them side by side. */
const TOOLBAR_MIN_LABELS = 3;

/**
 * The toolbar under a message (「返信」「転送」「フラグ」「削除」, misread as 「フラタダ」「ぃ転送」): several short
 * labels set apart on one row, below every other line. A message never ends in such a row.
 */
function isToolbarLabel(entry: TextLine, lines: TextLine[]): boolean {
  const short = (other: TextLine) => meaningfulChars(other.text) <= TOOLBAR_LABEL_MAX_CHARS;
  if (!short(entry)) return false;
  const row = lines.filter((other) => sameRow(other, entry));
  const rowBottom = Math.max(...row.map(({ line }) => line.box.y + line.box.h));
  const below = lines.filter((other) => !row.includes(other) && other.line.box.y > rowBottom && meaningfulChars(other.text) >= 2);
  return row.length >= TOOLBAR_MIN_LABELS && row.every(short) && below.length === 0;
}

/** A button's icon read as a few characters (「ーミつ」 for the compose button) stands this many times taller than the message's letters. */
const ICON_HEIGHT_RATIO = 2.5;

/** A row of icons read as text repeats a few glyphs (「こつごつごこつ」 for a toolbar's five icons). */
const ICON_ROW_MAX_DISTINCT = 3;

function isIcon(entry: TextLine, bodySize: number | null): boolean {
  const distinct = new Set([...entry.text.replace(/\s+/g, '')]).size;
  if (meaningfulChars(entry.text) > TOOLBAR_LABEL_MAX_CHARS && distinct > ICON_ROW_MAX_DISTINCT) return false;
  return bodySize !== null && entry.line.box.h > bodySize * ICON_HEIGHT_RATIO;
}

/** A chat's time stamp beside a bubble is set this much smaller than the message's letters (fresh13: 0.4–0.6)… */
const STAMP_HEIGHT_RATIO = 0.7;

/**
 * … and read as digits with a mark or a kana for its colon (「23 52」「19う$」「g.02」): a short line of small
 * text that is mostly digits. A sender's short code stands in the header, which the body never holds.
 */
function isTimeStamp({ text, line }: TextLine, bodySize: number | null): boolean {
  if (bodySize === null || line.box.h >= bodySize * STAMP_HEIGHT_RATIO || meaningfulChars(text) > 5) return false;
  return (text.match(/\d/g)?.length ?? 0) >= 2 && [...text].filter((char) => /[^\d\s]/.test(char)).length <= 2;
}

/**
 * A bubble's stamp read onto the end of its last line (「…/update?id=DRy7hstHpJk8H1/20(土) 7:59」, 「…伝票番号165-1515-713611725(日) 18:27」
 * with the slash read as 7): a date with its weekday in brackets and a time. A field's value keeps its label's colon before it
 * (「予約日時：11/20(木) 10:00」), which a stamp never has.
 */
const TRAILING_STAMP = /(?<![:：]\s?\d*)(?:\d{1,2}\/\d{1,2}|1[0-2]7[0-3]?\d)\s*\([月火水木金土日]?\)\s*\d{1,2}[:.]\d{2}$/;

export function withoutTrailingStamp(entry: TextLine): TextLine {
  const text = entry.text.replace(TRAILING_STAMP, '').trim();
  return text === entry.text ? entry : { ...entry, text };
}

/** An app's note is a sentence: a button's word (「返信」) or a date under a line says nothing of the line. */
const NOTE_MIN_CHARS = 6;
/** Lines read after the one a note's second line continues, at most. */
const NOTE_LOOKBACK = 3;

const isNoteText = (text: string) => CHROME.some((pattern) => pattern.test(text)) && meaningfulChars(text) >= NOTE_MIN_CHARS;

/** Drops interface text, but keeps the last few characters of a URL wrapped onto a line of their own. */
export function withoutChrome(lines: TextLine[]): TextLine[] {
  const kept: TextLine[] = [];
  let dropped: TextLine | null = null;
  const bodySize = bodyGlyphSize(lines);
  for (const read of inMessageColumn(lines)) {
    const entry = withoutTrailingStamp(read);
    const previous = kept.at(-1);
    if (entry.text === '') continue;
    const urlTail = previous !== undefined && isAddressTail([...kept, entry], kept.length);
    const chrome = isChrome(entry) || isSplitChrome(entry, lines) || isToolbarLabel(entry, lines) || isIcon(entry, bodySize) || isTimeStamp(entry, bodySize);
    if (urlTail || !(chrome || (dropped !== null && continuesLine(dropped, entry)))) {
      kept.push(entry);
      dropped = null;
    } else {
      // An app's note wrapped so that only its second line says what it is (「のメメセージのリUEE dE本シテデテン」
      // 「ツは読み込まれていません。」): the line it continues goes with it.
      // (Marks read beside it, on its row, may stand between in the list.)
      const above = kept.slice(-NOTE_LOOKBACK).findLast((other) => continuesLine(other, entry));
      if (above && isNoteText(entry.text)) kept.splice(kept.indexOf(above), 1);
      dropped = entry;
    }
  }
  return kept;
}

/**
 * The next line of a wrapped paragraph: right below, at the same left edge (or centre) and size, after a line
 * that ran on (no sentence end). An app's warning wraps like this, and only its first line is known.
 */
function continuesLine(above: TextLine, entry: TextLine): boolean {
  const a = above.line.box;
  const b = entry.line.box;
  const size = Math.min(a.h, b.h);
  return meaningfulChars(above.text) >= 12 && !/[。！？]$/.test(above.text) && b.y - (a.y + a.h) < size * 0.8 && b.y > a.y + size * 0.5
    && (Math.abs(b.x - a.x) < size * 1.5 || Math.abs(b.x + b.w / 2 - (a.x + a.w / 2)) < size * 1.5) && sameSize(above, entry);
}

/** A line's last kana and 。 wrapped alone (「い。」) are too few to measure by their advance: their height tells. */
const FEW_CHARS = 3;

function sameSize(above: TextLine, entry: TextLine): boolean {
  if ([...entry.text.replace(/\s+/g, '')].length <= FEW_CHARS) return Math.abs(above.line.box.h - entry.line.box.h) < above.line.box.h * 0.2;
  return Math.abs(glyphSize(above.line) - glyphSize(entry.line)) < glyphSize(above.line) * 0.2;
}
