/**
 * The jpn model's misreads in the set phrases of these messages, put right where the context leaves
 * no doubt. Each misread is not a word (「ご愛願」「東京電カ」「お客様列の」), so a message that
 * really says something else is left alone.
 */
/** A small kana right before its own large form (「ゅゆ」): each pair as one alternative. */
const SMALL_BEFORE_LARGE = new RegExp([...'ぁぃぅぇぉっゃゅょァィゥェォッャュョ'].map((small, i) => `${small}(?=${'あいうえおつやゆよアイウエオツヤユヨ'[i]!})`).join('|'), 'g');

/**
 * An amount read with the layout's spaces between its digits (「3 9, 70 0円」「¥ 1.3 6 0」): the spaces go, so that the
 * repairs below see the amount whole (and the visitor reads it as one). Only after a yen sign or before 円.
 */
function withAmountsClosed(text: string): string {
  return text.replace(/(?<=[¥￥\\]\s?)\d[\d,. ]*\d|\d[\d,. ]*\d(?=\s?円)/g, (amount) => amount.replace(/ (?=[\d,.])|(?<=[\d,.]) /g, ''));
}

const PHRASES: Array<[RegExp, string]> = [
  // The yen sign read as a backslash: 「ご請求金額：\5,150」, with a y (「\y3,448」), or as a backslash beside it
  // or the colon before it (「\¥3,130」「金額\:¥3,320」).
  [/\\\s?y?(?=\d)/g, '¥'],
  [/\\(?=[:：]?[¥￥])/g, ''],
  // A thousands comma read as a dot in an amount: 「¥7.520」「2.650円」.
  [/(?<=[¥￥]\d{1,3})\.(?=\d{3}(?!\d))|(?<=(?<![\d.])\d{1,3})\.(?=\d{3}円)/g, ','],
  // The wave dash of business hours read as へ, ー or dots, or as itself and へ: 「10:00へ17:00」「9:00...18:00」「9:00~へ18:00」.
  [/(?<=\d{1,2}:\d{2})(?:[~〜]?へ|ー|\.{2,3}|…)(?=\d{1,2}:\d{2})/g, '〜'],
  // 「ご愛顧いただき」 with 顧 read as 願, 放, 題, 暴 or 足 (ご愛用, ご愛読 and ご愛飲 are words).
  [/ご愛(?![顧用読飲護])\p{Script=Han}(?=いただ)/gu, 'ご愛顧'],
  // The kanji 力 read as the katakana カ, once or twice, after a kanji it makes a word with
  // (電力, 協力, 入力, 出力, 努力, 能力, 圧力, 魅力, 効力); カー… (カード, カート) is katakana.
  [/(?<=[電協入出努能圧魅効])カ{1,2}(?!ー)/g, '力'],
  // 「お客様宛のお荷物」 with 宛 read as 列, 元 or 売.
  [/(?<=お客様)[列元売](?=の)/g, '宛'],
  // 「お客様センター」 with 様 read as 欄 or 樣.
  [/お客[欄樣]/g, 'お客様'],
  // 還 read as 情, 司 or 呈: 「ポイント還元」; in 「還付金」 also as 生, 中 or 避 (no word ends in 生付, 中付 or 避付).
  [/(?<=ポイント)[情司呈]元/g, '還元'],
  [/[司呈生中避]付金/g, '還付金'],
  // The katakana ロ read as the kanji 口 in 「ログイン」 and before a long vowel mark.
  [/口(?=グイン|ー)/g, 'ロ'],
  [/運輪/g, '運輸'],
  // 「URL」 with its L read as し: 「以下のURしよりログイン」「下記URしLより」.
  [/URしL?(?=より|から|へ|を|に)/g, 'URL'],
  // 「未納」 with 納 read as 約 (未約定, a trade not yet done, is a word), 「有効期限」 with 期 read as 散 or 斯.
  [/未約(?!定)/g, '未納'],
  [/有効[散斯]限/g, '有効期限'],
  // A polite verb's end with a 「ず」 read in after it (「ありがとうございますず。」「停止いたしますず。」):
  // ますず is no Japanese ending. And the こ of ございます read twice (「ありがとうこございます」).
  [/(?<=ま)すず(?![\u3041-\u3096])/g, 'す'],
  [/こ(?=ございます)/g, ''],
  // A kana read in the gap after a sentence's end, before the set phrases that open the next one
  // (「。まお客様の安全のため」「。でご本人様確認のため」): no sentence starts so.
  [/(?<=[。】])[まで](?=お客様|ご本人様)/g, ''],
  // 「誠に恐れ入りますが」 with 誠 read as 融 or 乱, 「停止」 with 停 read as 佑, 「ポイント」 with ポ read as ボ.
  [/[融乱](?=に恐れ入ります)/g, '誠'],
  [/佑止/g, '停止'],
  [/ボイント/g, 'ポイント'],
  // 期 read as its left half 其 (「保管其限」「お支払其限」): 其限 is no word.
  [/其限/g, '期限'],
  // A small kana read before its own large form (「ゅゆうちょ銀行」): the pair is never written.
  [SMALL_BEFORE_LARGE, ''],
  // A hyphen between digits read as the kanji 一: 「0120一345」.
  [/(?<=\d)一(?=\d)/g, '-'],
  // 「未払い」 with 未 read as 示 or 広 (「表示払い」 is no phrase, but 表示 is a word: left alone).
  [/(?<!表)[示広](?=払い)/g, '未'],
  // 末 read as 未 in 「月末」「カード末尾」 (「今月未払い」 is 未).
  [/(?<=月)未(?=日|まで|に|の)|(?<=カード)未(?=尾)/g, '末'],
  // The honorific ご read without its dakuten before the nouns it makes polite (「こちらからこ対応ください」「こ理解とこご協力」,
  // 「ありがとうこざいます」), or read twice (こご): no word is こ and one of these (but ここ, そこ, どこ end in こ).
  [/(?<![こそあど])こ(?=(?:対応|理解|協力|確認|利用|登録|請求|連絡|注文|案内|不便|迷惑|依頼|本人|入力|返信|契約|住所|指定|了承|注意|変更|購入|心配|面倒)|ざいます)/g, 'ご'],
  [/こご/g, 'ご'],
  // 「伝票番号」 with 票 read as 要, 率, 素 or 栗: no other word is 伝, a kanji and 番号.
  [/伝[要率素栗粟](?=番号)/g, '伝票'],
  // 「誠に恐れ入りますが」「誠にありがとうございます」 with 誠 read as another kanji (「吉に恐れ入ります」「譲にありがとう」) or 恐
  // as another (「誠に忘れ入ります」「誠に世れ入ります」). A kanji before 「に」 after another kanji is a word's end (本当に): left alone.
  [/(?<![\p{Script=Han}])(?!誠)\p{Script=Han}(?=に(?:恐れ入|ありがとう))/gu, '誠'],
  [/(?<=誠に)(?!恐)\p{Script=Han}(?=れ入り)/gu, '恐'],
  [/(?<![\p{Script=Han}])\p{Script=Han}に\p{Script=Han}(?=れ入り)/gu, '誠に恐'],
  // A 「り」 read in before 「URL」 after a sentence's end or 下記/以下の (「失効いたします。りURL:」「下記りURL」, left so when the U
  // itself was read as り too and put right before these rules ran), a phantom ノ between a verb's kanji and its kana
  // (「破棄ノしてください」), and the layout's space inside 「UR L」.
  [/(?<=[記の。、])り(?=URL)/g, ''],
  [/(?<=\p{Script=Han})ノ(?=して|する|され|いた)/gu, ''],
  [/UR L(?![A-Za-z])/g, 'URL'],
  // A sentence's 。 read as a full stop after a polite ending (「…返送されます.」): Japanese prose never ends so.
  [/(?<=[\u3041-\u3096])\.(?=\n|$)/g, '。'],
];

