import { findPersonalSpans, NOT_A_NAME } from '../../../common/personal-data';
import { asciiRuns, isCjk, isPhoneNumber, looksLikeAddress, PHONE_PATTERN, type Span } from './ocr-text';

/**
 * What on one line of text must be blacked out (see sensitive-areas.ts for the rules across lines
 * and the image): the personal-data detectors' spans, addresses, numbers, labels' values, names.
 */

/** What ends a name read backwards from its honorific. */
export const NAME_STOP = /[\s【】「」『』（）()[\]、。,:：!！?？・<>＜＞]/;
/**
 * A recipient field's label ("To:", "宛先"): the name after it is the recipient's. A Japanese label
 * may come after an icon or a speck OCR read as one or two characters ("和宛先:小林達也").
 */
export const RECIPIENT_LABEL = /^\s*(?:To|TO|to|Cc|CC|[^\s\d:：]{0,2}?(?:宛先|宛て先|受信者))\s*[:_]?\s*/;
const ADDRESS_LABEL = /(?:メールアドレス|アドレス|ご登録メール|登録メール|連絡先メール|送信先)\s*[\]】]?\s*[:・_]?|(?:E-?mail|Mail)\s*:/i;
/** An address field's label and its colon ending a line ("ご登録のメールアドレス:"): the address stands right of it, read as a line of its own or not. */
export const LINE_END_ADDRESS_LABEL = new RegExp(`(?:${ADDRESS_LABEL.source})(?<=[:：・_])\\s*$`, 'i');
const POSTAL = /〒|\b\d{3}-\d{4}\b|(?:東京都|北海道|京都府|大阪府|[^\s\d]{2,3}県)[^\s\d]{1,6}[市区町村郡]|[\u4e00-\u9fff]{1,4}[市区町村][\u3040-\u30ff\u4e00-\u9fff]{1,10}\d{1,4}(?:丁目|番地?|[-－ー−])\d/;
/** A card number with masked groups ("****-****-****-1234", "•••• 1234") anywhere on a line. */
const MASKED_CARD = /(?:[*＊•●xX]{2,4}[\s\-‐－ー−]?){2,}\d{0,4}/;
/** A company written as its domain ("Amazon.co.jp") is a brand name, not an address to hide. */
const BRAND_DOMAIN = /^_?[A-Z][A-Za-z]+\.(co\.jp|com|jp)$/;
/** The first letters of a scheme left at a line's end ("…ください。htt" / "ps://…"). */
const SCHEME_START = /^(?:h(?:t(?:t(?:ps?)?)?)?|t?tps?)(?::?\/{0,2})$/i;
/** Digits with what OCR makes of the separators of full-width numbers ("0120一96 9一454", "050二3117"). */
const LOOSE_NUMBER = /(?:\+\s?8\s?1|0)(?:[\s\-‐－ー−一二_・.()]{0,2}\d){8,12}/g;
/** The words that label a phone number ("お問い合わせ", "TEL"). */
const PHONE_LABEL_WORDS = '(?:お問い?合わせ(?:窓口|先)?|問合せ|電話(?:番号)?|TEL|Tel|tel|窓口|センター|ダイヤル|連絡先)(?!番号)';
const PHONE_LABEL = new RegExp(`${PHONE_LABEL_WORDS}[^\\d\\s]{0,4}?[:：・\\s]*(?=[+\\d])`, 'g');
/** The number after a phone label: digits and what OCR makes of a full-width number's separators. */
const PHONE_LABEL_RUN = /^[+\d][\d\s\-‐－ー−一二_・.()]*/;
/** (wide) The same with a ":" between two single digits ("0.5:7 0一989一8.0.6" for 「０５７０－９８９－８０６」; not a time's "9:00"). */
const PHONE_LABEL_VALUE = /^[+\d](?:[\d\s\-‐－ー−一二_・.()]|(?<=(?<!\d)\d):(?=\d(?!\d)))*/;
/**
 * (wide) A phone label with nothing after it but a short run of no words, led by a letter or digit:
 * the number read as look-alikes or half hidden ("カスタマーセンターso直時" for 「カスタマーセンター
 * 0570-081-828」 under an app's floating button). No hiragana, so no sentence goes on after the label.
 */
