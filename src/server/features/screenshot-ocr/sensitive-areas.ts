import { boxFor, columnLeft, type ImageSize, intoBlankAbove, isNextLine, lineBelow, reachesColumnEdge, reachesParagraphEdge, sameRow, withRowEnd } from './line-geometry';
import type { OcrLine } from './ocr-layout';
import { foldWidth, isCjk } from './ocr-text';
import type { PixelBox } from './screenshot-ocr.types';
import { type FoundSpan, LINE_END_ADDRESS_LABEL, LINE_END_PHONE_LABEL, NAME_STOP, sensitiveSpans } from './sensitive-text';
import { findLostCueAreas } from './lost-cue-areas';
import { findUnsureAreas } from './unsure-areas';
import { besideAvatar, leftOfColumn, unreadUnderAvatar } from './avatar-areas';
import { fuzzyOccurrences, recipientNames } from './recipient-names';
import { TO_LABEL } from './mail-labels';

/** A line that starts with the rest of a scheme: its first letters ended the line above. */
const SCHEME_REST = /^\s*(?:t?t?ps?:?\/\/|s?:\/\/|\/\/)[A-Za-z0-9]/i;
/** Characters tesseract printed with less confidence than this were not really read. */
const UNSURE_CONFIDENCE = 60;
/** What makes an unreadable run next to it dangerous: a name's honorific, a postal mark, an address. */
/** Characters on either side of a cue that count as next to it. */
const NEAR_CUE = 10;
const PRIVACY_CUE = /様|さま|殿|〒|@|＠|https?|:\/\/|www\./i;
/** A line holding something to hide read with less word confidence than this is covered whole. */
const UNSURE_SPAN_LINE_CONFIDENCE = 30;
/**
 * A field at a line's start: a short label with a kana or kanji in it (not a clock's "12", not an SMS
 * time's "mor・sMs" for 「10:47・SMS」), its separator (a colon, often read as "・" or "_") and a value of
 * two characters or more (an app bar's garbage ends in a lone bracket, 「ビ則:】」).
 */
const FIELD_LINE = /^\s*(?=[^\s:：・_]*[\u3040-\u30fa\u30fc-\u30ff\u3400-\u9fff])[^\s\d:：・_]{2,6}\s*[:：・_]\s*(?=\S\s*\S)/;
/** A gap below a wrapping address larger than this many line heights is an unread line (a rotated capture's rows sit closer). */
const HOLE_HEIGHT = 0.6;
/** A sender's or recipient's field label with nothing after it on its line. */
const LONE_FIELD_LABEL = /^\s*(?:To|TO|From|FROM|Cc|CC|差出人|送信者|送信元|宛先|宛て先|受信者)\s*[:：]?\s*$/;
/** A postal address's end in a room number ("サンハイム406号室"): nothing of it follows. */
const ROOM_NUMBER_END = /\d\s*号室\s*$/;
/** The parts of a row split at gaps narrower than this many line heights are one field's value. */
const VALUE_GAP = 4;
/** How many line heights a masked card number ("****-****-****-1234", 19 half-width characters) is wide. */
const CARD_VALUE_WIDTH = 12;
/** How many line heights right of a phone label a number stands at most (13 half-width characters and a gap). */
const PHONE_VALUE_WIDTH = 8;
/** A URL's last piece read as look-alikes is this short at most. */
const LOOKALIKE_REST_CHARS = 6;
/** How many line heights right of a wrapped address's last line its lost last characters may reach. */
const LOST_END = 2;
/** Lines read with less word confidence than this do not tell where the text column ends (wide rules only). */
const EDGE_CONFIDENCE = 30;
/**
 * A card number's label, as a field name followed by its value. 「ド末尾」 stands for カード末尾
 * whatever OCR made of its first characters (「力ド末尾」, 「輸ド末尾」), and so does ご利用 and two
 * characters before ド for ご利用カード (「ご利用孝一ド!」).
 */
