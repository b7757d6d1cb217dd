import { personalDataPlaceholders } from '../../../common/messages';
import { findRecipients, maskReportText } from '../../../common/personal-data';
import type { OcrLine } from './ocr-layout';
import { foldWidth, isCjk, isPhoneNumber, PHONE_PATTERN } from './ocr-text';
import { findEmailAddress, repairAddressText } from './address-repair';
import type { ScreenshotFormData } from './screenshot-ocr.types';

interface ImageSize {
  width: number;
  height: number;
}

interface TextLine {
  text: string;
  line: OcrLine;
}

/** Interface text of mail and messaging apps, never part of a message. */
const CHROME = [
  /テキストメッセージ/, /iMessage/, /^SMS$/, /・\s*SMS$/, /不明な送信者/, /連絡先(リスト)?に(登録されていません|ありません)/,
  /^ジの可能性があります/, /^[テデ]キストメッセージ/, /可能性があります。?$/, /迷惑メッセージを報告/, /^OK$/, /^(今日|昨日|一昨日)\s*\d{1,2}:\d{2}$/,
  /^\d{1,2}月\d{1,2}日\s*(\([月火水木金土日]\))?\s*\d{1,2}:\d{2}$/, /^\d{1,2}:\d{2}\s*[・\-–—]?\s*SMS$/, /^\d{1,2}:\d{2}$/,
  /^(受信トレイ|受信|スター付き|スヌーズ中|送信済み|下書き|迷惑メール|すべてのメール|ゴミ箱|作成|編集|フォルダ)\s*\d*$/,
  /^[<く]?\s*(受信|戻る)(\s*編集)?$/, /^To\s*自分/, /^[ロ口□昌目\s]+$/, /^(Gmail|Outlook)\b/,
  /^(返信|全員に返信|転送)(\s*(返信|全員に返信|転送))*$/, /^(Reply|Forward|Archive|Junk|Delete|Get Messages)\b/,
  // Warnings apps print around a message from an unknown sender, and the date chips of a chat.
  /連絡先(リスト)?に(登録されていない|ありません)/, /メッセージ内のリンクは無効/, /メッセージを報告$/, /^[テデ]キストメッセ/,
  /なりすましの可能性があります/, /外部の送信者からの(メール|メッセージ)です/, /^メッセージを入力/, /^(今日|昨日|一昨日|[月火水木金土日]曜日?)$/,
  /^([月火水木金土日]曜日|\d{1,2}月\d{1,2}日\s*(\([月火水木金土日]\))?)\s*\d{1,2}:\d{2}$/, /^\d{1,2}月\d{1,2}日\s*(\([月火水木金土日]\))?$/,
  /^\d{1,2}(分|時間)前$/, /Yahoo!?\s*メール$/, /^(フラグ|削除|アーカイブ|移動|既読|未読|返信|転送|その他)$/,
];
const FROM_LABEL = /^\s*(From|差出人|送信者)\s*[:_]?\s*/i;
const SUBJECT_LABEL = /^\s*(Subject|件名)\s*[:_]?\s*/i;
const TO_LABEL = /^\s*(To|宛先|宛て先|Cc)(?![a-z])\s*[:_]?\s*/i;
const DATE_LABEL = /^\s*(Date|日時|送信日時|日付)\s*[:_]?\s*/i;
const ADDRESS_AT_END = /(h?ttps?:?\/{0,2}|www\.)\S*$|[\w.-]+\.[a-z]{2,}\S*$/i;
const DATE = /\d{4}\s*[/年.]\s*\d{1,2}\s*[/月.]\s*\d{1,2}|\d{1,2}月\d{1,2}日/;

/**
 * Turns OCR lines into the report form's fields. Anything that cannot be read is left null or
 * empty: a guess presented as fact is worse than an empty field the visitor fills in.
 */
export function extractFormData(lines: readonly OcrLine[], size: ImageSize): ScreenshotFormData {
  const textLines = lines.map((line) => ({ text: foldWidth(line.text).replace(/\s+/g, ' ').trim(), line }));
  const read = looksLikeEmail(textLines) ? fromEmail(textLines, size) : fromSms(textLines, size);
  return withoutRecipient(read, textLines);
}

/**
 * The recipient's name, own address, postal address and card number become neutral placeholders
 * (「〇〇様」「（受信者のメールアドレス）」…), found by the same detectors that place the black
 * boxes. The To line is never part of the body, but the name and address on it are looked for in
 * the body too. The sender and the phishing URLs stay: they are the warning.
 */
