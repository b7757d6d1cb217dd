import { personalDataPlaceholders } from './messages';

/**
 * The one definition of a report recipient's personal data in text: their name, their own
 * e-mail address, a postal address, a card number and a telephone number labelled as theirs.
 *
 * Used three ways: screenshot redaction boxes every span found here (plus every URL, e-mail
 * address and phone number, which a published image must never show), auto-fill replaces the
 * spans with neutral placeholders, and the submit path runs it over every typed or auto-filled
 * body and subject before storing. The sender and the phishing URLs are not personal data: they
 * are the warning the report exists to publish.
 *
 * Every function works on the text's own indices (no normalisation that changes a length), so
 * spans found on an OCR line map one to one onto its character boxes.
 */

export type PersonalDataKind = keyof typeof personalDataPlaceholders;

export interface PersonalSpan {
  start: number;
  end: number;
  kind: PersonalDataKind;
}

export interface PersonalDataContext {
  /** The reported sender's address: kept wherever it appears, since it is the warning. */
  senderEmail?: string | null;
  /** Recipient names known from elsewhere (the To line of a screenshot), found again in the text. */
  recipientNames?: readonly string[];
  /** Recipient addresses known from elsewhere (the To line of a screenshot). */
  recipientEmails?: readonly string[];
}

/** Full-width ASCII to half-width and the ideographic space to a space, one code unit for one. */
export function foldWidth(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= 0xff01 && code <= 0xff5e) out += String.fromCodePoint(code - 0xfee0);
    else if (code === 0x3000) out += ' ';
    else out += char;
  }
  return out;
}

// ---------------------------------------------------------------- telephone numbers

const DIGIT_SEPARATORS = /[\s\-‐－ー−.()]/g;

/** Telephone numbers: 10–11 digit domestic numbers, +81 numbers, 0120/0570 numbers. */
export const PHONE_PATTERN = /(?:\+\s?81[\s\-‐－ー−]?\(?0?\)?\s?|\b0)\d{1,4}[\s\-‐－ー−.()]{0,2}\d{1,4}[\s\-‐－ー−.()]{0,2}\d{3,4}(?!\d)/g;

export function isPhoneNumber(candidate: string): boolean {
  const digits = candidate.replace(DIGIT_SEPARATORS, '').replace(/[^\d+]/g, '');
  if (digits.startsWith('+81')) return digits.length >= 11 && digits.length <= 13;
  return digits.startsWith('0') && digits.length >= 10 && digits.length <= 11;
}

// ---------------------------------------------------------------- names

/** Honorific-bearing words that are not a person's name (「お客様」「会員様」…). */
export const NOT_A_NAME =
  /(お客|客|会員|ご本人|本人|利用者|契約者|加入者|皆|みな|各位|担当者?|お得意|ご家族|家族|株主|オーナー|ユーザー|ご依頼主|依頼主|ご購入者|購入者|出品者|落札者|神|者|取引先|先|店|(?:受取|申込|名義|代理|保証|依頼|管理|法)人|(?:世帯|店|施)主|契約|お子|奥|王|殿|社|御中|旦那|主人|運営|代表|事務局|窓口|多種多)$/;
/** A label naming the recipient: the To line of a mail, or a form field holding a name. */
const NAME_LABEL = '(?:To|TO|Cc|CC|宛先|宛て先|宛名|受信者|お名前|ご氏名|ご登録氏名|登録氏名|氏名|口座名義|名義人?|ご契約者名|契約者名|ご登録者名|会員名)(?![A-Za-z])';
/** A name's characters, never the honorific itself (様 and 殿 are kanji too). */
const NAME_CHAR = '(?:(?!様|さま|殿)[\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}ーA-Za-z])';
/** The shortest run before an honorific: 「佐藤 花子様 お客様」 names 佐藤 花子, not 「佐藤 花子様 お客」. */
const NAME = `${NAME_CHAR}+?(?:[ \\u3000]${NAME_CHAR}+?){0,2}?`;
const HONORIFIC = '(?:様|さま|殿)';
/** A leading 【楽天カード】 or [Amazon] tag of an SMS. */
const TAG = '(?:[【\\[〔<＜][^】\\]〕>＞\\n]{1,24}[】\\]〕>＞]\\s*)';
/** 「吉田 大輔 様」 at the head of a line, after an SMS tag or a name label. */
const HEAD_NAME = new RegExp(`^([ \\t]*${TAG}?(?:${NAME_LABEL}[ \\t]*[:_・]?[ \\t]*)?)(${NAME})([ \\t]*)(${HONORIFIC})`, 'gmu');
/**
 * 「…。山田太郎様」「いつも木村様には」: kanji only, after punctuation or a particle, so 「同様」
 * 「ご本人様」「お疲れさま」 are not read as names.
 */
