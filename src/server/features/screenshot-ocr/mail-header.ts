import { isChrome } from './app-chrome';
import { findEmailAddress, findSenderAddress, hasTopLevelDomain } from './address-repair';
import { bodyGlyphSize, colonsByShape, glyphSize, type ImageSize, meaningfulChars, repairColons, type TextLine } from './form-lines';
import type { OcrLine } from './ocr-layout';
import { foldWidth, isCjk } from './ocr-text';

/** Not a label but the start of a sentence: 「送信者が連絡先に…」「宛先住所に不備…」. */
const NOT_LABEL = '(?![がはのをにへと住])';
export const FROM_LABEL = new RegExp(`^\\s*(From|差出人|送信者${NOT_LABEL})\\s*[:_]?\\s*`, 'i');
export const SUBJECT_LABEL = /^\s*(Subject|件名)\s*[:_]?\s*/i;
export const TO_LABEL = new RegExp(`^\\s*(To|宛先${NOT_LABEL}|宛て先|Cc)(?![a-z])\\s*[:_]?\\s*`, 'i');
const DATE_LABEL = /^\s*(Date|日時|送信日時|日付)\s*[:_]?\s*/i;
const DATE = /\d{4}\s*[/年.]\s*\d{1,2}\s*[/月.]\s*\d{1,2}|\d{1,2}月\d{1,2}日/;
/** Icons after a subject read as a few characters of middling confidence; real text reads at 96+. */
const UNSURE_CHAR = 96;
const MAX_UNSURE_TAIL = 4;
/** Below this, a line above the subject is icons read as kanji (「吾眉本剛較」), not its first half. */
const MIN_SUBJECT_CONFIDENCE = 50;
/** A kana or kanji standing alone on its line (chrome elsewhere, a subject's wrapped end here). */
const LONE_CHARACTER = /^[\u3040-\u30ff\u4e00-\u9fff]$/;
/** An unlabelled subject is at least this much larger than the message text (measured 1.10–1.8 across mail apps). */
const SUBJECT_SIZE = 1.07;

/** A line that starts with a header label (the label may run into its value: 「差出人メルカリ」). */
const HEADER_LABEL = /^\s*(From|To|Cc|Subject|Date|差出人|送信者|宛先|宛て先|件名|日時|送信日時|日付)(?![A-Za-z])/i;
/** A header label standing alone: the name cell of a From / To / 件名 / 日時 table row. */
const LABEL_ALONE = /^\s*(From|To|Cc|Subject|Date|差出人|送信者|宛先|宛て先|件名|日時|送信日時|日付)\s*[:_]?\s*$/i;

/**
 * Mail apps set the header out as a table (carrier mail, the Gmail app's details box): the label
 * and its value stand apart on one row, so OCR gives two lines, often the whole label column
 * before the value column. Each lone label is joined with the nearest line to its right on its row.
 */
export function joinLabelRows(lines: TextLine[]): TextLine[] {
  const taken = new Set<number>();
  const joined = lines.map((entry, index) => {
    if (!LABEL_ALONE.test(entry.text)) return entry;
    const { box } = entry.line;
    let best = -1;
    for (const [other, candidate] of lines.entries()) {
      const o = candidate.line.box;
      if (other === index || taken.has(other) || LABEL_ALONE.test(candidate.text) || o.x < box.x + box.w) continue;
      if (Math.abs(o.y + o.h / 2 - (box.y + box.h / 2)) > Math.max(box.h, o.h) / 2) continue;
      if (best < 0 || o.x < lines[best]!.line.box.x) best = other;
    }
    if (best < 0) return entry;
    taken.add(best);
    return { text: `${entry.text} ${lines[best]!.text}`, line: joinLines(entry.line, lines[best]!.line) };
  });
  return joined.filter((_, index) => !taken.has(index));
}