function withoutRecipient(read: ScreenshotFormData, lines: TextLine[]): ScreenshotFormData {
  const names: string[] = [];
  const emails: string[] = [];
  for (const { text } of lines) {
    if (!TO_LABEL.test(text)) continue;
    const found = findRecipients(text);
    names.push(...found.names);
    // Every address on a To line is the recipient's, however long the display name before it.
    emails.push(...found.emails, ...[...text.matchAll(/[A-Za-z0-9][\w.%+-]*@[\w-]+(?:\.[\w-]+)+/g)].map((match) => match[0]));
  }
  const context = { senderEmail: read.source_email, recipientNames: names, recipientEmails: emails };
  // An address the message says it was sent to is the recipient's, never the sender's.
  const recipientEmails = [...emails, ...findRecipients(read.body ?? '', context).emails].map((email) => email.toLowerCase());
  const source_email = read.source_email && recipientEmails.includes(read.source_email.toLowerCase()) ? null : read.source_email;
  const { subject, body } = maskReportText({ subject: read.subject, body: read.body ?? '' }, { ...context, senderEmail: source_email });
  // A greeting line that was only a name found again (the To line's) with 様 misread: 「〇〇欄」.
  const greeting = body.replace(new RegExp(`^${personalDataPlaceholders.name}[欄棟標樣椋]$`, 'gm'), `${personalDataPlaceholders.name}様`);
  return { ...read, source_email, subject, body: read.body === null ? null : greeting };
}

function looksLikeEmail(lines: TextLine[]): boolean {
  let score = 0;
  for (const { text } of lines) {
    if (FROM_LABEL.test(text) || SUBJECT_LABEL.test(text) || /^(宛先|To)(?![A-Za-z])/.test(text)) score += 2;
    if (/<[^>]*@/.test(text) || /受信トレイ|全員に返信|Gmail|Outlook/.test(text)) score += 1;
    if (/テキストメッセージ|SMS|iMessage|不明な送信者|迷惑メッセージ/.test(text)) score -= 2;
  }
  return score > 0;
}

/** Below this, tesseract was reading icons or avatars, not text. */
const MIN_LINE_CONFIDENCE = 40;
/** Icons after a subject read as a few characters of middling confidence; real text reads at 96+. */
const UNSURE_CHAR = 96;
const MAX_UNSURE_TAIL = 4;

function isChrome({ text, line }: TextLine): boolean {
  if (CHROME.some((pattern) => pattern.test(text)) || meaningfulChars(text) < 2) return true;
  // Garbled addresses read with low confidence too; only short, address-free lines are dropped.
  return line.confidence < MIN_LINE_CONFIDENCE && meaningfulChars(text) < 6 && !/[A-Za-z0-9]{3}/.test(text);
}

/**
 * Desktop mail shows a folder list and a message list beside the message: lines that end left of
 * where the message's own sentences start belong to those panes.
 */
function inMessageColumn(lines: TextLine[]): TextLine[] {
  const sentences = lines.filter(({ text }) => meaningfulChars(text) >= 12);
  if (sentences.length < 2) return lines;
  const lefts = sentences.map(({ line }) => line.box.x).sort((a, b) => a - b);
  const left = lefts[Math.floor(lefts.length / 2)]!;
  return lines.filter(({ line }) => line.box.x + line.box.w > left - line.box.h);
}

/** Drops interface text, but keeps the last few characters of a URL wrapped onto a line of their own. */
function withoutChrome(lines: TextLine[]): TextLine[] {
  const kept: TextLine[] = [];
  for (const entry of inMessageColumn(lines)) {
    const previous = kept.at(-1);
    if (entry.text === '') continue;
    const urlTail = previous && ADDRESS_AT_END.test(previous.text) && /^[A-Za-z0-9/?=&._%-]{1,12}$/.test(entry.text)
      && entry.line.box.y - (previous.line.box.y + previous.line.box.h) < previous.line.box.h
      && Math.abs(entry.line.box.x - previous.line.box.x) < previous.line.box.h * 2;
    if (urlTail || !isChrome(entry)) kept.push(entry);
  }
  return kept;
}

function meaningfulChars(text: string): number {
  return [...text].filter((char) => isCjk(char) || /[A-Za-z0-9]/.test(char)).length;
}

