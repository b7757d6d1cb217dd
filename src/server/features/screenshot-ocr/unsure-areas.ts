import { NOT_A_NAME } from '../../../common/personal-data';
import { alignedLeft, boxFor, columnLeft, type ImageSize, isNextLine, rowAbove, sameRow, typicalGlyphHeight, typicalLineHeight } from './line-geometry';
import type { OcrLine } from './ocr-layout';
import { foldWidth, looksLikeAddress } from './ocr-text';
import { boxOnUpload } from './page-skew';
import type { PixelBox } from './screenshot-ocr.types';
import type { MarkedSpan } from './sensitive-areas';
import { HONORIFIC_LOOKALIKES, RECIPIENT_LABEL } from './sensitive-text';

/**
 * Where the reading itself cannot be trusted, covered on layout evidence rather than on what the
 * text says (the privacy rule: when the reading is unsure, black out more). Tesseract's word
 * confidence is the signal: its per-character confidence stays high even on garbage, but a word
 * it could not read gets a low one.
 */

/** Below this word confidence (0–100) a line was not really read: it is covered whole. */
const UNREAD_LINE_CONFIDENCE = 10;
/** Lines outside these multiples of the page's line height are specks or blobs, not text. */
const MIN_LINE_HEIGHT = 0.6;
const MAX_LINE_HEIGHT = 2.5;
/** A line at least this share of the page's glyph height is text whatever the lines' median height. */
const GLYPH_LINE_HEIGHT = 0.9;
/** A line cut by the image's top or bottom edge is covered whole below this confidence. */
const CUT_LINE_CONFIDENCE = 70;
/** 様 or what OCR makes of it, alone on its line. */
const LONE_HONORIFIC = new RegExp(`^\\s*[様殿${HONORIFIC_LOOKALIKES}]\\s*$`);
/** A line that starts with a short name and its honorific ("奈々様", "ハナコ様"): a name split at its space starts on the line to its left. */
const GIVEN_NAME_HONORIFIC = /^\s*[^\s\dA-Za-z]{1,6}(?:様|さま|殿)/;
/** A name's first part beside it: a few kana or kanji, nothing else. */
const NAME_PART = /^[\u3040-\u30ff\u3400-\u9fff々ー]{1,6}$/;
/** A greeting: a name and its honorific (or what OCR makes of it) alone on a line. */
const GREETING_LINE = new RegExp(`^\\s*([^\\s\\dA-Za-z]{2,10})\\s*[様殿${HONORIFIC_LOOKALIKES}]\\s*$`);
/** A salutation that opens a mail's body to many ("お客様各位"). */
const SALUTATION = /^\s*\S{0,6}各位\s*$/;
/** A greeting this many of its line heights right of its column's edge (at least, at most) has lost its family name there. */
const FAMILY_NAME_MIN_GAP = 1;
const FAMILY_NAME_MAX_WIDTH = 6;
/** A gap above a greeting this many of its line heights tall holds an unread row. */
const UNREAD_TO_GAP = 1.2;
/** A line read at least this surely tells its text's height. */
const SURE_TEXT_CONFIDENCE = 60;
/** A line at most this share of a box's height beside it is that box's text height (the box took in more). */
const SHORT_TEXT_SHARE = 0.55;
/** ... and holds this many characters at least (an icon's "る" or a label's "日付" is no run of text). */
const TEXT_CHARS = 4;
/** Below this word confidence a line with a stretched "character" was mostly not read. */
const STRETCHED_LINE_CONFIDENCE = 50;
/** A character box this many times wider than its line is tall is a run of text read as one glyph. */
const STRETCHED_GLYPH = 4;
/** One "character" this many times wider than tall above a greeting is text read as one glyph (an avatar or icon is about square). */
const RUN_GLYPH_WIDTH = 2;
/** A run of text read as one glyph is at most this many times as tall as the page's glyphs. */
const RUN_GLYPH_HEIGHT = 1.5;
/** ... in a line at least this many text lines tall: two rows of small text read as one (icons are a line tall). */
const MERGED_ROWS_HEIGHT = 1.4;
/** A hole above an address's rest this many rows tall (at least, at most) is its unread first line. */
const HOLE_MIN_ROWS = 0.8;
const HOLE_MAX_ROWS = 3;
/**
 * A sentence that points at a link below it ("下記URLから", "以下よりご確認", "こちらから", "URL:"), not one
 * that only warns of links ("URLは開かないでください") or points at other things ("以下のご注文について").
 */