/** Two OCR lines of one row as one, with a space between them. */
function joinLines(left: OcrLine, right: OcrLine): OcrLine {
  const gapStart = left.box.x + left.box.w;
  const x = Math.min(left.box.x, right.box.x);
  const y = Math.min(left.box.y, right.box.y);
  const bottom = Math.max(left.box.y + left.box.h, right.box.y + right.box.h);
  const letters = left.text.length + right.text.length;
  return {
    text: `${left.text} ${right.text}`,
    charBoxes: [...left.charBoxes, { x: gapStart, y, w: Math.max(0, right.box.x - gapStart), h: bottom - y }, ...right.charBoxes],
    charConfidences: [...left.charConfidences, 100, ...right.charConfidences],
    box: { x, y, w: Math.max(gapStart, right.box.x + right.box.w) - x, h: bottom - y },
    confidence: (left.confidence * left.text.length + right.confidence * right.text.length) / Math.max(1, letters),
  };
}

export interface MailHeader {
  source_email: string | null;
  subject: string | null;
  /** Index of the header's last line: the body starts after it. */
  headerEnd: number;
}

/** The sender's address and the subject of a mail, and where its header ends. */
export function readMailHeader(lines: TextLine[], size: ImageSize): MailHeader {
  let source_email: string | null = null;
  let subject: string | null = null;
  let headerEnd = -1;
  let subjectIndex = -1;
  const firstDate = lines.findIndex(({ text, line }, index) => line.box.y < size.height * 0.5 && (DATE_LABEL.test(text) || DATE.test(text)) && lines.slice(0, index).every((above) => !endsSentence(above)));
  // Labels inside the message ("日時：…" in a sign-in alert) are not header lines.
  // A warning banner above the header ("…の可能性があります。") is not where the message starts.
  const firstLabel = lines.findIndex(({ text }) => FROM_LABEL.test(text) || SUBJECT_LABEL.test(text) || TO_LABEL.test(text));
  const firstSentence = lines.findIndex((entry, index) => endsSentence(entry) && index > firstLabel);
  const inHeader = (index: number) => firstSentence < 0 || index < firstSentence;
  lines.forEach(({ text }, index) => {
    if (!inHeader(index)) return;
    if (FROM_LABEL.test(text)) {
      source_email ??= findSenderAddress(withWrappedAddress(lines, index));
      headerEnd = Math.max(headerEnd, index);
    } else if (SUBJECT_LABEL.test(text)) {
      const wrapped = wrappedValue(lines, index);
      subject ??= cleanSubject(text.replace(SUBJECT_LABEL, '') + wrapped.map((i) => lines[i]!.text).join(''));
      subjectIndex = index;
      headerEnd = Math.max(headerEnd, index, ...wrapped);
    } else if (TO_LABEL.test(text) || DATE_LABEL.test(text)) {
      headerEnd = Math.max(headerEnd, index);
    }
  });
  if (firstDate >= 0) headerEnd = Math.max(headerEnd, firstDate);
  if (!source_email) {
    // OCR lists a row's pieces apart (a page band, a wide gap): lines further down the list that
    // stand on the header's last row still belong to the header.
    const last = lines[Math.max(headerEnd, 0)]?.line.box;
    const headerBottom = last ? last.y + last.h : 0;
    for (let i = 0; i < lines.length; i++) {
      const { box } = lines[i]!.line;
      if (i > Math.max(headerEnd, 0) && box.y + box.h / 2 > headerBottom) continue;
      if (TO_LABEL.test(lines[i]!.text)) continue;
      source_email = findEmailAddress(withWrappedAddress(lines, i));
      if (source_email) break;
    }
  }
  if (subject === null) {
    const chosen = tallestLine(lines, headerEnd, size);
    if (chosen >= 0) {
      const wrapped = unlabelledSubject(lines, chosen);
      subject = cleanSubject(wrapped.text);
      subjectIndex = wrapped.end;
    }
    headerEnd = Math.max(headerEnd, subjectIndex);
  }
  return { source_email, subject, headerEnd };
}

/** A sentence's end; icons read as 「0二。」 (chrome, little confidence) are none. */
function endsSentence(entry: TextLine): boolean {
  return /。$/.test(entry.text) && !isChrome(entry);
}