function fromSms(lines: TextLine[], size: ImageSize): ScreenshotFormData {
  // The sender sits in the header, above the first message.
  const headerLimit = size.height * 0.25;
  let senderIndex = -1;
  let source_phone: string | null = null;
  let source_email: string | null = null;
  for (let i = 0; i < lines.length && lines[i]!.line.box.y < headerLimit; i++) {
    const text = lines[i]!.text;
    const email = findEmailAddress(text);
    if (email) {
      source_email = email;
      senderIndex = i;
      break;
    }
    const phone = findPhone(text);
    if (phone) {
      source_phone = phone;
      senderIndex = i;
      break;
    }
  }
  // Without a readable sender, at least skip the app's header (status bar, avatar, name).
  const firstBodyLine = senderIndex >= 0 ? senderIndex + 1 : lines.findIndex(({ line }) => line.box.y > size.height * 0.15);
  const bodyLines = withoutChrome(dropAvatarNoise(firstBodyLine >= 0 ? lines.slice(firstBodyLine) : []));
  return { source_email, source_phone, subject: null, body: joinBody(bodyLines) };
}

function fromEmail(lines: TextLine[], size: ImageSize): ScreenshotFormData {
  let source_email: string | null = null;
  let subject: string | null = null;
  let headerEnd = -1;
  let subjectIndex = -1;
  const firstDate = lines.findIndex(({ text, line }, index) => line.box.y < size.height * 0.5 && (DATE_LABEL.test(text) || DATE.test(text)) && (lines.slice(0, index).every(({ text: above }) => !/。$/.test(above))));
  // Labels inside the message ("日時：…" in a sign-in alert) are not header lines.
  // A warning banner above the header ("…の可能性があります。") is not where the message starts.
  const firstLabel = lines.findIndex(({ text }) => FROM_LABEL.test(text) || SUBJECT_LABEL.test(text) || TO_LABEL.test(text));
  const firstSentence = lines.findIndex(({ text }, index) => /。$/.test(text) && index > firstLabel);
  const inHeader = (index: number) => firstSentence < 0 || index < firstSentence;
  lines.forEach(({ text }, index) => {
    if (!inHeader(index)) return;
    if (FROM_LABEL.test(text)) {
      source_email ??= findEmailAddress(text);
      headerEnd = Math.max(headerEnd, index);
    } else if (SUBJECT_LABEL.test(text)) {
      subject ??= cleanSubject(text.replace(SUBJECT_LABEL, ''));
      subjectIndex = index;
      headerEnd = Math.max(headerEnd, index);
    } else if (TO_LABEL.test(text) || DATE_LABEL.test(text)) {
      headerEnd = Math.max(headerEnd, index);
    }
  });
  if (firstDate >= 0) headerEnd = Math.max(headerEnd, firstDate);
  if (!source_email) {
    for (let i = 0; i <= Math.max(headerEnd, 0) && i < lines.length; i++) {
      if (TO_LABEL.test(lines[i]!.text)) continue;
      source_email = findEmailAddress(lines[i]!.text);
      if (source_email) break;
    }
  }
  if (subject === null) {
    subjectIndex = tallestLine(lines, headerEnd, size);
    if (subjectIndex >= 0) {
      let text = withoutUnsureTail(lines[subjectIndex]!.line, lines[subjectIndex]!.text);
      // A long subject wraps onto a second line of the same size right below.
      const above = lines[subjectIndex - 1];
      const chosen = lines[subjectIndex]!.line;
      // The best line may be the second half of a wrapped subject.
      if (above && continuesSubject(above.line, chosen, above.text)) {
        subjectIndex--;
        text = withoutUnsureTail(above.line, above.text) + text;
      }
      const next = lines[subjectIndex + 1];
      const line = lines[subjectIndex]!.line;
      if (next && !isChrome(next) && !findEmailAddress(next.text) && !/(様|さま|殿)$/.test(next.text) && continuesSubject(line, next.line, text)) {
        text += withoutUnsureTail(next.line, next.text);
        subjectIndex++;
      }
      subject = cleanSubject(text);
    }
    headerEnd = Math.max(headerEnd, subjectIndex);
  }
  const bodyLines = withoutChrome(lines.slice(headerEnd + 1));
  return { source_email, source_phone: null, subject, body: joinBody(bodyLines) };
}

/**
 * Without a label, the subject is the largest line of the header: above the sender on web mail
 * and the Gmail app, just below the date on iOS Mail. Sender names and greetings are skipped.
 */