export function withPhrasesMended(text: string): string {
  return withFieldMarksMended(PHRASES.reduce((mended, [pattern, replacement]) => mended.replace(pattern, replacement), withAmountsClosed(text)));
}

/**
 * Business hours after a number, in brackets, with the opening bracket lost (「06-7387-7084平日10:00〜17:00)」,
 * 「…(9:00〜18:00)」 read as 「…9:00〜18:00)」): a closing bracket with none before it on its line.
 */
const HOURS_WITHOUT_OPENING = /(?<![(（]\s?)((?:平日\s?\d{1,2}|(?<!平日\s?|[\d:])\d{1,2}):\d{2}\s?〜\s?\d{1,2}:\d{2}\s?[)）])/g;

/**
 * Marks of a message's fields OCR loses or adds: a phone number's hyphens, the opening bracket of business hours,
 * a 「こ」 read before the 「ご」 that opens a field or sentence (「こご登録住所」: こご starts no word), and the last
 * kana and 。 of a polite ending wrapped onto a line of their own.
 */
function withFieldMarksMended(text: string): string {
  return withPhoneHyphens(text)
    // (The wave dash read as dots and へ, 「10:00...へ17:00」, or lost, 「平日10:0017:00)」, first: minutes have two digits.)
    .replace(/(?<=\d{1,2}:\d{2})(?:\.{2,3}|…)へ(?=\d{1,2}:\d{2})/g, '〜')
    .replace(/(?<=\d{1,2}:\d{2})(?=\d{1,2}:\d{2}\s?[)）])/g, '〜')
    .replace(/^.*$/gm, (line) => (/[(（]/.test(line) ? line : line.replace(HOURS_WITHOUT_OPENING, '($1')))
    .replace(/^こ(?=ご)/gm, '')
    // A sentence's 。 lost where its line ends (「…ありがとうございます」, then the next sentence on its own line): a
    // polite ending closes a sentence, unless the next line goes on with a particle (「ます」「が、…」).
    .replace(/(?<=(?:ます|ません|ください|です))(?=\n(?![\u3041-\u3094])|\n[おご])/g, '。')
    // A polite ending wrapped so that its last kana and 。 stand alone on the next line, which is too small to read
    // (lost, or read as 「1」「いの9」): 「…破棄してくださ」「…返送されま」 end no line, so the ending is put back.
    .replace(/くださ[1lI|](?=い)/g, 'くださ')
    .replace(/くださ(?=\n(?!い)|$)/g, 'ください。')
    .replace(/(?<=(?:され|いたし|ござい|おり|てい))ま(?=\n(?![すせ])|$)/g, 'ます。');
}