const PHONE_LABEL_GARBLED = new RegExp(`${PHONE_LABEL_WORDS}[:：・.\\s]*(?=[A-Za-z0-9])[^\\s\u3040-\u309f。、！？!?](?:\\s?[^\\s\u3040-\u309f。、！？!?]){0,7}\\s*$`);
/** (wide) After a number, a separator and one or two characters ending the line: its last digit misread ("…398ーア" for 「…３９８－７」), and the number goes on below. */
const NUMBER_BROKEN_END = /^\s*[-‐－ー−一二_・.]\s*[^\s\u3040-\u309f。、！？!?]{1,2}\s*$/;
/** A phone label and its colon ending a line ("お電話でのお問い合わせ:"): the number stands right of it, read or not. */
export const LINE_END_PHONE_LABEL = new RegExp(`${PHONE_LABEL_WORDS}[^\\d\\s]{0,4}?\\s*[:：]\\s*$`);
const CARD_LABEL = /(カード番号|ご利用カード|対象カード|カード|card)/i;
/** A mask OCR read as something else ("米米米米米米米米1234", "++++ ++++ 5518"): one symbol repeated, then the last digits. */
const REPEATED_MASK = /([^\sA-Za-z0-9ー−\-=_.。、・…─━])(?:\s?\1){3,}\s?\d{2,4}|([^\sA-Za-z0-9ー−\-=_.。、・…─━])\2{5,}/;
/**
 * The mailbox owner's own 「自分」 or "me" as a recipient, with at most a menu arrow (or what OCR made
 * of it: one character that is no kanji, 「ょ」 or 「る」 for ▴, or two that are no kana) after it.
 */
const OWN_ACCOUNT = /^\s*(?:自分|me)\s*(?:[^\s\u3400-\u9fff]|[^\s\u3040-\u309f\u3400-\u9fff]{2})?\s*$/;
/**
 * (wide) A reference number's label right before a run ("受付番号：GV17452430", "注文番号: AB1234567"):
 * an order's or a request's code, not a URL's token. Not a card's, a phone's or an account's number.
 */
const REFERENCE_LABEL = /(?<!カード|電話|携帯|口座)番号\s*[:：・;.]?\s*$/;
/** ... and the code itself: a few capitals and digits only, no mark a URL or an e-mail address has. */
const REFERENCE_CODE = /^[A-Z]{1,4}\d{6,12}$/;
/**
 * (wide) A run whose only digits are a percentage ("30%OFF", a status bar's "nll78%" for its signal
 * bars and battery): no address. A URL's "%" is followed by two hex digits ("%E3").
 */
const PERCENT_RUN = /^[A-Za-z]{0,6}\d{1,3}%(?![0-9A-Fa-f]{2})[A-Za-z]{0,6}$/;
/** A phone field ("電話番号：", "TEL:"): its whole value cell goes, whatever the digits were read as. */
const PHONE_FIELD = /(?:電話番号|電話|TEL|Tel|tel|携帯)\s*[:：]\s*(?=\S)/;

export interface FoundSpan extends Span {
  /** Another line's start is a continuation of this span when it wraps. */
  wraps: boolean;
  /** A postal address goes on with words ("…西五反田" / "1-15-3 グランハイツ501号室"), not just an address run. */
  wrapsWords?: boolean;
  /** A URL, e-mail address or number (worth a second, alphabet-only reading). */
  address: boolean;
}

/**
 * A scheme anywhere, whatever OCR made of what follows it ("たします。https:ガ"); also "htt" and at
 * most one more letter before a mark, the scheme with its "p" and ":" misread ("httn<・77dnrnmn").
 */
const SCHEME_ANYWHERE = /(?<![A-Za-z])h?t?tps?\s?[:;]|hxxps?[:;]|www\.|(?<![A-Za-z])htt[a-z]?[^A-Za-z\s:;]/gi;
/**
 * A number led by 0, O or + with nine digits or more, whatever single characters OCR put between
 * them ("O0.5 706語6 6.5三2.8 8", "03-フ710-3287"): a phone number in full-width digits. Dates,
 * times and amounts (年月日, ":", "/", ",", 円) do not join.
 */
const DIGIT_DENSE = /(?<!\d)[0OoＯ〇+](?:[^\d年月日時分秒円:：/／,，、。%％¥￥]{0,2}\d){8,}/g;
/** Groups of at most four digits, four or more of them ("+81 90 1234 5678"): a phone number whatever OCR made of its first digit ("181 80 1632 8468"). */
const DIGIT_GROUPS = /(?<!\d)\d{1,4}(?:[\s\-‐－ー−]\d{1,4}){3,4}(?!\d)/g;
/**
 * A +81 number whose "+" OCR lost ("< 817042110270", "81 90-1234-5678"): the span gets a number's
 * margin, where the "+" stands. Not "8179-0673-1384" (an inquiry number in groups of four).
 */
