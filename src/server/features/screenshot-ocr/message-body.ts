import { personalDataPlaceholders } from '../../../common/messages';
import { CHROME, isChrome } from './app-chrome';
import { hasTopLevelDomain, repairAddressText } from './address-repair';
import { ADDRESS_AT_END, ADDRESS_CHARS, isAddressTail } from './address-tails';
import { SPLIT_WORD_MAX_CHARS } from './body-chrome';
import { glyphSize, meaningfulChars, median, repairColons, type TextLine } from './form-lines';
import { foldWidth, isCjk } from './ocr-text';

/** Below this, a line the image's edge cuts through was read from half its glyphs. */
const MIN_EDGE_LINE_CONFIDENCE = 50;
/** A line that starts (or ends) less than this share of its height from the image's edge is cut by it. */
export const EDGE_CUT_SHARE = 0.6;

/**
 * A capture cut through a line leaves half its glyphs at the top or bottom edge; tesseract reads them
 * as other characters at low confidence (「フロよっ」, 「ーーロスDh4naVT」). On the tuning split, 42 of 44 such
 * lines read below 50 were not in the message at all (the other two were one character). A line cut by
 * the edge but read surely is kept. Only the body leaves them out: redaction still covers what they hold.
 */
export function withoutCutEdgeLines(lines: TextLine[], size: { height: number }): TextLine[] {
  return lines.filter(({ line }) => {
    const cut = line.box.y < line.box.h * EDGE_CUT_SHARE || line.box.y + line.box.h > size.height - line.box.h * EDGE_CUT_SHARE;
    // (A URL's scheme read whole is no half glyphs: URLs read unsurely even uncut, 「https://amazn-jp-support.xyz/j」 at 37.)
    return !cut || line.confidence >= MIN_EDGE_LINE_CONFIDENCE || /https?:\/\//.test(line.text);
  });
}

/**
 * LINE sets the account's name beside its avatar, above the first bubble (「ヤマト運輸お知らせ」 under the
 * chat's title of the same name): a short line that starts at the avatar, left of the bubble's text, right
 * above it. It is the sender, not the message. (Android's avatar stands beside a bubble's last line instead,
 * below the rest of the bubble, so it is never the first line.)
 */
export function withoutChatSenderName(lines: TextLine[]): TextLine[] {
  const [first, second] = lines;
  if (!first || !second) return lines;
  const a = first.line.box;
  const b = second.line.box;
  // (By a character's advance: large text's lines stand taller than its characters are wide.)
  const atAvatar = a.x < b.x - Math.min(b.h, glyphSize(second.line)) * 2;
  // (The avatar read with the name makes its box taller: its middle may reach the bubble's first line, not pass its middle.)
  const rightAbove = a.y < b.y && a.y + a.h / 2 < b.y + b.h / 2 && b.y - (a.y + a.h / 2) < b.h * 1.5;
  const nameOnly = !/[。！？、]/.test(first.text) && meaningfulChars(first.text) <= 20;
  return atAvatar && rightAbove && nameOnly ? lines.slice(1) : lines;
}

/**
 * A mail's greeting: a name, or お客様, and an honorific alone on its line (「佐藤亮様」「お客様各位」「計人大様」 as misread).
 * A field's label before a name (「宛名：〇〇様」, its colon lost: 「宛名〇〇様」) makes a field, not a greeting.
 */
const GREETING_LINE = /^(?!宛名|氏名|名義|お名前)[^\s:：、。！？]{1,12}(様|さま|殿|各位)$/u;
/** The greeting stands at the top of what the header rules leave: a few header rows at most above it… */
const GREETING_SEARCH_LINES = 8;
/** … and the message's first sentence follows it (a URL or a field list does not open a mail). */
const GREETING_SENTENCE_CJK = 8;

/**
 * A mail's message opens with its greeting. What the header rules left above it is the header's (a To row
 * read 「元先:コパヤシユイ<…>」 or 「先先akuya…」, the sender's row and the date, the subject again, a banner over
 * the app): the message starts at the greeting, when a sentence follows it (a field list cut at the top,
 * 「宛名：〇〇様」 among its rows, does not) and nothing above it ends a sentence.
 */