const CARD_FIELD = /(?:カード番号|ご利用(?:カ.{0,3}|\S{2})ド|対象カード|カード[末未]尾|カード)[^\s:：・]{0,2}\s*[:：・]|(?:カード番号|ご利用(?:カ.{0,3}|\S{2})ド|ド[末未]尾)(?=\s*$|\S)/i;
/** A line's start that reads like the rest of a URL path ("verify/?id=8Fk2", "ogin.php"). */
const URL_REST = /^[A-Za-z0-9\-._~/?#&=%+]{4,}/;
/** A run of digits with the look-alikes OCR puts for full-width digits, read with little confidence. */
const DIGIT_LIKE = /[0-9OoIl|一二ー\-－〇口()（）\s]{7,}/g;

export interface MarkedSpan extends FoundSpan {
  line: number;
  /** The continuation of a span on the line above. */
  continued?: boolean;
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
  const lost = findLostCueAreas(lines, marked);
  marked.push(...lost.marked);
  unread.push(...lost.unread);
  // A line read unsurely that holds something to hide: where that ends is as unsure as the rest of
  // the reading, so the whole line goes ("閥誠用力二2二OSてでco午1ちか" for a masked card number).
  const lowLines = new Set(marked.filter((span) => lines[span.line]!.confidence < UNSURE_SPAN_LINE_CONFIDENCE).map((span) => span.line));
  for (const index of lowLines) marked.push({ start: 0, end: lines[index]!.text.length, line: index, wraps: false, address: false });
  // So is a field's value read that unsurely, whatever its label was read as: 「突名・震大生々幸」 for
  // 「宛名：橋本奈々様」 may be a name, a card or a number.
  lines.forEach((line, index) => {
    const field = FIELD_LINE.exec(line.text);
    if (field && line.confidence < UNSURE_SPAN_LINE_CONFIDENCE) marked.push({ start: field[0].trimEnd().length - 1, end: line.text.length, line: index, wraps: false, address: false });
  });
  return [...marked.flatMap((span) => {
    const boxes = boxFor(besideAvatar(lines[span.line]!, span), span, numberMargin(lines[span.line]!, span));
    // A mail header's To row stands apart, its value set in a row taller than its glyphs (macOS Mail's
    // 「宛先: nakamura_dai…」 at 2×: 23 px of ink under 15 px of blank): the recipient's cover reaches up
    // through the blank, which costs no ink and leaves no top edge bare where OCR set its boxes low.
    return TO_LABEL.test(foldWidth(lines[span.line]!.text)) ? boxes.map((box) => intoBlankAbove(lines, span.line, box)) : boxes;
  }), ...unread];
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
      // (wide: a label that ends its line, 「ご利用カード:」 with its mask unread or read as a line of
      // its own further along: the space right of it goes, as wide as a masked number or up to the
      // next thing read on the row.)
      if (wide && foldWidth(line.text).slice(field.index + field[0].length).trim() === '') unread.push(unreadRowValue(lines, index, CARD_VALUE_WIDTH));
    }
    // (wide: a header field's label alone on its line, "差出人" | "nf" "nhk-payiteSt": its value was
    // read as lines of their own further along the row; they and the gaps between go, whatever they say.)
    if (wide && LONE_FIELD_LABEL.test(line.text)) unread.push(...rowValue(lines, index, marked));
    // (wide: a phone label ending its line, "お電話でのお問い合わせ:" | "(平日10:00ー17:00)": the number
    // right of it went unread; the space up to the next thing read on the row goes.)
    if (wide && LINE_END_PHONE_LABEL.test(foldWidth(line.text))) unread.push(unreadRowValue(lines, index, PHONE_VALUE_WIDTH));
    // (wide: a header's avatar read as the sender line's first character, "の" 40 px tall before
    // "メルカリ事務局" 13 px: the line under the sender beside the avatar is the recipient's,
    // 「宛先: 小川健太」; when nothing was read there, it goes.)
    if (wide) {
      const hole = unreadUnderAvatar(lines, index);
      if (hole) unread.push(hole);
    }
    // (wide: so for an address label ending its line, "ご登録のメールアドレス:" | "mori_dai3981@…": OCR
    // set the value's box 34 px right of where its first letters stand.)
    if (wide && LINE_END_ADDRESS_LABEL.test(foldWidth(line.text))) unread.push(unreadRowValue(lines, index, PHONE_VALUE_WIDTH));
    // The privacy rule: an unreadable run beside a name's honorific, a 〒, an @ or a scheme may be
    // exactly what had to be hidden, so the whole line goes.
    if (unsureNearCue(line)) marked.push({ start: 0, end: line.text.length, line: index, wraps: false, address: false });
    const previous = lines[index - 1];
    // (wide: a line that starts with 様 ("様【Yahoo!ショッ"): the name wrapped, and ends the line above.)
    if (wide && previous && /^\s*(?:様|さま|殿)/.test(line.text) && isNextLine(previous, line)) {
      const above = foldWidth(previous.text).trimEnd();
      let start = above.length;
      while (start > 0 && above.length - start < 10 && !NAME_STOP.test(above[start - 1]!)) start--;
      if (start < above.length) marked.push({ start: Math.max(0, start - 1), end: previous.text.length, line: index - 1, wraps: false, address: false });
    }
    // "…ください。htt" / "ps://…": the scheme's first letters end the line above.
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
    // (wide: what follows the span a column's gap right of it is another column's text the page
    // reading ran on into, "…@softbank." + a list's rule read as "ーー": the span ends its line.)
    if (text.slice(span.end).trim() !== '' && !(wide && restInAnotherColumn(lines[span.line]!, span.end))) continue;
    // (wide: a postal address that ends in its room number, "…サンハイム406号室", is whole: the
    // sentence below, 「※本メールは送信専用です。」, is no part of it.)
    if (wide && span.wrapsWords && ROOM_NUMBER_END.test(text.slice(0, span.end))) continue;
    // (wide: an address broken right after "-", "@", "." or "/" wraps wherever its line ends.)
    const brokenEnd = wide && !span.wrapsWords && /[-/=?&.@_]$/.test(text.slice(0, span.end));
    // (wide: a row split at a wide gap, "…北区天神橋" | "2-19-9グランレジデ", ends where its last part does.)
    const row = wide ? withRowEnd(lines, span.line) : lines;
    if (!brokenEnd && !reachesColumnEdge(lines, span.line) && !(wide && (reachesParagraphEdge(row, span.line) || reachesColumnEdge(row, span.line, EDGE_CONFIDENCE)))) continue;
    const line = lines[span.line]!;
    const below = wide ? lineBelow(lines, span.line) : span.line + 1;
    const next = lines[below];
    // (wide: the next line's first characters left of the column are no text of it, an avatar
    // beside a bubble's last line read as "人人生" before "mple": the continuation starts after them.)
    const skip = wide && next ? leftOfColumn(next, line) : 0;
    const nextText = next ? foldWidth(next.text).slice(skip) : '';
    // (wide: after a break at a query's "&", "=" or "?" the next line certainly continues it, so one
    // or two look-alikes before its letters are the URL's too: "ぜだ3360456606" for "t=3360456606".)
    const atQuery = wide && /[=?&]$/.test(text.slice(0, span.end).trimEnd());
    // (wide: a header's next field label alone on its line, "To" under the From address, starts left
    // of the address's line, in the labels' column: it is no rest of the address.)
    const labelBelow = wide && next !== undefined && LONE_FIELD_LABEL.test(next.text) && next.box.x + next.box.w <= line.box.x;
    const readOn = next && isNextLine(line, next) && !labelBelow && !/^\d{1,2}:\d{2}/.test(nextText) && (span.wrapsWords ? sentenceEnd(nextText) : continuationEnd(nextText, wide, atQuery)) > 0;
    // A break right after "-", "/", "=" or "?" certainly continues; if the rest was not read (or
    // read as something else), cover where it must be: the start of the next line.
    // (wide: only words read with confidence are words; "人の" at confidence 52 was the URL's "ate".)
    const nextIsWords = next !== undefined && isNextLine(line, next) && !span.wrapsWords && continuationEnd(nextText, wide, atQuery) === 0
      && (!wide || next.confidence >= UNSURE_CONFIDENCE);
    // A gap of a line's height or so before the next line read: the address's next line was not read at all.
    const hole = wide && !span.wrapsWords && next !== undefined && next.box.y - (line.box.y + line.box.h) > line.box.h * HOLE_HEIGHT;
    // (wide: a message's time read surely right under a URL or number with no room between, "14:39・SMS"
    // under a bubble's last line: it ended on its line, and the time is no unread rest of it. Not under
    // a postal address, nor a "time" read unsurely: 「5:49」 at confidence 0 was an address's 「5-19」.)
    const timeBelow = wide && !span.wrapsWords && next !== undefined && next.confidence >= UNSURE_CONFIDENCE && isNextLine(line, next) && /^\d{1,2}:\d{2}/.test(nextText);
    if ((!readOn && !nextIsWords && !timeBelow) || hole || /[-/=?&.]$/.test(text.slice(0, span.end))) {
      const covered = boxFor(line, span)[0];
      // (wide: from the column's left edge when the line starts right of it, a header's sender
      // after its display name, "<info@mail.yamato" | "unyu.top>" under the name: a wrapped line
      // starts where the column does, which the line read below shows.)
      const left = (wide ? columnLeft(lines, span.line) : line.box.x) - line.box.h * 0.6;
      if (covered) unread.push({ x: left, y: covered.y + line.box.h * 1.1, w: covered.x + covered.w - left, h: covered.h });
    }
    // (wide: an address that ran to the column edge above words may have lost its last character
    // into them, "…dqj" / "り本日中に" for "…dqjU" / "より本日中に": the next line's first one goes.)
    if (wide && nextIsWords && !readOn && !hole) {
      unread.push({ x: next.box.x - next.box.h * 0.6, y: next.box.y, w: next.box.h * 1.6, h: next.box.h });
    }
    if (!next || !readOn) continue;
    const end = span.wrapsWords ? sentenceEnd(nextText) : continuationEnd(nextText, wide, atQuery);
    // An address wraps onto one more line at most; its continuation does not carry on further.
    const whole = skip + end >= next.text.trimEnd().length;
    // (wide: a postal address whose second line breaks inside a number, "…マンション380" / "4号室", goes on
    // once more; so does one whose second line runs to the column's edge over a short line with a
    // room or house number, "並区阿佐谷南3.8-13グランJ馬誠" / "ス609号室": the building's name broke there.)
    const again = wide && span.wrapsWords === true && !span.continued && whole
      && (/[\d\-－ー]$/.test(next.text.trimEnd()) || (reachesColumnEdge(lines, below) && addressEndBelow(lines, below)));
    if (end > 0) marked.push({ start: skip, end: skip + end, line: below, wraps: (!span.wrapsWords && whole) || again, wrapsWords: again, continued: true, address: !span.wrapsWords });
    // (wide: a URL, number or postal address that carries on below may have lost its own last
    // characters at its line's end, "https://sb-support-co-jp.topバra" for "…top/track/" 110 px past
    // the box's end, "〒949-3772埼玉県本" for "…埼玉県所沢市" 73 px: the space right of it goes, as
    // right of a last piece below. Not after a break at "-", "/", "." and the like,
    // "https://etc-": the line visibly ended there.)
    const lost = wide && end > 0 && !/[-/=?&._]$/.test(text.slice(0, span.end).trimEnd()) ? boxFor(line, span)[0] : undefined;
    if (lost) unread.push({ x: lost.x + lost.w, y: lost.y, w: line.box.h * LOST_END, h: lost.h });
    // (wide: a URL or number whose carried-over rest fills its line may have lost its last characters
    // there, "C" for "CTPn" on a 1× JPEG: the space right of it goes too. Right of a line's end
    // there is seldom anything but ground.)
    const rest = wide && whole && !span.wrapsWords && end > 0 ? boxFor(next, { start: skip, end: skip + end })[0] : undefined;
    if (rest) unread.push({ x: rest.x + rest.w, y: rest.y, w: Math.max(line.box.h, next.box.h) * LOST_END, h: rest.h });
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
    const above = marked.filter((span) => span.line === index - 1 && (span.wraps || span.address) && previous.text.slice(span.end).trim().length <= 1);
    const aboveIsUrl = above.length > 0;
    const rest = URL_REST.exec(text);
    // A short line with digits below a number that ran to its line's end is the number's rest,
    // however it was read ("ニセも571" below "お問い合わせ: 05 0一3117").
    const numberRest = text.trim().length <= 10 && /\d/.test(text) && !/\d{1,2}:\d{2}/.test(text);
    // (wide: so is a short line of no sentence, much narrower than a URL with a path or query that
    // ran to the column edge: its token's letters read as kana and kanji look-alikes, "ニー一" for
    // "LyTh9mV". Not below an e-mail address: a header's next field, "To" or 「日付」, stands there.)
    const lookalikeRest = wide && [...text.trim()].length <= LOOKALIKE_REST_CHARS && !/[。、！？!?]|\d{1,2}:\d{2}/.test(text) && line.box.w < previous.box.w * 0.5
      && above.some((span) => /[/?=&]/.test(previous.text.slice(span.start, span.end))) && reachesColumnEdge(lines, index - 1, EDGE_CONFIDENCE);
    if (!aboveIsUrl) return;
    if (numberRest || lookalikeRest) marked.push({ start: 0, end: text.length, line: index, wraps: false, address: false });
    else if (rest && /[/?=&.%_-]|[A-Za-z]\d|\d[A-Za-z]/.test(rest[0])) marked.push({ start: 0, end: rest[0].length, line: index, wraps: false, address: false });
    else return;
    const left = Math.min(previous.box.x, line.box.x) - line.box.h * 0.6;
    unread.push({ x: left, y: line.box.y - line.box.h * 0.3, w: line.box.x - left + line.box.h, h: line.box.h * 1.6 });
  });
  return { marked, unread };
}