/**
 * A line ending inside an address, joined with the rest of it from the line below: a narrow
 * screen wraps 「<notice@mail.mizuho-」「direct.example>」 and 「<security-」「center@….xyz>」.
 */
function withWrappedAddress(lines: TextLine[], index: number): string {
  let { text } = lines[index]!;
  let current = index;
  // A narrow screen may wrap it twice: 「差出人: no-」「reply36@mail.yamato-」「ex.example>」.
  for (let wraps = 0; wraps < 2; wraps++) {
    const { line } = lines[current]!;
    const nextIndex = lineBelow(lines, current);
    const next = lines[nextIndex];
    if (!next || next.line.box.y - (line.box.y + line.box.h) > line.box.h || next.line.box.y < line.box.y + line.box.h / 2) return text;
    // Open: inside brackets, after @ . -, or a host cut anywhere before its top-level domain that the
    // next line completes (carrier mail breaks 「mysoftbank@mail.sb-supp」「ort.xyz」 mid-word).
    // The wrapped end's dot read as a colon or comma (「pay:top」): inside an address only a dot stands there.
    const tail = /^[A-Za-z0-9][\w.%+-]*(@[\w.-]+)?>?/.exec(next.text.replace(/(?<=[A-Za-z0-9])[:;,](?=[A-Za-z]{2,})/g, '.'));
    const host = /@([\w.-]+)$/.exec(text)?.[1];
    const hostCompleted = host !== undefined && !hasTopLevelDomain(host) && tail !== null && hasTopLevelDomain(host + tail[0].replace(/>$/, ''));
    const open = /<[^>]*$/.test(text) || /[@.-]$/.test(text) || hostCompleted;
    if (!(open && /[\w.@-]$/.test(text) && tail)) return text;
    text += tail[0];
    if (tail[0].length < next.text.length) return text;
    current = nextIndex;
  }
  return text;
}

/** The next line, past marks read beside the line (an icon at its right, 「1っ」 at confidence 12). */
function lineBelow(lines: TextLine[], index: number): number {
  for (let j = index + 1; j < Math.min(lines.length, index + 3); j++) {
    if (lines[j]!.line.confidence < 30 && meaningfulChars(lines[j]!.text) < 3) continue;
    return j;
  }
  return -1;
}

/** Lines right below a labelled value, indented past its label: the value wrapped in its table cell. */
function wrappedValue(lines: TextLine[], index: number): number[] {
  const taken: number[] = [];
  let above = lines[index]!.line;
  const indent = above.box.x + glyphSize(above) * 1.5;
  for (;;) {
    const bottom = above.box.y + above.box.h;
    const next = lines.findIndex(({ text, line }, i) => i !== index && !taken.includes(i) && line.box.x >= indent
      && line.box.y + line.box.h / 2 > bottom && line.box.y - bottom < above.box.h * 0.8
      && !HEADER_LABEL.test(text) && !findEmailAddress(text) && !DATE.test(text));
    // A label row further down ends the cell.
    if (next < 0 || lines.some(({ text, line }) => HEADER_LABEL.test(text) && line.box.y < lines[next]!.line.box.y && line.box.y > above.box.y)) return taken;
    taken.push(next);
    above = lines[next]!.line;
  }
}

/**
 * Without a label, the subject is the largest line of the header: above the sender on web mail
 * and the Gmail app, just below the date on iOS Mail. Sender names and greetings are skipped.
 */
