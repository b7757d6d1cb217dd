import { findSenderAddress } from './address-repair';
import { withoutChrome } from './body-chrome';
import { bodyGlyphSize, colonsByShape, type ImageSize, type TextLine } from './form-lines';
import { addressGlyphsByShape } from './address-glyphs';
import { withSurerAddressReadings } from './address-second-look';
import { joinLabelRows, readMailHeader, withoutMessageList } from './mail-header';
import { FROM_LABEL, SUBJECT_LABEL, TO_LABEL } from './mail-labels';
import { withPhrasesMended, withSubjectWordsMended } from './misread-phrases';
import { withoutOtherNotifications } from './notification-cards';
import { fromGreeting, joinBody, messageStart, withGreetingAsPlaceholder, withoutCutEdgeLines } from './message-body';
import type { OcrLine } from './ocr-layout';
import { withoutRecipient } from './recipient-fields';
import { withoutRereadPieces } from './row-pieces';
import { foldWidth } from './ocr-text';
import type { ScreenshotFormData } from './screenshot-ocr.types';
import type { SecondLook } from './second-look';
import { fromSms } from './sms-form';
import { withBrandBar, withDiamondMarks } from './subject-marks';

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
    subject: form.subject && withBrandBar(withDiamondMarks(withOpeningBracket(withSubjectWordsMended(withPhrasesMended(kanaByContext(form.subject)))))),
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

/**
 * The recipient's row of a web mail's header, its avatar or arrow read as a character or two before 「To」
 * (「雪To yui.ikeda37@…」「還了To naoki…」), or its 宛先 with 先 read as 元 after marks (「リア宛元:騰井太郎<mori…@…>」
 * on a capture cut through it): the label rules miss it, and the header's end is taken above it.
 */
const MISREAD_TO_LINE = /^\S{0,2}To\s?\S+@|^\S{0,3}[宛玩発][先元]\s?[:：].*@/;

function fromEmail(page: TextLine[], size: ImageSize, readAgain: readonly ReadAgain[]): ScreenshotFormData {
  const lines = withoutMessageList(page);
  const { source_email, subject, headerEnd } = readMailHeader(lines, size);
  // Pieces of the header's rows that OCR listed after it (a page band, a column to the right) are not the message.
  const last = lines[headerEnd]?.line.box;
  const below = (entry: TextLine) => !last || entry.line.box.y + entry.line.box.h / 2 > last.y + last.h;
  const start = messageStart(lines, headerEnd);
  const message = withoutRereadPieces(lines.slice(start).filter((entry) => (start <= headerEnd || below(entry)) && !MISREAD_TO_LINE.test(entry.text)));
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