const LOST_PLUS_NUMBER = /(?<![\d+])81(?:\d{9,10}|[\s\-‐－ー−]\d{1,2}[\s\-‐－ー−]?\d{4}[\s\-‐－ー−]?\d{4})(?!\d)/g;
/**
 * A +81 number whose "+" OCR read as a 1 ("< 18190 8206 2047", "くく1817061043530"): "181" and the
 * next one or two digits run together. The other number rules match it from its inner "0" on, so
 * the cover began halfway into the number. Not "1812-3456-7890" (a first group of four).
 */
const ONE_FOR_PLUS_NUMBER = /(?<![\d+])181(?:\d{2}|[\s\-‐－ー−]\d{1,2})[\s\-‐－ー−]\d{4}[\s\-‐－ー−]?\d{4}(?!\d)|(?<![\d+])181\d{10}(?!\d)/g;
/**
 * A landline number in three groups, ten digits in all, whatever its first digit was read as
 * ("センタダター96-2075-4736" for 「センター：06-2075-4736」, label and leading 0 both misread). Not
 * after 番号 or No. (「伝票番号205-0648-3901」: a slip number).
 */
const PHONE_SHAPED = /(?<![\d./]|番号\s*[:：]?\s*|No\.?\s*[:：]?\s*)\d{2,4}[-‐－ー−]\d{2,4}[-‐－ー−]\d{4}(?![\d\-‐－ー−])/g;
/** A run of address characters, a letter among them, broken at the line's end after a "-", "_" or ".". */
const ADDRESS_BROKEN_AT_END = /(?<![A-Za-z0-9._%+-])(?=[A-Za-z0-9._%+-]*[A-Za-z])[A-Za-z0-9][A-Za-z0-9._%+-]{5,}[-_.]\s*$/;
/** A link's label and its colon, with something after it on the line. */
const URL_LABEL = /U\s?R\s?L\s*[:：]\s*(?=\S*[A-Za-z0-9])/;
/** A scheme's "h" and at most four more letters (misread) ending a line right after a sentence ("…更新してください。hh"). */
const SCHEME_H_AFTER_SENTENCE = /(?<=[。！？!?])\s*h[A-Za-z]{0,4}\s*$/i;
/**
 * An e-mail address whose domain has no dot yet, then a space and a few small letters: the dot
 * before its top-level domain read as a space ("info29@rakuten-card top" for "…@rakuten-card.top").
 */
const ADDRESS_SPLIT_TLD = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+\s[a-z]{2,6}(?![A-Za-z0-9])/g;
/**
 * An e-mail address whose local part was read as two words, its 「_」 or 「.」 read as a space ("account_update
 * 9213@h7t62uf.online"): the word before the space, small letters, digits and marks only, is the address's too.
 */