export function fromGreeting(lines: TextLine[]): TextLine[] {
  const greeting = lines.slice(0, GREETING_SEARCH_LINES).findIndex(({ text }) => GREETING_LINE.test(text.replace(/\s+/g, '')));
  const next = lines[greeting + 1];
  const sentenceFollows = next !== undefined && [...next.text].filter((char) => isCjk(char)).length >= GREETING_SENTENCE_CJK;
  // A header row never ends a sentence: above a line read surely that does, the message began before the greeting.
  const headerAbove = lines.slice(0, Math.max(0, greeting)).every(({ text, line }) => !/[。！？]$/.test(text) || line.confidence < OPENING_SENTENCE_CONFIDENCE);
  return greeting > 0 && sentenceFollows && headerAbove ? lines.slice(greeting) : lines;
}

/** A line of the message that ends a sentence, read surely: no header row does. */
function isSureSentence({ text, line }: TextLine): boolean {
  return /[。！？]$/.test(text) && meaningfulChars(text) >= 10 && line.confidence >= OPENING_SENTENCE_CONFIDENCE;
}

/** Sentences a header found below them must have above it (one may be a banner's or a note's). */
const SENTENCES_ABOVE_HEADER_END = 2;

/** A header's row: a label, a sender's address in brackets or one alone, or a date and time alone (not a field's, 「ご利用日時:…」). */
const HEADER_ROW = /^\s*(From|To|Cc|Subject|Date|差出人|送信者|宛先|件名|日時|送信日時|日付)\s*[:：_]|<[^<>]*@|^\s*[\w.+-]+@|^\s*\d{4}\/\d{1,2}\/\d{1,2}\s*\d{1,2}:\d{2}/i;

/**
 * Where a mail's message starts when the header's end was found inside it (a line of the message taken for the subject:
 * 「ご利用日時…」 under the greeting and two sentences): at the first of the sentences, in the column of the lines below the
 * header's end and after every header row, or at the greeting right above it. Otherwise right after the header.
 */
export function messageStart(lines: TextLine[], headerEnd: number): number {
  const after = headerEnd + 1;
  const below = lines.slice(after);
  const lastRow = lines.slice(0, after).findLastIndex(({ text }) => HEADER_ROW.test(text));
  if (below.length === 0 || lastRow >= headerEnd) return after;
  const column = median(below.map(({ line }) => line.box.x));
  const inColumn = ({ line }: TextLine) => Math.abs(line.box.x - column) < line.box.h;
  const sentences = lines.slice(lastRow + 1, headerEnd).filter((entry) => isSureSentence(entry) && inColumn(entry));
  if (sentences.length < SENTENCES_ABOVE_HEADER_END) return after;
  const first = lines.indexOf(sentences[0]!);
  const above = lines.slice(lastRow + 1, first).findLast(inColumn);
  return above && GREETING_LINE.test(above.text.replace(/\s+/g, '')) ? lines.indexOf(above) : first;
}

/** A greeting is a name and 様, a few characters: more is a sentence or a field. */
const GREETING_MAX_CHARS = 10;
/** A sentence read surely opens the message under its greeting. */
const OPENING_SENTENCE_CONFIDENCE = 70;

/**
 * A mail's greeting (「斎藤達也様」) read unsurely or garbled (「計人大様」 at 13, 「リリ泡ムみ攻学様」) is dropped as an icon,
 * or kept as a wrong name. A short line ending in 様 (not お客様), right above the message's first sentence and at
 * its left edge, is the greeting, and its name is always the recipient's: it becomes 「〇〇様」, kept as read surely,
 * in the lines the other rules `kept` of those `read`. (Privacy first: the name, however read, never reaches the body.)
 */