const INLINE_NAME = /(?<=^|[\s、。！？!?,:】」』)）\]>＞はがをにのへとも])((?:\p{Script=Han}{1,4}[ \u3000])?\p{Script=Han}{2,6})([ \t]?)(?:様|さま|殿)/gmu;
/** 「宛先: 山田太郎 <taro@…>」「ご登録氏名：ヤマダ タロウ」: a label followed by a name without honorific. */
const LABELLED_NAME = new RegExp(
  `(?<=^|[\\s、。])([ \\t]*${NAME_LABEL}(?:[ \\t]*[:_・][ \\t]*|[ \\t]+))(${NAME_CHAR}+(?:[ \\u3000]${NAME_CHAR}+){0,2})(?=[ \\t]*(?:$|[<＜(（]))`,
  'gmu',
);

export function isRecipientName(candidate: string): boolean {
  const name = candidate.replace(/\s+/g, '');
  if (name.length === 0 || name.length > 12 || /^〇+$/.test(name)) return false;
  if (NOT_A_NAME.test(name) || /^(ご|御|貴|お(客|父|母|兄|姉|子|嬢|孫|坊))/.test(name) || /[同仕模異]$/.test(name)) return false;
  // Kana before kanji is prose (「これは木村」), not a name (「山口さくら」 has its kana after).
  if (/\p{Script=Hiragana}\p{Script=Han}/u.test(name)) return false;
  if (/^(この|その|あの|どの|かの|次の|同じ|下記の|上記の|以下の|前記の)$/.test(name)) return false;
  // 「Dear 鈴木一郎」: a Latin word before a Japanese name is a salutation, not part of the name.
  if (/^[A-Za-z]+[ \u3000]+[^A-Za-z\s]/.test(candidate.trim())) return false;
  return !/^(自分|me|自分宛て?)$/i.test(name) && !/(ございます|ください|します|ません)/.test(name);
}

interface FoundName {
  start: number;
  end: number;
  name: string;
}