/**
 * The lines right of a line on its row, each less than VALUE_GAP line heights from the one before,
 * are marked whole; the gaps between them come back as boxes. The owner's own "自分" (Gmail's "To
 * 自分") ends the value: it names nobody.
 */
function rowValue(lines: readonly OcrLine[], index: number, marked: MarkedSpan[]): PixelBox[] {
  const label = lines[index]!;
  const gaps: PixelBox[] = [];
  let right = label.box.x + label.box.w;
  const rest = [...lines.keys()].filter((i) => i !== index && sameRow(label, lines[i]!) && lines[i]!.box.x >= right - label.box.h * 0.5).sort((a, b) => lines[a]!.box.x - lines[b]!.box.x);
  for (const i of rest) {
    const part = lines[i]!;
    if (part.box.x - right > Math.max(label.box.h, part.box.h) * VALUE_GAP || /自分|^\s*me\b/i.test(part.text)) break;
    marked.push({ start: 0, end: part.text.length, line: i, wraps: false, address: false });
    if (part.box.x > right) gaps.push({ x: right, y: Math.min(label.box.y, part.box.y), w: part.box.x - right, h: Math.max(label.box.h, part.box.h) });
    right = Math.max(right, part.box.x + part.box.w);
  }
  return gaps;
}

/** A postal address's last line: short, no sentence, a room or house number ("ス609号室", "301"). */
const ADDRESS_LAST_LINE = /^[^。、！？!?]{0,16}(?:\d{1,4}\s*(?:号室|号|階|F)?|号室)\s*$/;

