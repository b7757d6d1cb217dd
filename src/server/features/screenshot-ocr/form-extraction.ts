import { findEmailAddress, findSenderAddress } from './address-repair';
import { CHAT_DATE_CHIP, isChrome } from './app-chrome';
import { bodyGlyphSize, colonsByShape, type ImageSize, meaningfulChars, type TextLine } from './form-lines';
import { addressGlyphsByShape } from './address-glyphs';
import { withSurerAddressReadings } from './address-second-look';
import { joinLabelRows, readMailHeader, wrappedAddress } from './mail-header';
import { FROM_LABEL, SUBJECT_LABEL, TO_LABEL } from './mail-labels';
import { withPhrasesMended, withSubjectWordsMended } from './misread-phrases';
import { withoutOtherNotifications } from './notification-cards';
import { dropAvatarNoise, fromGreeting, joinBody, withoutChatSenderName, withGreetingAsPlaceholder, withoutChrome, withoutComposerBar, withoutCutEdgeLines } from './message-body';
import type { OcrLine } from './ocr-layout';
import { withoutRecipient } from './recipient-fields';
import { foldWidth, isCjk, isPhoneNumber, PHONE_PATTERN } from './ocr-text';
import type { ScreenshotFormData } from './screenshot-ocr.types';
import type { SecondLook } from './second-look';

/**
 * Turns OCR lines into the report form's fields. Anything that cannot be read is left null or
 * empty: a guess presented as fact is worse than an empty field the visitor fills in.
 */
export function extractFormData(pageLines: readonly OcrLine[], size: ImageSize, secondLook: readonly SecondLook[] = []): ScreenshotFormData {
  // A URL's line read unsurely on the page and surely by the second look is taken from the second look.
  const lines = withSurerAddressReadings(pageLines, secondLook);
  const read = lines.map(addressGlyphsByShape).map((line) => ({ text: foldWidth(colonsByShape(line)).replace(/\s+/g, ' ').trim(), line }));
  const rows = joinLabelRows(read);
  // A mail's own header (a subject over an avatar and the sender) looks like a card without its time.
  const textLines = withoutOtherNotifications(rows, { cardsWithoutTime: !looksLikeEmail(rows, size) });
  // Each second reading with the page line it read again (none for a row the page reading never returned).
  const readAgain = secondLook.map((look) => ({ lines: look.lines, replaces: look.line === undefined ? null : lines[look.line] ?? null }));
  const form = withoutRecipient(looksLikeEmail(textLines, size) ? fromEmail(textLines, size, readAgain) : fromSms(textLines, size), textLines);
  return {
    ...form,
    subject: form.subject && withOpeningBracket(withSubjectWordsMended(withPhrasesMended(kanaByContext(form.subject)))),
    body: form.body && withSubjectWordsMended(withPhrasesMended(kanaByContext(form.body))),
  };
}

/**
 * Repairs of the jpn model's kana, by context: the hiragana へ and the katakana ヘ look the same, and
 * the particle (「URLへアクセス」) is read as ヘ or as both (「ヘへ」); a 「り」 is read in before 「URL」
 * (「下記りURL」「以下のUりURL」) or for its U; a 「和」 appears in bold text where there is none (「お和荷物」「ポイント和失効」).
 */
function kanaByContext(text: string): string {
  return withoutPhantomWa(text)
    .replace(/[ヘへ]{2}/g, 'へ')
    .replace(/(?<![\u30a1-\u30faー])ヘ(?![\u30a1-\u30faー]|$)/g, 'へ')
    .replace(/(?<![\u30a1-\u30faー])ヘ(?=アクセス)/g, 'へ')
    .replace(/(?<=[記の])U?り(?=URL)/g, '')
    // … or read for the U itself, alone or beside it (「以下のりRL」「下記UりRL」).
    .replace(/U?り\s?(?=R\s?L(?![A-Za-z]))/g, 'U');
}

