import { findEmailAddress } from './address-repair';
import { withoutChrome } from './body-chrome';
import { CHAT_DATE_CHIP, isChrome, isChromeText } from './app-chrome';
import { type ImageSize, meaningfulChars, type TextLine } from './form-lines';
import { wrappedAddress } from './mail-header';
import { dropAvatarNoise, EDGE_CUT_SHARE, fromGreeting, joinBody, withoutChatSenderName, withoutComposerBar, withoutCutEdgeLines } from './message-body';
import { isCjk, isPhoneNumber, PHONE_PATTERN } from './ocr-text';
import type { ScreenshotFormData } from './screenshot-ocr.types';
import { withoutRereadPieces } from './row-pieces';

/**
 * The form's fields from a text message (SMS, +メッセージ, a chat): the sender's number or address in the
 * app's header, and the message below it.
 */

export function fromSms(lines: TextLine[], size: ImageSize): ScreenshotFormData {
  // The sender sits in the header, above the first message: the top quarter of a phone's screen.
  // A capture cut short at the bottom has a shorter screen: down to half its width, a sender
  // standing alone on its line is taken too (a number inside a sentence there is the message's).
  const headerLimit = size.height * 0.25;
  const shortCaptureLimit = Math.max(headerLimit, size.width * 0.5);
  let senderIndex = -1;
  let source_phone: string | null = null;
  let source_email: string | null = null;
  let messageAbove = false;
  for (let i = 0; i < lines.length && lines[i]!.line.box.y < shortCaptureLimit; i++) {
    const text = lines[i]!.text;
    // Below a line of the message (a capture cut through it), a number is the message's own
    // (「注文番号：…」, 「伝票番号572-3361-9639」), not the sender above it. A notification banner over
    // the top reads like the message too, but the app's header, with its back button, comes below it.
    if (BACK_BUTTON.test(text)) messageAbove = false;
    // The status bar's battery (「全ll 5496」) is no short code, nor its clock read without its colon (「2032」).
    if (isChrome(lines[i]!) || isStatusBarClock(lines[i]!)) continue;
    if (isMessageText(lines[i]!)) {
      messageAbove = true;
      continue;
    }
    if (lines[i]!.line.box.y >= headerLimit && meaningfulChars(text.replace(/[\w.@+\-\s]+/, '')) > 2) continue;
    if (messageAbove) break;
    // A long sender address wraps under itself as in a mail's header (「mytokyogas@tokyo-」「< gas.xyz」).
    const address = wrappedAddress(lines, i);
    const email = findEmailAddress(address.text);
    if (email) {
      source_email = email;
      senderIndex = address.end;
      break;
    }
    const phone = findPhone(text);
    if (phone) {
      source_phone = phone;
      senderIndex = i;
      break;
    }
  }
  // Without a readable sender, at least skip the app's header (status bar, avatar, name), unless
  // the capture starts with a sentence: then it was cut below the header, in the message itself.
  // On a desktop client, its folder and message lists stand beside it (read first, all left of it).
  // An app's warning wrapped over lines (「この送信者は連絡先に登録されて」「いません。迷惑メッセージの可能」) is
  // chrome on each of them, though only its first line says so.
  const kept = new Set(withoutChrome(lines));
  const continuesChrome = (entry: TextLine) => !kept.has(entry) && !isChrome(entry);
  const topSentence = lines.findIndex((entry, index) => {
    if (continuesChrome(entry)) return false;
    const before = lines.slice(0, index).filter((other) => !isChrome(other) && !continuesChrome(other));
    const leftOf = (other: TextLine) => other.line.box.x + other.line.box.w <= entry.line.box.x;
    // A title after the app's back button (「く三井住友銀行サポート」) is the header, however long.
    // The sender's address in the header (「。info+xw5q@w6fuと:」, its avatar read as marks) is no sentence either.
    return entry.line.box.y < entry.line.box.h * 3 && looksLikeSentence(entry) && !BACK_BUTTON.test(entry.text) && !isAddressRow(entry) && before.every(leftOf);
  });
  // Or cut just above its first sentence: a greeting (「お客様各位」「〇〇様」) or a line cut by the image's top edge, then a sentence.
  const first = lines[0];
  const second = lines[1];
  const cutAtGreeting = first !== undefined && second !== undefined && first.line.box.y < first.line.box.h * 3 && !isChrome(first)
    && (/(様|さま|殿|各位)$/.test(first.text) || first.line.box.y <= Math.max(1, first.line.box.h * 0.15)) && (looksLikeSentence(second) || wrapsLargeText(second, size))
    && second.line.box.y - (first.line.box.y + first.line.box.h) < second.line.box.h * 1.5;
  // Or, with the header cut off or unreadable, the day's date chip: the messages follow it.
  const dateChip = lines.findIndex(({ text, line }) => line.box.y < size.height * 0.3 && CHAT_DATE_CHIP.test(text));
  const firstBodyLine = senderIndex >= 0 ? senderIndex + 1 : topSentence >= 0 ? topSentence : cutAtGreeting ? 0 : dateChip >= 0 ? dateChip + 1
    : withParagraphAbove(lines, lines.findIndex(({ line }) => line.box.y > size.height * 0.15), size);
  // The chat's title after the back button (「く日本郵便サポート」), which the sender's name repeats.
  const title = lines.find(({ text, line }) => line.box.y < shortCaptureLimit && BACK_BUTTON.test(text) && meaningfulChars(text) >= CHAT_TITLE_MIN_CHARS);
  // (The button's arrow may be read twice, as 「<」 and 「く」: 「<くNHK」.)
  const chatTitle = title ? title.text.replace(/^(?:[<〈]\s*|く(?![だれ]))+/, '').trim() : null;
  const bodyLines = withoutCutEdgeLines(
    withoutChatSenderName(withoutChrome(dropAvatarNoise(withoutChatTitle(withoutRereadPieces(firstBodyLine >= 0 ? lines.slice(firstBodyLine) : []), chatTitle)))),
    size,
  );
  return { source_email, source_phone, subject: null, body: joinBody(fromGreeting(withoutComposerBar(withoutTopBanner(bodyLines, lines, size), size))) };
}

