import { describe, expect, it } from 'vitest';
import { ocrLine as line } from '../../test/ocr-line-factories';
import { extractFormData } from './form-extraction';
import { cleanSubject } from './mail-subject';
import type { OcrLine } from './ocr-layout';

const PHONE_SCREEN = { width: 390, height: 844 };

/** A phone mail's header and message below a subject set large (iOS Mail, the Outlook app). */
const mail = (subject: OcrLine[], senderRow: OcrLine[]) => extractFormData([
  line('< 受信', 60, { x: 20, h: 18 }),
  ...subject,
  ...senderRow,
  line('差出人: info85@q5f97f.xyz', 215, { x: 60, h: 14 }),
  line('宛先: k-inoue.08@outlook.test', 235, { x: 60, h: 14 }),
  line('佐藤美咲様', 280, { x: 20, h: 14 }),
  line('平素より日本郵便をご愛顧いただき、ありがとう', 310, { x: 20, h: 14 }),
  line('ございます。お届け先が確認できないため、お荷物', 330, { x: 20, h: 14 }),
  line('を一時保管しております。下記よりご確認ください。', 350, { x: 20, h: 14 }),
], PHONE_SCREEN);

describe('where an unlabelled subject ends', () => {
  const wrapped = [line('お届け先が確認できないため、', 110, { x: 20, h: 26 }), line('お荷物を一時保管しております', 142, { x: 20, h: 26 })];

  it('stops before the sender\'s row, whose time OCR read as a line of its own beside it', () => {
    // The avatar's mark read into the sender's name (「潤日本郵便」, 「(東東京ガス」), set as large as the subject.
    const form = mail(wrapped, [line('潤日本郵便', 178, { x: 24, h: 26 }), line('11月22日23:22', 182, { x: 250, h: 18 })]);
    expect(form.subject).toBe('お届け先が確認できないため、お荷物を一時保管しております');
    expect(mail([line('東京ガス:お客様情報の確認', 120, { x: 20, h: 26 })], [line('(東東京ガス', 152, { x: 22, h: 26 }), line('23:18', 156, { x: 300, h: 18 })]).subject)
      .toBe('東京ガス:お客様情報の確認');
  });

  it('still takes a wrapped line that has no time beside it', () => {
    expect(mail(wrapped, [line('日本郵便', 186, { x: 60, h: 14 })]).subject).toBe('お届け先が確認できないため、お荷物を一時保管しております');
  });

  it('takes a wrapped line that starts with 宛先 in a sentence, which is no To row', () => {
    const subject = [line('【重要】お届け予定のお荷物について、', 110, { x: 20, h: 20 }), line('宛先住所に不備がございます', 134, { x: 18, h: 20 })];
    expect(mail(subject, [line('ヤマト運輸', 186, { x: 60, h: 14 })]).subject).toBe('【重要】お届け予定のお荷物について、宛先住所に不備がございます');
  });
});

describe('a chip after the subject', () => {
  /** The subject's line with a chip read as small characters set low after it (Gmail's 「受信トレイ」 read as 「王記ィx」). */
  const withChip = (subject: string, chip: string, lastConfidence: number) => {
    const read = line(subject + chip, 110, { x: 20, h: 20 });
    read.box = { ...read.box, y: 106, h: 28 };
    const last = subject.length - 1;
    // Tesseract gave the subject's last character the line's full height.
    read.charBoxes[last] = { ...read.charBoxes[last]!, y: 106, h: 28 };
    read.charConfidences[last] = lastConfidence;
    for (let i = subject.length; i < read.text.length; i++) read.charBoxes[i] = { ...read.charBoxes[i]!, x: read.charBoxes[i]!.x + 10, y: 118, h: 9 };
    return read;
  };

  it('keeps the subject\'s last character given the full height and read surely', () => {
    expect(mail([withChip('【重要】水道局:お客様情報の確認', '王記ィx', 96)], [line('水道局', 186, { x: 60, h: 14 })]).subject).toBe('【重要】水道局:お客様情報の確認');
  });

  it('drops an icon\'s edge read unsurely with the full height right before the chip', () => {
    expect(mail([withChip('本人認証サービスの更新が必要です|', '衣得記', 90)], [line('楽天カード', 186, { x: 60, h: 14 })]).subject).toBe('本人認証サービスの更新が必要です');
  });
});

