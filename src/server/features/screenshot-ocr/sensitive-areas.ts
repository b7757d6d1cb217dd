import { findPersonalSpans, findRecipients, NOT_A_NAME } from '../../../common/personal-data';
import { boxFor, type ImageSize, isNextLine, lineBelow, reachesColumnEdge, reachesParagraphEdge, sameRow } from './line-geometry';
import type { OcrLine } from './ocr-layout';
import { asciiRuns, foldWidth, isCjk, isPhoneNumber, looksLikeAddress, PHONE_PATTERN, type Span } from './ocr-text';
import type { PixelBox } from './screenshot-ocr.types';
import { findUnsureAreas } from './unsure-areas';

const NAME_STOP = /[\s【】「」『』（）()[\]、。,:：!！?？・<>＜＞]/;
const RECIPIENT_LABEL = /^\s*(?:To|TO|to|宛先|宛て先|受信者|Cc|CC)\s*[:_]?\s*/;
const ADDRESS_LABEL = /(?:メールアドレス|アドレス|ご登録メール|登録メール|連絡先メール|送信先)\s*[\]】]?\s*[:・_]?|(?:E-?mail|Mail)\s*:/i;
const POSTAL = /〒|\b\d{3}-\d{4}\b|(?:東京都|北海道|京都府|大阪府|[^\s\d]{2,3}県)[^\s\d]{1,6}[市区町村郡]|[\u4e00-\u9fff]{1,4}[市区町村][\u3040-\u30ff\u4e00-\u9fff]{1,10}\d{1,4}(?:丁目|番地?|[-－ー−])\d/;
/** A card number with masked groups ("****-****-****-1234", "•••• 1234") anywhere on a line. */
const MASKED_CARD = /(?:[*＊•●xX]{2,4}[\s\-‐－ー−]?){2,}\d{0,4}/;
/** A company written as its domain ("Amazon.co.jp") is a brand name, not an address to hide. */
const BRAND_DOMAIN = /^_?[A-Z][A-Za-z]+\.(co\.jp|com|jp)$/;
/** The first letters of a scheme left at a line's end ("…ください。htt" / "ps://…"). */
const SCHEME_START = /^(?:h(?:t(?:t(?:ps?)?)?)?|t?tps?)(?::?\/{0,2})$/i;
/** A line that starts with the rest of a scheme: its first letters ended the line above. */
const SCHEME_REST = /^\s*(?:t?t?ps?:?\/\/|s?:\/\/|\/\/)[A-Za-z0-9]/i;
/** Digits with what OCR makes of the separators of full-width numbers ("0120一96 9一454", "050二3117"). */
const LOOSE_NUMBER = /(?:\+\s?8\s?1|0)(?:[\s\-‐－ー−一二_・.()]{0,2}\d){8,12}/g;
const PHONE_LABEL = /(?:お問い?合わせ(?:窓口|先)?|問合せ|電話(?:番号)?|TEL|Tel|tel|窓口|センター|ダイヤル|連絡先)(?!番号)[^\d\s]{0,4}?[:：・\s]*(?=[+\d])/g;
/** Characters tesseract printed with less confidence than this were not really read. */
const UNSURE_CONFIDENCE = 60;
/** What makes an unreadable run next to it dangerous: a name's honorific, a postal mark, an address. */
/** Characters on either side of a cue that count as next to it. */
const NEAR_CUE = 10;
const PRIVACY_CUE = /様|さま|殿|〒|@|＠|https?|:\/\/|www\./i;
/** A card number's label, as a field name followed by its value. */
const CARD_FIELD = /(?:カード番号|ご利用カード|対象カード|カード[末未]尾|カード)[^\s:：・]{0,2}\s*[:：・]|(?:カード番号|ご利用カ.?ド|カード[末未]尾)(?=\s*$|\S)/i;
const CARD_LABEL = /(カード番号|ご利用カード|対象カード|カード|card)/i;
/** A mask OCR read as something else ("米米米米米米米米1234", "++++ ++++ 5518"): one symbol repeated, then the last digits. */
const REPEATED_MASK = /([^\sA-Za-z0-9ー−\-=_.。、・…─━])(?:\s?\1){3,}\s?\d{2,4}|([^\sA-Za-z0-9ー−\-=_.。、・…─━])\2{5,}/;
/** A phone field ("電話番号：", "TEL:"): its whole value cell goes, whatever the digits were read as. */
const PHONE_FIELD = /(?:電話番号|電話|TEL|Tel|tel|携帯)\s*[:：]\s*(?=\S)/;
/** A line's start that reads like the rest of a URL path ("verify/?id=8Fk2", "ogin.php"). */
const URL_REST = /^[A-Za-z0-9\-._~/?#&=%+]{4,}/;
/** A run of digits with the look-alikes OCR puts for full-width digits, read with little confidence. */
const DIGIT_LIKE = /[0-9OoIl|一二ー\-－〇口()（）\s]{7,}/g;

interface FoundSpan extends Span {
  /** Another line's start is a continuation of this span when it wraps. */
  wraps: boolean;
  /** A postal address goes on with words ("…西五反田" / "1-15-3 グランハイツ501号室"), not just an address run. */
  wrapsWords?: boolean;
  /** A URL, e-mail address or number (worth a second, alphabet-only reading). */
  address: boolean;
}

export interface MarkedSpan extends FoundSpan {
  line: number;
}

/**
 * Finds what must be blacked out before publishing: URLs, e-mail addresses, phone numbers,
 * recipient names, postal addresses and card numbers. Everything the personal-data detectors
 * (src/common/personal-data.ts) find in a line is covered — the same rule that puts placeholders
 * into the auto-filled and published text — and the rules below add what an image must not show
 * even though the text keeps it (the sender, the phishing URLs) plus OCR-tolerant margins. They
 * lean towards covering too much: a readable recipient name or live URL in a public image is a defect.
 */
export function findSensitiveBoxes(lines: readonly OcrLine[], image?: ImageSize): PixelBox[] {
  const { marked, unread } = markSensitiveSpans(lines, true);
  const unsure = findUnsureAreas(lines, marked, image);
  marked.push(...unsure.marked);
  unread.push(...unsure.unread);
  return [...marked.flatMap((span) => boxFor(lines[span.line]!, span, numberMargin(lines[span.line]!, span))), ...unread];
}

/** URL, e-mail and number spans, for a second reading of just those areas. */
export function findAddressSpans(lines: readonly OcrLine[]): MarkedSpan[] {
  return markSensitiveSpans(lines).marked.filter((span) => span.address);
}

/**
 * `wide` adds the rules that only add black (more tolerant patterns, layout evidence); without it,
 * the spans are exactly what decides which areas are read a second time, so a redaction rule
 * never changes what auto-fill reads.
 */
function markSensitiveSpans(lines: readonly OcrLine[], wide = false): { marked: MarkedSpan[]; unread: PixelBox[] } {
  const marked: MarkedSpan[] = [];
  const names = recipientNames(lines);
  lines.forEach((line, index) => {
    const text = foldWidth(line.text);
    for (const span of sensitiveSpans(text, wide)) marked.push({ ...span, line: index });
    for (const name of names) for (const span of fuzzyOccurrences(text, name)) marked.push({ ...span, line: index, wraps: false, address: false });
  });
  const unread: PixelBox[] = [];
  lines.forEach((line, index) => {
    // A card field ("カード番号：") whose value OCR could not read as digits (masks come out as
    // "大大大大" or "をまま"): the rest of the line and the value set apart on the same row go.
    const field = CARD_FIELD.exec(foldWidth(line.text));
    if (field) {
      marked.push({ start: field.index + field[0].length - 1, end: line.text.length, line: index, wraps: false, address: false });
      lines.forEach((other, i) => {
        if (i !== index && other.box.x >= line.box.x + line.box.w - line.box.h && sameRow(line, other)) {
          marked.push({ start: 0, end: other.text.length, line: i, wraps: false, address: false });
          // The gap between the label and the value: the mask's first symbols may stand there unread.
          const gapStart = line.box.x + line.box.w;
          if (wide && other.box.x > gapStart) unread.push({ x: gapStart, y: Math.min(line.box.y, other.box.y), w: other.box.x - gapStart, h: Math.max(line.box.h, other.box.h) });
        }
      });
    }
    // The privacy rule: an unreadable run beside a name's honorific, a 〒, an @ or a scheme may be
    // exactly what had to be hidden, so the whole line goes.
    if (unsureNearCue(line)) marked.push({ start: 0, end: line.text.length, line: index, wraps: false, address: false });
    // "…ください。htt" / "ps://…": the scheme's first letters end the line above.
    const previous = lines[index - 1];
    if (!previous || !SCHEME_REST.test(foldWidth(line.text)) || !isNextLine(previous, line)) return;
    const tail = /[A-Za-z:]{1,5}\s*$/.exec(previous.text);
    const start = tail ? tail.index : Math.max(0, previous.text.trimEnd().length - 2);
    marked.push({ start, end: previous.text.length, line: index - 1, wraps: false, address: false });
    if (!tail) {
      const last = previous.charBoxes.at(-1);
      if (last) unread.push({ x: last.x + last.w, y: previous.box.y, w: previous.box.h * 2.5, h: previous.box.h });
    }
  });
  // Wrapped URLs and numbers: the start of the next line continues a span that ran to the end.
  for (let i = 0; i < marked.length; i++) {
    const span = marked[i]!;
    if (!span.wraps) continue;
    const text = lines[span.line]!.text;
    if (text.slice(span.end).trim() !== '') continue;
    if (!reachesColumnEdge(lines, span.line) && !(wide && reachesParagraphEdge(lines, span.line))) continue;
    const line = lines[span.line]!;
    const below = wide ? lineBelow(lines, span.line) : span.line + 1;
    const next = lines[below];
    const nextText = next ? foldWidth(next.text) : '';
    const readOn = next && isNextLine(line, next) && !/^\d{1,2}:\d{2}/.test(nextText) && (span.wrapsWords ? sentenceEnd(nextText) : continuationEnd(nextText)) > 0;
    // A break right after "-", "/", "=" or "?" certainly continues; if the rest was not read (or
    // read as something else), cover where it must be: the start of the next line.
    const nextIsWords = next !== undefined && isNextLine(line, next) && !span.wrapsWords && continuationEnd(nextText) === 0;
    if ((!readOn && !nextIsWords) || /[-/=?&.]$/.test(text.slice(0, span.end))) {
      const covered = boxFor(line, span)[0];
      const left = line.box.x - line.box.h * 0.6;
      if (covered) unread.push({ x: left, y: covered.y + line.box.h * 1.1, w: covered.x + covered.w - left, h: covered.h });
    }
    if (!next || !readOn) continue;
    const end = span.wrapsWords ? sentenceEnd(nextText) : continuationEnd(nextText);
    // An address wraps onto one more line at most; its continuation does not carry on further.
    if (end > 0) marked.push({ start: 0, end, line: below, wraps: !span.wrapsWords && end >= next.text.trimEnd().length, address: !span.wrapsWords });
  }
  lines.forEach((line, index) => {
    const text = foldWidth(line.text);
    // Digits read with little confidence may be a phone number in full-width digits read as
    // something else: unsure is covered.
    for (const match of text.matchAll(DIGIT_LIKE)) {
      const run = match[0].trimEnd();
      const unsure = line.charConfidences.slice(match.index, match.index + run.length).some((confidence) => confidence < UNSURE_CONFIDENCE);
      if (unsure && run.replace(/\D/g, '').length >= 4) marked.push({ start: match.index, end: match.index + run.length, line: index, wraps: false, address: false });
    }
    // A URL's wrapped line whose first characters OCR lost: a line right below a URL that ran to
    // the end of its line, starting like the rest of one, is covered from the column's left edge on.
    const previous = lines[index - 1];
    if (!previous || !isNextLine(previous, line)) return;
    const aboveIsUrl = marked.some((span) => span.line === index - 1 && (span.wraps || span.address) && previous.text.slice(span.end).trim().length <= 1);
    const rest = URL_REST.exec(text);
    // A short line with digits below a number that ran to its line's end is the number's rest,
    // however it was read ("ニセも571" below "お問い合わせ: 05 0一3117").
    const numberRest = text.trim().length <= 10 && /\d/.test(text) && !/\d{1,2}:\d{2}/.test(text);
    if (!aboveIsUrl) return;
    if (numberRest) marked.push({ start: 0, end: text.length, line: index, wraps: false, address: false });
    else if (rest && /[/?=&.%_-]|[A-Za-z]\d|\d[A-Za-z]/.test(rest[0])) marked.push({ start: 0, end: rest[0].length, line: index, wraps: false, address: false });
    else return;
    const left = Math.min(previous.box.x, line.box.x) - line.box.h * 0.6;
    unread.push({ x: left, y: line.box.y - line.box.h * 0.3, w: line.box.x - left + line.box.h, h: line.box.h * 1.6 });
  });
  return { marked, unread };
}

/** A scheme anywhere, whatever OCR made of what follows it ("たします。https:ガ"). */
const SCHEME_ANYWHERE = /(?<![A-Za-z])h?t?tps?\s?[:;]|hxxps?[:;]|www\./gi;
/**
 * A number led by 0, O or + with nine digits or more, whatever single characters OCR put between
 * them ("O0.5 706語6 6.5三2.8 8", "03-フ710-3287"): a phone number in full-width digits. Dates,
 * times and amounts (年月日, ":", "/", ",", 円) do not join.
 */
const DIGIT_DENSE = /(?<!\d)[0OoＯ〇+](?:[^\d年月日時分秒円:：/／,，、。%％¥￥]{0,2}\d){8,}/g;
/** Groups of at most four digits, four or more of them ("+81 90 1234 5678"): a phone number whatever OCR made of its first digit ("181 80 1632 8468"). */
const DIGIT_GROUPS = /(?<!\d)\d{1,4}(?:[\s\-‐－ー−]\d{1,4}){3,4}(?!\d)/g;

/** Text rules that only add black: more tolerant than the ones that decide a second reading. */
function wideTextSpans(probe: string): FoundSpan[] {
  const spans: FoundSpan[] = [];
  for (const match of probe.matchAll(SCHEME_ANYWHERE)) spans.push({ start: match.index, end: probe.trimEnd().length, wraps: true, address: true });
  for (const match of probe.matchAll(DIGIT_DENSE)) {
    const end = match.index + match[0].length;
    spans.push({ start: match.index, end, wraps: end >= probe.trimEnd().length, address: true });
  }
  for (const match of probe.matchAll(DIGIT_GROUPS)) {
    const end = match.index + match[0].length;
    if (match[0].replace(/\D/g, '').length >= 10) spans.push({ start: match.index, end, wraps: end >= probe.trimEnd().length, address: true });
  }
  return spans;
}

function sensitiveSpans(text: string, wide: boolean): FoundSpan[] {
  const spans: FoundSpan[] = [];
  const add = (start: number, end: number, wraps = false, address = wraps) => {
    if (end > start) spans.push({ start, end, wraps, address });
  };
  // Not marked for the second reading: the address and number rules below mark what needs one.
  for (const span of findPersonalSpans(text)) add(span.start, span.end, false, false);
  // "の" between letters is a misread "@".
  const probe = text.replace(/(?<=[A-Za-z0-9._-])の(?=[A-Za-z0-9])/g, '@');
  for (const run of addressRuns(probe, wide ? 2 : 1)) {
    const value = probe.slice(run.start, run.end);
    // "…ください。https" at the end of a line: the address goes on below.
    const schemeAtEnd = SCHEME_START.test(value) && probe.slice(run.end).trim() === '';
    if ((looksLikeAddress(value) && !BRAND_DOMAIN.test(value)) || schemeAtEnd) add(run.start, run.end, true);
  }
  for (const match of probe.matchAll(PHONE_PATTERN)) {
    if (isPhoneNumber(match[0])) add(match.index, match.index + match[0].length, /[-‐－ー−]$/.test(match[0]), true);
  }
  // A number that breaks at the end of the line ("0120-862-").
  const trailingNumber = /(?:\+?\d[\d\s\-‐－ー−]{4,})[-‐－ー−]\s*$/.exec(probe);
  if (trailingNumber) add(trailingNumber.index, probe.length, true);
  // Full-width numbers come out with their separators misread; covered whatever they were read as.
  for (const match of probe.matchAll(LOOSE_NUMBER)) add(match.index, match.index + match[0].length, /[\s\-‐－ー−一二_・.]$/.test(match[0]) || match.index + match[0].length === probe.trimEnd().length);
  for (const label of probe.matchAll(PHONE_LABEL)) {
    const start = label.index + label[0].length;
    const run = /^[+\d][\d\s\-‐－ー−一二_・.()]*/.exec(probe.slice(start))![0].trimEnd();
    if (run.replace(/\D/g, '').length >= 3) add(start, start + run.length, start + run.length >= probe.trimEnd().length, true);
  }

  const recipient = RECIPIENT_LABEL.exec(probe);
  // From the label's last character on: the gap before the name is covered too.
  if (recipient && recipient[0].length < probe.length) add(Math.max(0, recipient[0].trimEnd().length - 1), probe.length);
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

/** ASCII runs, joined across `misread` misread characters ("verify?reミmj030", "httpsツ/docomo", "?reほたPBT"). */
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

/**
 * Recipient names read from "To:"/"宛先:" lines and before "様", looked for again on every line
 * with one character of tolerance, so a name is covered even where OCR misread its honorific.
 */
function recipientNames(lines: readonly OcrLine[]): string[] {
  const names = new Set<string>();
  for (const line of lines) {
    const text = foldWidth(line.text);
    const label = RECIPIENT_LABEL.exec(text);
    if (label) {
      const name = /^[^<(@\sA-Za-z0-9]{2,10}/.exec(text.slice(label[0].length).replace(/\s+/g, ''));
      if (name && !/自分/.test(name[0])) names.add(name[0]);
    }
    for (const match of text.matchAll(/([^\s【】「」、。:・<>()]{2,8})(様|さま|殿)/g)) {
      if (!NOT_A_NAME.test(match[1]!) && [...match[1]!].every((char) => isCjk(char))) names.add(match[1]!);
    }
    for (const name of findRecipients(text).names) names.add(name.replace(/\s+/g, ''));
  }
  return [...names];
}

function fuzzyOccurrences(text: string, name: string): Span[] {
  const spans: Span[] = [];
  const tolerance = name.length >= 3 ? 1 : 0;
  for (let start = 0; start + name.length <= text.length; start++) {
    let mismatches = 0;
    for (let i = 0; i < name.length && mismatches <= tolerance; i++) if (text[start + i] !== name[i]) mismatches++;
    if (mismatches <= tolerance && text[start] === name[0] || mismatches === 0) spans.push({ start, end: start + name.length });
  }
  return spans;
}

/** A wrapped postal address runs on to the end of its sentence (or of the line). */
function sentenceEnd(text: string): number {
  const stop = text.search(/[。！？!?]/);
  return stop < 0 ? text.trimEnd().length : stop;
}

/** How much of a line's start belongs to a URL or number carried over from the line above. */
function continuationEnd(text: string): number {
  let end = 0;
  while (end < text.length) {
    const char = text[end]!;
    // Two Japanese characters in a row are words again, not a garbled address.
    if (isCjk(char) && isCjk(text[end + 1])) break;
    if (char === ' ' && end > 0 && !/[A-Za-z0-9]/.test(text[end + 1] ?? '')) break;
    end++;
  }
  return end;
}

function unsureNearCue(line: OcrLine): boolean {
  const text = foldWidth(line.text);
  const cues = [...text.matchAll(new RegExp(PRIVACY_CUE.source, 'gi'))];
  if (cues.length === 0) return false;
  return line.charConfidences.some((confidence, i) => confidence < UNSURE_CONFIDENCE && text[i]!.trim() !== ''
    && cues.some((cue) => i >= cue.index - NEAR_CUE && i < cue.index + cue[0].length + NEAR_CUE));
}

/**
 * A number's first or last digit is often lost or read as a separator: a number span is widened
 * by a character on either side.
 */
function numberMargin(line: OcrLine, span: MarkedSpan): number {
  const digits = line.text.slice(span.start, span.end).replace(/\D/g, '').length;
  return span.address && digits >= 4 ? line.box.h * 0.8 : 0;
}