function namesIn(text: string): FoundName[] {
  const found: FoundName[] = [];
  for (const match of text.matchAll(HEAD_NAME)) {
    const start = match.index + match[1]!.length;
    // 「宮殿」: one character before 殿 is a word; 「林様」 is a name.
    const tooShort = match[4] === '殿' && match[2]!.length < 2;
    if (!tooShort && isRecipientName(match[2]!)) found.push({ start, end: start + match[2]!.length + match[3]!.length, name: match[2]! });
  }
  for (const match of text.matchAll(INLINE_NAME)) {
    if (isRecipientName(match[1]!)) found.push({ start: match.index, end: match.index + match[1]!.length + match[2]!.length, name: match[1]! });
  }
  for (const match of text.matchAll(LABELLED_NAME)) {
    const start = match.index + match[1]!.length;
    if (isRecipientName(match[2]!)) found.push({ start, end: start + match[2]!.length, name: match[2]! });
  }
  return found;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every other place a known name appears, however it is spaced, followed by its honorific's gap. */
function occurrencesOf(text: string, name: string): Array<{ start: number; end: number }> {
  const chars = [...name.replace(/\s+/g, '')];
  if (chars.length === 0) return [];
  const exact = new RegExp(`${chars.map(escapeRegExp).join('[ \\t\\u3000]?')}(?:[ \\t]*(?=${HONORIFIC}))?`, 'gu');
  const spans = [...text.matchAll(exact)].map((match) => ({ start: match.index, end: match.index + match[0].length }));
  // The surname alone with an honorific: 「木村様」 once 「木村隆様」 is known.
  for (let length = chars.length - 1; length >= 2; length--) {
    const surname = new RegExp(`${chars.slice(0, length).map(escapeRegExp).join('')}[ \\t]*(?=${HONORIFIC})`, 'gu');
    for (const match of text.matchAll(surname)) spans.push({ start: match.index, end: match.index + match[0].length });
  }
  // A longer name read with one wrong kanji elsewhere (OCR): 「吉田大輪」 for 「吉田大輔」.
  if (chars.length >= 3 && chars.every((char) => /\p{Script=Han}/u.test(char))) {
    const folded = [...text];
    let offset = 0;
    for (let i = 0; i + chars.length <= folded.length; offset += folded[i]!.length, i++) {
      if (folded[i] !== chars[0]) continue;
      let mismatches = 0;
      for (let j = 1; j < chars.length && mismatches <= 1; j++) {
        // Only a kanji for a kanji; 「木村様」 is the surname and its honorific, not 「木村隆」 misread.
        if (folded[i + j] !== chars[j]) mismatches += /\p{Script=Han}/u.test(folded[i + j]!) && !/[様殿]/.test(folded[i + j]!) ? 1 : 2;
      }
      const length = folded.slice(i, i + chars.length).join('').length;
      if (mismatches === 1) spans.push({ start: offset, end: offset + length });
    }
  }
  return spans;
}

// ---------------------------------------------------------------- e-mail addresses

/** Starts only where a run of address characters starts, so a long run costs one pass, not one per character. */
const EMAIL = /(?<![A-Za-z0-9._%+-])[A-Za-z0-9][A-Za-z0-9._%+-]*@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
/** Any e-mail address in text (global), for features that find addresses other than a recipient's. */
export const EMAIL_PATTERN = EMAIL;
/** Words before an address that make it the recipient's: 「ご登録メール」「宛先」「お客様のアカウント（」… */
const RECIPIENT_EMAIL_BEFORE = /(宛先|宛て先|To|TO|Cc|CC|受信者|送信先|ご登録|登録|ご連絡先|お客様の|お客さまの|あなたの|アカウント|ID|様)[^@\n。]{0,12}$/;
/** Words after an address that make it the recipient's: 「… 宛にお送りしています」. */
const RECIPIENT_EMAIL_AFTER = /^[\s)）>＞]*(宛|あて|に(お)?送|へ(お)?送|に配信|様)/;
/** Words before an address that make it the sender's contact point: the warning, kept. */
const CONTACT_EMAIL_BEFORE = /(お問い?合わせ|問い?合わせ|問合せ|返信先|(?<!ご)連絡先|窓口|差出人|送信者|送信元|From|サポート)[^@\n。]{0,12}$/;

/** example.co.jp for mail.example.co.jp; enough to tell the phisher's domain from a mailbox provider's. */
function siteOf(host: string): string {
  const labels = host.toLowerCase().replace(/\[\.\]/g, '.').split('.').filter(Boolean);
  const secondLevel = labels.at(-2) ?? '';
  const keep = labels.length >= 3 && labels.at(-1)!.length === 2 && /^(co|ne|or|ac|go|ed|lg|gr|com|net|org)$/.test(secondLevel) ? 3 : 2;
  return labels.slice(-keep).join('.');
}

function sitesIn(text: string, senderEmail: string | null | undefined): Set<string> {
  const sites = new Set<string>();
  if (senderEmail?.includes('@')) sites.add(siteOf(senderEmail.split('@').pop()!));
  for (const match of foldWidth(text).matchAll(/(?:h(?:tt|xx)ps?:\/\/|www\.)([A-Za-z0-9.[\]-]+)|(?<![\w.@/-])((?:[A-Za-z0-9-]+(?:\.|\[\.\]))+[A-Za-z]{2,})(?=\/)/g)) {
    sites.add(siteOf(match[1] ?? match[2]!));
  }
  return sites;
}