describe('where the subject is looked for', () => {
  it('not below the greeting that opens the message, however large a line of figures measures there', () => {
    // OCR spaced the figures (「4 75-…」): the line's box is wide for its characters.
    const figures = line('注文番号: 4 75-0630329-0452239', 330, { x: 20, h: 14 });
    figures.box = { ...figures.box, w: 360 };
    const form = extractFormData([
      line('ゃ<生証見0', 0, { x: 40, h: 14, confidence: 31 }),
      line('口昌革っ間し間', 0, { x: 300, h: 14, confidence: 2 }),
      line('【重要】ご利用料金のお支払いが確認できません', 80, { x: 20, h: 16 }),
      line('0 aU', 140, { x: 16, h: 30, confidence: 43 }),
      line('auid98@mail.au-kddi.xyz', 150, { x: 60, h: 14 }),
      line('宛先:後藤奈々', 170, { x: 60, h: 14 }),
      line('後藤奈々様', 210, { x: 16, h: 14 }),
      line('平素よりauをご愛顧いただき、ありがとうございます。', 240, { x: 16, h: 14 }),
      line('ご利用料金のお支払いが確認できません。URL:', 270, { x: 16, h: 14 }),
      line('https://tjma7.top/info/secure/?c=3jKS67T', 300, { x: 16, h: 14 }),
      figures,
      line('※本メールは送信専用です。', 360, { x: 16, h: 14 }),
    ], PHONE_SCREEN);
    expect(form.subject).toBe('【重要】ご利用料金のお支払いが確認できません');
  });
});

describe('the sender\'s row is no subject', () => {
  /** Outlook's phone app: the subject wrapped over two lines, the sender's row below with its time at the right. */
  const outlook = (senderRow: OcrLine) => extractFormData([
    line('に1り', 20, { x: 40, h: 12, confidence: 48 }),
    line('【Yahoo!ショッピング】ア', 110, { x: 40, h: 22 }),
    line('カウント確認のお願い', 134, { x: 26, h: 22 }),
    line('Yahoo!ショッピング', 166, { x: 70, h: 20 }),
    senderRow,
    line('宛先:井上修', 210, { x: 70, h: 14 }),
    line('井上修様', 250, { x: 26, h: 14 }),
    line('平素よりYahoo!ショッピングをご愛顧いただき、', 280, { x: 26, h: 14 }),
    line('ありがとうございます。お支払い情報の有効期限', 300, { x: 26, h: 14 }),
    line('が切れています。以下のリンクから手続きを', 320, { x: 26, h: 14 }),
  ], PHONE_SCREEN);
  /** The row's name, then its time set a gap apart (the colon lost: 「1930」), the digits read wide. */
  const rowWithTime = (gap: number) => {
    const row = line('(カスタマーセンター1930', 186, { x: 24, h: 24 });
    const digits = row.text.indexOf('1930');
    for (let i = digits; i < row.text.length; i++) row.charBoxes[i] = { ...row.charBoxes[i]!, x: row.charBoxes[i]!.x + gap, w: 16 };
    row.box = { ...row.box, w: row.charBoxes.at(-1)!.x + 16 - row.box.x };
    return row;
  };

  it('when it ends in a time set apart, its colon lost', () => {
    expect(outlook(rowWithTime(40)).subject).toBe('【Yahoo!ショッピング】アカウント確認のお願い');
  });
});

describe('a subject cleaned', () => {
  it('drops an icon read as marks before the first word', () => {
    expect(cleanSubject('。Yahoo!ショッピング|【要対応】本人確認')).toBe('Yahoo!ショッピング|【要対応】本人確認');
    expect(cleanSubject('s _ゆうちょ銀行|お取引目的等の確認のお願い')).toBe('ゆうちょ銀行|お取引目的等の確認のお願い');
    expect(cleanSubject('NHK 受信料のお知らせ')).toBe('NHK 受信料のお知らせ');
  });

  it('drops a bracket\'s edge read as a mark beside it, and puts back an opening bracket not read', () => {
    expect(cleanSubject('【重要】[NTTドコモ|]ポイント失効のお知らせ')).toBe('【重要】[NTTドコモ]ポイント失効のお知らせ');
    expect(cleanSubject('【緊急】」エポスカードからのお知らせ')).toBe('【緊急】エポスカードからのお知らせ');
    expect(cleanSubject('JCBカード」]【要対応】本人確認')).toBe('[JCBカード]【要対応】本人確認');
    // A bar between a brand and its subject, and a quotation that opens, stay.
    expect(cleanSubject('楽天カード|【要対応】本人確認')).toBe('楽天カード|【要対応】本人確認');
    expect(cleanSubject('「ご注文」】の確認')).toBe('「ご注文」】の確認');
  });

  it('joins full-width capitals OCR read a space apart (「ＪＣＢ」 as 「J C B」), and leaves words alone', () => {
    expect(cleanSubject('【重要】J C Bカード:お客様情報の確認')).toBe('【重要】JCBカード:お客様情報の確認');
    expect(cleanSubject('Apple ID A B')).toBe('Apple ID A B');
    expect(cleanSubject('NHK 受信料のお知らせ')).toBe('NHK 受信料のお知らせ');
  });
});