export function withGreetingAsPlaceholder(kept: TextLine[], read: TextLine[]): TextLine[] {
  // The first sentence the other rules kept (a desktop's message list beside the message, left out, holds sentences too).
  // (A long name's greeting, 「ヤマモトドクケンタ(様」, is as long as a sentence: it is not one.)
  const at = kept.findIndex(({ text, line }) => line.confidence >= OPENING_SENTENCE_CONFIDENCE && meaningfulChars(text) >= 10 && !/様$/.test(text));
  const sentence = kept[at];
  const opening = sentence ? read.indexOf(sentence) : -1;
  if (!sentence || opening < 0) return kept;
  const greeting = read.slice(Math.max(0, opening - GREETING_SEARCH_LINES), opening).findLast(({ text, line }) => {
    const gap = sentence.line.box.y - (line.box.y + line.box.h);
    return /様$/.test(text) && !/お客様$/.test(text) && meaningfulChars(text) <= GREETING_MAX_CHARS && !/[:：、。]/.test(text)
      && gap >= 0 && gap < sentence.line.box.h * 2 && Math.abs(line.box.x - sentence.line.box.x) < sentence.line.box.h;
  });
  if (!greeting) return kept;
  const placeholder = { text: `${personalDataPlaceholders.name}様`, line: { ...greeting.line, confidence: Math.max(greeting.line.confidence, OPENING_SENTENCE_CONFIDENCE) } };
  return [...kept.slice(0, at).filter((entry) => entry !== greeting), placeholder, ...kept.slice(at)];
}

/** A messaging app's input box sits in this bottom share of the screen… */
const COMPOSER_ZONE = 0.12;
/** … and its placeholder (「テキストメッセージ」「メッセージを入力」), grey behind icons, is read unsurely. */
const COMPOSER_MAX_CONFIDENCE = 80;

/**
 * The input box under a chat (「メッセーニジを導カ」「エキデキストメッツセージ」 as its grey placeholder is misread): the page's
 * lowest line, in its bottom strip, read unsurely, a few characters with no sentence mark and none of the digit or
 * letter runs a message's number or address would hold. A message's last line is a sentence, a URL or a number.
 */
export function withoutComposerBar(lines: TextLine[], size: { height: number }): TextLine[] {
  const last = lines.at(-1);
  if (!last || lines.some((other) => other.line.box.y > last.line.box.y)) return lines;
  const { text, line } = last;
  const inZone = line.box.y > size.height * (1 - COMPOSER_ZONE) && line.confidence < COMPOSER_MAX_CONFIDENCE;
  const placeholder = meaningfulChars(text) <= SPLIT_WORD_MAX_CHARS + 4 && !/[。、！？!?]/.test(text) && !/\d{3}|[A-Za-z]{4}/.test(text);
  // The box's attach button before it, read as 「十」 or 「+」 (「十老222E語当且が妨」): a message's line never starts so but for
  // an international number (「+81 90…」).
  // (As read: the avatar rule may have cut the button off the text.)
  const attachButton = /^[十+＋]\s?[^\d\s]/.test(line.text.trim()) && meaningfulChars(line.text) <= SPLIT_WORD_MAX_CHARS + 4;
  return inZone && (placeholder || attachButton) ? lines.slice(0, -1) : lines;
}

/** Android shows the sender's avatar beside the last bubble line; OCR reads it as stray marks. */
export function dropAvatarNoise(lines: TextLine[]): TextLine[] {
  const reference = lines.filter((entry) => !isChrome(entry));
  if (reference.length < 2) return lines;
  const lefts = reference.map(({ line }) => line.box.x).sort((a, b) => a - b);
  const usualLeft = lefts[Math.floor(lefts.length / 2)]!;
  return lines.map((entry) => {
    const { line } = entry;
    if (line.box.x >= usualLeft - line.box.h * 0.5 || CHROME.some((pattern) => pattern.test(entry.text))) return entry;
    let cut = 0;
    while (cut < line.text.length && line.charBoxes[cut]!.x + line.charBoxes[cut]!.w < usualLeft - line.box.h * 0.3) cut++;
    // A URL's last piece beside the avatar (「人人生dPTr」) keeps the box of its own characters: with the
    // avatar's it stood left of the bubble and three lines tall, an icon. (Other text keeps the line's box,
    // by which a chat's sender name beside the avatar is told.)
    const text = foldWidth(line.text.slice(cut)).trim();
    const rest = line.charBoxes.slice(cut);
    if (cut === 0 || rest.length === 0 || !ADDRESS_CHARS.test(text)) return { text, line };
    const top = Math.min(...rest.map((box) => box.y));
    const bottom = Math.max(...rest.map((box) => box.y + box.h));
    const box = { x: rest[0]!.x, y: top, w: Math.max(...rest.map((char) => char.x + char.w)) - rest[0]!.x, h: bottom - top };
    return { text, line: { ...line, box } };
  });
}