function tallestLine(lines: TextLine[], headerEnd: number, size: ImageSize): number {
  const searchEnd = Math.min(lines.length, Math.max(headerEnd + 3, 4));
  // Every app sets the subject larger than the message; on a capture cut below the subject, the
  // largest line would be a sentence of the message, which must stay in the body.
  const bodySize = bodyGlyphSize(lines);
  const candidates: number[] = [];
  for (let i = 0; i < searchEnd; i++) {
    const { text, line } = lines[i]!;
    if (line.box.y > size.height * 0.5 || isChrome(lines[i]!) || meaningfulChars(text) < 5) continue;
    if (bodySize !== null && glyphSize(line) < bodySize * SUBJECT_SIZE) continue;
    if (findEmailAddress(text) || DATE.test(text) || TO_LABEL.test(text) || FROM_LABEL.test(text) || /(様|さま|殿)$/.test(text)) continue;
    // iOS Mail puts the sender's name on its own line right above the address.
    const below = lines[i + 1];
    const belowEmail = below ? findEmailAddress(below.text) : null;
    if (below && belowEmail && meaningfulChars(below.text.replace(belowEmail, '')) < 2 && meaningfulChars(text) <= 16 && below.line.box.y - (line.box.y + line.box.h) < line.box.h * 1.5) continue;
    candidates.push(i);
  }
  const long = candidates.filter((i) => meaningfulChars(lines[i]!.text) >= 8 || /【.+】/.test(lines[i]!.text));
  let best = -1;
  let bestSize = 0;
  for (const i of long.length > 0 ? long : candidates) {
    const glyph = glyphSize(lines[i]!.line);
    if (glyph > bestSize * 1.1) {
      best = i;
      bestSize = glyph;
    }
  }
  return best;
}

/** A gap this wide (in character widths) inside a subject line sets a chip or icon apart from it. */
const CHIP_GAP = 0.75;
const MAX_CHIP = 6;
/** A subject wraps onto at most this many lines (three on a phone at large text, a fourth to spare). */
const MAX_SUBJECT_LINES = 4;
/**
 * Gmail's label chip, which follows the subject's last word: on the wrapped last line it stands right
 * after the subject's end (「せ受信トレイ」), read as 「受信トレイ」「妥信トレイ」「護トレイメ」.
 */
const INBOX_CHIP = /\s*(?:[受妥護授][信言]?|信)\s*トレイ[メィイ]?$/;
/** The sender's row below a subject ends with the time the mail came (「東京ガス事務局16:12」, icons after it). */
const ENDS_WITH_TIME = /\d{1,2}:\d{2}\D{0,3}$/;

/**
 * The subject around its largest line: the lines above and below it that continue it (same size,
 * right below, flush left), so a subject wrapped over two or three lines is read whole. Only the
 * last line can end in icons; a chip ends the subject.
 */
function unlabelledSubject(lines: TextLine[], chosen: number): { text: string; end: number } {
  let first = chosen;
  while (chosen - first < MAX_SUBJECT_LINES - 1) {
    const above = lines[first - 1];
    // Below MIN_SUBJECT_CONFIDENCE, a line above the subject is icons read as kanji.
    if (!above || isChrome(above) || above.line.confidence < MIN_SUBJECT_CONFIDENCE || !continuesSubject(above.line, lines[first]!.line, above.text)) break;
    first--;
  }
  // The lines above the chosen one continue into it, so none of them ends in a chip.
  const parts = lines.slice(first, chosen).map(({ text }) => text);
  const chosenCut = withoutChip(lines[chosen]!.line, lines[chosen]!.text);
  parts.push(chosenCut ?? lines[chosen]!.text);
  // A chip ends the subject: what follows it on the next line is the sender's row.
  if (chosenCut !== null) return { text: parts.join(''), end: chosen };
  let end = chosen;
  while (end - first < MAX_SUBJECT_LINES - 1) {
    const current = lines[end]!;
    const next = lines[end + 1];
    // Text wraps only where a line is full: after a shorter line, the subject has ended.
    const wrapWidth = Math.max(...lines.slice(first, end).map(({ line }) => line.box.x + line.box.w));
    if (!next || current.line.box.x + current.line.box.w < wrapWidth - glyphSize(current.line) * 2) break;
    const text = parts.join('');
    const beforeChip = next.text.replace(INBOX_CHIP, '');
    if (beforeChip !== next.text && beforeChip.length > 0 && wrapsOnto(current.line, next.line, text)) {
      // The chip's small letters would fail the size check; the chip itself says this is the subject's end.
      parts.push(beforeChip);
      return { text: parts.join(''), end: end + 1 };
    }
    if (LONE_CHARACTER.test(next.text) && continuesSubject(current.line, next.line, text)) {
      // A subject one character too long for the screen wraps its last character alone onto the
      // next line: neither that character nor the end of the line above it is an icon then.
      parts.push(next.text);
      return { text: parts.join(''), end: end + 1 };
    }
    if (isChrome(next) || findEmailAddress(next.text) || /(様|さま|殿)$/.test(next.text) || HEADER_LABEL.test(next.text) || ENDS_WITH_TIME.test(next.text) || !continuesSubject(current.line, next.line, text)) break;
    const cut = withoutChip(next.line, next.text);
    parts.push(cut ?? next.text);
    end++;
    if (cut !== null) return { text: parts.join(''), end };
  }
  // Icons after the subject (a flag, a star) read as a few unsure characters on its last line. A
  // wrapped line left with less than two characters was the subject's end read unsurely, not icons.
  const last = withoutUnsureTail(lines[end]!.line, parts[parts.length - 1]!);
  if (end === chosen || [...last].length >= 2) parts[parts.length - 1] = last;
  return { text: parts.join(''), end };
}