describe('Gmail\'s inbox chip', () => {
  it('is cut also when read with two marks after it (「…の確認妥信トレイィメ」)', () => {
    const form = extractFormData([
      line('三Gmail', 23, { x: 17, h: 18 }),
      line('【重要】国税庁:お客様情報の確認妥信トレイィメ', 76, { x: 334, h: 26 }),
      line('国税庁 <info@nta-tax.test>', 120, { x: 334, h: 14 }),
      line('平素より国税庁のサービスをご利用いただき、ありがとうございます。', 170, { x: 334, h: 15 }),
      line('お客様情報の確認が必要です。下記URLよりご確認をお願いいたします。', 194, { x: 334, h: 15 }),
      line('ご確認のほどよろしくお願いいたします。以上、よろしくお願いします。', 218, { x: 334, h: 15 }),
    ], { width: 1200, height: 760 });
    expect(form.subject).toBe('【重要】国税庁:お客様情報の確認');
  });
});

describe('a 【tag】◆…◆ frame\'s closing mark read unsurely', () => {
  /** The subject's line, its last glyph read at an icon's confidence. */
  const withUnsureEnd = (subject: string, confidence: number) => {
    const read = line(subject, 110, { x: 20, h: 26, charConfidence: 99 });
    read.charConfidences[subject.length - 1] = confidence;
    return read;
  };

  it('keeps the closing glyph, which the frame then makes ◆', () => {
    expect(mail([withUnsureEnd('【日本郵便】あお届け先住所の確認あ', 94)], [line('日本郵便', 186, { x: 60, h: 14 })]).subject).toBe('【日本郵便】◆お届け先住所の確認◆');
    expect(mail([withUnsureEnd('【Amazon】$あアカウント確認のお願いる', 90)], [line('Amazon', 186, { x: 60, h: 14 })]).subject).toBe('【Amazon】◆アカウント確認のお願い◆');
  });

  it('still drops an unsure icon glyph after a subject with no frame', () => {
    expect(mail([withUnsureEnd('【日本郵便】お届け先住所の確認あ', 94)], [line('日本郵便', 186, { x: 60, h: 14 })]).subject).toBe('【日本郵便】お届け先住所の確認');
  });

  it('keeps the subject\'s own last character read nearly surely against the one before it', () => {
    expect(mail([withUnsureEnd('[Amazon]【要対応】本人確認', 94)], [line('Amazon', 186, { x: 60, h: 14 })]).subject).toBe('[Amazon]【要対応】本人確認');
    // Set apart by a gap, or read less surely, it is an icon.
    const apart = withUnsureEnd('[Amazon]【要対応】本人確認', 94);
    apart.charBoxes[apart.text.length - 1] = { ...apart.charBoxes.at(-1)!, x: apart.charBoxes.at(-1)!.x + 10 };
    expect(mail([apart], [line('Amazon', 186, { x: 60, h: 14 })]).subject).toBe('[Amazon]【要対応】本人確');
    expect(mail([withUnsureEnd('[Amazon]【要対応】本人確認', 80)], [line('Amazon', 186, { x: 60, h: 14 })]).subject).toBe('[Amazon]【要対応】本人確');
  });
});