function tallestLine(lines: TextLine[], headerEnd: number, size: ImageSize): number {
  const searchEnd = Math.min(lines.length, Math.max(headerEnd + 3, 4));
  const candidates: number[] = [];
  for (let i = 0; i < searchEnd; i++) {
    const { text, line } = lines[i]!;
    if (line.box.y > size.height * 0.5 || isChrome(lines[i]!) || meaningfulChars(text) < 5) continue;
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

/** Font size from the width of Japanese characters, which are square; heights vary with the glyph. */
function glyphSize(line: OcrLine): number {
  const widths = line.charBoxes.filter((box, i) => box.w > 0 && isCjk(line.text[i])).map((box) => box.w).sort((a, b) => a - b);
  return widths.length ? widths[Math.floor(widths.length / 2)]! : line.box.h * 0.8;
}

/** Drops trailing characters tesseract was unsure of: icons after a subject ("…しました衰ィ"). */
function withoutUnsureTail(line: OcrLine, text: string): string {
  let end = line.text.length;
  while (end > 0 && line.text.length - end < MAX_UNSURE_TAIL && (line.charConfidences[end - 1] ?? 100) < UNSURE_CHAR && !/[】」)）]/.test(line.text[end - 1]!)) end--;
  if (line.text.length - end >= MAX_UNSURE_TAIL && (line.charConfidences[end - 1] ?? 100) < UNSURE_CHAR) return text;
  return end === line.text.length ? text : foldWidth(line.text.slice(0, end)).replace(/\s+/g, ' ').trim();
}

function continuesSubject(line: OcrLine, next: OcrLine, text: string): boolean {
  const size = glyphSize(line);
  return Math.abs(glyphSize(next) - size) < size * 0.15 && next.box.y - (line.box.y + line.box.h) < line.box.h * 0.8
    && !/[】」)）]$/.test(text) && next.box.x < line.box.x + size && line.box.x + line.box.w > next.box.x + next.box.w;
}

function cleanSubject(text: string): string | null {
  const cleaned = text.replace(/^[_:\s]+/, '').trim();
  return cleaned.length > 0 ? cleaned : null;
}

function findPhone(text: string): string | null {
  for (const match of text.matchAll(PHONE_PATTERN)) {
    if (isPhoneNumber(match[0])) return match[0].trim();
  }
  // Short codes and other numbers shown alone as the sender.
  const alone = /^\D{0,3}(\+?\d[\d\s-]{2,14}\d)\D{0,3}$/.exec(text);
  return alone ? alone[1]!.trim() : null;
}

/** Android shows the sender's avatar beside the last bubble line; OCR reads it as stray marks. */
function dropAvatarNoise(lines: TextLine[]): TextLine[] {
  const reference = lines.filter((entry) => !isChrome(entry));
  if (reference.length < 2) return lines;
  const lefts = reference.map(({ line }) => line.box.x).sort((a, b) => a - b);
  const usualLeft = lefts[Math.floor(lefts.length / 2)]!;
  return lines.map((entry) => {
    const { line } = entry;
    if (line.box.x >= usualLeft - line.box.h * 0.5 || CHROME.some((pattern) => pattern.test(entry.text))) return entry;
    let cut = 0;
    while (cut < line.text.length && line.charBoxes[cut]!.x + line.charBoxes[cut]!.w < usualLeft - line.box.h * 0.3) cut++;
    return { text: foldWidth(line.text.slice(cut)).trim(), line };
  });
}

/**
 * Joins lines back into the message: a line that runs to the right edge of the text column was
 * wrapped by the app and continues without a break; a wide vertical gap starts a new paragraph.
 */
function joinBody(lines: TextLine[]): string {
  if (lines.length === 0) return '';
  const right = Math.max(...lines.map(({ line }) => line.box.x + line.box.w));
  let body = '';
  lines.forEach(({ text, line }, index) => {
    const repaired = repairAddressText(text);
    if (index === 0) {
      body = repaired;
      return;
    }
    const previous = lines[index - 1]!.line;
    const gap = line.box.y - (previous.box.y + previous.box.h);
    const wrapped = previous.box.x + previous.box.w > right - previous.box.h * 1.6 && gap < previous.box.h && !/[。！？!?」』）)]$/.test(lines[index - 1]!.text);
    const continuesAddress = /[A-Za-z0-9/?=&._-]$/.test(body) && /^[A-Za-z0-9/?=&._%-]/.test(repaired) && ADDRESS_AT_END.test(body);
    if (continuesAddress || wrapped) body += repaired;
    else body += gap > previous.box.h * 1.2 ? `\n\n${repaired}` : `\n${repaired}`;
  });
  return repairAddressText(body);
}