/** Is the line under `index` (the next of its paragraph) the last line of a postal address? */
function addressEndBelow(lines: readonly OcrLine[], index: number): boolean {
  const below = lineBelow(lines, index);
  const next = lines[below];
  return next !== undefined && isNextLine(lines[index]!, next) && ADDRESS_LAST_LINE.test(foldWidth(next.text).trim());
}

/**
 * The space right of a label that ends its line, up to the next line read on its row or `width`
 * line heights at most: where its value stands when OCR did not return it.
 */
function unreadRowValue(lines: readonly OcrLine[], index: number, width: number): PixelBox {
  const label = lines[index]!;
  const right = label.box.x + label.box.w;
  // From the label's last character (its colon) on, a quarter of a line above and below: OCR's
  // boxes are tight, and the value's first digit may stand right against the colon.
  const left = Math.min(right, label.charBoxes.at(-1)?.x ?? right);
  const next = Math.min(right + label.box.h * width, ...lines.filter((other) => other !== label && sameRow(label, other) && other.box.x >= right - label.box.h * 0.5).map((other) => other.box.x));
  return { x: left, y: label.box.y - label.box.h * 0.25, w: Math.max(0, next - left), h: label.box.h * 1.5 };
}

/** A wrapped postal address runs on to the end of its sentence (or of the line). */
function sentenceEnd(text: string): number {
  const stop = text.search(/[。！？!?]/);
  return stop < 0 ? text.trimEnd().length : stop;
}

