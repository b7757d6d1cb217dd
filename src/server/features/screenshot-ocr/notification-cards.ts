import { isChrome } from './app-chrome';
import { glyphSize, meaningfulChars, type TextLine } from './form-lines';

/**
 * Notifications on a screenshot: another app's banner over the top of a message, or the cards of
 * a lock screen. Each card has a header row (the app or account name, and how long ago on the
 * right: 「今」「2分前」「1時間前」) and its text below, set apart from the next card by a gap.
 */

/**
 * How long ago, as phones print it at the right end of a notification's header (a small digit is often
 * read as a quotation mark, and 前 as its look-alikes 剖 or 削).
 */
const RELATIVE_TIME = /(?:^|[^\d])(今|たった今|[\d"'”“‘’]{1,2}\s?分[前剖削]|[\d"'”“‘’]{1,2}\s?時間[前剖削])$/;
/** Lines of one card are this close (in line heights); cards and banners stand further apart. */
const CARD_LINE_GAP = 0.9;

interface Card {
  header: number[];
  text: number[];
}

function sameRow(a: TextLine, b: TextLine): boolean {
  const ab = a.line.box;
  const bb = b.line.box;
  return Math.abs(ab.y + ab.h / 2 - (bb.y + bb.h / 2)) < Math.max(ab.h, bb.h) / 2;
}

const isTimeChip = (entry: TextLine) => RELATIVE_TIME.test(entry.text) && !/[。．]/.test(entry.text) && meaningfulChars(entry.text) <= 24 && !nowInText(entry);

/**
 * 「今」 at the end of a line of text is a word of it (「…千種区今」 of an address wrapped to 「池1-19-18」),
 * not the time: a notification's 「今」 stands apart at the right end of its row.
 */
function nowInText({ text, line }: TextLine): boolean {
  if (!/[^\s今]\s*今$/.test(text) || /たった今$/.test(text)) return false;
  const last = line.charBoxes.at(-1);
  const before = line.charBoxes.at(-2);
  return last !== undefined && before !== undefined && last.x - (before.x + before.w) < glyphSize(line);
}

/** Header rows: a short line ending in a relative time, or a relative time beside a name on its row. */
function findCards(lines: TextLine[]): Card[] {
  const cards: Card[] = [];
  const used = new Set<number>();
  const startsCard = (index: number) => lines.some((other) => isTimeChip(other) && sameRow(other, lines[index]!));
  lines.forEach((entry, index) => {
    if (used.has(index) || !isTimeChip(entry)) return;
    const row = lines.map((_, i) => i).filter((i) => !used.has(i) && sameRow(lines[i]!, entry));
    const alone = meaningfulChars(entry.text.replace(RELATIVE_TIME, '')) === 0;
    // A time alone is a header only beside the app's name (a chat's own time stamps stand alone).
    if (alone && !row.some((i) => i !== index && lines[i]!.line.box.x < entry.line.box.x && meaningfulChars(lines[i]!.text) >= 2)) return;
    for (const i of row) used.add(i);
    const left = Math.min(...row.map((i) => lines[i]!.line.box.x));
    let bottom = entry.line.box.y + entry.line.box.h;
    let height = entry.line.box.h;
    const text: number[] = [];
    const below = lines
      .map((_, i) => i)
      .filter((i) => !used.has(i) && lines[i]!.line.box.y + lines[i]!.line.box.h / 2 > bottom)
      .sort((a, b) => lines[a]!.line.box.y - lines[b]!.line.box.y);
    for (const i of below) {
      const { box } = lines[i]!.line;
      if (box.y - bottom > Math.min(height, box.h) * CARD_LINE_GAP || startsCard(i)) break;
      // A card's lines share its left edge; the app under a banner starts elsewhere.
      const column = text.length > 0 ? lines[text[0]!]!.line.box.x : left;
      if (Math.abs(box.x - column) > height * 1.5 && (text.length > 0 || box.x < left - height)) break;
      text.push(i);
      used.add(i);
      bottom = Math.max(bottom, box.y + box.h);
      height = box.h;
    }
    cards.push({ header: row, text: text.sort((a, b) => a - b) });
  });
  return cards;
}

/** How much a card looks like the message being reported: an address, a sender's tag, length. */
function lureScore(lines: TextLine[], card: Card): number {
  const text = card.text.map((i) => lines[i]!.text).join('');
  return (/https?:|www\.|\.[a-z]{2,}\//i.test(text) ? 1000 : 0) + (/【.+】|\[.+\]/.test(text) ? 500 : 0) + meaningfulChars(text);
}

/**
 * Drops notifications that are not the message. Of the cards and the rest of the screen (a message
 * under a banner), the one that looks most like the lure is the message: a banner over a message
 * goes, and on a lock screen the other apps' cards go. A kept card loses its header (the app's
 * name and time). Text outside the cards is never dropped here.
 */
export function withoutOtherNotifications(lines: TextLine[]): TextLine[] {
  const cards = findCards(lines);
  if (cards.length === 0) return lines;
  const inCards = new Set(cards.flatMap((card) => [...card.header, ...card.text]));
  const rest = { header: [], text: lines.map((_, i) => i).filter((i) => !inCards.has(i) && !isChrome(lines[i]!) && meaningfulChars(lines[i]!.text) >= 8) };
  const best = Math.max(...[...cards, rest].map((card) => lureScore(lines, card)));
  const keep = new Set(cards.filter((card) => lureScore(lines, card) >= best).flatMap((card) => card.text));
  return lines.filter((_, i) => !inCards.has(i) || keep.has(i));
}
