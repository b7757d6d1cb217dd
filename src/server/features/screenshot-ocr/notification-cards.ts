import { isChrome } from './app-chrome';
import { glyphSize, meaningfulChars, sameTextRow as sameRow, type TextLine } from './form-lines';

/**
 * Notifications on a screenshot: another app's banner over the top of a message, or the cards of
 * a lock screen. Each card has a header row (the app or account name, and how long ago on the
 * right: 「今」「2分前」「1時間前」) and its text below, set apart from the next card by a gap.
 */

/**
 * How long ago, as phones print it at the right end of a notification's header (a small digit is often
 * read as a quotation mark or lost: 「分前」, 間 as 則 or 問, and 前 as its look-alikes 剖 or 削, or as 難 or 基 after
 * 分; the 分 itself is lost at 1×: 「。2前」). No word ends in 分難, and a sentence's 「2前」 has its 日 or 年.
 */
const RELATIVE_TIME = /(?:^|[^\d])(今|たった今|[\d"'”“‘’]{0,2}\s?分[前剖削難基]|[\d"'”“‘’]{1,2}\s?時[間則問][前剖削]|\d{1,2}前)$/;
/** Android sets a dot between the app's name and the time (「エポスカードサポート・今」), often read as 「。」. */
const NAME_TIME_DOT = /[。．・•]\s*$/;
/** Lines of one card are this close (in line heights); cards and banners stand further apart. */
const CARD_LINE_GAP = 0.9;

/** An app's icon before its name in a card's header is up to this many of the header's line heights wide. */
const ICON_WIDTH_MAX = 3;

interface Card {
  header: number[];
  text: number[];
}

/** A header's time: a sentence's 「。」 rules it out, but not the dot that sets the time apart from the name. */
const isTimeChip = (entry: TextLine) =>
  RELATIVE_TIME.test(entry.text) && !/[。．]/.test(entry.text.replace(RELATIVE_TIME, '').replace(NAME_TIME_DOT, '')) && meaningfulChars(entry.text) <= 24 && !nowInText(entry);

/**
 * 「今」 at the end of a line of text is a word of it (「…千種区今」 of an address wrapped to 「池1-19-18」),
 * not the time: a notification's 「今」 stands apart at the right end of its row.
 */
function nowInText({ text, line }: TextLine): boolean {
  // (After the dot Android sets between the name and the time, 「…【公式】・今」 read 「…【公。今」, it is the time.)
  if (!/[^\s今]\s*今$/.test(text) || /たった今$/.test(text) || /[。．・•]\s*今$/.test(text)) return false;
  const last = line.charBoxes.at(-1);
  const before = line.charBoxes.at(-2);
  return last !== undefined && before !== undefined && last.x - (before.x + before.w) < glyphSize(line);
}

/** Lines of a card start right of its header's app icon: at least this many characters in (tune: 3–4.5)… */
const ICON_INDENT_MIN = 1.5;
/** … and not so far that they are another column. */
const ICON_INDENT_MAX = 6;
/** A header's name is short (「三井住友カード【公式】」, 「乗換案内」). */
const HEADER_NAME_MAX_CHARS = 20;

const below = (lines: TextLine[], used: Set<number>, bottom: number) =>
  lines
    .map((_, i) => i)
    .filter((i) => !used.has(i) && lines[i]!.line.box.y + lines[i]!.line.box.h / 2 > bottom)
    .sort((a, b) => lines[a]!.line.box.y - lines[b]!.line.box.y);

/** A header read below this is icons or a line cut through, not an app's name. */
const MIN_HEADER_CONFIDENCE = 50;

/**
 * A card's header whose time was not read (the small 「今」 or 「2分前」 read as 「人」 or 「=」, or lost): the
 * app's icon and name, a short line with no sentence in it, set apart from the line above, in the column
 * of the cards found by their time (a lock screen stacks its cards), and the card's text right below it,
 * starting right of the icon. Only looked for on a screen that has a card with a readable time: a chat
 * sets its sender's name the same way above a bubble, and a subject wraps onto a short line.
 */
function isIconHeader(lines: TextLine[], used: Set<number>, index: number, cardLefts: number[]): boolean {
  const { text, line } = lines[index]!;
  const chars = meaningfulChars(text);
  if (chars < 2 || chars > HEADER_NAME_MAX_CHARS || /[。！？、]/.test(text) || isChrome(lines[index]!) || line.confidence < MIN_HEADER_CONFIDENCE) return false;
  if (!cardLefts.some((left) => Math.abs(left - line.box.x) <= line.box.h)) return false;
  const above = lines.filter((other) => other.line.box.y + other.line.box.h / 2 < line.box.y).sort((a, b) => b.line.box.y + b.line.box.h - (a.line.box.y + a.line.box.h))[0];
  if (above && line.box.y - (above.line.box.y + above.line.box.h) < Math.min(above.line.box.h, line.box.h) * CARD_LINE_GAP) return false;
  const next = below(lines, used, line.box.y + line.box.h)[0];
  if (next === undefined) return false;
  const { box } = lines[next]!.line;
  const indent = (box.x - line.box.x) / glyphSize(lines[next]!.line);
  return box.y - (line.box.y + line.box.h) < Math.min(line.box.h, box.h) * CARD_LINE_GAP && indent >= ICON_INDENT_MIN && indent <= ICON_INDENT_MAX
    && meaningfulChars(lines[next]!.text) > chars;
}

/**
 * Header rows: a short line ending in a relative time, or a relative time beside a name on its row;
 * and, once one such card is found, an app's icon and name over indented text (`isIconHeader`), unless
 * the screen is a mail's, whose subject over the sender's avatar and name looks the same.
 */
function findCards(lines: TextLine[], cardsWithoutTime: boolean): Card[] {
  const cards: Card[] = [];
  const used = new Set<number>();
  const startsCard = (index: number) => lines.some((other) => isTimeChip(other) && sameRow(other, lines[index]!));
  const collect = (row: number[], entry: TextLine) => {
    for (const i of row) used.add(i);
    const left = Math.min(...row.map((i) => lines[i]!.line.box.x));
    let bottom = entry.line.box.y + entry.line.box.h;
    let height = entry.line.box.h;
    const text: number[] = [];
    for (const i of below(lines, used, bottom)) {
      const { box } = lines[i]!.line;
      // A mark read unsurely from an icon or the screen's edge (「|」 at 29 beside a banner) neither belongs to the card nor ends it.
      if (meaningfulChars(lines[i]!.text) === 0 && lines[i]!.line.confidence < MIN_HEADER_CONFIDENCE) continue;
      if (box.y - bottom > Math.min(height, box.h) * CARD_LINE_GAP || startsCard(i)) break;
      // A card's lines share its left edge; the app under a banner starts elsewhere. (The first line may start
      // under the app's icon, left of the name read beside it: Android sets the text at the icon's edge.)
      const column = text.length > 0 ? lines[text[0]!]!.line.box.x : left;
      if (Math.abs(box.x - column) > height * 1.5 && (text.length > 0 || box.x < left - height * ICON_WIDTH_MAX)) break;
      text.push(i);
      used.add(i);
      bottom = Math.max(bottom, box.y + box.h);
      height = box.h;
    }
    cards.push({ header: row, text: text.sort((a, b) => a - b) });
  };
  lines.forEach((entry, index) => {
    if (used.has(index) || !isTimeChip(entry)) return;
    const row = lines.map((_, i) => i).filter((i) => !used.has(i) && sameRow(lines[i]!, entry));
    const alone = meaningfulChars(entry.text.replace(RELATIVE_TIME, '')) === 0;
    // A time alone is a header only beside the app's name (a chat's own time stamps stand alone).
    if (alone && !row.some((i) => i !== index && lines[i]!.line.box.x < entry.line.box.x && meaningfulChars(lines[i]!.text) >= 2)) return;
    collect(row, entry);
  });
  if (cards.length === 0 || !cardsWithoutTime || lines.some(isChatStamp)) return cards;
  const cardLefts = cards.map((card) => Math.min(...card.header.map((i) => lines[i]!.line.box.x)));
  lines.forEach((entry, index) => {
    if (!used.has(index) && isIconHeader(lines, used, index, cardLefts)) collect([index], entry);
  });
  return cards;
}

/**
 * A chat's own stamps beside its bubbles (「午前10:33」「既読」): a lock screen has none. A banner over a chat
 * has a readable time, and the chat's sender's name over its bubble (LINE) looks like an icon card's header.
 */
const isChatStamp = ({ text }: TextLine) => /^(午前|午後)\s*\d{1,2}[:.]\d{2}$|^既読/.test(text);

/** How much a card looks like the message being reported: an address, a sender's tag, length. */
function lureScore(lines: TextLine[], card: Card): number {
  const text = card.text.map((i) => lines[i]!.text).join('');
  return (/https?:|www\.|\.[a-z]{2,}\//i.test(text) ? 1000 : 0) + (/【.+】|\[.+\]/.test(text) ? 500 : 0) + meaningfulChars(text);
}

/**
 * Drops notifications that are not the message. Of the cards and the rest of the screen (a message
 * under a banner), the one that looks most like the lure is the message: a banner over a message
 * goes, and on a lock screen the other apps' cards go. A kept card loses its header (the app's
 * name and time); text outside the cards is dropped only above a kept card (the lock screen's clock).
 * `cardsWithoutTime: false` (a mail's screen) looks only for cards by their time.
 */
export function withoutOtherNotifications(lines: TextLine[], { cardsWithoutTime = true } = {}): TextLine[] {
  const cards = findCards(lines, cardsWithoutTime);
  if (cards.length === 0) return lines;
  const inCards = new Set(cards.flatMap((card) => [...card.header, ...card.text]));
  const rest = { header: [], text: lines.map((_, i) => i).filter((i) => !inCards.has(i) && !isChrome(lines[i]!) && meaningfulChars(lines[i]!.text) >= 8) };
  const best = Math.max(...[...cards, rest].map((card) => lureScore(lines, card)));
  const winners = cards.filter((card) => lureScore(lines, card) >= best);
  const keep = new Set(winners.flatMap((card) => card.text));
  // When the lure is a card, what stands above it outside any card is the lock screen's clock and date
  // (read as 「hh WEhKり=【に3」) or the status bar: not the message.
  const top = lureScore(lines, rest) < best ? Math.min(...winners.flatMap((card) => card.header).map((i) => lines[i]!.line.box.y)) : -Infinity;
  // Below it, a line in the cards' text column set apart from the card is another card's text whose header was not read.
  const lureBottom = top === -Infinity ? Infinity : Math.max(...winners.flatMap((card) => [...card.header, ...card.text]).map((i) => lines[i]!.line.box.y + lines[i]!.line.box.h));
  const textLefts = winners.flatMap((card) => card.text).map((i) => lines[i]!.line.box.x);
  const otherCardText = ({ line }: TextLine) => line.box.y - lureBottom > line.box.h * CARD_LINE_GAP && textLefts.some((left) => Math.abs(left - line.box.x) <= line.box.h);
  return lines.filter((entry, i) => (inCards.has(i) ? keep.has(i) : entry.line.box.y >= top && !otherCardText(entry)));
}
