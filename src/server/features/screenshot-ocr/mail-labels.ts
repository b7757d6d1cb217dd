/** The labels of a mail header, and dates, as the header rules and auto-fill read them. */

import { meaningfulChars } from './form-lines';

/** Not a label but the start of a sentence: 「送信者が連絡先に…」「宛先住所に不備…」. */
const NOT_LABEL = '(?![がはのをにへと住])';
export const FROM_LABEL = new RegExp(`^\\s*(From|差出人|送信者${NOT_LABEL})\\s*[:_]?\\s*`, 'i');
export const SUBJECT_LABEL = /^\s*(Subject|件名)\s*[:_]?\s*/i;
/**
 * An avatar's or icon's mark or two may be read before 宛先 with its colon (「_宛先:…」「の〇宛先:…」),
 * and 宛 is read as its look-alikes 玩 or 発 (「人玩先:吉田裕子」), which make no word with 先. Only To and Cc must end
 * before a letter (「Today」); 宛先 runs into its address when the colon is lost (「宛先yumi.ikeda74@…」).
 */
export const TO_LABEL = new RegExp(`^\\s*(?:\\S{1,2}(?=[宛玩発]て?先\\s*[:：]))?(To(?![a-z])|[宛玩発]先${NOT_LABEL}|宛て先|Cc(?![a-z]))\\s*[:_]?\\s*`, 'i');
export const DATE_LABEL = /^\s*(Date|日時|送信日時|日付)\s*[:_]?\s*/i;
export const DATE = /\d{4}\s*[/年.]\s*\d{1,2}\s*[/月.]\s*\d{1,2}|\d{1,2}月\d{1,2}日/;
/** A date with nothing but its weekday, figures and marks after it (a time): the end of a date row or a sender's row. */
const DATE_AT_END = new RegExp(`(?:${DATE.source})(?:\\s*[(（][月火水木金土日][)）])?[^\\p{L}]{0,12}$`, 'u');
/** A subject holds a few words at least. */
export const MIN_SUBJECT_CHARS = 5;

/**
 * A row that is a date (the header's date row 「2026年11月21日21:36」, a sender's row ending in the date 「…お客様窓口 11/24」).
 * A subject may name a date among its words (「【重要】［東京ガス］料金未納のお知らせ（11月23日まで）」): it has words
 * besides the date and goes on after it.
 */
export function isDateRow(text: string): boolean {
  return DATE.test(text) && (meaningfulChars(text.replace(DATE, '')) < MIN_SUBJECT_CHARS || DATE_AT_END.test(text));
}

/**
 * A line that starts with a header label (the label may run into its value: 「差出人メルカリ」, 「差出人Amazon」).
 * Only an English label must end before a letter (「Today」 and 「Fromage」 are words, not labels), and
 * 送信者 and 宛先 not before a particle or 住 (a subject's wrapped line 「宛先住所に不備がございます」).
 */
export const HEADER_LABEL = new RegExp(`^\\s*(?:(?:From|To|Cc|Subject|Date)(?![A-Za-z])|差出人|送信者${NOT_LABEL}|宛先${NOT_LABEL}|宛て先|件名|日時|送信日時|日付)`, 'i');
/** A header label standing alone: the name cell of a From / To / 件名 / 日時 table row. */
export const LABEL_ALONE = /^\s*(From|To|Cc|Subject|Date|差出人|送信者|宛先|宛て先|件名|日時|送信日時|日付)\s*[:_]?\s*$/i;