function isRecipientEmail(text: string, start: number, end: number, address: string, context: PersonalDataContext, sites: Set<string>): boolean {
  const lower = address.toLowerCase();
  if (context.recipientEmails?.some((known) => known.toLowerCase() === lower)) return true;
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const before = text.slice(lineStart, start);
  if (RECIPIENT_EMAIL_AFTER.test(text.slice(end))) return true;
  const recipient = RECIPIENT_EMAIL_BEFORE.exec(before);
  const contact = CONTACT_EMAIL_BEFORE.exec(before);
  // The nearer label decides: 「お問い合わせ：」 right before keeps, 「ご登録アドレス：」 masks.
  if (recipient && (!contact || recipient.index >= contact.index)) return true;
  if (context.senderEmail && context.senderEmail.toLowerCase() === lower) return false;
  if (contact) return false;
  // Without a label: an address on the sender's or a linked site's domain is the phisher's; any
  // other (a mailbox provider's) is taken for the recipient's, since leaking it cannot be undone.
  return !sites.has(siteOf(lower.split('@').pop()!));
}

// ---------------------------------------------------------------- postal addresses

const DASH = '[-‐−ー]';
const PREFECTURE = '(?:東京都|北海道|(?:京都|大阪)府|\\p{Script=Han}{2,3}県)';
const PLACE_CHARS = '[\\p{Script=Han}\\p{Script=Katakana}ーがのケヶ]';
/** Sapporo's 「北1条西2丁目」 numbers its streets inside the place name. */
const PLACE = `(?:${PLACE_CHARS}|\\d{1,2}[条線])`;
const STREET_NUMBER = `(?:\\d{1,4}|[一二三四五六七八九十]{1,3})(?:丁目|番地?|${DASH})[ ]?\\d`;
/** 〒 and a postal code; the address written after it is included (see addressEnd). */
const POSTAL_CODE = new RegExp(`〒[ ]?\\d{3}(?:${DASH}?\\d{4})?`, 'gu');
/** An address without 〒: a prefecture or a city, ward, town or village, then a block number. */
const STREET_ADDRESS = new RegExp(
  `(?:\\d{3}${DASH}\\d{4}[ ]?)?(?:${PREFECTURE}${PLACE}{1,14}?|\\p{Script=Han}{1,4}[市区町村郡]${PLACE}{0,12}?)${STREET_NUMBER}`,
  'gu',
);
/** 「ご住所：東京都中野区」: after an address label, a place without a block number is an address too. */
const ADDRESS_LABEL = /(ご住所|ご登録住所|住所|お届け先|配送先|送付先|ご自宅)[ \t]*[:・][ \t]*/g;
const ADDRESS_CHAR = /[\p{Script=Han}\p{Script=Katakana}ーヶ0-9A-Za-z#\-‐−.]/u;

/** An address runs on through block numbers and a building name, and stops at prose or punctuation. */
function addressEnd(text: string, from: number): number {
  let end = from;
  while (end < text.length) {
    const char = text[end]!;
    if (ADDRESS_CHAR.test(char)) {
      // A dot only inside a number or a building name, never a sentence's end or an e-mail domain.
      if (char === '.' && !/[0-9A-Za-z]/.test(text[end + 1] ?? '')) break;
      end++;
    } else if (/[がの]/.test(char) && /\p{Script=Han}/u.test(text[end - 1] ?? '') && /\p{Script=Han}/u.test(text[end + 1] ?? '')) {
      end++;
    } else if (char === ' ' && ADDRESS_CHAR.test(text[end + 1] ?? '')) {
      // The next word belongs to the address unless it is an address of another kind.
      const word = /^[^\s]*/.exec(text.slice(end + 1))![0];
      if (/@|:\/\/|^www\./i.test(word)) break;
      end++;
    } else break;
  }
  // An e-mail address or URL glued to the end of the address (OCR joins lines) is not part of it.
  const glued = /[A-Za-z0-9._%+-]+@|h?t?tps?:\/\//i.exec(text.slice(from, end));
  if (glued) end = from + glued.index;
  return text.slice(from, end).trimEnd().length + from;
}

// ---------------------------------------------------------------- card numbers

const CARD_RUN = /(?<![\d])\d(?:[ \-‐−ー]?\d){12,18}(?!\d)/g;
const MASK = '[*•●xX×]';
const MASKED_CARD = new RegExp(`(?<![\\dA-Za-z])(?:(?:\\d{4}|${MASK}{4})[ \\-‐−ー]?){3}(?:\\d{1,4}|${MASK}{4})(?!\\d)`, 'g');
/** The Japanese labels of a card field; the screenshot reading finds a card value OCR garbled after them too. */
export const CARD_FIELD_LABELS = 'カード番号|ご利用カード|対象カード|ご登録カード|ご登録のカード|お支払いカード|ご利用のカード|カード末尾';
/** 「ご利用カード：4980-****-****-3127」; OCR often garbles the masked digits, the label survives. */
const CARD_LABEL = new RegExp(`(${CARD_FIELD_LABELS}|card number)[ \\t]*[:・]?[ \\t]*`, 'gi');

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A real card number: 13–19 digits, an issuer's first digit, a card's grouping, and the Luhn check. */
export function isCardNumber(candidate: string): boolean {
  const digits = candidate.replace(/\D/g, '');
  if (digits.length < 13 || digits.length > 19 || !/^[2-6]/.test(digits) || !passesLuhn(digits)) return false;
  const groups = candidate.split(/[ \-‐−ー]/).map((group) => group.length);
  if (groups.length === 1) return true;
  const fours = groups.slice(0, -1).every((length) => length === 4) && groups.at(-1)! <= 4;
  return fours || groups.join('-') === '4-6-5' || groups.join('-') === '4-6-4';
}

// ---------------------------------------------------------------- telephone numbers labelled as the recipient's

/**
 * Only a number labelled as the recipient's own is personal data. A call-back number in the body
 * (「お問い合わせ：0120-…」) is the phisher's: readers recognise the scam by it, so it stays.
 */
const RECIPIENT_PHONE_LABEL = /(ご登録|登録|ご契約|契約者|ご連絡先|お客様の|お客さまの|あなたの|携帯)[^\n:。]{0,6}?(電話番号|電話|携帯番号|TEL|Tel|tel)[ \t]*[:・]?[ \t]*/g;

// ---------------------------------------------------------------- finding and masking

/** The recipient's names and own addresses in a text (a mail's To line, or a body), to look for elsewhere. */
export function findRecipients(text: string, context: PersonalDataContext = {}): { names: string[]; emails: string[] } {
  const folded = foldWidth(text);
  const names = [...new Set(namesIn(folded).map((found) => found.name))];
  const emails = findPersonalSpans(text, context)
    .filter((span) => span.kind === 'email')
    .map((span) => folded.slice(span.start, span.end));
  return { names, emails };
}

export function findPersonalSpans(text: string, context: PersonalDataContext = {}): PersonalSpan[] {
  const folded = foldWidth(text);
  const spans: PersonalSpan[] = [];
  const add = (start: number, end: number, kind: PersonalDataKind) => {
    if (end > start) spans.push({ start, end, kind });
  };

  const found = namesIn(folded);
  for (const name of found) add(name.start, name.end, 'name');
  const knownNames = new Set([...found.map((name) => name.name), ...(context.recipientNames ?? []).filter(isRecipientName)]);
  for (const name of knownNames) for (const span of occurrencesOf(folded, name)) add(span.start, span.end, 'name');

  const sites = sitesIn(folded, context.senderEmail);
  for (const match of folded.matchAll(EMAIL)) {
    const end = match.index + match[0].length;
    if (isRecipientEmail(folded, match.index, end, match[0], context, sites)) add(match.index, end, 'email');
  }

  for (const match of folded.matchAll(POSTAL_CODE)) add(match.index, addressEnd(folded, match.index + match[0].length), 'address');
  for (const match of folded.matchAll(STREET_ADDRESS)) {
    if (/番号/.test(match[0])) continue;
    add(match.index, addressEnd(folded, match.index + match[0].length), 'address');
  }

  for (const match of folded.matchAll(ADDRESS_LABEL)) {
    const from = match.index + match[0].length;
    const lineEnd = folded.indexOf('\n', from);
    const rest = folded.slice(from, lineEnd < 0 ? folded.length : lineEnd).trimEnd();
    if (rest.length <= 60 && new RegExp(`^(?:〒|\\d{3}${DASH}\\d{4}|${PREFECTURE}|\\p{Script=Han}{1,4}[市区町村郡])`, 'u').test(rest)) {
      add(from, addressEnd(folded, from), 'address');
    }
  }
  for (const match of folded.matchAll(CARD_RUN)) if (isCardNumber(match[0])) add(match.index, match.index + match[0].length, 'card');
  for (const match of folded.matchAll(MASKED_CARD)) {
    if (new RegExp(MASK).test(match[0]) && /\d/.test(match[0])) add(match.index, match.index + match[0].length, 'card');
  }
  for (const match of folded.matchAll(CARD_LABEL)) {
    const from = match.index + match[0].length;
    const lineEnd = folded.indexOf('\n', from);
    const rest = folded.slice(from, lineEnd < 0 ? folded.length : lineEnd).trimEnd();
    if (rest.length <= 30 && (rest.match(/\d/g)?.length ?? 0) >= 4 && !/[。、]|\p{Script=Hiragana}{2}/u.test(rest)) add(from, from + rest.length, 'card');
  }

  for (const match of folded.matchAll(RECIPIENT_PHONE_LABEL)) {
    const from = match.index + match[0].length;
    const phone = new RegExp(PHONE_PATTERN.source, 'y');
    phone.lastIndex = from;
    const number = phone.exec(folded);
    if (number && isPhoneNumber(number[0])) add(from, from + number[0].length, 'phone');
  }
  return withoutOverlaps(spans);
}

/** Sorted, and where two overlap the one that starts first (the longer on a tie) wins. */
function withoutOverlaps(spans: PersonalSpan[]): PersonalSpan[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: PersonalSpan[] = [];
  for (const span of sorted) {
    const last = kept.at(-1);
    if (last && span.start < last.end) {
      last.end = Math.max(last.end, span.end);
      continue;
    }
    kept.push({ ...span });
  }
  return kept;
}

const OPENING = '(（<＜[';
const CLOSING = ')）>＞]';

/** Replaces the recipient's personal data with the neutral placeholders of messages.ts. */
export function maskPersonalData(text: string, context: PersonalDataContext = {}): string {
  let out = '';
  let cursor = 0;
  for (const span of findPersonalSpans(text, context)) {
    let { start, end } = span;
    // 「アカウント（taro@…）」 becomes 「アカウント（受信者のメールアドレス）」, not doubled brackets.
    if (span.kind !== 'name' && start > cursor && OPENING.includes(text[start - 1]!)) {
      const closingAt = CLOSING.includes(text[end] ?? '') ? end : -1;
      if (closingAt >= 0 || /^\s*$/.test(text.slice(end, text.indexOf('\n', end) < 0 ? undefined : text.indexOf('\n', end)))) {
        start -= 1;
        if (closingAt >= 0) end += 1;
      }
    }
    out += text.slice(cursor, start) + personalDataPlaceholders[span.kind];
    cursor = end;
  }
  return out + text.slice(cursor);
}

/**
 * Cleans the text of a report before it is stored: subject and body together, so a name found in
 * one (「山田太郎様」 at the head of the body) is also replaced in the other.
 */
export function maskReportText<T extends { subject: string | null; body: string }>(report: T, context: PersonalDataContext = {}): T {
  const names = [...namesIn(foldWidth(report.body)), ...(report.subject ? namesIn(foldWidth(report.subject)) : [])].map((found) => found.name);
  const shared = { ...context, recipientNames: [...(context.recipientNames ?? []), ...names] };
  return { ...report, subject: report.subject === null ? null : maskPersonalData(report.subject, shared), body: maskPersonalData(report.body, shared) };
}