/**
 * What precedes a label chip set apart by a gap (Gmail's 「受信トレイ」, read as 「護トレイメ」), or
 * null when the line has none.
 */
function withoutChip(line: OcrLine, text: string): string | null {
  const em = glyphSize(line);
  for (let i = line.text.length - 1; i > 0 && line.text.length - i <= MAX_CHIP; i--) {
    // Tesseract sometimes gives a character a box a pixel wide (「ト」 0.7 px at 1×): the narrowest
    // kana's ink spans about 0.4 of its advance, so such a box does not open a gap after it.
    const before = line.charBoxes[i - 1]!;
    const gap = line.charBoxes[i]!.x - Math.max(before.x + before.w, before.x + em * (isCjk(line.text[i - 1]!) ? 0.4 : 0.2));
    if (gap > em * CHIP_GAP && !/[】」)）\]]/.test(line.text[i - 1]!)) {
      // Read again from the raw line, which still has the boxes that tell a colon by its shape.
      return foldWidth(colonsByShape({ ...line, text: line.text.slice(0, i) })).replace(/\s+/g, ' ').trim();
    }
  }
  return INBOX_CHIP.test(text) && text.replace(INBOX_CHIP, '').length > 0 ? text.replace(INBOX_CHIP, '') : null;
}

/** Drops trailing characters tesseract was unsure of: icons after a subject (「…しました衰ィ」). */
function withoutUnsureTail(line: OcrLine, text: string): string {
  let end = line.text.length;
  while (end > 0 && line.text.length - end < MAX_UNSURE_TAIL && (line.charConfidences[end - 1] ?? 100) < UNSURE_CHAR && !/[】」)）]/.test(line.text[end - 1]!)) end--;
  if (line.text.length - end >= MAX_UNSURE_TAIL && (line.charConfidences[end - 1] ?? 100) < UNSURE_CHAR) return text;
  // The text is the line's, folded character for character (its colons read by shape): cut as many.
  return end === line.text.length ? text : [...text].slice(0, end - line.text.length).join('').trim();
}

/** The next line continues the subject: the same size, right below, starting at its left edge. */
function continuesSubject(line: OcrLine, next: OcrLine, text: string): boolean {
  const size = glyphSize(line);
  return Math.abs(glyphSize(next) - size) < size * 0.15 && wrapsOnto(line, next, text);
}

/** The next line stands where the subject's wrapped text would: right below, flush left, no wider. */
function wrapsOnto(line: OcrLine, next: OcrLine, text: string): boolean {
  const size = glyphSize(line);
  return next.box.y - (line.box.y + line.box.h) < line.box.h * 0.8
    && !/[】」)）]$/.test(text) && next.box.x < line.box.x + size && line.box.x + line.box.w + size * 0.5 > next.box.x + next.box.w;
}

function cleanSubject(text: string): string | null {
  const cleaned = repairColons(text).replace(/^[_:\s]+/, '').trim();
  return cleaned.length > 0 ? cleaned : null;
}