/**
 * Where Japan's numbering plan puts the hyphens of a number, by its prefix: free dial and navi dial
 * (0120, 0800, 0570: 4-3-3), IP and mobile phones (050, 070, 080, 090: 3-4-4), Tokyo and Osaka (03, 06:
 * 2-4-4). Other area codes are 2 to 5 digits long, which the digits alone do not tell, so they are left.
 */
const PHONE_GROUPS: Array<[RegExp, number[]]> = [
  [/^0(120|800|570)\d{6}$/, [4, 3, 3]],
  [/^0[5789]0\d{8}$/, [3, 4, 4]],
  [/^0[36]\d{8}$/, [2, 4, 4]],
];

/** A contact label before a number on its line: the number is a phone number (not 「お問い合わせ番号」, a reference). */
const PHONE_LABEL_BEFORE = /(センター|窓口|問い合わせ|電話|TEL|Tel|ダイヤル)[^番\d\n]{0,3}$/;

/**
 * A phone number after a contact label, its hyphens lost or read as dots (OCR drops the thin full-width
 * hyphen: 「カスタマーセンター0120821749」「0570-354.148」「062401-8131」, with the layout's spaces between digit groups,
 * 「01209862 4 4」): the hyphens go back where the numbering plan puts them, when every one that was read stands there too.
 */
function withPhoneHyphens(text: string): string {
  return text.replace(/(?<![\w.\-/])0\d(?:[\d.-]| (?=\d)){7,14}\d(?![\w.\-/])/g, (number, offset: number) => {
    if (!PHONE_LABEL_BEFORE.test(text.slice(Math.max(0, offset - 20), offset))) return number;
    const digits = number.replace(/[ .-]/g, '');
    const groups = PHONE_GROUPS.find(([prefix]) => prefix.test(digits))?.[1];
    if (!groups) return number;
    let at = 0;
    const formatted = groups.map((length) => digits.slice(at, (at += length))).join('-');
    // Where the read hyphens stand, counted in digits before them.
    const readBreaks = [...number.matchAll(/[.-]/g)].map((mark) => number.slice(0, mark.index).replace(/\D/g, '').length);
    const plannedBreaks = groups.slice(0, -1).map((_, index) => groups.slice(0, index + 1).reduce((sum, length) => sum + length, 0));
    return readBreaks.every((position) => plannedBreaks.includes(position)) ? formatted : number;
  });
}

/**
 * Misreads in the words a subject is made of (its tag, the sender's name, the offer), found on a
 * second split; kept apart from PHRASES so the two lists grow without touching each other. Each
 * misread is no word, so a message that says something else is left alone.
 */
const SUBJECT_WORDS: Array<[RegExp, string]> = [
  // 還 read as 中 or 恒 in 「ポイント還元」 (お中元 is a word; ポイント中元, ポイント恒元 are not).
  [/(?<=ポイント)[中恒]元/g, '還元'],
  // 重 read as 事 in the tag 「【重要】」 (事要 makes a word only after another kanji: 工事要領).
  [/(?<=[【[])事要(?=[】\]])/g, '重要'],
  // 「東京ガス」 with ガ read without its dakuten (「東京カス」) or twice, hiragana then katakana
  // (「東京がガス」); 「東京カスタマー…」 is a word.
  [/(?<=東京)(?:がガ|カ)(?=ス(?![\u30a1-\u30faー]))/g, 'ガ'],
  // A tag's closing bracket read twice, as 〕 and 】: 「【緊急〕】」.
  [/(?<=【[^【】〔〕]{1,12})〕】/g, '】'],
  // A kana read in the gap after a tag that opens a line: 「【メルカリ】でご注文の確認」 (the tag names
  // the sender; nothing is done 「in」 it).
  [/(?<=^[【[][^【】[\]\n]{1,12}[】\]])[まで](?=[ごお])/gm, ''],
];

export function withSubjectWordsMended(text: string): string {
  return SUBJECT_WORDS.reduce((mended, [pattern, replacement]) => mended.replace(pattern, replacement), text);
}