/**
 * A cut by height alone (the top share of the screen) must not split a paragraph: the lines right above the first one
 * kept, sentences or lines of large text in its column a line apart at most (「【NHK】登録情報の確認が必要です。」 over
 * 「詳細は下記より…」), are its start.
 */
function withParagraphAbove(lines: TextLine[], first: number, size: ImageSize): number {
  let start = first;
  while (start > 0) {
    const above = lines[start - 1]!;
    const { box } = lines[start]!.line;
    const gap = box.y - (above.line.box.y + above.line.box.h);
    // (Large text wraps after a few characters: a line of it is told by its width.)
    if (!(looksLikeSentence(above) || wrapsLargeText(above, size)) || isAddressRow(above) || gap > box.h || Math.abs(above.line.box.x - box.x) > box.h * 2) break;
    start -= 1;
  }
  return start;
}

/** A banner stands in the top share of the screen… */
const BANNER_ZONE = 0.15;
/** … set apart from the app under it by more than this many of its line heights (a bubble's lines are a line apart). */
const BANNER_GAP_LINES = 2;
/** A line read at least this surely is text, not marks. */
const SURE_LINE_CONFIDENCE = 70;

/**
 * Another app's banner over the top of a chat whose header it hides (「1年前の思い出をふり返ってみましょう」, 「15:00打ち合わせ(会議室B)」),
 * its app's name and time not read: one line at the top, with no address, far above the message's lines. A message's
 * lines follow each other a line apart, so a lone line so far above the rest is not the message's (a greeting is kept).
 */
export function withoutTopBanner(lines: TextLine[], page: TextLine[], size: ImageSize): TextLine[] {
  const [first, next] = lines;
  // (A line the image's top edge cuts through is the message's, cut with the capture: a banner stands below the status bar.)
  if (!first || !next || first.line.box.y > size.height * BANNER_ZONE || first.line.box.y < first.line.box.h * EDGE_CUT_SHARE) return lines;
  const top = first.line.box.y + first.line.box.h;
  const gap = next.line.box.y - top;
  // Nothing was read between but the app's own words (its warning, a date chip, read surely) and bare marks (an edge, an
  // icon): a character read unsurely there (「|上」 at 24) is what is left of a line of the message.
  const inGap = page.filter(({ line }) => line.box.y + line.box.h / 2 > top && line.box.y + line.box.h / 2 < next.line.box.y);
  if (!inGap.every(({ text, line }) => isChromeText(text) || line.confidence >= SURE_LINE_CONFIDENCE || meaningfulChars(text) === 0)) return lines;
  const lone = gap > Math.max(first.line.box.h, next.line.box.h) * BANNER_GAP_LINES;
  const plain = !/https?:|www\.|@|\.[a-z]{2,}\//i.test(first.text) && !/(様|さま|殿|各位)$/.test(first.text);
  const messageBelow = lines.slice(1).some(({ text }) => meaningfulChars(text) >= MESSAGE_CJK_CHARS);
  return lone && plain && messageBelow ? lines.slice(1) : lines;
}

/** The back button at the left of an app's header, read as 「く」 or 「<」 (not the 「く」 of 「ください」「くれぐれも」). */
const BACK_BUTTON = /^([<〈]|く(?![だれ]))/;