const LINK_CUE = /こちら|(?:下記|以下)(?:の?(?:U\s?R\s?L|リンク|サイト|ページ)|より|から)|(?:U\s?R\s?L|リンク)(?:から|より|へ|に|[:：])/;
/** A line that starts with a URL's scheme, however OCR read it ("https:/", "ttps//", "hffp・//"). */
const URL_START = /^\W{0,2}(?:h?[tf]?[tf]?ps?\s?[:;/・]|www\.)/i;
/** A line that ends a sentence (or leads into what follows). */
const SENTENCE_END = /(?:[。．:：]|ください|下さい)\s*$/;
/**
 * A strip this many rows tall (at least, at most) between a link's sentence and the image's bottom
 * edge holds the link's top, cut by a crop; a taller one is the app's own space (a toolbar, a button).
 */
const LINK_EDGE_MIN_ROWS = 0.3;
const LINK_EDGE_MAX_ROWS = 1.5;
/** A link's last piece alone on its line is this many characters at most (a longer run is a URL of its own, covered by the address rules). */
const URL_PIECE_CHARS = 16;
/** A piece of a URL past its scheme: URL characters only, no "@". */
const URL_REST_ALONE = /^[A-Za-z0-9\-._~/?#&=%+:]+$/;
/** The first part of a wrapped address, at the end of the row above: URL characters up to the end. */
/** A piece of one or two characters read with less confidence than this is no word. */
const MISREAD_PIECE_CONFIDENCE = 60;
const TRAILING_ADDRESS_PART = /[A-Za-z0-9._%+\-~/:?=&#]+\s*$/;

export function findUnsureAreas(lines: readonly OcrLine[], marked: readonly MarkedSpan[], image?: ImageSize): { marked: MarkedSpan[]; unread: PixelBox[] } {
  const found: MarkedSpan[] = [];
  const unread: PixelBox[] = [];
  const whole = (index: number) => found.push({ start: 0, end: lines[index]!.text.length, line: index, wraps: false, address: false });

  const textHeight = typicalLineHeight(lines);
  const glyphHeight = typicalGlyphHeight(lines);
  const readAs = new Set(marked.map((span) => span.line));
  lines.forEach((line, index) => {
    // A line cut by the image's edge that holds something to hide, read unsurely: covered from
    // the first thing found to the line's end, even when its box is taller than text (a cropped
    // bubble's last row read with the avatar beside it, "肛PIDW3WKSG 7 6" 86 px tall): where the
    // address ends is as unsure as the rest of the reading ("7 6" for "76").
    if (image && readAs.has(index) && line.confidence < CUT_LINE_CONFIDENCE && cutByEdge(line, image)) {
      const start = Math.min(...marked.filter((span) => span.line === index).map((span) => span.start));
      found.push({ start, end: line.text.length, line: index, wraps: false, address: false });
    }
    // Specks and blobs (an icon, a photo, the canvas of a rotated capture read as one huge
    // "line") are not text: only lines of about a text line's height count.
    if (line.box.h > textHeight * MAX_LINE_HEIGHT) return;
    // (Or one "character" in a box several characters wide and as tall as the page's glyphs, "0"
    // 560 × 35 px for a masked card's field line, "0" 194 × 34 px for a greeting: a run of text read
    // as one glyph. One twice as tall as the glyphs is a widget's frame, a search field's or a
    // selected folder's, "に" 460 × 30 px on a page of 13-px glyphs.)
    const stretched = line.box.w >= line.box.h * STRETCHED_GLYPH && line.box.h <= glyphHeight * RUN_GLYPH_HEIGHT;
    // (A line with digits as tall as the page's glyphs is text too, a masked card number or a code:
    // on a page of two text sizes, 「…ののをかン95」 14 px under lines 24 px tall is shorter than the
    // lines' median. Not any small line: a mail list's unread rows are garbage of that height too.)
    const textLike = ([...line.text.replace(/\s/g, '')].length >= 2 || stretched)
      && line.box.h >= (/\d/.test(line.text) ? Math.min(textHeight * MIN_LINE_HEIGHT, glyphHeight * GLYPH_LINE_HEIGHT) : textHeight * MIN_LINE_HEIGHT);
    // Garbage: a line tesseract could not read may be anything, a name or a number included.
    if (textLike && line.confidence < UNREAD_LINE_CONFIDENCE) whole(index);
    // Mostly unread: two rows of small text read unsurely as one "character" many times wider than
    // tall ("の" 285 × 39 px for a From and a To line): what it stands for is unknown.
    else if (line.box.h >= textHeight * MERGED_ROWS_HEIGHT && line.confidence < STRETCHED_LINE_CONFIDENCE && line.charBoxes.some((box) => box.w > line.box.h * STRETCHED_GLYPH)) whole(index);
    // A line cut through by the image's edge (a crop, a screen's end) is read worst of all.
    else if (image && line.confidence < CUT_LINE_CONFIDENCE && cutByEdge(line, image)) whole(index);
  });

  // A mail's To line sits right above its greeting ("小川隆様" alone on its line): a line there read
  // unsurely (an avatar, the sender and the To line read as one, "の⑳が光") holds the recipient's
  // name again, however it was read. A line the rules found something on was read well enough to
  // say what it holds (a sender's address), and is covered as far as that goes.
  // (Or one "character" at least twice as wide as tall, no round avatar or icon: the sender and the
  // To line read as one glyph, 「本」 109 × 43 px for 「au事務局」 over 「宛先: 青木明美」.)
  lines.forEach((greeting) => {
    if (!namesRecipient(greeting)) return;
    lines.forEach((line, index) => {
      const chars = [...line.text.replace(/\s/g, '')].length;
      const textLike = (chars >= 2 || (chars === 1 && line.box.w >= line.box.h * RUN_GLYPH_WIDTH)) && line.box.h >= textHeight * MIN_LINE_HEIGHT && line.box.h <= textHeight * MAX_LINE_HEIGHT;
      if (textLike && !readAs.has(index) && line.confidence < STRETCHED_LINE_CONFIDENCE && line.box.y < greeting.box.y && isNextLine(line, greeting) && line.box.x < greeting.box.x + greeting.box.w && line.box.x + line.box.w > greeting.box.x
        && !toLineBetween(lines, line, greeting)) whole(index);
    });
  });

  // ... and where nothing was read between the greeting (or 「各位」) and the header row above it, the
  // To line there went unread (small grey text beside the sender's avatar): the gap is covered across
  // that row's width, where only unread ink lies. It reaches into the row above by as much as that
  // row's boxes are taller than the greeting's: a box that tall took in the top of the unread row
  // (「ー14:12」 39 px tall over a 22-px greeting).
  lines.forEach((greeting) => {
    if (!namesRecipient(greeting) && !SALUTATION.test(greeting.text)) return;
    // (Lines of its own column only: a mail list's pane to the left has rows of its own.)
    const above = lines.filter((line) => line.box.y + line.box.h <= greeting.box.y + greeting.box.h * 0.25 && line.box.x + line.box.w > greeting.box.x
      && line.box.h <= textHeight * MAX_LINE_HEIGHT && line.box.h >= textHeight * MIN_LINE_HEIGHT);
    if (above.length === 0) return;
    const bottom = Math.max(...above.map((line) => line.box.y + line.box.h));
    if (greeting.box.y - bottom < greeting.box.h * UNREAD_TO_GAP) return;
    const row = above.filter((line) => line.box.y + line.box.h > bottom - greeting.box.h);
    // (Or by as much as the row's lowest box reaches below its text: a short line read surely
    // beside it, its top level with the box's, is its text's height: "メルカリ2026" 33 px tall
    // beside "年11月25日17:25" 16 px took in the top of the unread To line under it.)
    const lowest = row.find((line) => line.box.y + line.box.h === bottom)!;
    const beside = lines.filter((line) => line !== lowest && line.confidence >= SURE_TEXT_CONFIDENCE && line.box.h <= lowest.box.h * SHORT_TEXT_SHARE
      && [...line.text.replace(/\s/g, '')].length >= TEXT_CHARS && Math.abs(line.box.y - lowest.box.y) < line.box.h * 0.5 && line.box.x + line.box.w > greeting.box.x);
    const left = Math.min(greeting.box.x, ...row.map((line) => line.box.x));
    const right = Math.max(...[...row, ...beside].map((line) => line.box.x + line.box.w));
    const reach = Math.max(0, Math.min(...row.map((line) => line.box.h)) - greeting.box.h, ...beside.map((line) => lowest.box.h - line.box.h));
    const top = bottom - reach;
    unread.push({ x: left, y: top, w: right - left, h: greeting.box.y - top });
  });

  unread.push(...linkHoles(lines, marked, textHeight, image));

  // A 様 (or a look-alike) read as a line of its own beside a short line: that line is the name
  // before it, however it was read ("タナカダイスケ村" | "欄"). So is a short line just left of a
  // line that starts with a name and 様: the family name, split off at the name's space
  // ("藤田" | "奈々様").
  lines.forEach((honorific, index) => {
    const lone = LONE_HONORIFIC.test(honorific.text);
    if (!lone && !GIVEN_NAME_HONORIFIC.test(honorific.text)) return;
    for (const [i, name] of lines.entries()) {
      const gap = honorific.box.x - (name.box.x + name.box.w);
      const maxGap = lone ? name.box.h * 2 : Math.max(name.box.h, honorific.box.h) * 3;
      if (i === index || !sameRow(name, honorific) || honorific.box.x + honorific.box.w <= name.box.x + name.box.w || gap > maxGap) continue;
      if ([...name.text.replace(/\s/g, '')].length > 12 || (!lone && (gap < 0 || !NAME_PART.test(name.text.trim())))) continue;
      whole(i);
      if (gap > 0) unread.push({ x: name.box.x + name.box.w, y: Math.min(name.box.y, honorific.box.y), w: gap, h: Math.max(name.box.h, honorific.box.h) });
    }
  });

  unread.push(...unreadFamilyNames(lines));

  for (const span of marked) {
    const line = lines[span.line]!;
    if (line.text.slice(span.end).trim() === '' && (span.wraps || span.wrapsWords)) {
      // A line split at a wide gap: its rest on the same row to the right goes on with the span.
      for (const [i, other] of lines.entries()) {
        const gap = other.box.x - (line.box.x + line.box.w);
        if (i !== span.line && sameRow(line, other) && gap >= 0 && gap < line.box.h * 4) {
          whole(i);
          unread.push({ x: line.box.x + line.box.w, y: Math.min(line.box.y, other.box.y), w: gap, h: Math.max(line.box.h, other.box.h) });
        }
      }
    }
    wrapStart(lines, span, found, unread);
  }
  return { marked: found, unread };
}

/**
 * An address that starts its line may have begun at the end of the row above ("…<security-" /
 * "center@…", "To h-" / "kato.36@…"): that tail is covered, and where nothing was read above it
 * (a short first part OCR lost), the space above its start is.
 */
function wrapStart(lines: readonly OcrLine[], span: MarkedSpan, found: MarkedSpan[], unread: PixelBox[]): void {
  const line = lines[span.line]!;
  const value = line.text.slice(span.start, span.end).trim();
  const startsLine = line.text.slice(0, span.start).trim() === '';
  if (!startsLine || !(value.includes('@') || looksLikeAddress(value)) || /^(?:h?t?tps?[:;]|www\.)/i.test(value)) return;
  // With a letter: a time ("13:03") or a date ("2026/11/24 8:39") on the row above is no part of an
  // address, and when it ends the row, the address's first part ("…センター<etc-") may stand left of it.
  for (const [order, above] of rowAbove(lines, span.line).entries()) {
    // (The row's last piece, one or two small characters read unsurely: the address's first ones misread,
    // "To" … "に" over "nakamura.09@docomo.example" for "r-".)
    const piece = lines[above]!;
    // No taller than the address's line and two of its characters wide at most (not a clock's "較/" 223 × 122 px).
    const small = piece.box.h <= line.box.h * 1.2 && piece.box.w <= line.box.h * 2;
    if (order === 0 && small && [...piece.text.trim()].length <= 2 && piece.confidence < MISREAD_PIECE_CONFIDENCE) {
      found.push({ start: 0, end: piece.text.length, line: above, wraps: false, address: false });
      return;
    }
    // (Or the same one or two characters ending a piece of the row read unsurely that starts further
    // left, the address's first ones read together with an icon beside them: 「還>」 for an app icon
    // and "s-" over "nakamura.51@…", whatever else stands further right on the row (another pane's
    // column heads). Only the characters over the address's start go.)
    const over = piece.box.x < line.box.x && piece.confidence < MISREAD_PIECE_CONFIDENCE ? piece.charBoxes.findIndex((box) => box.x + box.w > line.box.x - line.box.h * 0.5) : -1;
    if (over > 0 && [...piece.text.slice(over).trim()].length <= 2 && piece.charBoxes.slice(over).every((box) => box.h <= line.box.h * 1.2)) {
      found.push({ start: over, end: piece.text.length, line: above, wraps: false, address: false });
      return;
    }
    const tail = TRAILING_ADDRESS_PART.exec(lines[above]!.text);
    if (tail && /[A-Za-z]/.test(tail[0])) {
      found.push({ start: tail.index, end: lines[above]!.text.length, line: above, wraps: false, address: false });
      return;
    }
  }
  const covered = boxFor(line, span)[0];
  if (!covered) return;
  const h = line.box.h;
  // (A URL's rest alone on its line, a path or token of URL characters with no "@", under a hole:
  // nothing read between it and the text above for one or two rows. The URL's first line went
  // unread, "jr3LEKEqbOKmwRsJ" under a blank where "https://rakuten-card-…" ran the column's width
  // on a rotated 1× capture: the hole goes, to where the column's lines above end. An e-mail
  // address starts itself: under a sender's name in a header, the space above it is the header's
  // own; and a line with more on it after the address ("hffp/ctax_nfa amhkm7 fe<f") is a whole URL.)
  const urlRest = URL_REST_ALONE.test(value) && line.text.slice(span.end).trim() === '';
  const over = !urlRest ? [] : lines.filter((other) => other.box.y + other.box.h <= line.box.y && other.box.x < line.box.x + line.box.w && other.box.x + other.box.w > line.box.x);
  if (over.length > 0) {
    const bottom = Math.max(...over.map((other) => other.box.y + other.box.h));
    const row = Math.max(h, ...over.filter((other) => other.box.y + other.box.h === bottom).map((other) => other.box.h));
    const hole = line.box.y - bottom;
    if (hole >= row * HOLE_MIN_ROWS && hole <= row * HOLE_MAX_ROWS) {
      const column = lines.filter((other) => other.box.y + other.box.h > bottom - row * 3 && other.box.y + other.box.h <= bottom && alignedLeft(line, other));
      const right = Math.max(covered.x + covered.w, ...column.map((other) => other.box.x + other.box.w));
      unread.push({ x: covered.x, y: bottom, w: right - covered.x, h: line.box.y - bottom });
      return;
    }
  }
  const band = { x: covered.x, y: line.box.y - h * 1.5, w: covered.w, h: h * 1.5 };
  // Up to the first line read in that band to the right (a time, a button): that is not the address.
  const blockers = lines.filter((other) => other !== line && other.box.y < band.y + band.h && other.box.y + other.box.h > band.y && other.box.x + other.box.w > band.x);
  const right = Math.min(band.x + band.w, ...blockers.map((other) => other.box.x));
  if (right - band.x > h) unread.push({ ...band, w: right - band.x });
}

/**
 * A sentence that points at a link ("下記URLから…", "こちらからご対応ください。") over a hole: nothing read
 * below it in its column for one to three rows, or nothing at all down to the image's bottom edge.
 * The link stood there and went unread (a URL on a 1× rotated or dark capture, one cut by a crop):
 * the hole goes, across the column. An empty hole costs nothing.
 */
function linkHoles(lines: readonly OcrLine[], marked: readonly MarkedSpan[], textHeight: number, image?: ImageSize): PixelBox[] {
  const holes: PixelBox[] = [];
  // Lines that start with an address or number found on them: a link's rest.
  const restStarts = new Set(marked.filter((span) => span.address && lines[span.line]!.text.slice(0, span.start).trim() === '').map((span) => span.line));
  lines.forEach((line, index) => {
    // (A sentence that does not end on its line counts only over the image's bottom edge, below:
    // 「以下のリンクから手」 / 「続きをお願いいた」 over a crop through 「します。https://v9」.)
    const ends = SENTENCE_END.test(line.text);
    if (!ends && !image) return;
    // The sentence it ends, with the lines of its paragraph above.
    const paragraph = [line];
    for (let i = index - 1; i >= 0 && paragraph.length < 3 && isNextLine(lines[i]!, paragraph[0]!) && alignedLeft(line, lines[i]!); i--) paragraph.unshift(lines[i]!);
    const sentence = foldWidth(paragraph.map((part) => part.text).join('')).replace(/[。．]\s*$/, '').split(/[。．]/).at(-1)!;
    if (!LINK_CUE.test(sentence)) return;
    const row = Number.isFinite(textHeight) ? textHeight : line.box.h;
    // Where its characters end: a tall glyph's box may reach down into the unread row (「Ｕ」 of 「ＵＲＬ」).
    const bottoms = line.charBoxes.filter((box) => box.h > 0).map((box) => box.y + box.h).sort((a, b) => a - b);
    const top = Math.min(line.box.y + line.box.h, bottoms[Math.floor(bottoms.length / 2)] ?? Infinity);
    const left = Math.min(...paragraph.map((part) => part.box.x));
    const right = Math.max(...paragraph.map((part) => part.box.x + part.box.w));
    const below = lines.filter((other) => other.box.y >= top - row * 0.25 && other !== line && other.box.x < right && other.box.x + other.box.w > left);
    const next = below.length > 0 ? Math.min(...below.map((other) => other.box.y)) : image?.height;
    if (next === undefined) return;
    // The link read from its start right below: the hole is only the space between two bubbles or paragraphs.
    if (below.some((other) => other.box.y < next + row * 0.5 && URL_START.test(foldWidth(other.text)))) return;
    const hole = next - top;
    const atEdge = below.length === 0;
    if (!ends && !atEdge) return;
    if (atEdge ? hole < row * LINK_EDGE_MIN_ROWS || hole > row * LINK_EDGE_MAX_ROWS : hole < row * HOLE_MIN_ROWS || hole > row * HOLE_MAX_ROWS) return;
    // As wide as the column, or the line below where it is wider (a URL runs to the bubble's edge).
    const wide = Math.max(right, ...below.filter((other) => other.box.y < next + row).map((other) => other.box.x + other.box.w));
    // Padded left and right as a line read there would be (boxFor); and down into the line below
    // when that holds the link's rest ("CakBcD&utm source=sms…"): the unread line's own box would
    // overlap it on a rotated capture, and it is covered anyway.
    const pad = row * 0.6;
    const joinsRest = below.some((other) => other.box.y < next + row * 0.5 && restStarts.has(lines.indexOf(other)));
    holes.push({ x: left - pad, y: top, w: wide - left + pad * 2, h: hole + (joinsRest ? row * 0.5 : 0) });
    // (A short run of URL characters alone right under the hole, 「form」 under a link's unread first
    // line: the link's last piece, which no rule knows for an address without its start.)
    for (const rest of below.filter((other) => other.box.y < next + row * 0.5 && other.text.trim().length <= URL_PIECE_CHARS && URL_REST_ALONE.test(other.text.trim()) && /[A-Za-z]/.test(other.text))) {
      holes.push({ x: rest.box.x - pad, y: rest.box.y - rest.box.h * 0.25, w: rest.box.w + pad * 2, h: rest.box.h * 1.5 });
    }
    // A sentence ending its line well short of the column, "い。" under "…詳細は下記よりご確認くださ",
    // with nothing read right of it: the link began right after it on the same row, and went unread too.
    const end = line.box.x + line.box.w;
    if (ends && end < right - row * 2 && !lines.some((other) => other !== line && sameRow(line, other) && other.box.x >= end - row * 0.5)) {
      holes.push({ x: end, y: line.box.y - row * 0.25, w: wide + pad - end, h: top - line.box.y + row * 0.25 });
    }
  });
  return holes;
}

/**
 * A greeting that starts right of its text column with nothing read there ("健二様" 37 px right of
 * where the body's lines start, for 「森 健太 様」 with a full-width space): the family name before
 * it, set apart by that wide space, went unread. The space from the column's edge goes, a few
 * characters wide at most (a greeting indented further is set apart on purpose, not by a name).
 */
function unreadFamilyNames(lines: readonly OcrLine[]): PixelBox[] {
  const holes: PixelBox[] = [];
  lines.forEach((greeting, index) => {
    if (!namesRecipient(greeting)) return;
    const h = greeting.box.h;
    const left = columnLeft(lines, index);
    const gap = greeting.box.x - left;
    if (gap < h * FAMILY_NAME_MIN_GAP || gap > h * FAMILY_NAME_MAX_WIDTH) return;
    if (lines.some((other) => other !== greeting && sameRow(greeting, other) && other.box.x < greeting.box.x && other.box.x + other.box.w > left)) return;
    const pad = h * 0.6;
    holes.push({ x: left - pad, y: greeting.box.y - h * 0.25, w: gap + pad, h: h * 1.5 });
  });
  return holes;
}

/** A greeting that names its recipient: a name and its honorific alone on a line ("小川隆様", not "お客様"). */
function namesRecipient(line: OcrLine): boolean {
  const name = GREETING_LINE.exec(line.text)?.[1];
  return name !== undefined && !NOT_A_NAME.test(name);
}

/**
 * Was the To line itself read surely between `line` and the greeting below it (「To自分ャ」 under a
 * header's 「の⑧au 13:26」 read unsurely)? Then the line above it is the header's, not the To line.
 */
function toLineBetween(lines: readonly OcrLine[], line: OcrLine, greeting: OcrLine): boolean {
  return lines.some((other) => other !== line && other.confidence >= SURE_TEXT_CONFIDENCE && RECIPIENT_LABEL.test(foldWidth(other.text))
    && other.box.y >= line.box.y + line.box.h * 0.5 && other.box.y + other.box.h <= greeting.box.y);
}


/**
 * Is the line cut through by the image's top or bottom edge? On a page turned level those are the
 * upload's edges, which run through the page inside the blank corners the turn added (a rotated
 * capture's first row, cut by its crop, stands 10 px below the page's own top): the line is
 * measured on the upload.
 */
function cutByEdge(line: OcrLine, image: ImageSize): boolean {
  const margin = Math.max(2, line.box.h * 0.25);
  const box = image.turn ? boxOnUpload(line.box, image.turn) : line.box;
  const height = image.turn ? image.turn.height : image.height;
  return box.y <= margin || box.y + box.h >= height - margin;
}