/** A field's label at a line's start: a word of up to eight kanji or katakana and a colon. */
const FIELD_LABEL_START = /^[\p{Script=Han}\p{Script=Katakana}ー]{1,8}\s?[:：]/u;

/** Below this, tesseract read a line of the message as unrelated characters (15: none of the original 30 images lost a character). */
const MIN_BODY_LINE_CONFIDENCE = 15;

/**
 * A postal address's field (「お届け先：〒222-1340東京都…401号室」, wrapped or not): prose under it (「本日中にお手続き
 * ください。」, with 、 or 。, which no address has) is the next line of the message, not the address wrapped, though
 * the address reached the column's edge; joined, the address's mask would run on into it (「（住所）にお手続きください。」).
 */
const ADDRESS_FIELD = /〒|住所|お届け先|配送先|送付先/;

/** Below this, a line with a long run of one character is a border or a field's edge read as text. */
const RULE_MAX_CONFIDENCE = 50;

/**
 * A border or an input field's edge read as a run of one character (「アニこここし、、ニニニニニニニニニニニニ」 at 30):
 * no line of a message repeats a character six times, but a card's mask read so keeps its last digits.
 */
function isRuleReadAsText({ text, line }: TextLine): boolean {
  return line.confidence < RULE_MAX_CONFIDENCE && /(\S)\1{5,}/u.test(text) && !/\d{2}/.test(text);
}

/**
 * Joins lines back into the message: a line that runs to the right edge of the text column was
 * wrapped by the app and continues without a break; a wide vertical gap starts a new paragraph.
 */
export function joinBody(read: TextLine[]): string {
  // A line read below this confidence, with no run of letters or digits an address could hold, is
  // marks read as kanji (「敵記村(連ゆほほ誠8」 at 5): an empty line serves the visitor better.
  // A URL's last piece wrapped onto a line of its own (「4」 at 0) is kept however unsurely it was read.
  const lines = read.filter(({ text, line }, index) => (line.confidence >= MIN_BODY_LINE_CONFIDENCE || /[A-Za-z0-9]{4}/.test(text) || isAddressTail(read, index)) && !isRuleReadAsText({ text, line }));
  if (lines.length === 0) return '';
  const right = Math.max(...lines.map(({ line }) => line.box.x + line.box.w));
  let body = '';
  lines.forEach(({ text, line }, index) => {
    const repaired = repairAddressText(repairColons(text), { lineMayWrap: true });
    if (index === 0) {
      body = repaired;
      return;
    }
    const previous = lines[index - 1]!.line;
    const gap = line.box.y - (previous.box.y + previous.box.h);
    // A line that opens with a label (「期限:10月4日」「宛名:…」) is a field of its own, even under a long line
    // (an address) that reached the column's edge: joined, the address would run on into it.
    const wrapped = previous.box.x + previous.box.w > right - previous.box.h * 1.6 && gap < previous.box.h && !/[。！？!?」』）)]$/.test(lines[index - 1]!.text)
      && !FIELD_LABEL_START.test(text) && !(ADDRESS_FIELD.test(body.slice(body.lastIndexOf('\n') + 1)) && /[、。！？]/.test(text));
    // A URL wrapped at the dot before its top-level domain, the dot read as 「。」: 「…mypage。」「test/login」.
    const cutAtDot = /:\/\/([A-Za-z0-9.-]+)[。．]$/.exec(body)?.[1];
    const nextLabel = /^[A-Za-z]{2,}(?![A-Za-z0-9.-])/.exec(repaired)?.[0];
    if (cutAtDot && nextLabel && !hasTopLevelDomain(cutAtDot) && hasTopLevelDomain(`${cutAtDot}.${nextLabel}`)) body = `${body.slice(0, -1)}.`;
    const continuesAddress = /[A-Za-z0-9/?=&._%-]$/.test(body) && /^[A-Za-z0-9/?=&._%-]/.test(repaired) && ADDRESS_AT_END.test(body);
    if (continuesAddress || wrapped) body += repaired;
    else body += gap > previous.box.h * 1.2 ? `\n\n${repaired}` : `\n${repaired}`;
  });
  return repairAddressText(body);
}
