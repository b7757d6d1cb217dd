/**
 * ◆ and ◇ around a subject's words (「◆重要◆…」, 「◆◇ご利用制限のお知らせ◇◆…」, 「【ブランド】◆…◆」) are not in the jpn model's
 * reading of a line: ◆ comes back as 金, 多, る, あ or $, ◇ as 〇, じ or ぐ (noveltune14: 0 of 35 exact). The marks are put back
 * only where the shape is plain: such glyphs at both ends of the framed words, in the places a frame stands (the subject's
 * start, or right after its 【】 tag). A subject with a glyph at one end only is left as read (but for ◆重要◆, below): no
 * mark is made up.
 */

/** Glyphs ◆ and ◇ are read as (a subject's own words hardly start or end with these, see the guards below). */
const MARK = '[金多るあ$＄%〇じぐ必ぷ愉⑦⑧]';
/** A glyph ◆ or ◇ is read as (an icon after a subject is read as these too). */
export function isMarkGlyph(char: string): boolean {
  return new RegExp(`^${MARK}$`, 'u').test(char);
}

/** An icon's digit or dot read before the frame (「3多〇再配達…」「3。金〇再配達…」「3 $あ〇…」). */
const LEADING_SPECK = '(?:\\d[。 ]?)?';

/** A word's own 金 (料金, 税金, 代金…) is no closing mark. */
const NOT_AFTER_MONEY_WORD = '(?<![料税代賃入返現預送礼基資])';
/**
 * ◆◇ is also read as a mark and の (「金の…」「るの…」), with ◇'s edge as ン after it (「⑧多ン…」): no word starts with ン,
 * and no subject with るの or 金の.
 */
const DOUBLE_OPEN = `(?:${MARK}{2,3}|[金多るあ]の)ン?`;
/**
 * The frame's opening read as one glyph (「るお届け先住所の確認の$ヤマト運輸」): only one no word starts with, and only when the
 * closing reads as two, ◇ as の or a mark and ◆ as a mark (「の$」「のあ」).
 */
const SINGLE_OPEN = '[る$＄%]';
const SINGLE_OPEN_FRAME = new RegExp(`^${LEADING_SPECK}${SINGLE_OPEN}(?!の)([^\\s]{2,30})(?<!${MARK}|の)${NOT_AFTER_MONEY_WORD}((?:${MARK}|の)${MARK})(?=[^\\s]|$)`, 'u');
/**
 * ◆◇words◇◆ at the start: two marks or more opening (one may be lost closing; ◇ is read as の there too: 「〇の多」
 * 「のるある」). The closing marks are the last ones within reach, so a 金 inside the words (「ご利用料金の…」) or their own
 * の (「確認のお願い」) does not close them.
 */
const DOUBLE_FRAME = new RegExp(`^${LEADING_SPECK}${DOUBLE_OPEN}([^\\s]{2,30})(?<!${MARK}|の)${NOT_AFTER_MONEY_WORD}((?:${MARK}|の){1,4})(?=[^\\s]|$)`, 'u');
/** ◆ read as a mark and an @ after it (「る重要$@楽天モバイル」): no word of a Japanese subject starts with @. */
const STRAY_AT = '(?:@(?=[^\\x00-\\x7f]))?';
/**
 * ◆重要◆ at the start. The idiom always closes; with its closing mark lost, an opening that no word starts with (る, るる,
 * $, 金 before 重要) says as much.
 */
const IMPORTANT_FRAME = new RegExp(`^${LEADING_SPECK}(?:${MARK}{1,3}(重要|緊急|至急)${MARK}{1,2}${STRAY_AT}|(?:るる?|[$＄%]|金)(重要|緊急|至急))(?=\\S)`, 'u');
/**
 * 【tag】◆words◆ to the subject's end. あ opening a word (あなた, あり, ある) and 金 closing one (料金, 税金, 代金) are
 * the subject's own; る closes too many verbs to count as a mark at the end.
 */
const TAG_FRAME = new RegExp(`】(?:[$＄%]?)(?![あ][なりる])${MARK}{1,2}(.{2,30}?)${NOT_AFTER_MONEY_WORD}[金多あ$＄〇じぐ必]{1,2}$`, 'u');
/** After an opening $ (which starts no word: ◆ read as $ and a second glyph, 「】$あ…」), る at the end is the closing mark too. */
const SURE_TAG_FRAME = new RegExp(`】[$＄%]${MARK}?(.{2,30}?)${NOT_AFTER_MONEY_WORD}${MARK}$`, 'u');

/**
 * The subject's last glyph closes a 【tag】◆words◆ frame. Tesseract reads that closing glyph unsurely (at 89–94, like an
 * icon), so the cut of unsure icons after a subject keeps it when this holds.
 */
export function closesTagFrame(subject: string): boolean {
  return TAG_FRAME.test(subject) || SURE_TAG_FRAME.test(subject);
}

export function withDiamondMarks(subject: string): string {
  const important = IMPORTANT_FRAME.exec(subject);
  if (important) return `◆${important[1] ?? important[2]}◆${subject.slice(important[0].length)}`;
  const double = DOUBLE_FRAME.exec(subject);
  // The closing run holds a mark, not only の; the words are no 【】 tag's.
  if (double && new RegExp(MARK, 'u').test(double[2]!) && !/[【】]/.test(double[1]!)) return `◆◇${double[1]}◇◆${subject.slice(double[0].length)}`;
  const single = SINGLE_OPEN_FRAME.exec(subject);
  if (single && !/[【】]/.test(single[1]!)) return `◆◇${single[1]}◇◆${subject.slice(single[0].length)}`;
  const framed = (_: string, words: string) => `】◆${words}◆`;
  return TAG_FRAME.test(subject) ? subject.replace(TAG_FRAME, framed) : subject.replace(SURE_TAG_FRAME, framed);
}

/**
 * The bar between a brand and its subject (「セゾンカード｜【要対応】…」「Amazon｜ご注文の確認…」) read as 1, l or I: after the
 * brand's katakana (or its Latin name and a space), before 【 or the polite ご / お that open the subject. No figure stands there.
 */
const BRAND_BAR = /(?:(?<=[A-Za-z])\s|(?<=[\p{Script=Katakana}ー])\s?)[1lI]\s?(?=[【ごお])/u;

export function withBrandBar(subject: string): string {
  return subject.replace(BRAND_BAR, '｜');
}
