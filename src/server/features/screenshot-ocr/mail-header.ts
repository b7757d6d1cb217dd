import { isChrome } from './app-chrome';
import { findEmailAddress, findSenderAddress, hasTopLevelDomain } from './address-repair';
import { glyphSize, type ImageSize, meaningfulChars, type TextLine } from './form-lines';
import { DATE, DATE_LABEL, FROM_LABEL, HEADER_LABEL, isDateRow, LABEL_ALONE, MIN_SUBJECT_CHARS, SUBJECT_LABEL, TO_LABEL } from './mail-labels';
import { cleanSubject, tallestLine, unlabelledSubject } from './mail-subject';
import type { OcrLine } from './ocr-layout';

/**
 * Mail apps set the header out as a table (carrier mail, the Gmail app's details box): the label
 * and its value stand apart on one row, so OCR gives two lines, often the whole label column
 * before the value column. Each lone label is joined with the nearest line to its right on its row.
 */
export function joinLabelRows(lines: TextLine[]): TextLine[] {
  const taken = new Set<number>();
  const columnHeader = new Set(listColumnHeader(lines));
  const joined = lines.map((entry, index) => {
    if (!LABEL_ALONE.test(entry.text) || columnHeader.has(index)) return entry;
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

/** The two lines stand on one row: their middles are within half the taller's height. */
function sameRow(a: OcrLine, b: OcrLine): boolean {
  return Math.abs(a.box.y + a.box.h / 2 - (b.box.y + b.box.h / 2)) <= Math.max(a.box.h, b.box.h) / 2;
}

/**
 * A desktop client's message list is headed by its columns' names (Thunderbird's 「件名」「差出人」「日時」): two lone
 * labels or more on one row, with a wide gap between them. A mail's header sets one label a row. The indices of that row's labels.
 */
export function listColumnHeader(lines: TextLine[]): number[] {
  for (const [index, entry] of lines.entries()) {
    if (!LABEL_ALONE.test(entry.text)) continue;
    const row = lines.flatMap((other, i) => (LABEL_ALONE.test(other.text) && sameRow(other.line, entry.line) ? [i] : []));
    if (row.length >= 2 && row[0] === index) return row;
  }
  return [];
}

/**
 * The message list under its column header: every line from that row down to the mail's own header, its first line
 * with an address or a label. Its rows hold other mails' subjects and senders (「週末のおすすめ記事5選」「ニュースレター編集部」),
 * which are neither this mail's subject nor its message. Without a header below the list, the lines are left as they are.
 */
export function withoutMessageList(lines: TextLine[]): TextLine[] {
  const columns = listColumnHeader(lines);
  if (columns.length === 0) return lines;
  const top = Math.min(...columns.map((i) => lines[i]!.line.box.y));
  const bottom = Math.max(...columns.map((i) => lines[i]!.line.box.y + lines[i]!.line.box.h));
  const header = lines.filter(({ text, line }, i) => !columns.includes(i) && line.box.y > bottom && (text.includes('@') || HEADER_LABEL.test(text)));
  if (header.length === 0) return lines;
  const headerTop = Math.min(...header.map(({ line }) => line.box.y));
  return lines.filter(({ line }, i) => !columns.includes(i) && !(line.box.y + line.box.h / 2 >= top && line.box.y + line.box.h / 2 < headerTop));
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
      source_email ??= findSenderAddress(wrappedAddress(lines, index).text);
      headerEnd = Math.max(headerEnd, index);
    } else if (SUBJECT_LABEL.test(text)) {
      const wrapped = wrappedValue(lines, index);
      subject ??= cleanSubject(text.replace(SUBJECT_LABEL, '') + wrapped.map((i) => lines[i]!.text).join(''));
      subjectIndex = index;
      headerEnd = Math.max(headerEnd, index, ...wrapped);
    } else if (TO_LABEL.test(text) || DATE_LABEL.test(text)) {
      headerEnd = Math.max(headerEnd, index);
      // iOS Mail and Outlook set the recipient's address on the line below the To label, alone or after
      // the name (「宛先:」「sato@…」, 「宛先:高橋沙織」「<kato@…>」).
      const below = lineBelowInColumn(lines, index);
      const address = below > index ? findEmailAddress(lines[below]!.text) : null;
      if (TO_LABEL.test(text) && address && meaningfulChars(lines[below]!.text.replace(address, '')) < 2) headerEnd = Math.max(headerEnd, below);
    }
  });
  if (firstDate >= 0) headerEnd = Math.max(headerEnd, firstDate);
  if (!source_email) {
    // OCR lists a row's pieces apart (a page band, a wide gap): lines further down the list that
    // stand on the header's last row still belong to the header.
    const last = lines[Math.max(headerEnd, 0)]?.line.box;
    const headerBottom = last ? last.y + last.h : 0;
    const inHeaderRows = lines.flatMap((entry, i) => {
      const { box } = entry.line;
      return (i > Math.max(headerEnd, 0) && box.y + box.h / 2 > headerBottom) || TO_LABEL.test(entry.text) ? [] : [i];
    });
    // A sender's row sets the address in angle brackets after the name (「楽天市場 <order.06_jp@…>」); a desktop
    // client's folder pane, listed first, heads its folders with the account's own bare address.
    const senderRows = inHeaderRows.filter((i) => NAME_AND_ADDRESS.test(lines[i]!.text));
    for (const i of [...senderRows, ...inHeaderRows]) {
      source_email = findSenderAddress(wrappedAddress(lines, i).text);
      if (source_email) break;
    }
  }
  if (subject === null) {
    const chosen = [tallestLine(lines, headerEnd, size), lineAboveToRow(lines, size)].find((index) => index >= 0) ?? -1;
    if (chosen >= 0) {
      const wrapped = unlabelledSubject(lines, chosen);
      subject = cleanSubject(wrapped.text);
      subjectIndex = wrapped.end;
    }
    headerEnd = Math.max(headerEnd, subjectIndex);
  }
  return { source_email, subject, headerEnd };
}

