import { meaningfulChars, type TextLine } from './form-lines';
import { charsInCommon } from './reading-vote';

/** Interface text of mail and messaging apps, never part of a message. */
export const CHROME = [
  /テキストメッセージ/, /iMessage/, /^SMS$/, /・\s*SMS$/, /不明な送信者/, /連絡先(リスト)?に(登録されていません|ありません)/,
  /^ジの可能性があります/, /^[テデ]キストメッセージ/, /可能性があります。?$/, /迷惑メッセージを報告/, /^OK$/, /^(今日|昨日|一昨日)\s*\d{1,2}[:.]\d{2}$/,
  /^\d{1,2}月\d{1,2}日\s*(\([月火水木金土日]\))?\s*\d{1,2}:\d{2}$/, /^\d{1,2}:\d{2}\s*[・\-–—]?\s*SMS$/, /^\d{1,2}:\d{2}$/,
  /^(受信トレイ|受信|スター付き|スヌーズ中|送信済み|下書き|迷惑メール|すべてのメール|ゴミ箱|作成|編集|フォルダ)\s*\d*$/,
  /^[<く]?\s*(受信|戻る)(\s*編集)?$/, /^\S{0,3}\s*To\s*自分\S?$/, /^[ロ口□昌目\s]+$/, /^(Gmail|Outlook)\b/,
  /^(返信|全員に返信|転送)(\s*(返信|全員に返信|転送))*$/, /^(Reply|Forward|Archive|Junk|Delete|Get Messages)\b/,
  // Warnings apps print around a message from an unknown sender, and the date chips of a chat.
  /連絡先(リスト)?に(登録されていない|ありません)/, /メッセージ内のリンクは無効/, /メッセージを報告$/, /^[テデ]キストメッセ/,
  /なりすましの可能性があります/, /外部の送信者からの(メール|メッセージ)です/, /^メッセージを入力/, /^(今日|昨日|一昨日|[月火水木金土日]曜日?)$/,
  /^([月火水木金土日]曜日|\d{1,2}月\d{1,2}日\s*(\([月火水木金土日]\))?)\s*\d{1,2}[:.]\d{2}$/, /^\d{1,2}月\d{1,2}日\s*(\([月火水木金土日]\))?$/,
  /^\d{1,2}(分|時間)前$/, /Yahoo!?\s*メール$/, /メッセージを入力$/, /URLは開かないでください/, /^(フラグ|削除|アーカイブ|移動|既読|未読|返信|転送|保護|その他)$/,
  // The same warnings and chips as other apps print them, or with a character lost or cut at the
  // screen's edge: 「この送信者は連絡先に登録されてません」, 「連絡先未登録」, 「2026/11/20 21:34」 (or
  // 「2026/11/20 9:4」, its last digit cut), 「午後3:24」, 「生ストメッセー」 for テキストメッセージ. (A chat's
  // time above, 「昨日 15:01」「水曜日 18:02」, may have its colon read as a dot.)
  /送信者[はが]連絡先/, /連絡先(リスト)?に登録されて(い)?ません/, /連絡先未登録/, /^\d{4}\/\d{1,2}\/\d{1,2}\s*\d{1,2}:\d{1,2}$/,
  /^(午前|午後)\s*\d{1,2}[:.]\d{2}$/, /ストメッセー/,
  // The Yahoo! mail app's title with its 「!」 read as a letter (「くYahooiメール」), and the status
  // bar's signal, Wi-Fi and battery read as a character, bars and a percentage (「今ll 78%」「全wl 789」).
  // +メッセージ's warnings (「この送信元は連絡先に登録されていません。身に覚えのないメッセージのURLは…」,
  // 「公式アカウント以外」), a chat's date chip alone or misread with its time (「2026/11/20」「11月24日月)」
  // 「1125 22:43」), and the input box 「メッセージを入力」 as it is misread behind its icons
  // (「メンセージを落才カ」「メン上計少を火力」).
  /この送信元は連絡先に/, /身に覚えのないメッセージの/, /公式アカウント以外/, /^\d{4}\/\d{1,2}\/\d{1,2}$/,
  /^\d{1,2}月\d{1,2}日\s*\(?[月火水木金土日]\)?$/, /^[\d\s/]{4,}\d{1,2}:\d{2}$/, /メ[ッンツ]?[セゼ]ー?コ?[ジシ]を\S{0,3}$/, /を[入次火落]\S?[力カ]$/,
  // (Bars read as 1 count only before a percentage: 「1111」 alone may be a short code.)
  // A rule or a border read as dashes (「ーー」): no message line is only that.
  /^[ー一\-‐−–—_=~〜]+$/,
  // Google Messages' 「12:39・SMS」 under a bubble read with its time garbled (「凡:39oSMS」「ーー7ィ05・sMs」), テキストメッセージ
  // read with its middle garbled (「デキメスメトメッセージ」), and a chat's date chip with its slashes read as 7 or 1 (「2026711720」).
  /^\S{0,4}\d{2}\s*[・.o]?\s*sms$/i, /^[テデ]キ\S{0,4}メッセージ$/, /^20\d{2}[/71]\d{1,2}[/71]\d{1,2}$/,
  /Yahoo[!il1|]?\s*メール$/, /^\S?\s*[wW]?(?:[il|I]{1,3}\s*\d{1,3}\s*[%9６]?\d?|[il|I1]{1,3}\s*\d{1,3}\s*%)$/,
  // What apps say about the sender or the mail, never what a lure says: the number is not saved in the
  // contacts (「この番号は連絡先に保存されていません」, 「電話帳に登録されていない相手からのSMSです」), the links may be
  // unsafe (「このメッセージには不審なリンクが含まれている…」, 「URLを開いたり、個人情報を入力したりしないでください」),
  // remote content was blocked, the client judged the mail junk or a scam (「…はこのメッセージを迷惑メールと判断しました」),
  // the sender could not be verified (「このメールは送信元を確認できませんでした。なりすましメールの可能性…」).
  /連絡先に(保存|登録)されて(い)?ません/, /に登録されていない(相手|番号|送信者)/, /不審なリンクが含まれ/, /URLを開いたり|個人情報を入力したり|(開いたり|入力したり)しないで/,
  /リモートコンテンツ/, /このメッセージを.{0,12}と判断しました/, /送信元を確認できません/, /なりすまし(メール)?の可能性/,
  // A date line between messages, with its year and weekday (「2026年11月24日 金曜日」), and a bubble's stamp with its
  // weekday (「11/24(水) 20:21」, its slash read as 7: 「11724(水) 21:35」, its weekday lost: 「1/20() 7:20」, its colon: 「1/20(金)715」).
  /^\d{4}年\d{1,2}月\d{1,2}日\s*(\(?[月火水木金土日]\)?|[月火水木金土日]曜日?)?$/, /^\d{1,2}[/7]?\d{1,2}\s*\([月火水木金土日]?\)\s*\d{1,2}[:.]?\d{2}$/,
  // A time with a SIM or account label in brackets after it (Android's 「午後 1:02 [SIM 1]」, read 「午後12:43〔swil」「生後710 [SM」).
  /^\S{0,2}\s*\d{1,2}[:.]?\d{2}\s*[[〔【(|]\s*[A-Za-z0-9|\]】〕)\s]{0,6}$/,
  // A search box (「Qメールを検索」, 「Q検索 <Ctrl+K>」) and a web mail's title, a Latin name before メール (「Yahoo! JAPANメール」),
  // the two often read as one line (「Yahoo! JAPANメール | Qメールを検索」).
  /を検索$/, /^\S?\s*検索\s*[<＜(]/, /^[A-Za-z][A-Za-z!il1|.\s]{2,}メール(\s*[|｜。]?\s*\S?\s*メールを検索)?$/,
  // A carrier's messaging app names the kind of message and the carrier under the sender (「SMS・SoftBank」「SMS・au」).
  /^(SMS|MMS|SMS\/MMS)\s*[・･.]\s*[A-Za-z][A-Za-z ]{1,11}$/,
  // An app's warning wrapped at the screen's edge, its line cut before the words the patterns above end with
  // (「この番号は連絡先に保存されていませ」「ん。」, 「このメッセージには不審なリンクが含ま」「れている…」).
  /^この(番号|送信者|送信元|電話番号)[はが]連絡先に/, /不審なリンクが含ま$/,
  // A mail client's note that it held back the mail's remote content (「このメッセージのリモートコンテンツは読み込まれていません。」,
  // its words misread: 「のメメセージのリUEEdE本シテデテンツは読み込まれていません。」).
  /は読み込まれていません。?$/,
  // … or with a kanji of 連絡先 misread (「この送信者は運絡先に写録されて」), and the app's verdict on the sender (「迷惑メッセージの可能」).
  /送信者[はが]\S?絡先に/, /迷惑メッセージの可能/,
  // A date line or a chat's weekday chip whose 曜 was misread (「2026年11月21日月星日」「水雌日」): the weekday's kanji, any one glyph, then 日.
  /^\d{4}年\d{1,2}月\d{1,2}日\s*\(?[月火水木金土日][^\s\d]日\)?$/, /^[月火水木金土日][^\s\d]日$/,
];

/**
 * Words of buttons, toolbars and status bars (「連絡先に追加」「ブロック」, 「返信 | 転送 | アーカイブ | 迷惑マーク | 削除」,
 * 「未読: 5 合計: 154」). A line made only of these, with counts, bars and a stray glyph or two per button for its icon, is an
 * app's interface in any app: a message's line holds other words.
 * (Up to two glyphs a button beyond the first: Gmail's pills 「(で返信) (ら全員に返信( .ぴら転送】」.)
 */
const UI_WORDS = /全員に返信|返信|転送|アーカイブ|迷惑マーク|迷惑メール(報告|ではない)?|削除|その他|移動|未読|既読|合計|連絡先に追加|ブロック|報告|設定|印刷|フラグ/g;
const UI_SEPARATORS = /[\s\d|｜:：,.、。_「」『』【】“”"'<>＜＞[\]()（）+=…-]/g;

/** One of UI_WORDS, for a test (a global pattern's test carries its position over from one call to the next). */
const UI_WORD = new RegExp(UI_WORDS.source);

/** A pill button's label in its brackets: a word and a glyph or two for its icon. */
const PILL = /[(（][^()（）]{1,6}[)）|]?/g;

/**
 * A row of pill buttons (Gmail's 「(っ折信)(で全員に返信)(っ転送)」): bracketed labels only, most of them button words, so one
 * misread label (返信 read 折信) does not keep the row.
 */
function isPillRow(text: string): boolean {
  const pills = text.replace(/\s+/g, '').match(PILL) ?? [];
  if (pills.length < 2 || pills.join('') !== text.replace(/\s+/g, '')) return false;
  return pills.filter((pill) => UI_WORD.test(pill)).length * 2 > pills.length;
}

export function isUiWordLine(text: string): boolean {
  if (isPillRow(text)) return true;
  const words = text.match(UI_WORDS)?.length ?? 0;
  if (words === 0) return false;
  const rest = text.replace(UI_WORDS, '').replace(UI_SEPARATORS, '');
  return [...rest].length <= words * 2 - 1;
}

/** Below this, tesseract was reading icons or avatars, not text. */
const MIN_LINE_CONFIDENCE = 40;

/** The date chip a chat sets above the day's messages (「水曜日」「水曜日20:49」「11月24日(月)」「2026/11/20」). */
export const CHAT_DATE_CHIP = /^(今日|昨日|一昨日|[月火水木金土日]曜日|(\d{4}年)?\d{1,2}月\d{1,2}日\s*(\(?[月火水木金土日]\)?|[月火水木金土日]曜日)?|\d{4}\/\d{1,2}\/\d{1,2})\s*(\d{1,2}:\d{2})?$/;

/** Interface text by its words alone (not by being short or read unsurely). */
export function isChromeText(text: string): boolean {
  return CHROME.some((pattern) => pattern.test(text)) || isUiWordLine(text) || CHAT_DATE_CHIP.test(text);
}

/** The label iOS and Android print over a chat or in its input box. */
const MESSAGE_KIND_LABEL = 'テキストメッセージ';
/** A line sharing this many of the label's characters, in order, is the label misread (「デデデキスドメッセージ」「デキスト区ッセージ」)… */
const MESSAGE_KIND_MIN_SHARED = 6;
/** … when it is about as long as the label (a sentence that mentions 「メッセージ」 is longer, and shares five at most). */
const MESSAGE_KIND_MAX_CHARS = 13;

export function isMessageKindLabel(text: string): boolean {
  const compact = text.replace(/\s+/g, '');
  return [...compact].length <= MESSAGE_KIND_MAX_CHARS && !/[。、！？]/.test(compact) && charsInCommon(compact, MESSAGE_KIND_LABEL) >= MESSAGE_KIND_MIN_SHARED;
}

export function isChrome({ text, line }: TextLine): boolean {
  if (CHROME.some((pattern) => pattern.test(text)) || isUiWordLine(text) || isMessageKindLabel(text)) return true;
  // The last character of a wrapped sentence on a line of its own (「す。」) is text, not an icon.
  if (meaningfulChars(text) < 2) return !/^[\u3040-\u30ff\u4e00-\u9fff][。！？]$/.test(text);
  // Garbled addresses read with low confidence too; only short, address-free lines are dropped.
  return line.confidence < MIN_LINE_CONFIDENCE && meaningfulChars(text) < 6 && !/[A-Za-z0-9]{3}/.test(text);
}
