import { personalDataPlaceholders } from '../../../common/messages';
import { CARD_FIELD_LABELS, findRecipients, maskReportText } from '../../../common/personal-data';
import type { TextLine } from './form-lines';
import { TO_LABEL } from './mail-labels';
import type { ScreenshotFormData } from './screenshot-ocr.types';
import { HONORIFIC_LOOKALIKES } from './sensitive-text';

/**
 * The recipient's name, own address, postal address and card number become neutral placeholders
 * (「〇〇様」「（受信者のメールアドレス）」…), found by the same detectors that place the black
 * boxes. The To line is never part of the body, but the name and address on it are looked for in
 * the body too. The sender and the phishing URLs stay: they are the warning.
 */
export function withoutRecipient(read: ScreenshotFormData, lines: TextLine[]): ScreenshotFormData {
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
  const { subject, body } = maskReportText({ subject: read.subject, body: recipientFieldsAsRead(greetingsAsRead(read.body ?? '')) }, { ...context, senderEmail: source_email });
  // A greeting line that was only a name found again (the To line's) with 様 misread: 「〇〇欄」.
  const greeting = body.replace(new RegExp(`^${personalDataPlaceholders.name}[欄棟標樣椋]$`, 'gm'), `${personalDataPlaceholders.name}様`);
  return { ...read, source_email, subject, body: read.body === null ? null : greeting };
}

/**
 * A greeting line as OCR reads it, made plain for the name rules: the space between surname and given
 * name read as 「_」 (「坂本_誠様」), and 様 read as one of the redaction rules' look-alikes on a line that
 * holds only the name (「井上翔太接」「イトウハナコ機」). Not 欄: after two kanji it makes a word (「備考欄」).
 */
const GREETING_LOOKALIKE = new RegExp(`^(\\p{Script=Han}{2,6}|\\p{Script=Katakana}{3,10})[${HONORIFIC_LOOKALIKES.replace('欄', '')}]$`, 'gmu');

function greetingsAsRead(body: string): string {
  return body
    .replace(/^(\p{Script=Han}{1,4})_(?=\p{Script=Han}{1,4}(?:様|さま|殿))/gmu, '$1 ')
    .replace(GREETING_LOOKALIKE, '$1様')
    .replace(OPENING_NAME_WITH_RAN, '$1様');
}

/** 欄 is left out above, but a message does not open with 「備考欄」 alone: its first line, a name and 欄, is the greeting (「藤井亮欄」). */
const OPENING_NAME_WITH_RAN = /^(\p{Script=Han}{2,6}|\p{Script=Katakana}{3,10})欄(?=\n|$)/u;

/**
 * The recipient's own fields of a message (「ご利用カード：************3108」「ご登録のメールアドレス：…」)
 * as OCR reads them, made plain for the masking (personal-data.ts) right before it runs. The masking
 * finds a card by its digits and an address by its form; OCR reads a card's mask as kana
 * (「ご利用カードサががせ3108」) and loses an address's dot or @ (「…@iclodexample」), so neither is found,
 * and the recipient's data would stay in the body. The label survives: what follows it is the value.
 */
export function recipientFieldsAsRead(body: string): string {
  return registeredAddressesAsRead(cardValuesAsRead(cardLabelsAsRead(body)));
}

/**
 * 「カード末尾」 with 末 read as 未 or 示, put right before the masking looks for the label: a card's last
 * digits after it (「カード示尾:ババ9443」) are the recipient's.
 */
function cardLabelsAsRead(body: string): string {
  return body.replace(/カード[未示](?=尾)/g, 'カード末');
}

/** The labels of a card field, as personal-data.ts's masking knows them. */
const CARD_FIELD = new RegExp(`(?:^|(?<=\\d))(${CARD_FIELD_LABELS})`);
/** A card's value is short: up to 19 digits and separators, or a mask and the last four. */
const CARD_VALUE_MAX_CHARS = 30;
/** What a sentence has and a mask read as kana has not (「ご利用カードの確認をお願いします」). */
const SENTENCE = /[。、！？!?]|です|ます|ません|ください|さい|して|され|でき|お願い|確認/;