const ADDRESS_SPLIT_LOCAL = /(?<![A-Za-z0-9._%+-])[a-z0-9._%+-]{2,}\s[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*/g;
/**
 * A URL's scheme read as a word of its own, its 「://」 lost ("http 203.0.113.77:2083"), then a host: an IPv4
 * address or a name with a dot.
 */
const SCHEME_AS_WORD = /(?<![A-Za-z])https?\s(?=\d{1,3}(?:\.\d{1,3}){3}|[A-Za-z0-9-]+\.[A-Za-z0-9.-]*[A-Za-z])/gi;
/** An IPv4 address, with its port: a link's host however the scheme before it was read (none of a message's numbers has four dotted parts). */
const IPV4_HOST = /(?<![\d.])(?:\d{1,3}\.){3}\d{1,3}(?::\d{2,5})?(?![\d.])/g;
/** An address in angle brackets, a sender's or a recipient's ("JCBカード<myjcb⑳kjqir2.top>"), up to its ">" or the line's end. */
/** An e-mail address whose "<" was not read, up to its ">" across one space ("yubincenter77@gmf37p example>"). */
const ADDRESS_TO_BRACKET = /[A-Za-z0-9._%+-]+@[^\s<>＜＞]*(?:\s[^\s<>＜＞]+)?\s*[>＞]/g;
/**
 * A sender's address cut before its "@": address characters only, a letter and a local part's mark
 * or a digit. Not digits alone: an SMS app's back arrow before a short code ("< 300300") is chrome.
 */
const CUT_LOCAL_PART = /^(?=[^A-Za-z]*[A-Za-z])(?=[A-Za-z0-9._%+-]*[_+%\d])[A-Za-z0-9][A-Za-z0-9._%+-]*$/;
/** An address's first characters only, one to four, at the line's end after its "<". */
const CUT_ADDRESS_START = /^(?=[^A-Za-z]*[A-Za-z])[A-Za-z0-9][A-Za-z0-9._%+-]{0,3}$/;
const BRACKETED_ADDRESS = /[<＜]\s*([^<>＜＞\s]*[A-Za-z0-9][^<>＜＞\s]*)(?:\s*[>＞]|\s*$)/g;
/**
 * A bracket closed on a long run of letters whose "@" and dots OCR lost, split at most once where
 * the "@" stood, by a space ("楽天モバイル<mobiieemail rmobilejjptest>") or by the one kana or kanji
 * OCR read the "@" as ("<noticeふmailLmizuho-directtop>"): a sender's address all the same.
 */
const BRACKET_LOST_MARKS = /[<＜]\s*([A-Za-z0-9][A-Za-z0-9_%+-]*(?:[\s\u3040-\u30ff\u3400-\u9fff][A-Za-z0-9_%+-]+)?)\s*[>＞]/g;
/** ... when it holds at least this many letters and digits ("<Back>", "<br>" do not). */
const BRACKET_LOST_MARKS_LETTERS = 10;
/**
 * The same closed right after its last letter but with its "<" misread too, as "-" or not at all
 * ("ヤマト運輸事務局-delvsry656zgs example>" for "<delivery@656zgs.example>").
 */
const BRACKET_LOST_OPEN = /(?<![A-Za-z0-9._%+])[A-Za-z0-9][A-Za-z0-9._%+-]*(?:\s[A-Za-z0-9._%+-]+)?[>＞]/g;
/** What OCR reads "@" as between an address's letters: an enclosed number ("⑳", "⑧") or ©/®. */
const AT_LOOKALIKE = /(?<=[A-Za-z0-9._-])[\u2460-\u24ff\u2776-\u2793©®](?=[A-Za-z0-9])/g;
/** "@" read as two characters, a bracket and "の" ("e-tax(のiwbs3z.example"): replaced by "_@", the same length, so spans stay put. */
const AT_AS_TWO = /(?<=[A-Za-z0-9._-])[(（]の(?=[A-Za-z0-9])/g;
/**
 * A recipient label with one of its characters misread ("爺先:", "宛光:"), only before a ":" at
 * the line's start: the value after it is covered and its name looked for elsewhere.
 */
export const LOOSE_RECIPIENT_LABEL = /^\s*[^\s\d:：]{0,2}?(?:宛[^\s\d:：]|[^\s\d:：]先)\s*[:：_]\s*/;

/**
 * Characters OCR puts for 様 (欄 most of all, 機 and 接 on small dark text); only believed at the end
 * of a short line that is one name (「林彩欄」 for 「林 彩 様」), not a form's field (「入力欄」).
 */
export const HONORIFIC_LOOKALIKES = '欄樣標機接';
const HONORIFIC_LOOKALIKE_LINE = new RegExp(`^\\s*([^\\s${HONORIFIC_LOOKALIKES}]{2,8})\\s*[${HONORIFIC_LOOKALIKES}]\\s*$`);
/** The words a form's field is named by before 欄 (「入力欄」「備考欄」): two characters, as short as a name. */
const FIELD_BEFORE_LOOKALIKE = /^(?:入力|記入|備考|回答|解答|氏名|住所|検索|署名|本文|件名|宛先|摘要|通信|自由|空白|必須|任意)$/;

/** Two addresses on a line this many characters apart at most, with nothing but Latin between, are one. */
const ADDRESS_GAP_CHARS = 8;

/** Text rules that only add black: more tolerant than the ones that decide a second reading. */
function wideTextSpans(probe: string): FoundSpan[] {
  const spans: FoundSpan[] = [];
  for (const match of probe.matchAll(SCHEME_ANYWHERE)) spans.push({ start: match.index, end: probe.trimEnd().length, wraps: true, address: true });
  for (const match of probe.matchAll(DIGIT_DENSE)) {
    const end = match.index + match[0].length;
    // Nine digits may be a whole number: only a separator at the line's end says it goes on; or,
    // for a number led by 0, the line's end itself: a Japanese one has ten digits or eleven, so
    // "01202542オー2" / "3 6 (9:00へ18:00)" wrapped.
    const short = /^0/.test(match[0]) && match[0].replace(/\D/g, '').length < 10 && probe.slice(end).trim() === '';
    spans.push({ start: match.index, end, wraps: short || /^\s*[-‐－ー−一二_・.]\s*$/.test(probe.slice(end)), address: true });
  }
  for (const match of probe.matchAll(DIGIT_GROUPS)) {
    const end = match.index + match[0].length;
    if (match[0].replace(/\D/g, '').length >= 10) spans.push({ start: match.index, end, wraps: false, address: true });
  }
  for (const match of probe.matchAll(PHONE_SHAPED)) {
    if (match[0].replace(/\D/g, '').length === 10) spans.push({ start: match.index, end: match.index + match[0].length, wraps: false, address: true });
  }
  const schemeH = SCHEME_H_AFTER_SENTENCE.exec(probe);
  if (schemeH) spans.push({ start: schemeH.index + schemeH[0].search(/\S/), end: probe.trimEnd().length, wraps: true, address: true });
  for (const match of probe.matchAll(LOST_PLUS_NUMBER)) spans.push({ start: match.index, end: match.index + match[0].length, wraps: false, address: true });
  for (const match of probe.matchAll(ONE_FOR_PLUS_NUMBER)) spans.push({ start: match.index, end: match.index + match[0].length, wraps: false, address: true });
  for (const match of probe.matchAll(BRACKETED_ADDRESS)) {
    // Only an address-like value ("a@b", "x.y"); "<戻る" and "< 12:30" are an app's chrome.
    // Or an address cut before its "@" at the line's end (a banner or the pane's edge over the rest,
    // "<no_reply+"): a local part's marks or digits, which "<Back" and "<戻る" never have.
    const cutLocalPart = CUT_LOCAL_PART.test(match[1]!) && !/[>＞]\s*$/.test(match[0]);
    // (Or its first letter or few after a display name, the rest under a banner or past the pane's
    // edge: 「Apple 会員サポート <no」 read "<nc" at the line's end. A back button's "<" starts its line.)
    const cutShort = CUT_ADDRESS_START.test(match[1]!) && !/[>＞]\s*$/.test(match[0]) && probe.slice(match.index + match[0].length).trim() === '' && probe.slice(0, match.index).trim().length >= 2;
    if (!cutShort && ((!/[@.]/.test(match[1]!) && !cutLocalPart) || match[1]!.replace(/[^A-Za-z0-9]/g, '').length < 3)) continue;
    // From the "<" on: OCR's boxes for an address's first letters sit a few pixels right of them
    // (「<order06@…」 on Outlook web 2×: the box began 4 px into the address's first letter).
    const end = match.index + match[0].length;
    // (A cut local part does not go on below: the rest of the address is hidden, not wrapped.)
    const wraps = !/[>＞]\s*$/.test(match[0]) && probe.slice(end).trim() === '' && /[@.]/.test(match[1]!);
    spans.push({ start: match.index, end, wraps, address: true });
  }
  for (const match of probe.matchAll(BRACKET_LOST_MARKS)) {
    if (match[1]!.replace(/[^A-Za-z0-9]/g, '').length >= BRACKET_LOST_MARKS_LETTERS) spans.push({ start: match.index + 1, end: match.index + match[0].length, wraps: false, address: true });
  }
  for (const match of probe.matchAll(BRACKET_LOST_OPEN)) {
    if (match[0].replace(/[^A-Za-z0-9]/g, '').length >= BRACKET_LOST_MARKS_LETTERS) spans.push({ start: match.index, end: match.index + match[0].length, wraps: false, address: true });
  }
  // An address field's label and its separator, then a letter or digit: the value is the address,
  // however the rest was read ("メールアドレス・mm才放" for "メールアドレス：7gqyamada055@").
  const field = ADDRESS_LABEL.exec(probe);
  if (field && /[:：・_]\s*$/.test(field[0]) && /^\s*[A-Za-z0-9]/.test(probe.slice(field.index + field[0].length))) {
    spans.push({ start: field.index + field[0].trimEnd().length - 1, end: probe.length, wraps: true, address: false });
  }
  // A link's label, "URL:" and the rest of the line: the link, however it was read ("URL:htt" with
  // "p://…" on the row below unread).
  // An address run broken at its line's end right after a "-", "_" or ".", whatever became of its
  // "@" and dots ("…・infoemailLdocomo-" / "mydocomoっyz" for "info@mail.docomo-" / "mydocomo.xyz"):
  // a word of Japanese text does not break there, an address wrapping at its column's edge does.
  const broken = ADDRESS_BROKEN_AT_END.exec(probe);
  if (broken) spans.push({ start: broken.index, end: probe.trimEnd().length, wraps: true, address: true });
  const link = URL_LABEL.exec(probe);
  if (link) spans.push({ start: link.index + link[0].length, end: probe.trimEnd().length, wraps: true, address: true });
  for (const match of probe.matchAll(ADDRESS_SPLIT_TLD)) spans.push({ start: match.index, end: match.index + match[0].length, wraps: false, address: true });
  for (const match of probe.matchAll(ADDRESS_SPLIT_LOCAL)) spans.push({ start: match.index, end: match.index + match[0].length, wraps: false, address: true });
  for (const match of probe.matchAll(SCHEME_AS_WORD)) spans.push({ start: match.index, end: probe.trimEnd().length, wraps: true, address: true });
  for (const match of probe.matchAll(IPV4_HOST)) spans.push({ start: match.index, end: match.index + match[0].length, wraps: false, address: true });
  for (const match of probe.matchAll(ADDRESS_TO_BRACKET)) spans.push({ start: match.index, end: match.index + match[0].length, wraps: false, address: true });
  const garbled = PHONE_LABEL_GARBLED.exec(probe);
  if (garbled) {
    const start = garbled.index + garbled[0].search(/[:：・.\s]*(?=[A-Za-z0-9])[^:：・.\s]/);
    spans.push({ start, end: probe.trimEnd().length, wraps: false, address: false });
  }
  const label = RECIPIENT_LABEL.test(probe) ? null : LOOSE_RECIPIENT_LABEL.exec(probe);
  if (label && label[0].length < probe.trimEnd().length) spans.push({ start: Math.max(0, label[0].trimEnd().length - 1), end: probe.length, wraps: false, address: false });
  return spans;
}

/**
 * The spans of one line's text to black out. `wide` adds the tolerant rules that only add black
 * (see markSensitiveSpans in sensitive-areas.ts).
 */
export function sensitiveSpans(text: string, wide: boolean): FoundSpan[] {
  const spans: FoundSpan[] = [];
  const add = (start: number, end: number, wraps = false, address = wraps) => {
    if (end > start) spans.push({ start, end, wraps, address });
  };
  // Not marked for the second reading: the address and number rules below mark what needs one.
  for (const span of findPersonalSpans(text)) add(span.start, span.end, false, false);
  // "の" between letters is a misread "@" (wide: so are "⑳", "⑧", "©" and "®"; the same length, so spans stay put).
  const probe = (wide ? text.replace(AT_LOOKALIKE, '@').replace(AT_AS_TWO, '_@') : text).replace(/(?<=[A-Za-z0-9._-])の(?=[A-Za-z0-9])/g, '@');
  for (const run of addressRuns(probe, wide ? 2 : 1)) {
    const value = probe.slice(run.start, run.end);
    // "…ください。https" at the end of a line: the address goes on below.
    const schemeAtEnd = SCHEME_START.test(value) && probe.slice(run.end).trim() === '';
    if ((looksLikeAddress(value) && !BRAND_DOMAIN.test(value) && !(wide && plainCode(probe, run))) || schemeAtEnd) add(run.start, run.end, true);
  }
  for (const match of probe.matchAll(PHONE_PATTERN)) {
    if (isPhoneNumber(match[0]) && !(wide && referenceNumber(probe, match.index, match.index + match[0].length))) add(match.index, match.index + match[0].length, /[-‐－ー−]$/.test(match[0]), true);
  }
  // A number that breaks at the end of the line ("0120-862-").
  const trailingNumber = /(?:\+?\d[\d\s\-‐－ー−]{4,})[-‐－ー−]\s*$/.exec(probe);
  if (trailingNumber && !(wide && referenceNumber(probe, trailingNumber.index, probe.length))) add(trailingNumber.index, probe.length, true);
  // Full-width numbers come out with their separators misread; covered whatever they were read as.
  for (const match of probe.matchAll(LOOSE_NUMBER)) {
    if (wide && referenceNumber(probe, match.index, match.index + match[0].length)) continue;
    // (wide: a whole phone number at the line's end, "ドコモ070-9664-1093", is all there: nothing of it below.)
    const atEnd = match.index + match[0].length === probe.trimEnd().length && !(wide && wholePhone(probe, match.index, match[0]));
    add(match.index, match.index + match[0].length, /[\s\-‐－ー−一二_・.]$/.test(match[0]) || atEnd);
  }
  for (const label of probe.matchAll(PHONE_LABEL)) {
    const start = label.index + label[0].length;
    const run = (wide ? PHONE_LABEL_VALUE : PHONE_LABEL_RUN).exec(probe.slice(start))![0].trimEnd();
    const digits = run.replace(/\D/g, '');
    const atEnd = start + run.length >= probe.trimEnd().length;
    // (wide: at the line's end even one or two digits, the number wrapped: "お問い合わせ: 0 5" /
    // "70ー966一00"; but a whole number there ends, "センター.0.5:7 0一989一8.0.6" / 「ご不便を…」.)
    if (digits.length >= 3 || (wide && atEnd)) add(start, start + run.length, atEnd && !(wide && wholeNumber(digits)), true);
  }

  const recipient = RECIPIENT_LABEL.exec(probe);
  // From the label's last character on: the gap before the name is covered too. Not the owner's
  // own 「自分」 ("me") with at most its menu arrow after it (Gmail's 「To 自分 ▾」, read "To自分ャ"):
  // it names nobody.
  if (recipient && recipient[0].length < probe.length && !OWN_ACCOUNT.test(probe.slice(recipient[0].length))) add(Math.max(0, recipient[0].trimEnd().length - 1), probe.length);
  const addressLabel = ADDRESS_LABEL.exec(probe);
  if (addressLabel && /[A-Za-z0-9]{3,}/.test(probe.slice(addressLabel.index + addressLabel[0].length))) {
    add(addressLabel.index + addressLabel[0].trimEnd().length - 1, probe.length, true, false);
  }
  const postal = POSTAL.exec(probe);
  // Only a real address (〒, or a prefecture and city) goes on onto the next line; a bare
  // "123-4567" may be part of some other number.
  if (postal) spans.push({ start: postal.index, end: probe.length, wraps: /〒|[\u4e00-\u9fff]/.test(postal[0]), wrapsWords: true, address: false });
  const masked = MASKED_CARD.exec(probe) ?? REPEATED_MASK.exec(probe);
  if (masked) add(Math.max(0, masked.index - 5), probe.length);
  const phoneField = PHONE_FIELD.exec(probe);
  if (phoneField) add(phoneField.index + phoneField[0].trimEnd().length - 1, probe.length, false, false);
  // Label spans start on the label's last character, so the gap after it is covered too.
  const card = CARD_LABEL.exec(probe);
  if (card && /\d{3,4}/.test(probe.slice(card.index))) add(card.index + card[0].length - 1, probe.length);

  if (wide) spans.push(...wideTextSpans(probe));
  if (wide) spans.push(...addressGaps(probe, spans));
  if (wide) spans.push(...brokenNumberEnds(probe, spans));

  // A name alone on its line whose 様 OCR read as a look-alike ("石川愛子欄"): the whole line.
  const lookalike = wide ? HONORIFIC_LOOKALIKE_LINE.exec(probe) : null;
  if (lookalike && !NOT_A_NAME.test(lookalike[1]!) && !FIELD_BEFORE_LOOKALIKE.test(lookalike[1]!) && [...lookalike[1]!].every((char) => isCjk(char))) add(0, probe.length);
  for (const match of probe.matchAll(/様|さま|殿/g)) {
    let start = match.index;
    while (start > 0 && match.index - start < 10 && !NAME_STOP.test(probe[start - 1]!)) start--;
    const name = probe.slice(start, match.index).trim();
    if (name.length === 0 || NOT_A_NAME.test(name) || !isCjk(name.at(-1)) && !/[A-Za-z]/.test(name)) continue;
    // The character before the name and the honorific too: OCR's boxes for a name's first and
    // last characters are sometimes slivers or shifted onto their neighbours.
    add(Math.max(0, start - 1), match.index + match[0].length);
  }
  return spans;
}

/** (wide) Is this number, not inside a longer run of digits, all of a phone number: 0 and nine or ten more digits, and whole? */
function wholePhone(text: string, start: number, value: string): boolean {
  const digits = value.replace(/\D/g, '');
  return !/\d[\s\-‐－ー−]?$/.test(text.slice(0, start)) && /^0\d{9,10}$/.test(digits) && wholeNumber(digits);
}

/**
 * Are these all of a Japanese phone number's digits: eleven, or ten not led by 050, 070, 080 or 090
 * (a mobile or IP phone's eleven)?
 */
function wholeNumber(digits: string): boolean {
  return digits.length >= 11 || (digits.length === 10 && !/^0[5789]0/.test(digits));
}

/**
 * (wide) The gaps between addresses on a line with only Latin letters, digits, marks and spaces in
 * them, a few characters long: one address read with spaces and stray marks inside it
 * ("httns・//annla-id-in ae2<r oyxamnla/rhark/" for "https://apple-id-jp.e2sc.example/check/", "ae2<r"
 * left bare between its two halves). Japanese words between two addresses keep them apart.
 */
function addressGaps(text: string, spans: readonly FoundSpan[]): FoundSpan[] {
  const addresses = spans.filter((span) => span.address).sort((a, b) => a.start - b.start);
  const gaps: FoundSpan[] = [];
  let end = -1;
  for (const span of addresses) {
    const between = end < 0 ? '' : text.slice(end, span.start);
    if (between.length > 0 && between.length <= ADDRESS_GAP_CHARS && /\s/.test(between) && /^[\x21-\x7e\s]+$/.test(between)) {
      gaps.push({ start: end, end: span.start, wraps: false, address: false });
    }
    end = Math.max(end, span.end);
  }
  return gaps;
}

/**
 * (wide) A number of fewer than all its digits followed on its line by a separator and one or two
 * characters only ("57了0O一398ーア" for 「０５７０－３９８－７」 / 「７１」): the characters are its next
 * digit misread, and it wraps. The span runs to the line's end and carries on below like any
 * number at its line's end.
 */
function brokenNumberEnds(text: string, spans: readonly FoundSpan[]): FoundSpan[] {
  const end = text.trimEnd().length;
  return spans.filter((span) => span.address && span.end < end && NUMBER_BROKEN_END.test(text.slice(span.end)))
    .filter((span) => {
      const digits = text.slice(span.start, span.end).replace(/\D/g, '');
      return digits.length >= 4 && !wholeNumber(digits);
    })
    .map((span) => ({ start: span.start, end, wraps: true, address: true }));
}

/** ASCII runs, joined across `misread` misread characters ("verify?reミmj030", "httpsツ/docomo", "?reほたPBT"). */
/**
 * (wide) Is this letters-and-digits run something no URL or e-mail address is: a reference number
 * after its label, or a percentage? (Not in the spans that pick what is read a second time.)
 */
function plainCode(text: string, run: Span): boolean {
  // (The label's colon folded to ":" starts the run.)
  const lead = /^[:;.\s]*/.exec(text.slice(run.start, run.end))![0].length;
  const value = text.slice(run.start + lead, run.end);
  return (REFERENCE_CODE.test(value) && REFERENCE_LABEL.test(text.slice(0, run.start + lead))) || PERCENT_RUN.test(value);
}

/** A digit or a separator inside one number. */
const NUMBER_CHAR = /[\d\-‐－ー−]/;

/**
 * (wide) Is the number that holds `start`–`end` a reference number after its label ("注文番号：
 * 737-3051916-9804806", "お客様番号：8033864259"): not a phone's shape (0 and nine or ten more digits,
 * or "+")? A phone-shaped one is covered whatever its label says.
 */
function referenceNumber(text: string, start: number, end: number): boolean {
  let first = start;
  while (first > 0 && NUMBER_CHAR.test(text[first - 1]!)) first--;
  let last = end;
  while (last < text.length && NUMBER_CHAR.test(text[last]!)) last++;
  const digits = text.slice(first, last).replace(/\D/g, '');
  const label = text.slice(0, first);
  return REFERENCE_LABEL.test(label) && !/\+\s*$/.test(label) && !/^0\d{9,10}$/.test(digits);
}

function addressRuns(text: string, misread: number): Span[] {
  const runs = asciiRuns(text);
  const merged: Span[] = [];
  for (const run of runs) {
    const last = merged.at(-1);
    // Only a kana or kanji in between: "/" misread as "ん", ":/" as "ツ", "f" as "ミ".
    const between = last ? text.slice(last.end, run.start) : '';
    if (last && between.length <= misread && [...between].every((char) => isCjk(char))) last.end = run.end;
    else merged.push({ ...run });
  }
  return merged;
}