/**
 * How much of a line's start belongs to a URL or number carried over from the line above. `wide`:
 * a space before a query's separator does not end it ("3 &に7188975625", "&t=…" misread).
 * `lookalikeLead`: one or two characters before the first letter or digit are misread ones.
 */
function continuationEnd(text: string, wide = false, lookalikeLead = false): number {
  let end = lookalikeLead ? /^[^\sA-Za-z0-9]{1,2}(?=[A-Za-z0-9])/.exec(text)?.[0].length ?? 0 : 0;
  while (end < text.length) {
    const char = text[end]!;
    // Two Japanese characters in a row are words again, not a garbled address.
    if (isCjk(char) && isCjk(text[end + 1])) break;
    if (char === ' ' && end > 0 && !(wide ? /[A-Za-z0-9&=?%]/ : /[A-Za-z0-9]/).test(text[end + 1] ?? '')) break;
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

/** Glyph heights between a span's last character and the line's next one that make them two columns. */
const COLUMN_GAP = 3;
/** A "character" this many glyph heights wide is a rule or a bar's edge read as 「ー」, not text. */
const STRETCHED_GLYPH = 4;

/**
 * Is the line's text after `end` no text of the span's column: each character of it a column's gap
 * right of the span or stretched far wider than tall (a list's rule read as 「ーー」)?
 */
function restInAnotherColumn(line: OcrLine, end: number): boolean {
  const glyphs = line.charBoxes.slice(Math.max(0, end - 3), end);
  if (glyphs.length === 0) return false;
  const glyphHeight = Math.max(...glyphs.map((box) => box.h));
  const spanEnd = glyphs.at(-1)!.x + glyphs.at(-1)!.w;
  for (let i = end; i < line.text.length; i++) {
    if (/\s/.test(line.text[i]!)) continue;
    const box = line.charBoxes[i];
    if (!box) return false;
    if (box.x - spanEnd < glyphHeight * COLUMN_GAP && box.w < glyphHeight * STRETCHED_GLYPH) return false;
  }
  return true;
}