/**
 * A card field's value read as kana or marks: the mask's asterisks come back as 「ババ」「メメ」「をを」「らら」
 * or 「*」, and the last digits often survive (「サががせ3108」「スネスをメメ*ネフイ53」「用ららるるるるらら」). It
 * ends in digits, has a mask's symbol, or repeats a character at once; and it is no sentence.
 */
function isMaskReadAsKana(value: string): boolean {
  const compact = value.replace(/\s+/g, '');
  if (compact.length === 0 || compact.length > CARD_VALUE_MAX_CHARS || SENTENCE.test(compact)) return false;
  return /\d{2,4}$/.test(compact) || /[*＊•●※×]/.test(compact) || /(\S)\1/u.test(compact);
}

/**
 * A card field whose value (on its line, or alone on the next when the label ends its line) is a
 * mask read as kana becomes the label and the card's placeholder; the colon between, often read as
 * a kana itself (「サ」「に」「と」), is put back as a colon.
 */
function cardValuesAsRead(body: string): string {
  const lines = body.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    // At the line's start, or glued on after the field above it (「…2026/11/18 19:42ご利用カード…」).
    const label = CARD_FIELD.exec(line);
    if (!label) {
      out.push(line);
      continue;
    }
    const field = line.slice(0, label.index + label[0].length);
    const rest = line.slice(field.length);
    const next = lines[i + 1];
    if (isMaskReadAsKana(rest.replace(/^\s*[:：]/, ''))) {
      out.push(`${field}:${personalDataPlaceholders.card}`);
    } else if (/^\s*[:：]?\s*$/.test(rest) && next !== undefined && isMaskReadAsKana(next)) {
      out.push(`${field}:${personalDataPlaceholders.card}`);
      i++;
    } else {
      out.push(line);
    }
  }
  return out.join('\n');
}

/** The label of the recipient's own address (「ご登録のメールアドレス：」「登録メールアドレス」). */
const REGISTERED_ADDRESS = /^((?:[ごこ]登録|登録)の?メール(?:アドレス)?)\s*[:：]?\s*/;
/**
 * An address as OCR may read it: a run of Latin letters, marks, spaces and circled digits (「2713⑳%au」)
 * with an @ or the @ read as %, however its dots came back.
 */
const ADDRESS_AS_READ = /^[A-Za-z0-9][!-~ \u2460-\u24ff]*?[@%][!-~ \u2460-\u24ff]*/;
/**
 * Or read with its @ lost altogether (「n6ynakamura527」「hina.watanabe79」「7f4watanabe084Gyahootest」): after
 * the label, a run of an address's characters is the address all the same.
 */
const ADDRESS_WITHOUT_AT = /^[A-Za-z0-9][\w.+-]{3,}/;

/**
 * The recipient's address after its label, read with a dot or an @ lost or doubled
 * (「hayashitak6014@iclodexample」「suzuki_nao271320%au.example」「m-nakamura.47@(@yahoo.test」「…6068@」) or without it:
 * the masking does not find it as an address, so it would be published. After the label it is the recipient's.
 */
function registeredAddressesAsRead(body: string): string {
  return body.replace(/^.*$/gm, (line) => {
    const label = REGISTERED_ADDRESS.exec(line);
    if (!label) return line;
    // The next line may be glued on after it (「…@iclodexampleご理解とご協力を…」): it stays.
    const rest = line.slice(label[0].length);
    const value = ADDRESS_AS_READ.exec(rest) ?? ADDRESS_WITHOUT_AT.exec(rest);
    return value ? `${label[1]!.replace(/^こ/, 'ご')}:${personalDataPlaceholders.email}${line.slice(label[0].length + value[0].length)}` : line;
  });
}
