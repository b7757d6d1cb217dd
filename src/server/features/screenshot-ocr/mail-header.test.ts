import { describe, expect, it } from 'vitest';
import { ocrLine as line } from '../../test/ocr-line-factories';
import { extractFormData } from './form-extraction';
import { isDateRow, TO_LABEL } from './mail-labels';

describe('a sender address cut before its top-level domain', () => {
  const gmail = (to: string) => extractFormData([
    line('三Gmail', 23, { x: 17, h: 18 }),
    line('【楽天市場】ご注文の確認', 113, { x: 316, h: 30 }),
    line('受信トレイ', 147, { x: 27, h: 23 }),
    line('の楽天市場カスタマーセンター<info@mail.rakuten-ichiba.xy', 165, { x: 264, h: 14 }),
    line('2026年11月23日13:07', 163, { x: 1028, h: 14 }),
    line(to, 186, { x: 316, h: 14 }),
    line('林様', 234, { x: 316, h: 15 }),
    line('平素より楽天市場をご愛顧いただき、ありがとうございます。', 268, { x: 316, h: 17 }),
    line('ご注文の確認が必要です。誠に恐れ入りますが、下記URLよりご確認ください。', 306, { x: 316, h: 17 }),
  ], { width: 1200, height: 760 });

  it('is not completed by the To row read with its label run into the address (「Toy-hayashi.47@…」)', () => {
    expect(gmail('Toy-hayashi.47@mail.exampley').source_email).toBe('info@mail.rakuten-ichiba.xyz');
  });

  it('is still completed by a next line that holds the domain\'s end only', () => {
    expect(gmail('z>').source_email).toBe('info@mail.rakuten-ichiba.xyz');
  });
});

/** A desktop client (Thunderbird): folder pane headed by the account, a message list under its column names, then the mail. */
const desktop = (columns: boolean, subjectHeight = 14) => extractFormData([
  line('shimizu_tak5946@i.softbank.test', 90, { x: 10, h: 14 }),
  ...(columns ? [line('件名', 85, { x: 300, h: 12 }), line('差出人', 85, { x: 1000, h: 12 }), line('日時', 85, { x: 1360, h: 12 })] : []),
  line('週末のおすすめ記事5選', 130, { x: 300, h: 14 }),
  line('ニュースレター編集部', 130, { x: 1000, h: 14 }),
  line('ご注文の商品を発送しました', 155, { x: 300, h: 14 }),
  line('オンライン書店', 155, { x: 1000, h: 14 }),
  line('受信トレイ', 150, { x: 10, h: 14 }),
  line('楽天市場<order.06_jp@rakuten-jp20.cc>', 245, { x: 280, h: 15 }),
  line('返信 | 転送 | アーカイブ | 迷惑マーク | 削除 | その他', 245, { x: 1000, h: 14 }),
  line('楽天市場|ご注文の確認【未払い:86,060円】', 268, { x: 280, h: subjectHeight }),
  line('11月22日9:23', 270, { x: 1320, h: 12 }),
  line('宛先shimizu_tak5946@i.softbank.test', 292, { x: 300, h: 14 }),
  line('プライバシー保護のため、このメッセージ内のリモートコンテンツをブロックしました。', 320, { x: 290, h: 14 }),
  line('コバヤシダイスケ様', 360, { x: 283, h: 14 }),
  line('楽天市場をご利用いただきありがとうございます。', 400, { x: 282, h: 14 }),
  line('プライム会員の更新手続きに失敗しました。お客様の安全のため、以下のURLからお手続きください。', 425, { x: 283, h: 14 }),
  line('未読: 5合計: 154', 880, { x: 1310, h: 12 }),
], { width: 1436, height: 900 });