describe('a desktop client\'s sender row with its avatar', () => {
  const DESKTOP = { width: 1400, height: 900 };
  /** macOS Mail's header: the sender's row (the avatar makes it the largest line), the subject in the message's size, 宛先. */
  const desktop = (senderRow: string, subject: OcrLine[]) => extractFormData([
    line(senderRow, 100, { x: 300, h: 30 }),
    ...subject,
    line('宛先:橋本亮', 170, { x: 300, h: 16 }),
    line('橋本亮様', 210, { x: 300, h: 16 }),
    line('平素よりメルカリをご愛顧いただき、ありがとうございます。', 240, { x: 300, h: 16 }),
    line('お客様のアカウントで異常なログインが検出されました。', 262, { x: 300, h: 16 }),
    line('下記URLよりご確認ください。', 284, { x: 300, h: 16 }),
  ], DESKTOP);
  const subjectLine = [line('メルカリ|アカウント確認のお願い', 140, { x: 300, h: 16 })];

  it('is no subject when it opens with the avatar\'s initial read as a circled figure', () => {
    expect(desktop('の②メルカリ会員サポート', subjectLine).subject).toBe('メルカリ|アカウント確認のお願い');
    expect(desktop('②メルカリ会員サポート', subjectLine).subject).toBe('メルカリ|アカウント確認のお願い');
  });

  it('is no subject when its address is cut at the pane\'s edge', () => {
    expect(desktop('みずほ銀行セキュリティセンター<notice.10_jp@mizuh', subjectLine).subject).toBe('メルカリ|アカウント確認のお願い');
  });

  it('is no subject when it is the name over the address in angle brackets, the date listed between them', () => {
    const nameRow = line('のYahoo!ショッピングカスタマーセンター', 96, { x: 300, h: 30 });
    const form = extractFormData([
      nameRow,
      line('2026年11月21日21:36', 100, { x: 1100, h: 16 }),
      line('送信済み', 110, { x: 20, h: 16 }),
      line('<info.89_jp@yahoo-shopping.example>', 130, { x: 320, h: 16 }),
      line('[Yahoo!ショッピング]【要対応】本人確認', 150, { x: 320, h: 16 }),
      line('宛先:村上花子', 172, { x: 320, h: 16 }),
      line('お客様各位', 210, { x: 300, h: 16 }),
      line('平素よりYahoo!ショッピングをご愛顧いただき、ありがとうございます。', 240, { x: 300, h: 16 }),
      line('お客様のアカウントで異常なログインが検出されました。', 262, { x: 300, h: 16 }),
      line('下記URLよりご確認ください。', 284, { x: 300, h: 16 }),
    ], DESKTOP);
    expect(form.subject).toBe('[Yahoo!ショッピング]【要対応】本人確認');
  });

  it('finds the subject above the To row past its last character wrapped alone', () => {
    const wrapped = [line('メルカリ|アカウント確認のお願', 130, { x: 300, h: 16 }), line('い', 150, { x: 300, h: 16 })];
    expect(desktop('②メルカリ会員サポート', wrapped).subject).toMatch(/^メルカリ\|アカウント確認のお願/);
  });
});

describe('Gmail\'s inbox chip read with the menu glyph after it', () => {
  const chipRead = (chip: string) => {
    const subject = '楽天市場|アカウント確認のお願い【未払い:27,160円】';
    const read = line(`${subject}${chip}`, 110, { x: 20, h: 20, charConfidence: 99 });
    read.box = { ...read.box, y: 106, h: 28 };
    // The chip's first letter small and low; tesseract gave the others the line's full height (「tレィメ」 at 77–98).
    read.charBoxes[subject.length] = { ...read.charBoxes[subject.length]!, y: 118, h: 9 };
    for (let i = subject.length + 1; i < read.text.length; i++) read.charBoxes[i] = { ...read.charBoxes[i]!, y: 106, h: 28 };
    return mail([read], [line('楽天市場', 186, { x: 60, h: 14 })]).subject;
  };

  it('is cut when its first letter is set small and the rest were given the line\'s full height, read surely', () => {
    expect(chipRead('百tレィメ')).toBe('楽天市場|アカウント確認のお願い【未払い:27,160円】');
  });

  it('is cut with the menu glyph read as x', () => {
    expect(chipRead('吾tレィx')).toBe('楽天市場|アカウント確認のお願い【未払い:27,160円】');
  });
});