/** A subject's opening 【 read as a capital (「H重要】お客様の…」): a closing 】 with none before it. */
function withOpeningBracket(subject: string): string {
  return /^[HIl|[(（]/.test(subject) && /^[^【】]{1,12}】/.test(subject.slice(1)) ? `【${subject.slice(1)}` : subject;
}

/**
 * The jpn model sometimes reads a 「和」 into bold text where there is none (「お和荷物」
 * 「ポイント和失効」「、和宛先」). After a kana or a punctuation mark and before a word, a real 和 is
 * nearly always the start of one of these words (和歌山, 和田, 和解…), so any other is dropped.
 */
const PHANTOM_WA = /(?<=[\u3041-\u30ffー、。:：])和(?=[\u3041-\u30ff\u4e00-\u9fff])(?![歌光田泉室食服菓解牛風紙暦文式洋])/g;

function withoutPhantomWa(text: string): string {
  return text.replace(PHANTOM_WA, '');
}

/** Message text under this share of the page's width is a desktop's (fresh9: phones 2.9–6.2 %, web mail 0.8–1.7 %). */
const DESKTOP_TEXT_SHARE = 0.022;

/**
 * A To label, not an address wrapped so that its piece starts with 「to」 (「…https://yama」「to-unyu.example/…」
 * on a lock screen's card): an address's marks follow that 「to」 at once, a label's space or colon never does.
 */
function isToLabel(text: string): boolean {
  return TO_LABEL.test(text) && !/^\s*to[-./_%]/i.test(text);
}

function looksLikeEmail(lines: TextLine[], size: ImageSize): boolean {
  // A desktop browser's page: much wider than tall, with text small for its width (a phone's capture
  // cut short below is wide too, but its text stays a phone's: 3 % of the width or more). Web mail.
  const textSize = bodyGlyphSize(lines);
  let score = size.width > size.height * 1.3 && textSize !== null && textSize < size.width * DESKTOP_TEXT_SHARE ? 2 : 0;
  for (const { text } of lines) {
    // iOS Mail's back button 「く受信」 (to the inbox) says as much as a label: only a mail app has it.
    if (FROM_LABEL.test(text) || SUBJECT_LABEL.test(text) || isToLabel(text) || /^[<く]\s*受信/.test(text)) score += 2;
    if (/<[^>]*@/.test(text) || /受信トレイ|全員に返信|Gmail|Outlook/.test(text)) score += 1;
    if (/テキストメッセージ|SMS|iMessage|不明な送信者|迷惑メッセージ/.test(text)) score -= 2;
  }
  return score > 0;
}

function fromSms(lines: TextLine[], size: ImageSize): ScreenshotFormData {
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
    return entry.line.box.y < entry.line.box.h * 3 && looksLikeSentence(entry) && !BACK_BUTTON.test(entry.text) && before.every(leftOf);
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
    : lines.findIndex(({ line }) => line.box.y > size.height * 0.15);
  // The chat's title after the back button (「く日本郵便サポート」), which the sender's name repeats.
  const title = lines.find(({ text, line }) => line.box.y < shortCaptureLimit && BACK_BUTTON.test(text) && meaningfulChars(text) >= CHAT_TITLE_MIN_CHARS);
  const chatTitle = title ? title.text.replace(BACK_BUTTON, '').trim() : null;
  const bodyLines = withoutCutEdgeLines(
    withoutChatSenderName(withoutChrome(dropAvatarNoise(withoutChatTitle(firstBodyLine >= 0 ? lines.slice(firstBodyLine) : [], chatTitle)))),
    size,
  );
  return { source_email, source_phone, subject: null, body: joinBody(fromGreeting(withoutComposerBar(bodyLines, size))) };
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

function looksLikeSentence(entry: TextLine): boolean {
  return !isChrome(entry) && entry.line.confidence >= 70 && (meaningfulChars(entry.text) >= 10 || /[。！？]$/.test(entry.text));
}

/**
 * The recipient's row of a web mail's header, its avatar or arrow read as a character or two before 「To」
 * (「雪To yui.ikeda37@…」「還了To naoki…」), or its 宛先 with 先 read as 元 after marks (「リア宛元:騰井太郎<mori…@…>」
 * on a capture cut through it): the label rules miss it, and the header's end is taken above it.
 */
const MISREAD_TO_LINE = /^\S{0,2}To\s?\S+@|^\S{0,3}[宛玩発][先元]\s?[:：].*@/;

function fromEmail(lines: TextLine[], size: ImageSize, readAgain: readonly ReadAgain[]): ScreenshotFormData {
  const { source_email, subject, headerEnd } = readMailHeader(lines, size);
  // Pieces of the header's rows that OCR listed after it (a page band, a column to the right) are not the message.
  const last = lines[headerEnd]?.line.box;
  const below = (entry: TextLine) => !last || entry.line.box.y + entry.line.box.h / 2 > last.y + last.h;
  const message = lines.slice(headerEnd + 1).filter((entry) => below(entry) && !MISREAD_TO_LINE.test(entry.text));
  const bodyLines = withGreetingAsPlaceholder(withoutHeaderAddresses(withoutCutEdgeLines(withoutChrome(message), size)), message);
  const again = source_email === null ? senderReadAgain(readAgain, bodyLines) : null;
  // The page line the sender's row was read from is the header, not the message.
  const body = again?.replaces ? bodyLines.filter(({ line }) => line !== again.replaces) : bodyLines;
  return { source_email: source_email ?? again?.address ?? null, source_phone: null, subject, body: joinBody(fromGreeting(body)) };
}

/** A line holding only an address, in angle brackets or not. */
const ADDRESS_ALONE = /^[<(（]?\s*[\w.+-]+@[\w.-]+\s*[>)）]?$/;

/**
 * Addresses alone on their lines before the message's first line are the header's: a To row's address
 * wrapped under its label (「宛先:」 then 「kobayashi_meg@docomo.example」 at 3× large), or a row whose label
 * was not read (「<btuyamada788@icloud.example>」). A message does not open with a bare address.
 */
function withoutHeaderAddresses(lines: TextLine[]): TextLine[] {
  const first = lines.findIndex(({ text }) => !ADDRESS_ALONE.test(text));
  return first < 0 ? lines : lines.slice(first);
}

/** A second reading of a row of ink, and the page line it read again (null for a row the page reading missed). */
interface ReadAgain {
  lines: OcrLine[];
  replaces: OcrLine | null;
}

/**
 * The sender's row as the second look read it, when the page reading lost it (Outlook on the web at 1×
 * reads the avatar, the sender and the To row below it as one unsure line, 「のoop」, or not at all).
 * Only a row read surely, above the message (its first line the page reading kept as read), in the
 * 「Name <address>」 form of a sender's row: the To row's address (its label misread as 「5先:」) is the recipient's.
 */
function senderReadAgain(readAgain: readonly ReadAgain[], bodyLines: TextLine[]): { address: string; replaces: OcrLine | null } | null {
  const replaced = new Set(readAgain.map((look) => look.replaces));
  const bodyTop = bodyLines.find(({ line }) => !replaced.has(line))?.line.box.y ?? Infinity;
  for (const look of readAgain) {
    for (const line of look.lines) {
      const text = foldWidth(line.text).replace(/\s+/g, ' ').trim();
      if (line.confidence < SURE_ROW || line.box.y + line.box.h > bodyTop || !SENDER_ROW.test(text) || TO_LABEL.test(text) || /先\s*[:：]/.test(text)) continue;
      const address = findSenderAddress(text);
      if (address) return { address, replaces: look.replaces };
    }
  }
  return null;
}

/** A row read again below this confidence is left alone: a guessed sender is worse than none (「<info@muzptprtest>」 at 43). */
const SURE_ROW = 60;

/** A display name, then the address in angle brackets: 「国税庁<info33@kokuzei-info.example>」. */
const SENDER_ROW = /\S\s*<[^<>]*@/;

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