/** The status bar's clock with its colon lost (「2032」 for 20:32): three or four digits at the screen's top edge, read unsurely. */
function isStatusBarClock({ text, line }: TextLine): boolean {
  return /^\d{3,4}$/.test(text) && line.box.y < line.box.h * 2 && line.confidence < STATUS_CLOCK_MAX_CONFIDENCE;
}

/** Below this, four digits at the top edge are the clock's glyphs misread, not a sender read surely. */
const STATUS_CLOCK_MAX_CONFIDENCE = 40;

/** A chat's title is a name of a few characters at least (a lone 「く」 is a back button, or a word's start). */
const CHAT_TITLE_MIN_CHARS = 3;
/** Marks the avatar beside the sender's name is read as, before the name (「(0 Amazonお知らせ」「⑥ETC…」). */
const AVATAR_MARKS_MAX = 3;

/**
 * A chat sets the sender's name beside the avatar above the bubbles, the same name as the chat's title
 * (「く日本郵便サポート」 then 「日本郵便サポート」): a line that is the title, after at most a few marks the
 * avatar (or the back button) was read as, is the title or the sender's name, not the message.
 */
function withoutChatTitle(lines: TextLine[], title: string | null): TextLine[] {
  if (title === null || meaningfulChars(title) < CHAT_TITLE_MIN_CHARS) return lines;
  return lines.filter(({ text }) => !(text.endsWith(title) && text.length - title.length <= AVATAR_MARKS_MAX));
}

/** At least this many Japanese characters read surely: a line of the message, not the app's header. */
const MESSAGE_CJK_CHARS = 8;

function isMessageText(entry: TextLine): boolean {
  return entry.line.confidence >= 70 && [...entry.text].filter((char) => isCjk(char)).length >= MESSAGE_CJK_CHARS;
}

/** Large text wraps after a few characters (3× large: 「カウントがロック」), so a wrapped line of it is told by its width… */
const WRAPPED_LINE_MIN_WIDTH = 0.4;
/** … and by holding a few characters read surely. */
const WRAPPED_LINE_MIN_CHARS = 6;

/** A line of a paragraph of large text: too few characters for a sentence, but as wide as the message's column. */
function wrapsLargeText(entry: TextLine, size: ImageSize): boolean {
  return !isChrome(entry) && entry.line.confidence >= 70 && meaningfulChars(entry.text) >= WRAPPED_LINE_MIN_CHARS && entry.line.box.w >= size.width * WRAPPED_LINE_MIN_WIDTH;
}

/** A row holding an address and hardly any Japanese: the sender's, not a line of the message. */
function isAddressRow({ text }: TextLine): boolean {
  return /[\w.+-]@[\w-]/.test(text) && [...text].filter((char) => isCjk(char)).length < ADDRESS_ROW_MAX_CJK;
}

/** A line of a message that holds an address has a few Japanese words around it. */
const ADDRESS_ROW_MAX_CJK = 4;

function looksLikeSentence(entry: TextLine): boolean {
  return !isChrome(entry) && entry.line.confidence >= 70 && (meaningfulChars(entry.text) >= 10 || /[。！？]$/.test(entry.text));
}

/**
 * A sender in the international form with its 「+」 read as 「1」「T」 or lost (「181 90-2447-7094」,
 * 「T81 80 7182 1613」): 81 and a Japanese number without its leading 0 (nine or ten digits).
 */
const PLUS_81_MISREAD = /(?<![\d+])[1Tt十]?81([\s-]+)(\d[\d\s-]{7,13}\d)(?![\d-])/;
/**
 * The same with the space after 81 lost too (「18190 8206 2047」「1817061043530」): only before a
 * mobile number (70, 80, 90 and eight digits), since no Japanese number starts with 181.
 */
const PLUS_81_MOBILE_RUN_ON = /(?<![\d+])[1Tt十]81([789]0[\s-]?\d{4}[\s-]?\d{4})(?![\d-])/;

function findPhone(text: string): string | null {
  const international = PLUS_81_MISREAD.exec(text);
  if (international && /^\d{9,10}$/.test(international[2]!.replace(/[\s-]/g, ''))) return `+81${international[1]}${international[2]}`;
  const runOn = PLUS_81_MOBILE_RUN_ON.exec(text);
  if (runOn) return `+81 ${runOn[1]}`;
  for (const match of text.matchAll(PHONE_PATTERN)) {
    if (isPhoneNumber(match[0])) return match[0].trim();
  }
  // Short codes and other numbers shown alone as the sender.
  const alone = /^\D{0,3}(\+?\d[\d\s-]{2,14}\d)\D{0,3}$/.exec(text);
  return alone ? alone[1]!.trim() : null;
}