/**
 * Desktop clients set the subject in the message's own type size, right above the To row (macOS Mail: the sender, the
 * subject, 「宛先:」; Thunderbird: the sender's row, the subject, 「宛先」), so no line of the header is larger than the
 * message. Then the subject is the line right above the first To row in its column, in the top half, when it is no
 * sender's row, date or label. Only used when no line stands out by size.
 */
export function lineAboveToRow(lines: TextLine[], size: ImageSize): number {
  const to = lines.findIndex(({ text, line }) => TO_LABEL.test(text) && line.box.y < size.height * 0.5);
  if (to < 0) return -1;
  const row = lines[to]!.line.box;
  for (let i = to - 1; i >= 0; i--) {
    const { text, line } = lines[i]!;
    const inColumn = line.box.x < row.x + row.w && line.box.x + line.box.w > row.x && line.box.y + line.box.h <= row.y + row.h / 2;
    if (!inColumn) continue;
    if (row.y - (line.box.y + line.box.h) > row.h * 2) return -1;
    // A subject one character too long wraps that character alone onto the line above the To row (「…お知ら」「せ」).
    // The next line up in the column is then the subject (its gap to the To row is still checked).
    if (/^\S$/u.test(text.trim())) continue;
    const sure = line.confidence >= 50 && meaningfulChars(text) >= MIN_SUBJECT_CHARS && !isChrome(lines[i]!);
    return sure && !findEmailAddress(text) && !HEADER_LABEL.test(text) && !isDateRow(text) && !/\d{1,2}:\d{2}$/.test(text) ? i : -1;
  }
  return -1;
}

/** A display name, then the address in angle brackets: 「国税庁<info33@kokuzei-info.example>」. */
const NAME_AND_ADDRESS = /\S\s*<[^<>]*@/;

/** A sentence's end; icons read as 「0二。」 (chrome, little confidence) are none. */
function endsSentence(entry: TextLine): boolean {
  return /。$/.test(entry.text) && !isChrome(entry);
}

/**
 * A line ending inside an address, joined with the rest of it from the line below: a narrow
 * screen wraps 「<notice@mail.mizuho-」「direct.example>」 and 「<security-」「center@….xyz>」. With the
 * index of the last line the address took.
 */