describe('a wrapped subject', () => {
  it('goes on past a button\'s glyph set apart at its first line\'s end (Gmail for iOS\'s ☆ read as 「文」)', () => {
    const first = line('東京電力エナジーパート文', 110, { x: 20, h: 26 });
    // The star stands a character's width apart from the words.
    const star = first.charBoxes.length - 1;
    first.charBoxes[star] = { ...first.charBoxes[star]!, x: first.charBoxes[star]!.x + 24 };
    first.box = { ...first.box, w: first.box.w + 24 };
    const form = mail([first, line('ナー|料金の未納のお知ら', 138, { x: 20, h: 26 }), line('せ【未払い:8,530円】', 166, { x: 20, h: 26 })], []);
    expect(form.subject).toBe('東京電力エナジーパートナー|料金の未納のお知らせ【未払い:8,530円】');
  });

  it('goes on onto a line that opens with a closing mark, whose character before it left the line above short', () => {
    const subject = [
      line('【重要】ご登録のお客様情報確認', 110, { x: 20, h: 24 }),
      line('をお願いします(11月19日ま', 136, { x: 20, h: 24 }),
      // Gmail's inbox chip follows the subject's last word.
      line('で)受信トレイ', 162, { x: 20, h: 24 }),
    ];
    expect(mail(subject, []).subject).toBe('【重要】ご登録のお客様情報確認をお願いします(11月19日まで)');
  });

  it('goes on onto a wider line that opens with a closing mark (the character before it came down with it)', () => {
    const subject = [line('【重要】お支払いが確認できないた', 110, { x: 30, h: 20 }), line('め、供給を停止する場合がございます。', 132, { x: 18, h: 20 })];
    expect(mail(subject, []).subject).toBe('【重要】お支払いが確認できないため、供給を停止する場合がございます。');
  });

  it('goes on after a first line that ends in a closing bracket, though the next line is wider', () => {
    const subject = [
      line('【重要】[ゆうちょ銀行]', 110, { x: 20, h: 24 }),
      line('お取引目的等の確認のお願', 136, { x: 20, h: 24 }),
      line('い(11月16日まで)', 162, { x: 20, h: 24 }),
    ];
    expect(mail(subject, []).subject).toBe('【重要】[ゆうちょ銀行]お取引目的等の確認のお願い(11月16日まで)');
  });

  it('still ends at a shorter line that the next does not continue after a closing mark', () => {
    const subject = [
      line('【重要】ご登録のお客様情報確認', 110, { x: 20, h: 24 }),
      line('をお願いします(11月19日ま', 136, { x: 20, h: 24 }),
      line('でんき', 162, { x: 20, h: 24 }),
    ];
    expect(mail(subject, []).subject).toBe('【重要】ご登録のお客様情報確認をお願いします(11月19日ま');
  });
});

describe('the size of a subject\'s wrapped lines', () => {
  it('is measured without the icons after the words, which widen the line\'s box', () => {
    const last = line('が検知されました衣鮭', 132, { x: 20, h: 20 });
    // Two icons read unsurely, set apart from the words.
    for (const i of [8, 9]) {
      last.charBoxes[i] = { ...last.charBoxes[i]!, x: last.charBoxes[i]!.x + 30 };
      last.charConfidences[i] = 60;
    }
    last.box = { ...last.box, w: last.box.w + 30 };
    const form = mail([line('【重要】お客様の口座で不正な取引の可能性', 110, { x: 20, h: 20 }), last], []);
    expect(form.subject).toBe('【重要】お客様の口座で不正な取引の可能性が検知されました');
  });

  it('is told by the height on a line with an amount, whose full-width figures OCR read as narrow ones', () => {
    const amount = line('8, 010円】', 130, { x: 20, h: 18 });
    amount.box = { ...amount.box, w: 130 };
    const form = mail([line('エポスカード|ご利用確認のお願い【未払い:', 110, { x: 20, h: 18 }), amount], []);
    expect(form.subject).toBe('エポスカード|ご利用確認のお願い【未払い:8,010円】');
  });
});

describe('an icon read before the subject\'s first word', () => {
  /** The subject's line with its first glyph set apart to the left by a gap. */
  const withLeading = (subject: string, gap: number) => {
    const read = line(subject, 110, { x: 60, h: 20 });
    read.charBoxes[0] = { ...read.charBoxes[0]!, x: read.charBoxes[0]!.x - gap };
    read.box = { ...read.box, x: read.box.x - gap, w: read.box.w + gap };
    return read;
  };

  it('is dropped when set apart by more than a character\'s width', () => {
    expect(mail([withLeading('3佐川急便|再配達のご案内', 30)], []).subject).toBe('佐川急便|再配達のご案内');
  });

  it('is kept as the subject\'s own figure when it stands against the next character', () => {
    expect(mail([withLeading('3日間限定のご案内です', 0)], []).subject).toBe('3日間限定のご案内です');
  });
});