describe('a desktop client with a message list above the mail', () => {
  it('takes the sender from the name <address> row, not the folder pane\'s account', () => {
    expect(desktop(false).source_email).toBe('order.06_jp@rakuten-jp20.cc');
  });

  it('leaves the list under its column names out of the subject and the body', () => {
    const form = desktop(true);
    expect(form.subject).toBe('楽天市場|ご注文の確認【未払い:86,060円】');
    expect(form.body).not.toMatch(/おすすめ記事|ニュースレター|リモートコンテンツ|未読/);
    expect(form.body).toMatch(/^〇〇様\n+楽天市場をご利用いただき/);
  });

  it('takes the line above the To row as the subject when no header line is larger than the message', () => {
    expect(desktop(false, 14).subject).toBe('楽天市場|ご注文の確認【未払い:86,060円】');
  });

  it('reads 宛先 run into its address as the To row, but To only before a non-letter', () => {
    expect(TO_LABEL.test('宛先shimizu_tak5946@i.softbank.test')).toBe(true);
    expect(TO_LABEL.test('宛先Yumi <yumi@i.softbank.test>')).toBe(true);
    expect(TO_LABEL.test('Today 12:30')).toBe(false);
    expect(desktop(true).body).not.toContain('shimizu_tak5946');
  });
});

describe('a subject that names a date among its words', () => {
  /** Yahoo! JAPANメール on the web: the subject over the sender's row and the recipient's. */
  const webMail = (subject: string) => extractFormData([
    line('Yahoo! JAPANメール', 20, { x: 40, h: 24 }),
    line('受信箱', 100, { x: 40, h: 12 }),
    line(subject, 100, { x: 450, h: 26 }),
    line('東京ガス会員サポート<no_reply+196@mail-xedjj.example>', 150, { x: 430, h: 18 }),
    line('2026/11/24 14:06', 152, { x: 1200, h: 14 }),
    line('宛先:佐藤明美様', 180, { x: 520, h: 14 }),
    line('お客様各位', 220, { x: 430, h: 14 }),
    line('平素より東京ガスをご愛顧いただき、ありがとうございます。', 250, { x: 430, h: 14 }),
    line('お支払いが確認できないため、供給を停止する場合がございます。', 280, { x: 430, h: 14 }),
  ], { width: 1416, height: 900 });

  it('is the subject, its date kept', () => {
    expect(webMail('【重要】[東京ガス]ご利用料金のお支払いについて(11月13日まで)').subject).toBe('【重要】[東京ガス]ご利用料金のお支払いについて(11月13日まで)');
  });

  it('is read whole when it wraps in a labelled table cell', () => {
    const form = extractFormData([
      line('From', 30, { x: 14, h: 16 }),
      line('info_7005@f4yvrnj.example', 30, { x: 110, h: 16 }),
      line('件名', 150, { x: 14, h: 20 }),
      line('【重要】[東京ガス]料金未納', 147, { x: 122, h: 22 }),
      line('のお知らせ(11月23日まで)', 178, { x: 110, h: 22 }),
      line('日時', 222, { x: 16, h: 20 }),
      line('11月22日23:51', 224, { x: 110, h: 20 }),
      line('小林美咲様', 276, { x: 14, h: 22 }),
      line('平素より東京ガスをご愛顧いただき、', 323, { x: 14, h: 22 }),
    ], { width: 407, height: 853 });
    expect(form.subject).toBe('【重要】[東京ガス]料金未納のお知らせ(11月23日まで)');
  });
});

describe('a date row', () => {
  it('is a row that is the date, or ends in it', () => {
    expect(isDateRow('2026/11/24 14:06')).toBe(true);
    expect(isDateRow('11月22日23:51')).toBe(true);
    expect(isDateRow('東京ガス会員サポート 11月24日')).toBe(true);
    expect(isDateRow('期限:11月13日')).toBe(true);
    expect(isDateRow('2025年3月6日(木) 14:27')).toBe(true);
  });

  it('is no subject with a date among its words', () => {
    expect(isDateRow('【重要】[東京ガス]料金未納のお知らせ(11月23日まで)')).toBe(false);
    expect(isDateRow('ご利用料金のお支払いについて')).toBe(false);
  });
});