export function wrappedAddress(lines: TextLine[], index: number): { text: string; end: number } {
  let { text } = lines[index]!;
  let current = index;
  // A narrow screen may wrap it twice: 「差出人: no-」「reply36@mail.yamato-」「ex.example>」.
  for (let wraps = 0; wraps < 2; wraps++) {
    const { line } = lines[current]!;
    const nextIndex = lineBelowInColumn(lines, current);
    const next = lines[nextIndex];
    if (!next || next.line.box.y - (line.box.y + line.box.h) > line.box.h || next.line.box.y < line.box.y + line.box.h / 2) return { text, end: current };
    // A mark or two left of the address's column (the sender's avatar read as 「楽. 」 or 「東」, a chat's
    // back button 「<」) is not part of it.
    const avatar = /^(?:[^\x21-\x7e\s]{1,2}|<)[.,]?\s?(?=[A-Za-z0-9])/.exec(next.text)?.[0];
    const nextText = avatar && next.line.box.x < line.box.x - glyphSize(line) ? next.text.slice(avatar.length) : next.text;
    // The next header row (「To tgpyamamoto815@…」, after an icon read as 「還了」) starts a field of its own, however open the line above ends.
    if ([next.text, nextText].some((row) => HEADER_LABEL.test(row) || TO_LABEL.test(row))) return { text, end: current };
    // The wrapped end's dot read as a colon or comma (「pay:top」): inside an address only a dot stands there.
    const tail = /^[A-Za-z0-9][\w.%+-]*(@[\w.-]+)?>?/.exec(nextText.replace(/(?<=[A-Za-z0-9])[:;,](?=[A-Za-z]{2,})/g, '.'));
    // Open: inside brackets, after @ . -, or a host cut anywhere before its top-level domain that the
    // next line completes (carrier mail breaks 「mysoftbank@mail.sb-supp」「ort.xyz」 mid-word), the
    // domain read one letter off as the address repairs mend it (「…saison-card.x」「VZ」).
    const host = /@([\w.-]+)$/.exec(text)?.[1];
    const hostCompleted = host !== undefined && !hasTopLevelDomain(host) && tail !== null && hasTopLevelDomain(mendedHost(host + tail[0].replace(/>$/, '')));
    // An address whose @ is already on the line continues with host characters only: a next line
    // holding an @ of its own is another address (the To row with its label run in: 「Toy-hayashi.47@…」).
    if (tail?.[0].includes('@') && /@[\w.-]*$/.test(text)) return { text, end: current };
    const open = /<[^>]*$/.test(text) || /[@.-]$/.test(text) || hostCompleted;
    if (!(open && /[\w.@-]$/.test(text) && tail)) return { text, end: current };
    text += tail[0];
    if (tail[0].length < nextText.length) return { text, end: nextIndex };
    current = nextIndex;
  }
  return { text, end: current };
}

/** A host as the address repairs read it: a top-level domain one letter off is mended (「saison-card.xVZ」 is .xyz). */
function mendedHost(host: string): string {
  return findEmailAddress(`a@${host}`)?.split('@')[1] ?? host;
}

/**
 * The next line under this one in its column: web mail lists the folder list's, the message list's
 * and the date's lines of the same rows in between (Outlook's 「<info10@tepco-」, then the date, 「書き」
 * and a message's subject, then 「mypage.example>」).
 */
function lineBelowInColumn(lines: TextLine[], index: number): number {
  const { box } = lines[index]!.line;
  for (let j = index + 1; j < Math.min(lines.length, index + 6); j++) {
    const below = lines[j]!.line.box;
    const inColumn = below.x < box.x + box.w && below.x + below.w > box.x && below.y > box.y + box.h / 2;
    if (inColumn && !(lines[j]!.line.confidence < 30 && meaningfulChars(lines[j]!.text) < 3)) return j;
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
      && !HEADER_LABEL.test(text) && !findEmailAddress(text) && !isDateRow(text));
    // A label row further down ends the cell.
    if (next < 0 || lines.some(({ text, line }) => HEADER_LABEL.test(text) && line.box.y < lines[next]!.line.box.y && line.box.y > above.box.y)) return taken;
    taken.push(next);
    above = lines[next]!.line;
  }
}
