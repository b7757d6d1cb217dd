import { describe, expect, it } from 'vitest';
import { ocrLine } from '../../test/ocr-line-factories';
import { findEmailAddress, findSenderAddress, repairAddressText } from './address-repair';
import { isChrome } from './app-chrome';
import { TO_LABEL } from './mail-labels';
import { joinBody } from './message-body';
import { withoutOtherNotifications } from './notification-cards';
import { extractFormData } from './form-extraction';
import type { OcrLine } from './ocr-layout';
import type { SecondLook } from './second-look';
import { findSensitiveBoxes } from './sensitive-areas';

const line = ocrLine;

const PHONE_SCREEN = { width: 390, height: 844 };

describe('SMS auto-fill', () => {
  const sms = (sender: string) => [
    line('9:41', 10, { x: 30 }),
    line(sender, 120, { x: 120 }),
    line('テキストメッセージ', 180, { x: 130 }),
    line('今日 9:14', 205, { x: 160 }),
    line('【佐川急便】お荷物をお届けに伺いまし', 250),
    line('たが不在でした。https://sagawa-', 275),
    line('kyubin.example/r?c=Hq83', 300),
    line('送信者が連絡先リストにありません。', 360, { x: 60 }),
    line('テキストメッセージ・SMS', 800, { x: 70 }),
  ];

  it.each([
    ['090-3817-2264', '090-3817-2264'],
    ['+81 80-6243-1198', '+81 80-6243-1198'],
    ['+81 90 4472 8015', '+81 90 4472 8015'],
    ['+818074413320', '+818074413320'],
    ['０９０－１２３４－５６７８', '090-1234-5678'],
    ['5555', '5555'],
    // The 「+」 of the international form read as 「1」 or 「T」.
    ['< 181 90-2447-7094', '+81 90-2447-7094'],
    ['とT81 80 7182 1613', '+81 80 7182 1613'],
    // … and the space after 81 lost as well, before a mobile number.
    ['< 18190 8206 2047', '+81 90 8206 2047'],
    ['くく1817061043530', '+81 7061043530'],
    // A number that only starts with 181 is left as it is.
    ['1815-2233-4455', '1815-2233-4455'],
  ])('reads the sender %s', (shown, expected) => {
    const form = extractFormData(sms(shown), PHONE_SCREEN);
    expect(form.source_phone).toBe(expected);
    expect(form.source_email).toBeNull();
    expect(form.subject).toBeNull();
  });

  it('keeps the message, joins the wrapped URL, and drops the app chrome', () => {
    const form = extractFormData(sms('090-3817-2264'), PHONE_SCREEN);
    expect(form.body).toBe('【佐川急便】お荷物をお届けに伺いましたが不在でした。https://sagawa-kyubin.example/r?c=Hq83');
  });

  it('does not take the status bar\'s battery for a short code', () => {
    const [clock, ...rest] = sms('< 6 +81 70 2849 3531');
    const form = extractFormData([clock!, line('全ll5496', 10, { x: 280, confidence: 63 }), ...rest], PHONE_SCREEN);
    expect(form.source_phone).toBe('+81 70 2849 3531');
  });

  it('takes no number of a message the capture cut through at the top for its sender', () => {
    const form = extractFormData([
      line('サービス】登録情報の確認', 10, { x: 72, h: 30 }),
      line('が必要です。詳細は下記より', 40, { x: 72, h: 30 }),
      line('ご確認ください。', 70, { x: 72, h: 30 }),
      line('https://sp.etc-riyou-6yh.top/confirm', 104, { x: 72, h: 22 }),
      line('伝票番号5', 128, { x: 72, h: 30 }),
      line('72-3361-9639', 164, { x: 72, h: 16 }),
    ], { width: 378, height: 362 });
    expect(form.source_phone).toBeNull();
    expect(form.body).toContain('サービス】登録情報の確認が必要です。');
  });

  it('finds the sender below a notification banner over the top of the screen', () => {
    const [clock, ...rest] = sms('070-6410-2294');
    const form = extractFormData([
      clock!,
      line('ヘルスケア', 16, { x: 60, h: 16 }),
      line('今日の歩数が目標の8,000歩に到達しました', 36, { x: 60, h: 18 }),
      line('く', 70, { x: 12 }),
      ...rest,
    ], PHONE_SCREEN);
    expect(form.source_phone).toBe('070-6410-2294');
  });

  it('starts at the first sentence of a capture cut through the message when only unreadable marks stand above it', () => {
    const form = extractFormData([
      line('お各條谷層', 0, { x: 18, h: 10, confidence: 26 }),
      line('いつもAppleをご利用いただき、誠にありがとうござい', 25, { x: 18, h: 19 }),
      line('ます。', 45, { x: 18, h: 19 }),
      line('お客様のアカウントがロックされました。下記URLよ', 73, { x: 18, h: 19 }),
      line('りご確認ください。', 92, { x: 18, h: 19 }),
    ], { width: 354, height: 571 });
    expect(form.body).toBe('いつもAppleをご利用いただき、誠にありがとうございます。\nお客様のアカウントがロックされました。下記URLよりご確認ください。');
  });

  it('reads a mail without header labels as a mail when it has iOS Mail\'s back button', () => {
    const form = extractFormData([
      line('14:12', 24, { x: 36, h: 12 }),
      line('く受信', 57, { x: 21, h: 20 }),
      line('ご注文の支払い方法に問題が', 103, { x: 20, h: 26 }),
      line('あり、発送を保留しておりま', 136, { x: 18, h: 26 }),
      line('す', 176, { x: 18, h: 26 }),
      line('メルカリ事務局 2026年11月25日 14:12', 220, { x: 69, h: 14 }),
      line('小川太郎様', 345, { x: 18, h: 16 }),
      line('メルカリをご利用いただきありがとうございます。', 385, { x: 18, h: 18 }),
      line('ご注文の支払い方法に問題があり、発送を保留しております。', 420, { x: 18, h: 18 }),
      line('お手数ですが、こちらからご対応ください。', 455, { x: 18, h: 18 }),
    ], { width: 393, height: 852 });
    expect(form.subject).toBe('ご注文の支払い方法に問題があり、発送を保留しております');
    expect(form.body?.startsWith('〇〇様')).toBe(true);
  });

  it('takes an e-mail sender as source_email', () => {
    const form = extractFormData(sms('smbc-alert7@vpass-info.example'), PHONE_SCREEN);
    expect(form.source_email).toBe('smbc-alert7@vpass-info.example');
    expect(form.source_phone).toBeNull();
  });

  it('leaves fields empty rather than guessing when nothing is readable', () => {
    expect(extractFormData([], PHONE_SCREEN)).toEqual({ source_email: null, source_phone: null, subject: null, body: '' });
  });
});

describe('e-mail auto-fill', () => {
  const labelled = [
    line('受信 返信 転送', 10),
    line('差出人 三井住友カード <vpass-infoのsmbc-card.example>', 60),
    line('件名 【重要】カードご利用一時停止のお知らせ', 90),
    line('宛先 松本拓也 <t.matsumoto@mail.example>', 120),
    line('日時 2025/03/07 21:40', 150),
    line('松本拓也様', 200),
    line('いつも三井住友カードをご利用いただきありがとうございます。', 230),
    line('https//smbc-card.example/vpass/confirm7ts=0307', 260),
  ];

  it('reads From/件名 labels, repairs the address, and starts the body after the header', () => {
    const form = extractFormData(labelled, { width: 1280, height: 800 });
    expect(form.source_email).toBe('vpass-info@smbc-card.example');
    expect(form.subject).toBe('【重要】カードご利用一時停止のお知らせ');
    expect(form.source_phone).toBeNull();
    expect(form.body).toBe('〇〇様\nいつも三井住友カードをご利用いただきありがとうございます。\nhttps://smbc-card.example/vpass/confirm?ts=0307');
  });

  it('finds an unlabelled subject as the largest header line', () => {
    const form = extractFormData([
      line('【楽天市場】ご注文内容の確認', 20, { h: 28 }),
      line('楽天市場 <order@rakuten-ichiba.example>', 70),
      line('2025年3月6日(木) 14:27', 95),
      line('山口さくら様', 140),
      line('この度は楽天市場をご利用いただき、誠にありがとうございます。', 170),
    ], { width: 960, height: 640 });
    expect(form.subject).toBe('【楽天市場】ご注文内容の確認');
    expect(form.source_email).toBe('order@rakuten-ichiba.example');
    expect(form.body).toBe('〇〇様\nこの度は楽天市場をご利用いただき、誠にありがとうございます。');
  });
});

describe('mail headers set out as tables, and captures cut below the subject', () => {
  it('joins each lone label with the value beside it, even when OCR lists the label column first', () => {
    const form = extractFormData([
      line('ドコモメール 受信BOX', 10),
      line('From', 60, { x: 12 }),
      line('To', 90, { x: 12 }),
      line('件名', 120, { x: 12 }),
      line('日時', 175, { x: 12 }),
      line('delivery@cz3jyf.top', 60, { x: 90 }),
      line('s-ito.06@gmail.example', 90, { x: 90 }),
      line('【重要】Yahoo!ショッピング:未払い料金のお', 120, { x: 90 }),
      line('知らせ', 142, { x: 90 }),
      line('2026/11/20 22:46', 175, { x: 90 }),
      line('平素よりYahoo!ショッピングをご利用いただきありがとうございます。', 220, { x: 12 }),
    ], { width: 390, height: 844 });
    expect(form.source_email).toBe('delivery@cz3jyf.top');
    expect(form.subject).toBe('【重要】Yahoo!ショッピング:未払い料金のお知らせ');
    expect(form.body).toBe('平素よりYahoo!ショッピングをご利用いただきありがとうございます。');
  });

  it('takes no line of the message for a subject when the capture starts below the header', () => {
    const form = extractFormData([
      line('SoftBankをご利用いただきありがとうございま', 20, { h: 21 }),
      line('す。', 44, { h: 21 }),
      line('ご契約内容の確認が必要です。誠に恐れ入りま', 78),
      line('すが、下記URLよりご確認をお願いします。', 103),
      line('https://zajvaca.xyz/member/auth', 130),
      line('返信 全員に返信 転送', 400),
    ], { width: 390, height: 480 });
    expect(form.subject).toBeNull();
    expect(form.body?.replace(/\n/g, '').startsWith('SoftBankをご利用いただきありがとうございます。')).toBe(true);
  });
});

describe('SMS body', () => {
  it('starts at the top when the capture was cut below the app\'s header', () => {
    const form = extractFormData([
      line('JCBカード:お客様のカードに不正利用の疑いがある', 10),
      line('取引を確認いたしました。', 34),
      line('https://myjcb-jp-info.example/verify', 60),
      line('テキストメッセージ', 800, { x: 120 }),
    ], PHONE_SCREEN);
    expect(form.body?.replace(/\n/g, '')).toBe('JCBカード:お客様のカードに不正利用の疑いがある取引を確認いたしました。https://myjcb-jp-info.example/verify');
  });

  it('starts at the message\'s first sentence when a desktop client\'s lists stand left of it at the top', () => {
    const desktop = { width: 1264, height: 611 };
    const top = [
      line('削除済みアイテム', 0, { x: 19, h: 13 }),
      line('アーカイブ', 15, { x: 20, h: 30 }),
      line('システム管理者', 15, { x: 225, h: 30 }),
    ];
    const message = [
      line('東京電力エナジーパートナーをご利用いただきありがとうございます。', 14, { x: 541, h: 30 }),
      line('お支払いが確認できないため、供給を停止する場合がございます。', 46, { x: 541, h: 30 }),
      line('https://tepco-jp.2zqqrv.top/verify/portal', 99, { x: 540, h: 30 }),
      line('今後ともよろしくお願いいたします。', 221, { x: 541, h: 30 }),
    ];
    const form = extractFormData([...top, ...message], desktop);
    expect(form.body?.split('\n')[0]).toBe('東京電力エナジーパートナーをご利用いただきありがとうございます。');
    // A header or banner that is not beside other text keeps the old rule: the top 15 % is header.
    const banner = extractFormData([line('13:14', 10, { x: 107, h: 37 }), line('く三井住友銀行サポート', 173, { x: 44, h: 81 }), ...message.map((entry) => ({ ...entry, box: { ...entry.box, y: entry.box.y + 300 } }))], { width: 1134, height: 2436 });
    expect(banner.body).not.toContain('サポート');
  });

  it('starts at the greeting when the capture was cut just above it', () => {
    const form = extractFormData([
      line('お客様各位', 0, { x: 35, h: 35 }),
      line('いつもセゾンカードをご利用いただき、誠にありがとうござい', 58, { x: 35, h: 24 }),
      line('ます。', 95, { x: 37, h: 38 }),
      line('お客様のカードに不正利用の疑いがある取引を確認いたしまし', 152, { x: 35, h: 38 }),
      line('た。以下のリンクから手続きをお願いいたします。', 192, { x: 34, h: 39 }),
      line('https://saison-netanswer-mypage.test/member/portal/?key=LtE7', 255, { x: 32, h: 27 }),
      line('今後ともよろしくお願いいたします。', 400, { x: 35, h: 38 }),
    ], { width: 792, height: 1276 });
    expect(form.body?.split('\n')[0]).toBe('お客様各位');
    expect(form.body).toContain('いつもセゾンカードをご利用いただき');
  });

  it('starts at the first line when the capture cut through it, a few pixels below the edge, and drops the app\'s warning', () => {
    // iOS Messages, large text, cut at the top; the first line's box (taller than its text) starts 4 px down.
    const cut = line('銀行】ワンタイムパス', 4, { x: 30, h: 22 });
    cut.box = { ...cut.box, h: 42 };
    const form = extractFormData([
      cut,
      line('ワードの再設定が完了', 36, { x: 32, h: 22 }),
      line('していません。速やか', 66, { x: 35, h: 22 }),
      line('に以下のURLよりログ', 95, { x: 32, h: 22 }),
      line('インし、情報を更新し', 136, { x: 32, h: 22 }),
      line('てください。', 172, { x: 32, h: 22 }),
      line('送信者が連絡先リストに登録されてい', 248, { x: 39, h: 17 }),
      line('ないため、このメッセージ内のリンク', 276, { x: 40, h: 17 }),
      line('は無効になっています。', 296, { x: 94, h: 17 }),
      line('迷惑メッセージを報告', 321, { x: 101, h: 17 }),
    ], { width: 380, height: 572 });
    expect(form.body?.replace(/\n/g, '')).toBe('銀行】ワンタイムパスワードの再設定が完了していません。速やかに以下のURLよりログインし、情報を更新してください。');
  });

  it('starts after the day\'s date chip when the header was cut off', () => {
    // +メッセージ, 2×, cut at the top through the sender's name.
    const form = extractFormData([
      line('る葉7ナカガブプンドンクト', 0, { x: 98, h: 29, confidence: 48 }),
      line('水曜日', 64, { x: 379, h: 46 }),
      line('東京ガス:ポイント還元のお手続き', 149, { x: 52, h: 32 }),
      line('が完了していません。下記URLよりご', 197, { x: 52, h: 32 }),
      line('確認ください。https://nc8vh4c.test', 243, { x: 51, h: 32 }),
      line('十。メッセージを入力', 1573, { x: 31, h: 58 }),
    ], { width: 830, height: 1686 });
    expect(form.body?.replace(/\n/g, '')).toBe('東京ガス:ポイント還元のお手続きが完了していません。下記URLよりご確認ください。https://nc8vh4c.test');
  });

  it('takes no icons read as 「0二。」 for a sentence that would end the header', () => {
    const form = extractFormData([
      line('Outlook', 37, { x: 82, h: 28 }),
      line('0二。', 134, { x: 82, h: 60, confidence: 0 }),
      line('お届け予定のお荷物について、宛先住所に不備がございます', 187, { x: 1127, h: 40, charConfidence: 99 }),
      line('佐川急便でSupport@sagawa-exp.test>', 276, { x: 1226, h: 30 }),
      line('2026/11/24 9:11', 321, { x: 2530, h: 28 }),
      line('石川真由美様', 384, { x: 1118, h: 30 }),
      line('佐川急便をご利用いただきありがとうございます。', 447, { x: 1116, h: 30 }),
      line('お届け予定のお荷物について、宛先住所に不備がございます。', 513, { x: 1116, h: 30 }),
      line('下記URLへアクセスしてください。', 564, { x: 1118, h: 30 }),
    ], { width: 2789, height: 1626 });
    expect(form.source_email?.toLowerCase()).toBe('support@sagawa-exp.test');
    expect(form.subject).toBe('お届け予定のお荷物について、宛先住所に不備がございます');
    expect(form.body?.startsWith('〇〇様')).toBe(true);
  });

  it('finds the sender of a capture cut short at the bottom, but not a number inside the message', () => {
    const short = { width: 390, height: 280 };
    const form = extractFormData([
      line('9:41', 10, { x: 30 }),
      line('080-1085-0503 >', 92, { x: 130 }),
      line('【楽天市場】ご注文の支払い方法に問題があります。', 150),
      line('お問い合わせ: 050-9345-5855', 174),
    ], short);
    expect(form.source_phone).toBe('080-1085-0503');
    const noSender = extractFormData([
      line('JCBカード:お客様のカードに不正利用の疑いがある', 10),
      line('取引を確認いたしました。', 34),
      line('お問い合わせ: 050-9345-5855', 150),
    ], short);
    expect(noSender.source_phone).toBeNull();
    expect(noSender.body).toContain('050-9345-5855');
  });

  it('drops the whole of an app warning that wraps, centred, onto lines only its first names', () => {
    const form = extractFormData([
      line('090-3817-2264', 120, { x: 120 }),
      line('【佐川急便】お荷物をお届けに伺いましたが不在でした。', 250),
      line('https://sagawa-kyubin.example/r?c=Hq83', 275),
      line('送信者が連絡先リストに登録されていないため、このメ', 360, { x: 30 }),
      line('ッセージ内のリンクは無効です', 384, { x: 150 }),
    ], PHONE_SCREEN);
    expect(form.source_phone).toBe('090-3817-2264');
    expect(form.body).toBe('【佐川急便】お荷物をお届けに伺いましたが不在でした。\nhttps://sagawa-kyubin.example/r?c=Hq83');
  });

  it.each([
    ['Google メッセージの警告, a character lost', 'この送信者は連絡先に登録されてません。', '2026/11/20 21:34'],
    ['the warning cut at the edge', '送信者は連絡先に登録されていませ', '2026/11/2021:34'],
    ['+メッセージ', '連絡先未登録', '午後3:24'],
    ['the app line misread', '生ストメッセー', '午前 10:05'],
    ['+メッセージ, large text', 'この送信元は連絡先に登録されていま', '2026/11/20'],
    ['+メッセージ, official-account label', '公式アカウント以外', '11月24日月)'],
    ['+メッセージ, second warning', '身に覚えのないメッセージのURLは開かない', '1125 22:43'],
  ])('drops app chrome read as a variant (%s)', (_, warning, chip) => {
    const form = extractFormData([
      line('090-3817-2264', 120, { x: 120 }),
      line(warning, 170, { x: 40 }),
      line(chip, 200, { x: 140 }),
      line('【佐川急便】お荷物をお届けに伺いましたが不在でした。', 250),
      line('https://sagawa-kyubin.example/r?c=Hq83', 275),
    ], PHONE_SCREEN);
    expect(form.body).toBe('【佐川急便】お荷物をお届けに伺いましたが不在でした。\nhttps://sagawa-kyubin.example/r?c=Hq83');
  });
  it.each([['語旧メンセージを落才カ'], ['回症上メン上計少を火力'], ['メッセージを入カ']])('drops the input box read as %s', (inputBox) => {
    const form = extractFormData([
      line('090-3817-2264', 120, { x: 120 }),
      line('【佐川急便】お荷物をお届けに伺いましたが不在でした。', 250),
      line('https://sagawa-kyubin.example/r?c=Hq83', 275),
      line(inputBox, 790, { x: 60 }),
    ], PHONE_SCREEN);
    expect(form.body).toBe('【佐川急便】お荷物をお届けに伺いましたが不在でした。\nhttps://sagawa-kyubin.example/r?c=Hq83');
  });
});

describe('a chat\'s sender name', () => {
  it('leaves out the name LINE sets beside the avatar above the first bubble', () => {
    const form = extractFormData([
      line('10:29', 24, { x: 36, h: 12 }),
      line('くヤマト運輸お知らせ', 58, { x: 15, h: 25 }),
      line('昨日', 106, { x: 181, h: 11 }),
      line('リヤヤマト運輸お知らせ', 129, { x: 8, h: 42 }),
      line('ヤマト運輸:お荷物の保管期', 163, { x: 70, h: 23 }),
      line('限が迫っております。下記URL', 186, { x: 70, h: 23 }),
      line('よりご確認ください。', 209, { x: 70, h: 23 }),
    ], { width: 386, height: 844 });
    expect(form.body?.startsWith('ヤマト運輸:お荷物の保管期限が迫っております。')).toBe(true);
  });

  it('keeps a message\'s last line that Android\'s avatar stands beside', () => {
    const form = extractFormData([
      line('090-3817-2264', 60, { x: 120 }),
      line('【佐川急便】お荷物をお届けに伺いまし', 250, { x: 70 }),
      line('⑧たが不在でした。', 275, { x: 8, h: 30 }),
    ], PHONE_SCREEN);
    expect(form.body).toContain('たが不在でした。');
  });
});

describe('a chat\'s title and the screen around the messages', () => {
  const CHAT = { width: 376, height: 291 };
  it('starts a chat cut short below after its title, and leaves out the sender\'s name that repeats it', () => {
    const form = extractFormData([
      line('13:56', 24, { x: 35, h: 13 }),
      line('く日本郵便サポート', 58, { x: 15, h: 29 }),
      // The avatar read as marks before the name, which stands right over the bubble's text.
      line('(0日本郵便サポート', 132, { x: 60, h: 15 }),
      line('【日本郵便】お荷物の保管期限が迫っております。', 160, { x: 78, h: 25 }),
      line('https://japanpost-jp.example/sp/login', 186, { x: 78, h: 25 }),
    ], CHAT);
    expect(form.body).toBe('【日本郵便】お荷物の保管期限が迫っております。\nhttps://japanpost-jp.example/sp/login');
  });

  it('does not take the status bar\'s clock read without its colon for a short-code sender', () => {
    const form = extractFormData([
      line('2032', 30, { x: 55, h: 32, confidence: 0 }),
      line('+818005794715', 120, { x: 80, h: 60 }),
      line('水曜日20:32', 720, { x: 450, h: 57 }),
      line('三井住友銀行:セキュリティ強化のため、お取引目的の確認が必要です。', 837, { x: 212, h: 76 }),
    ], { width: 1116, height: 1468 });
    expect(form.source_phone).toBe('+818005794715');
    expect(form.body).toBe('三井住友銀行:セキュリティ強化のため、お取引目的の確認が必要です。');
  });

  it('leaves out every line of an app\'s warning wrapped at the top of a capture cut above it', () => {
    const form = extractFormData([
      line('この送信者は連絡先に登録されて', 45, { x: 100, h: 97 }),
      line('いません。迷惑メッセージの可能', 135, { x: 97, h: 95 }),
      line('性があります。', 227, { x: 92, h: 97 }),
      line('迷惑メッセージを報告OK', 347, { x: 92, h: 97 }),
      line('今日17:27', 535, { x: 447, h: 52 }),
      line('ETC利用照会サービス:お客様のアカウントがロックされました。', 670, { x: 217, h: 100 }),
    ], { width: 1155, height: 2169 });
    expect(form.body).toBe('ETC利用照会サービス:お客様のアカウントがロックされました。');
  });

  it.each([
    ['昨日15.01', 'a chat\'s time with its colon read as a dot'],
    ['2026/11/20 9:4', 'a date and time with its last digit cut'],
  ])('leaves out 「%s」 (%s)', (chip) => {
    const form = extractFormData([
      line('+81 90-7253-2300', 40, { x: 18, h: 38 }),
      line(chip, 200, { x: 150, h: 20 }),
      line('[三菱UFJ銀行]ワンタイムパスワードの再設定が完了していません。', 240, { x: 20 }),
    ], PHONE_SCREEN);
    expect(form.body).toBe('[三菱UFJ銀行]ワンタイムパスワードの再設定が完了していません。');
  });

  it('leaves out interface text the layout split at its letter gaps (「テキストメッ」「セー」「ジ」)', () => {
    const form = extractFormData([
      line('090-8438-4233', 120, { x: 150 }),
      line('テキストメッ', 160, { x: 150 }),
      line('セー', 160, { x: 290 }),
      line('ジ', 160, { x: 340 }),
      ...['Amazon:お客様のアカウントで異常', 'なログインが検出されました。ご本人', '様確認のため、下記URLへアクセスし', 'てください。'].map((text, i) => line(text, 240 + i * 25, { x: 20 })),
    ], PHONE_SCREEN);
    expect(form.body).toBe('Amazon:お客様のアカウントで異常なログインが検出されました。ご本人様確認のため、下記URLへアクセスしてください。');
  });
});

describe('the screen around a mail', () => {
  const MAIL = [
    line('From order@ngwpda.test', 84, { x: 14, h: 16 }),
    line('件名', 161, { x: 13, h: 14 }),
    line('[注意]楽天市場:お客様情報の確認', 158, { x: 82, h: 16 }),
    line('お客様各位', 238, { x: 14, h: 16 }),
    line('プライム会員の更新手続きに失敗しました。', 262, { x: 14, h: 16 }),
    line('24時間以内にご対応がない場合、ご利用を停止いたします。', 286, { x: 14, h: 16 }),
    line('ご理解とご協力をお願い申し上げます。', 310, { x: 14, h: 16 }),
    line('楽天市場', 334, { x: 14, h: 16 }),
  ];
  const BODY = 'お客様各位\nプライム会員の更新手続きに失敗しました。\n24時間以内にご対応がない場合、ご利用を停止いたします。\nご理解とご協力をお願い申し上げます。\n楽天市場';

  it('leaves out the toolbar under the message, whatever its labels were read as', () => {
    const toolbar = ['ご返信', 'ョリい', 'ぃ転送', 'リノ'].map((text, i) => line(text, 800, { x: 20 + i * 90, h: 16, confidence: 60 }));
    expect(extractFormData([...MAIL, ...toolbar], { width: 390, height: 844 }).body).toBe(BODY);
  });

  it('keeps short lines of the message that stand alone on their row', () => {
    const form = extractFormData([...MAIL, line('敬具', 358, { x: 14, h: 16 }), line('担当:山田', 382, { x: 14, h: 16 })], { width: 390, height: 844 });
    expect(form.body).toBe(`${BODY}\n敬具\n担当:山田`);
  });

  it('leaves out a button\'s icon read as characters, far taller than the letters', () => {
    expect(extractFormData([...MAIL, line('ーミつ', 700, { x: 250, h: 80, confidence: 76 })], { width: 390, height: 844 }).body).toBe(BODY);
  });

  it('leaves out a web mail\'s recipient row read with its avatar before 「To」', () => {
    const form = extractFormData([
      line('三Gmail', 23, { x: 17, h: 18 }),
      line('【重要】お届け先が確認できないため、お荷物を一時保管しております', 121, { x: 331, h: 32 }),
      line('受信トレイ', 147, { x: 27, h: 23 }),
      line('日本郵便 <info@japanpost-jp.example>', 168, { x: 318, h: 24 }),
      line('雪To yui.ikeda37@i.softbank.testャ', 190, { x: 264, h: 24, confidence: 43 }),
      line('長谷川拓也様', 232, { x: 317, h: 23 }),
      line('いつも日本郵便をご利用いただき、誠にありがとうございます。', 269, { x: 318, h: 23 }),
    ], { width: 1272, height: 800 });
    expect(form.body).not.toContain('To');
    expect(form.body).toContain('〇〇様\nいつも日本郵便をご利用いただき、誠にありがとうございます。');
  });

  it('keeps a field under an address that reached the column\'s edge on a line of its own, out of the address', () => {
    const form = extractFormData([
      ...MAIL,
      line('配送先:〒287-2224東京都世田谷区桜丘4-5-19ライオンズマンション608号室', 358, { x: 14, h: 16 }),
      line('期限:10月4日', 382, { x: 14, h: 16 }),
    ], { width: 390, height: 844 });
    expect(form.body).toBe(`${BODY}\n配送先:（住所）\n期限:10月4日`);
  });

  it('leaves out a rule read as dashes', () => {
    expect(extractFormData([...MAIL, line('ーー', 358, { x: 14, h: 16, confidence: 54 })], { width: 390, height: 844 }).body).toBe(BODY);
  });
});

describe('lines read as unrelated characters', () => {
  it('leaves out of the body a line read at almost no confidence, but keeps an address fragment read so', () => {
    const form = extractFormData([
      line('090-3817-2264', 120, { x: 120 }),
      line('平素より日本郵便をご愛顧いただき、ありが', 250),
      line('敵記村(連ゆほほ誠8', 275, { confidence: 5 }),
      line('お荷物の保管期限が迫っております。https://japanpost-', 300),
      line('jp-secure.example/jp', 325, { confidence: 9 }),
    ], PHONE_SCREEN);
    expect(form.body).not.toContain('敵記村');
    expect(form.body).toContain('https://japanpost-jp-secure.example/jp');
  });
});

describe('lines the capture cuts through', () => {
  it('starts the body at the top edge of a chat cut through its message in large text, whose lines hold a few characters each', () => {
    const SCREEN = { width: 1119, height: 1860 };
    const large = (text: string, y: number) => line(text, y, { x: 215, h: 64 });
    const form = extractFormData([
      line('NHK:お客様のア', 0, { x: 223, h: 64, confidence: 70 }),
      large('カウントがロック', 85),
      large('されました。以下', 175),
      large('のリンクから手続', 268),
      large('きをお願いいたし', 368),
      large('ます。https://nh', 470),
      large('k-jushin.top/x', 568),
    ], SCREEN);
    expect(form.body?.replace(/\s/g, '')).toBe('NHK:お客様のアカウントがロックされました。以下のリンクから手続きをお願いいたします。https://nhk-jushin.top/x');
  });

  it('leaves out of the body a line cut by the top or bottom edge that was read unsurely, and keeps one read surely', () => {
    const lines = [
      line('フロよっ', 4, { confidence: 43 }),
      line('【佐川急便】お荷物をお届けに伺いましたが不在でした。', 250),
      line('https://sagawa-kyubin.example/r?c=Hq83', 275),
      line('ーーロスDh4naVT', 830, { confidence: 35 }),
    ];
    expect(extractFormData(lines, PHONE_SCREEN).body).toBe('【佐川急便】お荷物をお届けに伺いましたが不在でした。\nhttps://sagawa-kyubin.example/r?c=Hq83');

    const sure = [line('ご確認ください。', 4, { confidence: 92 }), ...lines.slice(1, 3), line('※お問い合わせは窓口まで', 830, { confidence: 88 })];
    // (Kept, each after a paragraph break: they stand far from the message's lines.)
    expect(extractFormData(sure, PHONE_SCREEN).body).toBe('ご確認ください。\n\n【佐川急便】お荷物をお届けに伺いましたが不在でした。\nhttps://sagawa-kyubin.example/r?c=Hq83\n\n※お問い合わせは窓口まで');
  });
});

describe('notifications', () => {
  const LOCK = { width: 390, height: 844 };
  it('keeps the lure of a lock screen without its header, and drops the other apps\' cards', () => {
    const form = extractFormData([
      line('11月12日(日)', 70, { x: 150 }),
      line('国税庁お知らせ', 216, { x: 40 }),
      line('2分前', 216, { x: 340 }),
      line('国税庁:所得税の納付が確認できておりません。', 240, { x: 85 }),
      line('https://kokuzei-info.example/track', 262, { x: 85 }),
      line('ニュース', 320, { x: 40 }),
      line('1時間前', 320, { x: 320 }),
      line('新型スマートフォンの発売日が発表されました', 344, { x: 85 }),
    ], LOCK);
    expect(form.body).toBe('国税庁:所得税の納付が確認できておりません。\nhttps://kokuzei-info.example/track');
  });

  it('does not take a line of the message that ends in 今 (an address wrapped there) for a card\'s header', () => {
    const mail = [
      line('From order@ngwpda.test', 84, { x: 14, h: 16 }),
      line('件名', 161, { x: 13, h: 14 }),
      line('[注意]楽天市場:お客様情報の確認', 158, { x: 82, h: 16 }),
      line('お客様各位', 238, { x: 14, h: 16 }),
      line('プライム会員の更新手続きに失敗しました。', 332, { x: 14, h: 16 }),
      line('注文番号: 795-1241199-9707405', 504, { x: 13, h: 16 }),
      line('ご登録住所:〒943-4075愛知県名古屋市千種区今', 526, { x: 14, h: 16 }),
      line('池1-19-18', 552, { x: 13, h: 16 }),
      line('24時間以内にご対応がない場合、ご利用を停止いたします。', 610, { x: 13, h: 16 }),
    ];
    const form = extractFormData(mail, LOCK);
    expect(form.body).toContain('ご登録住所:（住所）');
    expect(form.body).toContain('24時間以内にご対応がない場合、ご利用を停止いたします。');
    // A banner's 「今」 set apart at the right of its row still marks a card.
    const banner = line('写真 今', 12, { x: 22, h: 14 });
    banner.charBoxes[banner.charBoxes.length - 1] = { ...banner.charBoxes.at(-1)!, x: 340 };
    const withBanner = extractFormData([banner, line('1年前の思い出をふり返ってみましょう', 34, { x: 22, h: 16 }), ...mail], LOCK);
    expect(withBanner.body).not.toContain('思い出');
  });

  it('finds a card whose time has its digit read as a quotation mark (「"分前」)', () => {
    const form = extractFormData([
      line('国税庁お知らせ', 216, { x: 40 }),
      line('"分前', 216, { x: 340 }),
      line('国税庁:所得税の納付が確認できておりません。', 240, { x: 85 }),
      line('https://kokuzei-info.example/track', 262, { x: 85 }),
      line('ニュース', 320, { x: 40 }),
      line("1'時間前", 320, { x: 320 }),
      line('新型スマートフォンの発売日が発表されました', 344, { x: 85 }),
    ], LOCK);
    expect(form.body).toBe('国税庁:所得税の納付が確認できておりません。\nhttps://kokuzei-info.example/track');
  });

  it('finds a card whose time has its 前 read as 剖, and leaves its header out of the body', () => {
    const form = extractFormData([
      line('今日の歩数が目標の8,000歩に到達しました', 40, { x: 78 }),
      line('回三井住友カード【公式】', 220, { x: 36 }),
      line('2分剖', 224, { x: 343 }),
      line('【三井住友カード】カードのご利用を制限しております。', 244, { x: 83 }),
      line('https://vpass-jp.example/ja/login', 266, { x: 83 }),
    ], LOCK);
    expect(form.body).not.toContain('【公式】');
    expect(form.body).toContain('【三井住友カード】カードのご利用を制限しております。\nhttps://vpass-jp.example/ja/login');
  });

  it.each([
    ['1時則前', 'its 間 read as 則'],
    ['分前', 'its digit lost'],
  ])('finds a card whose time reads 「%s」 (%s)', (time) => {
    const form = extractFormData([
      line('国税庁お知らせ', 216, { x: 40 }),
      line('2分前', 216, { x: 340 }),
      line('国税庁:所得税の納付が確認できておりません。', 240, { x: 85 }),
      line('https://kokuzei-info.example/track', 262, { x: 85 }),
      line('カレンダー', 320, { x: 40 }),
      line(time, 320, { x: 320 }),
      line('15:00打ち合わせ(会議室B)', 344, { x: 85 }),
    ], LOCK);
    expect(form.body).toBe('国税庁:所得税の納付が確認できておりません。\nhttps://kokuzei-info.example/track');
  });

  it.each([
    ['回NTTドコモ【公式】', '5分難', 'its 前 read as 難'],
    ['楽天カード【公式】。2前', '', 'its 分 lost'],
  ])('finds a card whose header reads 「%s %s」 (%s), and drops text below it whose header was not read', (name, time) => {
    const form = extractFormData([
      line(name, 216, { x: 40 }),
      ...(time ? [line(time, 216, { x: 340 })] : []),
      line('清水健太様NTTドコモ:お客様のアカウントに', 240, { x: 85 }),
      line('不審なログインがありました。https://jhegpn.test/n', 262, { x: 85 }),
      line('otice?c=b5W0ftQfR', 284, { x: 85 }),
      // Another card: its icon and time were read as nothing.
      line('1年前の思い出をふり返ってみましょう', 350, { x: 85 }),
    ], LOCK);
    expect(form.body).toBe('〇〇様NTTドコモ:お客様のアカウントに\n不審なログインがありました。https://jhegpn.test/notice?c=b5W0ftQfR');
  });

  it('takes the dot between an app\'s name and 「今」 read as 「。」 for the header\'s, not a sentence\'s', () => {
    const header = line('エポスカードサポート。今', 216, { x: 40 });
    header.charBoxes[header.charBoxes.length - 1] = { ...header.charBoxes.at(-1)!, x: 340 };
    const form = extractFormData([
      header,
      line('エポスカード:本人認証サービスの登録情報の更新が必要です。', 240, { x: 85 }),
      line('https://epos-jp.example/login', 262, { x: 85 }),
    ], LOCK);
    expect(form.body).toBe('エポスカード:本人認証サービスの登録情報の更新が必要です。\nhttps://epos-jp.example/login');
  });

  it('finds the cards of a lock screen whose time was not read by their icon and name over indented text', () => {
    const form = extractFormData([
      line('カレンダー', 30, { x: 40 }),
      line('1分前', 30, { x: 340 }),
      line('15:00打ち合わせ(会議室B)', 54, { x: 85 }),
      // The time of these two cards read as marks (「=」「1人」).
      line('回Apple【公式】', 216, { x: 40 }),
      line('=', 216, { x: 360, confidence: 30 }),
      line('[Apple]登録情報の確認が必要です。', 240, { x: 85 }),
      line('https://m.apple-id-jp.example/index.html', 262, { x: 85 }),
      line('動乗換案内', 330, { x: 40 }),
      line('〇〇線は平常通り運転しています', 354, { x: 85 }),
    ], LOCK);
    expect(form.body).toBe('[Apple]登録情報の確認が必要です。\nhttps://m.apple-id-jp.example/index.html');
  });

  it('does not take a mail\'s subject over the sender\'s avatar and name for a card under a banner', () => {
    const mail = [
      line('リマインダー', 20, { x: 20 }),
      line('1分前', 20, { x: 340 }),
      line('牛乳を買う', 44, { x: 60 }),
      line('【重要】本人認証サービスのご案内', 120, { x: 20 }),
      line('セゾンカード事務局 <info@saison-card.example>', 150, { x: 70 }),
      line('本人認証サービスの登録情報の更新が必要です。', 174, { x: 70 }),
      line('https://saison-card.example/login', 198, { x: 70 }),
    ].map((entry) => ({ text: entry.text, line: entry }));
    // On a lock screen the short line would be a card's header without its time; on a mail's screen it stays.
    expect(withoutOtherNotifications(mail).map(({ text }) => text)).not.toContain('【重要】本人認証サービスのご案内');
    expect(withoutOtherNotifications(mail, { cardsWithoutTime: false }).map(({ text }) => text)).toContain('【重要】本人認証サービスのご案内');
  });

  it('leaves out the lock screen\'s clock above the cards when a card is the lure', () => {
    const form = extractFormData([
      line('hh WEhKり=【に3', 130, { x: 120, h: 50, confidence: 60 }),
      line('三井住友銀行', 430, { x: 40 }),
      line('2分前', 430, { x: 340 }),
      line('[三井住友銀行]お客様の口座で不正な取引の可能性が検知されました。', 454, { x: 85 }),
      line('https://my.sumitomo-bank.example/', 476, { x: 85 }),
    ], LOCK);
    expect(form.body).toBe('[三井住友銀行]お客様の口座で不正な取引の可能性が検知されました。\nhttps://my.sumitomo-bank.example/');
  });

  it('reads a lock screen\'s card as a message when its URL wraps onto a piece that starts with 「to」, not as a mail\'s To row', () => {
    const form = extractFormData([
      line('ヤマト運輸サポート', 216, { x: 40 }),
      line('5分前', 216, { x: 340 }),
      line('ヤマト運輸:お客様宛のお荷物をお預かりして', 240, { x: 85 }),
      line('おります。こちらからご対応ください。https://yama', 262, { x: 85 }),
      line('to-unyu.example/verify/?u=5QRkV', 284, { x: 85 }),
    ], LOCK);
    expect(form.body).toBe('ヤマト運輸:お客様宛のお荷物をお預かりして\nおります。こちらからご対応ください。https://yamato-unyu.example/verify/?u=5QRkV');
  });

  it('takes a chat\'s sender over its bubble for no card under a banner: a chat has its own stamps (「午前10:33」)', () => {
    const form = extractFormData([
      line('ショッピング', 16, { x: 23 }),
      line('1分前', 16, { x: 340 }),
      line('タイムセールが始まりました。最大30%OFF', 36, { x: 60 }),
      line('今日', 90, { x: 190 }),
      line('回ヤマト運輸【公式】', 134, { x: 11 }),
      line('【ヤマト運輸】お荷物の保管期限が迫って', 166, { x: 80 }),
      line('おります。下記URLよりご確認ください。', 190, { x: 80 }),
      line('午前10:33', 214, { x: 335, h: 10 }),
      line('https://kuroneko-jp.example/check?t=LBf', 240, { x: 80 }),
    ], LOCK);
    expect(form.body).toContain('【ヤマト運輸】お荷物の保管期限が迫って');
    expect(form.body).toContain('https://kuroneko-jp.example/check?t=LBf');
    expect(form.body).not.toContain('タイムセール');
  });

  it('drops a banner over a message, and not the message under it', () => {
    const form = extractFormData([
      line('カレンダー', 30, { x: 60 }),
      line('1分前', 30, { x: 340 }),
      line('15:00 打ち合わせ(会議室B)', 52, { x: 60 }),
      line('090-3817-2264', 120, { x: 150 }),
      line('【佐川急便】お荷物をお届けに伺いましたが不在でした。', 250),
      line('https://sagawa-kyubin.example/r?c=Hq83', 275),
    ], LOCK);
    expect(form.source_phone).toBe('090-3817-2264');
    expect(form.body).toBe('【佐川急便】お荷物をお届けに伺いましたが不在でした。\nhttps://sagawa-kyubin.example/r?c=Hq83');
  });
});

describe("auto-fill without the recipient's personal data", () => {
  const SCREEN = { width: 1280, height: 900 };

  it('puts placeholders where the name, address, postal address and card stood, and keeps the sender and the URL', () => {
    const form = extractFormData([
      line('差出人 三井住友カード <vpass-info@smbc-card.example>', 20),
      line('件名 【重要】松本拓也様 カードご利用確認', 50),
      line('宛先 松本拓也 <t.matsumoto@mail.example>', 80),
      line('日時 2025/03/07 21:40', 110),
      line('松本 拓也 様', 160),
      line('お客様のアカウント（t.matsumoto@mail.example）でカードのご利用がありました。', 190),
      line('ご利用カード：4980-****-****-3127', 220),
      line('ご登録住所：〒150-0002 東京都渋谷区渋谷2丁目21-1', 250),
      line('ご回答がない場合、松本拓也名義のカードを停止します。', 280),
      line('https://smbc-card.example/vpass/confirm?ts=0307', 310),
      line('お問い合わせ：0120-774-358', 340),
    ], SCREEN);
    expect(form.source_email).toBe('vpass-info@smbc-card.example');
    expect(form.subject).toBe('【重要】〇〇様 カードご利用確認');
    expect(form.body).toBe([
      '〇〇様',
      'お客様のアカウント（受信者のメールアドレス）でカードのご利用がありました。',
      'ご利用カード:（カード番号）',
      'ご登録住所:（住所）',
      'ご回答がない場合、〇〇名義のカードを停止します。',
      'https://smbc-card.example/vpass/confirm?ts=0307',
      'お問い合わせ:0120-774-358',
    ].join('\n'));
  });

  it('finds the To line\'s name again where OCR misread its 様, and reads the greeting as 〇〇様', () => {
    const form = extractFormData([
      line('差出人 Amazon.co.jp <account-update@amazon-co-jp.example>', 20),
      line('件名 【Amazon.co.jp】お支払い方法の確認が必要です', 50),
      line('宛先 吉田 大輔 <daisuke.yoshida@mail.example>', 80),
      line('吉田大輔欄', 140),
      line('Amazon.co.jpをご利用いただき、ありがとうございます。', 170),
    ], SCREEN);
    expect(form.body).toBe('〇〇様\nAmazon.co.jpをご利用いただき、ありがとうございます。');
  });

  it('never offers the address the message was sent to as the sender', () => {
    const form = extractFormData([
      line('【ドコモ】ご利用料金のお支払い確認', 20, { h: 28 }),
      line('kazuki.ishikawa@mail.test', 70),
      line('石川和樹様', 120),
      line('https://docomo-mail.test/mydocomo/bill/confirm?k=3Hf', 150),
      line('このメールはkazuki.ishikawa@mail.testにお送りしています。', 180),
    ], SCREEN);
    expect(form.source_email).toBeNull();
    // The sentence above the address is the message's first line, so the address is no sender's header.
    expect(form.body).toBe('【ドコモ】ご利用料金のお支払い確認\n（受信者のメールアドレス）\n\n〇〇様\nhttps://docomo-mail.test/mydocomo/bill/confirm?k=3Hf\nこのメールは（受信者のメールアドレス）にお送りしています。');
  });

  it('keeps an SMS sender and leaves お客様 alone', () => {
    const form = extractFormData([
      line('090-3817-2264', 120, { x: 120 }),
      line('【楽天カード】渡辺翔太様 お客様のカードのご利用を制限', 250),
      line('しております。https://rakuten-card.secure-login.test/m', 275),
    ], PHONE_SCREEN);
    expect(form.source_phone).toBe('090-3817-2264');
    expect(form.body).toBe('【楽天カード】〇〇様 お客様のカードのご利用を制限しております。https://rakuten-card.secure-login.test/m');
  });
});

describe('subjects and colons', () => {
  it('leaves out a chip set apart after the subject, and reads a colon read as a middle dot', () => {
    const subject = line('【重要】ご利用料金のお支払いが確認できません護トレイメ', 60, { h: 26 });
    // The chip 「受信トレイ」 stands a character and a half to the right of the subject.
    for (let i = 22; i < subject.charBoxes.length; i++) subject.charBoxes[i] = { ...subject.charBoxes[i]!, x: subject.charBoxes[i]!.x + 40 };
    subject.box.w += 40;
    const form = extractFormData([
      subject,
      line('SoftBank <mysoftbank@sb-support.test>', 100),
      line('2026/11/21 15:32', 124),
      line('いつもSoftBankをご利用いただきありがとうございます。', 150),
      line('お支払期限・2026年1月8日', 174),
      line('ご請求金額:・¥5,690', 198),
    ], { width: 1280, height: 800 });
    expect(form.subject).toBe('【重要】ご利用料金のお支払いが確認できません');
    expect(form.body).toBe('いつもSoftBankをご利用いただきありがとうございます。\nお支払期限:2026年1月8日\nご請求金額:¥5,690');
  });
  it('reads a middle dot as a colon when its ink stands as tall as a colon\'s, and leaves a real one alone', () => {
    const subject = line('【重要】Amazon・お客様情報の確認', 60, { h: 26 });
    const colon = subject.text.indexOf('・');
    subject.charBoxes[colon] = { ...subject.charBoxes[colon]!, y: 66, h: 14 };
    const body = line('ポイント・カードのご案内です。', 150);
    const dot = body.text.indexOf('・');
    body.charBoxes[dot] = { ...body.charBoxes[dot]!, y: 158, h: 5 };
    const form = extractFormData([
      subject,
      line('Amazon <account@amazon-co-jp.test>', 100),
      line('2026/11/21 15:32', 124),
      body,
      line('いつもAmazonをご利用いただきありがとうございます。', 174),
      line('以下のURLよりお手続きをお願いいたします。', 198),
    ], { width: 1280, height: 800 });
    expect(form.subject).toBe('【重要】Amazon:お客様情報の確認');
    expect(form.body?.split('\n')[0]).toBe('ポイント・カードのご案内です。');
  });

  it('takes a subject\'s last character wrapped alone onto the next line, whatever its confidence', () => {
    const form = extractFormData([
      line('18:59', 10, { x: 30, h: 12 }),
      line('【重要】三井住友銀行：お客様情報の確', 60, { x: 30, h: 26, charConfidence: 93 }),
      line('認', 90, { x: 17, h: 26, confidence: 65 }),
      line('三井住友銀行事務局', 130),
      line('info@smbc-card.test', 152),
      line('宛先：石井隆様', 180),
      line('三井住友銀行をご利用いただきありがとうございます。', 220),
      line('お客様情報の確認のため、以下よりお手続きください。', 244),
      line('ご確認のほどよろしくお願いいたします。', 268),
    ], { width: 430, height: 932 });
    expect(form.subject).toBe('【重要】三井住友銀行:お客様情報の確認');
    expect(form.body).not.toContain('認\n');
  });

  it('does not take icons read as kanji above the subject for its first half', () => {
    const form = extractFormData([
      line('吾眉本剛較衣', 60, { x: 260, h: 26, confidence: 10 }),
      line('【ETC利用照会サービス】重要な', 90, { x: 30, h: 26, charConfidence: 99 }),
      line('お知らせ', 120, { x: 18, h: 26, charConfidence: 99 }),
      line('ETC利用照会サービス <etc-info@mail.etc-riyou.top>', 220),
      line('ETC利用照会サービスをご利用いただきありがとうございます。', 260),
      line('ご登録情報の確認が必要です。以下よりお手続きください。', 284),
      line('ご確認のほどよろしくお願いいたします。', 308),
    ], { width: 375, height: 812 });
    expect(form.subject).toBe('【ETC利用照会サービス】重要なお知らせ');
  });
});

describe('a 和 the recogniser reads where there is none', () => {
  it('drops it after a kana or a punctuation mark, and keeps the real ones (令和, 和歌山, 和光, 和田)', () => {
    const form = extractFormData([
      line('【日本郵便】お和荷物のお届けについて', 60, { h: 26 }),
      line('日本郵便 <info@japanpost-jp.test>', 100),
      line('2026/11/21 15:32', 124),
      line('お和客様の安全のため、ポイント和失効の前にご確認ください。', 150),
      line('令和8年1月5日までに、和歌山県、和光市と和田町へお届けします。', 174),
      line('宛先住所について、和宛先の確認が必要です。', 198),
    ], { width: 1280, height: 800 });
    expect(form.subject).toBe('【日本郵便】お荷物のお届けについて');
    expect(form.body).toBe('お客様の安全のため、ポイント失効の前にご確認ください。\n令和8年1月5日までに、和歌山県、和光市と和田町へお届けします。\n宛先住所について、宛先の確認が必要です。');
  });
});

describe('kana the recogniser confuses, read by context', () => {
  it('reads the particle へ read as the katakana ヘ or as both, drops a り read before URL, and keeps katakana words', () => {
    const form = extractFormData([
      line('H重要】お客様情報の確認', 60, { h: 26 }),
      line('ヘルプデスク <help@support-desk.test>', 100),
      line('2026/11/21 15:32', 124),
      line('下記URLヘへアクセスしてください。', 150),
      line('以下のりURLヘアクセスし、ヘルプページへ進んでください。', 174),
      line('ご不明な点はヘルプデスクまで。', 198),
      line('誠に恐れ入りますが、以下のUりURLからお手続きください。', 222),
    ], { width: 1280, height: 800 });
    expect(form.subject).toBe('【重要】お客様情報の確認');
    expect(form.body).toBe('下記URLへアクセスしてください。\n以下のURLへアクセスし、ヘルプページへ進んでください。\nご不明な点はヘルプデスクまで。\n誠に恐れ入りますが、以下のURLからお手続きください。');
  });

  it('reads a り read for the U of URL, alone or beside it, and leaves り before other letters', () => {
    const form = extractFormData([
      line('H重要】お客様情報の確認', 60, { h: 26 }),
      line('ヘルプデスク <help@support-desk.test>', 100),
      line('2026/11/21 15:32', 124),
      line('以下のりRLからお手続きください。', 150),
      line('下記UりRLよりご確認ください。', 174),
      line('ご利用はりRLCの規約によります。', 198),
    ], { width: 1280, height: 800 });
    expect(form.body).toBe('以下のURLからお手続きください。\n下記URLよりご確認ください。\nご利用はりRLCの規約によります。');
  });
});

describe('subjects wrapped over several lines', () => {
  /** The Gmail app at 1×: a 375-px screen, the subject at 22 px, the sender's row and the message smaller. */
  const gmailApp = (subjectLines: ReturnType<typeof line>[]) => [
    line('20:05', 12, { x: 18, h: 12 }),
    ...subjectLines,
    line('⑧エポスカード事務局20:05', 180, { x: 16, h: 14 }),
    line('To 自分', 214, { x: 68, h: 14 }),
    line('From エポスカード事務局・', 266, { x: 80, h: 14 }),
    line('eposnet@p74sm8.top', 304, { x: 80, h: 14 }),
    line('〇〇様', 400, { x: 18, h: 16 }),
    line('エポスカードをご利用いただきありがとうございま', 440, { x: 18, h: 14 }),
    line('す。今月分のご利用代金のお支払いが確認できてお', 462, { x: 18, h: 14 }),
    line('りません。以下のURLからお手続きください。', 484, { x: 18, h: 14 }),
  ];

  it('reads a subject over three lines, and takes its end from the line the inbox chip follows', () => {
    const form = extractFormData(gmailApp([
      line('【重要】お客様の口座で不正な取', 60, { x: 18, h: 22 }),
      line('引の可能性が検知されました。ご', 86, { x: 18, h: 22 }),
      line('確認ください受信トレイ', 112, { x: 18, h: 22 }),
    ]), { width: 375, height: 812 });
    expect(form.subject).toBe('【重要】お客様の口座で不正な取引の可能性が検知されました。ご確認ください');
  });

  it('cuts the chip read partly as a kanji (「朋信トレイィ」) at its first small letter, not where its letters match', () => {
    const last = line('切れています朋信トレイィ', 86, { x: 18, h: 22 });
    for (let i = last.text.indexOf('朋'); i < last.charBoxes.length; i++) last.charBoxes[i] = { ...last.charBoxes[i]!, y: 93, h: 12 };
    last.box = { ...last.box, y: 84, h: 26 };
    const form = extractFormData(gmailApp([
      line('【重要】お支払い情報の有効期限が', 60, { x: 18, h: 22 }),
      last,
    ]), { width: 375, height: 812 });
    expect(form.subject).toBe('【重要】お支払い情報の有効期限が切れています');
  });

  it('takes a wrapped last line holding a word or two before the chip', () => {
    const last = line('更新剛呈品', 86, { x: 12, h: 18 });
    for (let i = 2; i < last.charBoxes.length; i++) last.charBoxes[i] = { ...last.charBoxes[i]!, y: 92, h: 9 };
    last.box = { ...last.box, y: 84, h: 21 };
    const form = extractFormData(gmailApp([line('【Yahoo!ショッピング】お支払い方法の', 60, { x: 18, h: 18 }), last]), { width: 375, height: 812 });
    expect(form.subject).toBe('【Yahoo!ショッピング】お支払い方法の更新');
  });

  it('reads past the folder list\'s icons that OCR lists between a web subject\'s two lines', () => {
    const form = extractFormData([
      line('三Gmail', 20, { x: 17, h: 18 }),
      line('【重要】お客様の口座で不正な取引の可能性が検知され', 122, { x: 333, h: 25 }),
      line('全ら攻3', 150, { x: 27, h: 40, confidence: 2 }),
      line('ました', 160, { x: 321, h: 25 }),
      line('スター付き', 190, { x: 28, h: 18 }),
      line('ゆうちょ銀行事務局', 210, { x: 262, h: 20 }),
      line('2026年11月25日13:57', 210, { x: 826, h: 20 }),
      line('〇〇様', 260, { x: 333, h: 20 }),
      line('ゆうちょ銀行をご利用いただきありがとうございます。', 300, { x: 333, h: 20 }),
      line('お客様の口座で不正な取引の可能性が検知されました。', 330, { x: 333, h: 20 }),
    ], { width: 1028, height: 720 });
    expect(form.subject).toBe('【重要】お客様の口座で不正な取引の可能性が検知されました');
  });

  it('takes the subject\'s last character wrapped alone, whose box is narrower than its advance', () => {
    const lone = line('て', 343, { x: 52, h: 44 });
    lone.charBoxes[0] = { ...lone.charBoxes[0]!, w: 43.5 };
    lone.box = { ...lone.box, w: 43.5 };
    const form = extractFormData([
      line('15:06', 72, { x: 106, h: 37 }),
      line('く受信', 168, { x: 60, h: 48 }),
      line('【東京ガス】ご利用料金のお支払いについ', 262, { x: 84, h: 52 }),
      lone,
      line('東京ガスカスタマーセンター', 462, { x: 200, h: 52 }),
      line('差出人: mytokyogas11@mail.tokyo-gas.xyz', 516, { x: 201, h: 46 }),
      line('〇〇様', 700, { x: 52, h: 40 }),
      line('いつも東京ガスをご利用いただき、誠にありがとうございます。', 780, { x: 52, h: 40 }),
      line('お支払いが確認できないため、供給を停止する場合がございます。', 840, { x: 52, h: 40 }),
    ], { width: 1146, height: 2562 });
    expect(form.subject).toBe('【東京ガス】ご利用料金のお支払いについて');
  });

  it('opens no chip gap after a full-width comma, whose ink fills only the left of its advance', () => {
    const first = line('お荷物のお届けに伺いましたが、ご不在でし', 88, { x: 17, h: 18 });
    const comma = first.text.indexOf('、');
    first.charBoxes[comma] = { ...first.charBoxes[comma]!, y: 100, w: 6, h: 6 };
    for (let i = comma + 1; i < first.charBoxes.length; i++) first.charBoxes[i] = { ...first.charBoxes[i]!, x: first.charBoxes[i]!.x + 2 };
    first.box = { ...first.box, w: first.box.w + 2 };
    const form = extractFormData(gmailApp([first, line('たので持ち帰りました', 111, { x: 18, h: 18 })]), { width: 395, height: 844 });
    expect(form.subject).toBe('お荷物のお届けに伺いましたが、ご不在でしたので持ち帰りました');
  });

  it('does not take the sender\'s row, made large by the avatar\'s letter, for the subject', () => {
    const form = extractFormData([
      line('【重要】お客様のアカウントがロッ', 57, { x: 77, h: 40 }),
      line('クされました', 122, { x: 54, h: 40 }),
      line('のNHK 20:56', 207, { x: 50, h: 60 }),
      line('To自分', 254, { x: 155, h: 30 }),
      line('From', 350, { x: 178, h: 20 }),
      line('jushinryo66@nhk-jushin.test', 349, { x: 295, h: 26 }),
      line('近藤陽菜様', 558, { x: 51, h: 32 }),
      line('いつもNHKをご利用いただき、誠にありがとう', 634, { x: 54, h: 32 }),
      line('ございます。お客様のアカウントがロックされ', 690, { x: 54, h: 32 }),
      line('ました。以下のリンクから手続きをお願いします。', 746, { x: 54, h: 32 }),
    ], { width: 790, height: 1512 });
    expect(form.subject).toBe('【重要】お客様のアカウントがロックされました');
  });

  it('does not take the sender\'s row, which ends with the time, for the end of a subject', () => {
    const form = extractFormData(gmailApp([
      line('エポスカード：未払い料金のお', 60, { x: 18, h: 22 }),
      line('知らせ', 86, { x: 18, h: 22 }),
      line('のエポスカード事務局20:05', 112, { x: 16, h: 22 }),
    ]), { width: 375, height: 812 });
    expect(form.subject).toBe('エポスカード:未払い料金のお知らせ');
  });

  it('ends the subject at a line shorter than the one above it', () => {
    // iOS Mail: the sender's name, bold and nearly as large, stands right below the subject's last line.
    const form = extractFormData([
      line('23:43', 12, { x: 35, h: 12 }),
      line('【重要】セキュリティ強化のため、お取', 88, { x: 28, h: 18 }),
      line('引目的の確認が必要です', 112, { x: 18, h: 18 }),
      line('三井住友銀行事務局', 140, { x: 22, h: 17 }),
      line('info@smbc-card.test', 164, { x: 22, h: 12 }),
      line('宛先: 自分', 184, { x: 22, h: 12 }),
      line('〇〇様', 220, { x: 18, h: 14 }),
      line('三井住友銀行をご利用いただきありがとうございます。', 250, { x: 18, h: 14 }),
      line('お取引目的の確認のため、以下よりお手続きください。', 272, { x: 18, h: 14 }),
      line('ご確認のほどよろしくお願いいたします。', 294, { x: 18, h: 14 }),
    ], { width: 390, height: 844 });
    expect(form.subject).toBe('【重要】セキュリティ強化のため、お取引目的の確認が必要です');
  });

  it('does not let a character box a pixel wide open a chip gap inside the subject', () => {
    const first = line('【重要】貯まったポイントが本日失', 60, { x: 18, h: 20 });
    const narrow = first.text.indexOf('ト');
    first.charBoxes[narrow] = { ...first.charBoxes[narrow]!, w: 0.7 };
    const form = extractFormData(gmailApp([first, line('効いたします', 82, { x: 18, h: 20 })]), { width: 375, height: 812 });
    expect(form.subject).toBe('【重要】貯まったポイントが本日失効いたします');
  });

  /** A subject line whose characters from `from` on are set in smaller, lower text (or given the line's full height). */
  const withSmallTail = (text: string, from: string, fullHeight: string[] = []) => {
    const subject = line(text, 60, { h: 26 });
    for (let i = subject.text.indexOf(from); i < subject.charBoxes.length; i++) {
      const box = subject.charBoxes[i]!;
      subject.charBoxes[i] = fullHeight.includes(subject.text[i]!) ? { ...box, y: 56, h: 36 } : { ...box, y: 68, h: 13 };
      if (fullHeight.includes(subject.text[i]!)) subject.charConfidences[i] = 80;
    }
    subject.box = { ...subject.box, y: 56, h: 36 };
    return subject;
  };
  const webMail = (subject: OcrLine) => extractFormData([
    subject,
    line('ヤマト運輸 <delivery@kuroneko.test>', 120),
    line('2026/11/21 15:32', 144),
    line('いつもヤマト運輸をご利用いただきありがとうございます。', 170),
    line('お荷物のお届けについて、以下よりご確認ください。', 194),
    line('ご確認のほどよろしくお願いいたします。', 218),
  ], { width: 1280, height: 800 });

  it('leaves out the chip and icons read as smaller characters set low right after the subject', () => {
    expect(webMail(withSmallTail('【ヤマト運輸】再配達のご案内展主還時計', '展', ['主', '還', '時', '計'])).subject).toBe('【ヤマト運輸】再配達のご案内');
    // An icon's edge read unsurely, with the line's full height, right before them.
    expect(webMail(withSmallTail('【ヤマト運輸】不在通知上誠征記本', '上', ['上', '征', '記', '本'])).subject).toBe('【ヤマト運輸】不在通知');
    expect(webMail(withSmallTail('[注意]セゾンカード:お客様情報の確認斉計トレィ', '斉', ['ィ'])).subject).toBe('[注意]セゾンカード:お客様情報の確認');
    // Small kana and a long vowel mark at the end are the subject's own.
    expect(webMail(withSmallTail('【重要】アカウントのセキュリティー', 'ィ')).subject).toBe('【重要】アカウントのセキュリティー');
  });

  it('keeps a colon told by its shape when a chip is cut off the subject', () => {
    const subject = line('【要返信】ヤマト運輸・お客様情報の確認吾計レイメ', 60, { h: 26 });
    const dot = subject.text.indexOf('・');
    subject.charBoxes[dot] = { ...subject.charBoxes[dot]!, y: 64, h: 14 };
    for (let i = subject.text.indexOf('吾'); i < subject.charBoxes.length; i++) subject.charBoxes[i] = { ...subject.charBoxes[i]!, x: subject.charBoxes[i]!.x + 40 };
    subject.box.w += 40;
    const form = extractFormData([
      subject,
      line('ヤマト運輸 <info@yamato-ex.test>', 100),
      line('2026/11/21 15:32', 124),
      line('いつもヤマト運輸をご利用いただきありがとうございます。', 150),
      line('お客様情報の確認のため、以下よりお手続きください。', 174),
      line('ご確認のほどよろしくお願いいたします。', 198),
    ], { width: 1280, height: 800 });
    expect(form.subject).toBe('【要返信】ヤマト運輸:お客様情報の確認');
  });

  it.each([['今ll 78%'], ['全wl 789'], ['人wl3096'], ['くYahooiメール']])('never takes the status bar or the app\'s title %s for the subject', (chrome) => {
    expect(isChrome({ text: chrome, line: line(chrome, 10, { x: 250, h: 30 }) })).toBe(true);
    const form = extractFormData([
      line(chrome, 10, { x: 250, h: 30 }),
      line('【JCBカード】ご利用確認のお願い', 90, { x: 18, h: 22 }),
      line('差出人: JCBカード <myjcb98@myjcb-jp.top>', 130, { h: 14 }),
      line('〇〇様', 200, { x: 18, h: 14 }),
      line('JCBカードをご利用いただきありがとうございます。', 230, { x: 18, h: 14 }),
      line('ご利用確認のため、以下よりお手続きください。', 252, { x: 18, h: 14 }),
      line('ご確認のほどよろしくお願いいたします。', 274, { x: 18, h: 14 }),
    ], { width: 390, height: 844 });
    expect(form.subject).toBe('【JCBカード】ご利用確認のお願い');
  });
});

describe('a card\'s label as OCR reads it', () => {
  it.each(['カード示尾:ババ9443', 'カード未尾:****1234'])('masks the card after 「%s」, its 末 misread', (read) => {
    const form = extractFormData([
      line('090-3817-2264', 120, { x: 120 }),
      line('【三井住友カード】ご利用代金のお支払いが確認できておりません。', 250),
      line(read, 275),
    ], PHONE_SCREEN);
    expect(form.body).toBe('【三井住友カード】ご利用代金のお支払いが確認できておりません。\nカード末尾:（カード番号）');
  });
});

describe('subjects beside web mail\'s lists, and chips told by their size', () => {
  /** Outlook on the web: the folder list, then the message list, then the message's own column from x = 1080. */
  const outlookBody = (y: number) => [
    line('いつもゆうちょ銀行をご利用いただき、誠にありがとうございます。', y, { x: 1082, h: 24 }),
    line('お客様のアカウントがロックされました。お客様の安全のため、以下のリンク', y + 50, { x: 1082, h: 24 }),
    line('から手続きをお願いいたします。今後ともよろしくお願いいたします。', y + 100, { x: 1082, h: 24 }),
  ];

  it('never takes a line read with little confidence for the subject, nor lets such lines use up the search', () => {
    const form = extractFormData([
      line('Outlook', 17, { x: 17, h: 14 }),
      line('Q検索', 18, { x: 233, h: 14 }),
      line('問電識', 66, { x: 18, h: 44, confidence: 0 }),
      // The message list's avatars and unread count, read as text, taller than the subject.
      line('| 5590て', 57, { x: 175, h: 49, confidence: 2 }),
      line('【国税庁】還付金のお知らせ', 74, { x: 553, h: 24 }),
      line('送信済みアイテム', 150, { x: 18, h: 16 }),
      line('松本智子様', 174, { x: 540, h: 18 }),
      line('国税庁をご利用いただきありがとうございます。', 203, { x: 541, h: 16 }),
      line('未払いの税金があります。差押え予告のお知らせです。', 235, { x: 541, h: 16 }),
      line('今後ともよろしくお願いいたします。', 425, { x: 541, h: 16 }),
    ], { width: 1180, height: 760 });
    expect(form.subject).toBe('【国税庁】還付金のお知らせ');
    // A capture cut through a banner and the message list: their row, read as one unsure line, is larger still.
    const cut = extractFormData([
      line('幸編集部ご15:00打ち合わせ【会譲至Bリ', 0, { x: 246, h: 37, confidence: 41 }),
      line('言トレイ', 24, { x: 43, h: 17 }),
      line('【重要】Apple:お客様情報の確認', 30, { x: 556, h: 33 }),
      line('Appleカスタマーセンター', 76, { x: 592, h: 20 }),
      line('宛先: 3fsyoshida608@ezweb.example', 130, { x: 593, h: 25 }),
      line('森健太様', 176, { x: 577, h: 18 }),
      line('Appleをご利用いただきありがとうございます。', 216, { x: 540, h: 27 }),
      line('お客様のアカウントがロックされました。誠に恐れ入りますが、ご本人様確認', 256, { x: 542, h: 27 }),
      line('のため、下記URLへアクセスしてください。', 285, { x: 542, h: 26 }),
    ], { width: 1200, height: 716 });
    expect(cut.subject).toBe('【重要】Apple:お客様情報の確認');
  });

  it('takes no line of the message list for the subject, and ends a subject shorter than the message\'s lines before the sender\'s row', () => {
    const form = extractFormData([
      line('受信トレイ', 60, { x: 38, h: 28 }),
      // The message list: the unread count and a sender, set larger than the subject.
      line('16社内報編集部', 48, { x: 342, h: 34 }),
      line('[注意]Apple:未払い料金のお知らせ', 82, { x: 1084, h: 31 }),
      line('12月号の原稿締め切りについて', 96, { x: 451, h: 28 }),
      line('Appleカスタマーセンター', 130, { x: 1080, h: 31 }),
      line('<no_reply@6efaaz.test>', 175, { x: 1185, h: 19 }),
      line('佐々木健太様', 230, { x: 1080, h: 27 }),
      ...outlookBody(290),
    ], { width: 2424, height: 1451 });
    expect(form.subject).toBe('[注意]Apple:未払い料金のお知らせ');
  });

  it('reads a web subject wrapped past the message list\'s line that OCR lists between its two lines', () => {
    const form = extractFormData([
      line('Outlook', 36, { x: 74, h: 28 }),
      line('【重要】ワンタイムパスワードの再設定が完', 180, { x: 1084, h: 40 }),
      line('|ゅうちょ銀行カスタマーセ…', 213, { x: 457, h: 36, confidence: 74 }),
      line('了していません', 230, { x: 1084, h: 40 }),
      line('ゆうちょ銀行カスタマーセンター', 300, { x: 1160, h: 30 }),
      line('宛先:小林修', 340, { x: 1160, h: 30 }),
      ...outlookBody(420),
    ], { width: 2050, height: 1499 });
    expect(form.subject).toBe('【重要】ワンタイムパスワードの再設定が完了していません');
  });

  it('takes no icons above the subject, at the screen\'s right, for its first half', () => {
    const form = extractFormData([
      line('回」回oo', 60, { x: 255, h: 30, confidence: 67 }),
      line('Yahoo!ショッピング:未払', 113, { x: 16, h: 30 }),
      line('い料金のお知らせ', 146, { x: 19, h: 30 }),
      line('外部の送信者からのメールです。リン', 200, { x: 25, h: 18 }),
      line('クを開く際はご注意ください。', 228, { x: 26, h: 18 }),
      line('宛先:田中和志', 334, { x: 31, h: 18 }),
      line('いつもYahoo!ショッピングをご利', 433, { x: 19, h: 18 }),
      line('用いただき、誠にありがとうございます。', 460, { x: 19, h: 18 }),
      line('お支払いが確認できないため、ご注文を保留', 487, { x: 19, h: 18 }),
    ], { width: 374, height: 667 });
    expect(form.subject).toBe('Yahoo!ショッピング:未払い料金のお知らせ');
  });

  it('takes no next header row for the subject\'s wrapped end, though its English part is set smaller than the label', () => {
    const from = line('差出人Amazon', 144, { x: 15, h: 16 });
    for (let i = 3; i < from.charBoxes.length; i++) from.charBoxes[i] = { ...from.charBoxes[i]!, y: 149, h: 11 };
    from.box = { ...from.box, y: 142, h: 20 };
    const form = extractFormData([
      line('15:52', 10, { x: 35, h: 12 }),
      line('くYahoo!メール', 60, { x: 20, h: 24 }),
      line('【緊急】Amazon:ご利用停止のお知らせ', 110, { x: 25, h: 24 }),
      from,
      line('宛先t-shimizu.73@gmail.example', 164, { x: 15, h: 12 }),
      line('日時2026年11月25日15:52', 182, { x: 16, h: 16 }),
      line('いつもAmazonをご利用いただき、誠にありがとうござ', 230, { x: 15, h: 19 }),
      line('います。お客様のアカウントで異常なログインが検', 255, { x: 15, h: 19 }),
      line('出されました。以下よりご確認ください。', 280, { x: 15, h: 19 }),
    ], { width: 381, height: 854 });
    expect(form.subject).toBe('【緊急】Amazon:ご利用停止のお知らせ');
  });

  it('opens no chip gap before characters as tall as the subject\'s, whose boxes tesseract placed late', () => {
    const subject = line('【緊急】水道局からのお知らせ', 60, { h: 26 });
    for (let i = subject.text.indexOf('知'); i < subject.charBoxes.length; i++) subject.charBoxes[i] = { ...subject.charBoxes[i]!, x: subject.charBoxes[i]!.x + 26 };
    // The line's box holds the descenders: its characters are shorter than it.
    subject.box = { ...subject.box, y: 56, w: subject.box.w + 26, h: 34 };
    const form = extractFormData([
      subject,
      line('水道局事務局 <info@vj82xe.example>', 100),
      line('2026/11/23 22:33', 124),
      line('いつも水道局をご利用いただきありがとうございます。', 150),
      line('お支払いが確認できないため、給水を停止する場合がございます。', 174),
      line('以下のURLからお手続きください。', 198),
    ], { width: 1280, height: 800 });
    expect(form.subject).toBe('【緊急】水道局からのお知らせ');
  });

  it('cuts a chip at its first gap when its own letters are set apart as well', () => {
    const subject = line('【重要】NHKからのお知らせ受信トレイメ', 60, { h: 26 });
    const chip = subject.text.indexOf('受');
    for (let i = chip; i < subject.charBoxes.length; i++) {
      const last = i === subject.charBoxes.length - 1;
      subject.charBoxes[i] = { ...subject.charBoxes[i]!, x: subject.charBoxes[i]!.x + (last ? 60 : 30), y: 66, h: last ? 10 : 14 };
    }
    subject.box.w += 60;
    const form = extractFormData([
      subject,
      line('NHK <info06@tqzv6e.top>', 100),
      line('2026年11月22日9:58', 124),
      line('いつもNHKをご利用いただきありがとうございます。', 150),
      line('受信料のお支払いが確認できておりません。', 174),
      line('以下のURLからお手続きください。', 198),
    ], { width: 1280, height: 800 });
    expect(form.subject).toBe('【重要】NHKからのお知らせ');
  });

  it('reads a subject on past a line ending in 、, whose box ends at the mark\'s ink, half a character short', () => {
    const first = line('お支払いが確認できないため、', 122, { x: 30, h: 25 });
    const comma = first.text.indexOf('、');
    first.charBoxes[comma] = { ...first.charBoxes[comma]!, y: 139, w: 8, h: 8 };
    first.box = { ...first.box, w: first.box.w - 17 };
    const form = extractFormData([
      line('20:14', 30, { x: 47, h: 12 }),
      first,
      line('供給を停止する場合がございま', 153, { x: 29, h: 25 }),
      line('す', 190, { x: 30, h: 24 }),
      line('外部の送信者からのメールです。リンク', 241, { x: 37, h: 18 }),
      line('東京ガス事務局', 315, { x: 81, h: 20 }),
      line('宛先:', 401, { x: 81, h: 18 }),
      line('佐々木陽菜様', 479, { x: 29, h: 20 }),
      line('平素より東京ガスをご愛顧いただ', 529, { x: 29, h: 20 }),
      line('き、ありがとうございます。', 561, { x: 31, h: 20 }),
      line('お支払いが確認できないため、供給', 612, { x: 30, h: 20 }),
    ], { width: 420, height: 855 });
    expect(form.subject).toBe('お支払いが確認できないため、供給を停止する場合がございます');
  });

  it('takes a wrapped last line whose chip, set apart by a gap, its size rule cannot tell', () => {
    const last = line('願い人kレイィ', 86, { x: 12, h: 22 });
    // 願 given the line's full height, い its own short box; the chip's letters smaller, after a gap.
    last.charBoxes[1] = { ...last.charBoxes[1]!, y: 89.4, h: 13.3 };
    // As read at 3×: the chip's letters a little smaller and lower (人 0.9 of い), too little for the size rule.
    const chip: Array<[number, number]> = [[93.1, 11.9], [93.6, 10.5], [94.5, 9.2], [93.6, 10.5], [93.6, 10.5]];
    chip.forEach(([y, h], k) => {
      last.charBoxes[k + 2] = { ...last.charBoxes[k + 2]!, x: last.charBoxes[k + 2]!.x + 30, y, h };
    });
    last.box.w += 30;
    const form = extractFormData([
      line('20:05', 12, { x: 18, h: 12 }),
      line('【ゆうちょ銀行】お取引目的等の確認のお', 60, { x: 18, h: 22 }),
      last,
      line('ゆうちょ銀行カスタマーセンター20:05', 180, { x: 56, h: 14 }),
      line('To 自分', 214, { x: 68, h: 14 }),
      line('〇〇様', 400, { x: 18, h: 16 }),
      line('ゆうちょ銀行をご利用いただきありがとうございます。', 440, { x: 18, h: 14 }),
      line('お取引目的等の確認のため、以下よりお手続きくださ', 462, { x: 18, h: 14 }),
      line('い。ご確認のほどよろしくお願いいたします。', 484, { x: 18, h: 14 }),
    ], { width: 450, height: 974 });
    expect(form.subject).toBe('【ゆうちょ銀行】お取引目的等の確認のお願い');
  });
});

describe('greetings as OCR reads them', () => {
  it.each([
    ['坂本_誠様', '〇〇様'],
    ['井上翔太接', '〇〇様'],
    ['イトウハナコ機', '〇〇様'],
  ])('keeps the recipient\'s name in 「%s」 out of the message', (greeting, masked) => {
    const form = extractFormData([
      line('From info@r-mobile.test', 60, { x: 20, h: 16 }),
      line('件名 【楽天モバイル】ご利用料金のお知らせ', 84, { x: 20, h: 16 }),
      line(greeting, 140, { x: 20, h: 18 }),
      line('楽天モバイルをご利用いただきありがとうございます。', 170, { x: 20, h: 18 }),
    ], PHONE_SCREEN);
    expect(form.body?.split('\n')[0]).toBe(masked);
  });

  it('leaves a line of two kanji words alone, and drops a carrier mail\'s 「保護」 button', () => {
    const form = extractFormData([
      line('From info@r-mobile.test', 60, { x: 20, h: 16 }),
      line('件名 【楽天モバイル】ご利用料金のお知らせ', 84, { x: 20, h: 16 }),
      line('楽天モバイルをご利用いただきありがとうございます。', 140, { x: 20, h: 18 }),
      line('面接', 170, { x: 20, h: 18 }),
      line('返信', 400, { x: 24, h: 12 }),
      line('保護', 400, { x: 340, h: 12 }),
    ], PHONE_SCREEN);
    expect(form.body).toBe('楽天モバイルをご利用いただきありがとうございます。\n面接');
  });
});

describe('web mail cut above its header', () => {
  // Outlook on the web, 2×, the capture cut through the greeting: no label, no app name left.
  const reading = (width: number, height: number, size: number) => [
    line('削除済みアイテム', 0, { x: 38, h: 23 }),
    line('村上', 0, { x: 1082, h: 22 }),
    line('癌斗様', 0, { x: 1153, h: 22, confidence: 30 }),
    line('システム管理者', 54, { x: 450, h: 21 }),
    line('東京電力エナジーパートナーをご利用いただきありがとうございます。', 53, { x: 1082, h: size }),
    line('メンテナンスのお知らせ(11/3…', 79, { x: 451, h: 21 }),
    line('今月分のご利用料金が未納となっております。ご本人様確認のため、', 109, { x: 1082, h: size }),
    line('https://bmw4kp.xyz/verify/sp/track/secure?token=n2YNMAntGkDj2ufXAN', 172, { x: 1081, h: size }),
    line('お問い合わせ番号:2649-1815-1871', 224, { x: 1082, h: size }),
    line('ご不便をおかけし申し訳ございません。', 436, { x: 1084, h: size }),
  ].map((entry) => ({ ...entry, box: { ...entry.box, x: entry.box.x * width / 2528 } }));

  it('reads a desktop page (wide, with small text) as a mail, keeping the message whole', () => {
    const form = extractFormData(reading(2528, 1253, 33), { width: 2528, height: 1253 });
    expect(form.source_phone).toBeNull();
    expect(form.body).toContain('https://bmw4kp.xyz/verify/sp/track/secure?token=n2YNMAntGkDj2ufXAN');
    expect(form.body).toContain('東京電力エナジーパートナーをご利用いただきありがとうございます。');
  });

  it('still reads a phone\'s capture cut short below, as wide as a desktop page, as a message', () => {
    const form = extractFormData([
      line('12:52', 21, { x: 37, h: 21 }),
      line('< 080-5433-0293', 92, { x: 35, h: 40 }),
      line('連絡先未登録', 141, { x: 97, h: 21 }),
      line('水曜日', 216, { x: 381, h: 24 }),
      line('【JCBカード】カードのご利用を一時的に制限', 300, { x: 60, h: 26 }),
      line('させていただいております。以下のURLか', 340, { x: 60, h: 26 }),
      line('らお手続きください。', 380, { x: 60, h: 26 }),
    ], { width: 834, height: 463 });
    expect(form.source_phone).toBe('080-5433-0293');
  });
});

describe('sender addresses', () => {
  it('joins a wrapped address with the line under it in its column, past the other columns\' lines listed between', () => {
    // Outlook on the web, 1×: folder list, message list and reading pane side by side. The avatar's
    // mark read into the sender's line makes it taller than its text.
    const sender = line('の東京電力エナジーパートナー<info10@tepco-', 121, { x: 540, h: 18 });
    sender.box = { ...sender.box, h: 40 };
    const form = extractFormData([
      line('社内報編集部', 50, { x: 224, h: 17 }),
      line('16月紀の原衝締め切りについて', 70, { x: 171, h: 17 }),
      line('東京電力エナジーパートナーからのお知らせ', 75, { x: 541, h: 24 }),
      line('迷惑メール', 105, { x: 19, h: 17 }),
      line('東京電力エナジーパートナ…', 121, { x: 228, h: 17 }),
      sender,
      line('2026/11/24 23:25', 127, { x: 1040, h: 16 }),
      line('書き', 151, { x: 39, h: 14 }),
      line('東京電力エナジーパートナーからの…', 146, { x: 228, h: 14 }),
      line('mypage.example>', 154, { x: 594, h: 16 }),
      line('宛先: s-kobayashi.09@icloud.example', 175, { x: 593, h: 16 }),
      line('スズキミサキ様', 221, { x: 542, h: 18 }),
      line('いつも東京電力エナジーパートナーをご利用いただき、ありがとうございます。', 260, { x: 542, h: 18 }),
    ], { width: 1204, height: 760 });
    expect(form.source_email).toBe('info10@tepco-mypage.example');
  });

  it('leaves the recipient\'s address on the line below a lone 宛先 label out of the message', () => {
    // iOS Mail, 2×: each label alone on its line, its value below it.
    const form = extractFormData([
      line('11:57', 46, { x: 72, h: 26 }),
      line('<受信', 118, { x: 39, h: 41 }),
      line('【東京ガス】ご利用料金のお', 198, { x: 67, h: 51 }),
      line('支払いについて', 270, { x: 34, h: 51 }),
      line('東京ガス事務局11月24日11:57', 369, { x: 26, h: 36 }),
      line('差出人:', 442, { x: 135, h: 30 }),
      line('mytokyogas@mail.mytokyogas.xyz', 509, { x: 137, h: 41 }),
      line('宛先:', 559, { x: 135, h: 30 }),
      line('pftyamamoto745@mail.example', 625, { x: 137, h: 41 }),
      line('松本拓也様', 728, { x: 34, h: 41 }),
      line('いつも東京ガスをご利用いただき、', 817, { x: 38, h: 41 }),
      line('誠にありがとうございます。', 890, { x: 34, h: 41 }),
    ], { width: 768, height: 1688 });
    expect(form.source_email).toBe('mytokyogas@mail.mytokyogas.xyz');
    expect(form.body).toBe('〇〇様\nいつも東京ガスをご利用いただき、誠にありがとうございます。');
  });

  it('leaves the recipient\'s address under a To line with the name out of the message, past a mark on the row', () => {
    const form = extractFormData([
      line('東京ガスからのお知らせ', 112, { x: 17, h: 22 }),
      line('東京ガス', 155, { x: 69, h: 17 }),
      line('info@mail.mytokyogas.test', 180, { x: 69, h: 16 }),
      line('宛先: 石川美咲', 203, { x: 69, h: 14 }),
      line('・', 201, { x: 330, h: 2, confidence: 55 }),
      line('<yui.watanabe85@softbank.test>', 225, { x: 69, h: 15 }),
      line('石川美咲様', 264, { x: 17, h: 18 }),
      line('平素より東京ガスをご愛顧いただき、ありがとうございます。', 300, { x: 17, h: 18 }),
    ], PHONE_SCREEN);
    expect(form.body).toBe('〇〇様\n平素より東京ガスをご愛顧いただき、ありがとうございます。');
  });

  it.each([['_宛先:遠藤奈々', true], ['人玩先:吉田裕子', true], ['発先:吉田格子', true], ['宛先住所に不備がございます', false], ['出発先を選んでください', false]])(
    'reads %s as a To label: %s', (text, label) => {
      expect(TO_LABEL.test(text)).toBe(label);
    },
  );

  it('knows a mail by its To line read with a mark before 宛先, and keeps the recipient\'s name out', () => {
    // Outlook mobile, 2×: no other label, the avatar read before the address, a mark before 宛先.
    const form = extractFormData([
      line('セゾンカード:お客様情報の', 224, { x: 34, h: 57 }),
      line('確認', 292, { x: 32, h: 51 }),
      line('外部の送信者からのメールです。リン', 406, { x: 50, h: 37 }),
      line('クを開く際はご注意ください。', 454, { x: 53, h: 36 }),
      line('セゾンカード事務局', 543, { x: 138, h: 44 }),
      line('他》netanswer13@evubnj.test 13:52', 600, { x: 32, h: 42 }),
      line('_宛先:遠藤奈々', 668, { x: 68, h: 44 }),
      line('お客様各位', 764, { x: 36, h: 43 }),
      line('いつもセゾンカードをご利用いた', 871, { x: 38, h: 43 }),
      line('だき、誠にありがとうございま', 936, { x: 34, h: 43 }),
      line('す。', 1004, { x: 36, h: 43 }),
    ], { width: 768, height: 1664 });
    expect(form.source_email).toBe('netanswer13@evubnj.test');
    expect(form.subject).toBe('セゾンカード:お客様情報の確認');
    expect(form.body).not.toContain('遠藤');
  });

  it('joins a wrapped address past the sender\'s avatar read at the start of the next line', () => {
    // Outlook mobile, 2×: the avatar's letter sits left of the sender's name and address.
    const read = (next: string, x: number) => extractFormData([
      line('楽天市場', 640, { x: 174, h: 42 }),
      line('info@mail.rakuten-', 705, { x: 176, h: 37 }),
      line(next, 726, { x, h: 40 }),
      line('9:59', 760, { x: 684, h: 28 }),
      line('宛先:', 801, { x: 83, h: 40 }),
      line('sato_tak8137@ezweb.example', 872, { x: 174, h: 39 }),
      line('鈴木恵様', 962, { x: 70, h: 40 }),
      line('楽天市場をご利用いただきありが', 1069, { x: 70, h: 42 }),
      line('とうございます。', 1128, { x: 76, h: 42 }),
    ], { width: 826, height: 1556 });
    expect(read('楽. ichiba.xyz', 109).source_email).toBe('info@mail.rakuten-ichiba.xyz');
    // Marks set in the address's own column are read, not skipped.
    expect(read('楽. ichiba.xyz', 176).source_email).toBe('info@mail.rakuten');
  });

  it('joins a wrapped address whose last dot was read as a colon', () => {
    const form = extractFormData([
      line('[注意]NHKからのお知らせ', 60, { h: 26 }),
      line('From', 100, { x: 40, h: 14 }),
      line('NHKカスタマーセンター・jushinryo31@nhk-', 98, { x: 70, h: 18 }),
      line('pay:top', 118, { x: 40, h: 14 }),
      line('To m.sato@mail.example', 140, { x: 40, h: 14 }),
      line('いつもNHKをご利用いただきありがとうございます。', 200),
      line('お手数ですが、下記URLよりご確認をお願いいたします。', 224),
    ], { width: 390, height: 844 });
    expect(form.source_email).toBe('jushinryo31@nhk-pay.top');
  });

  it('joins an address cut mid-word where the next line completes its host, past a mark read beside it', () => {
    const carrier = extractFormData([
      line('From', 85, { x: 28, h: 16 }),
      line('mysoftbank@mail.sb-supp', 82, { x: 110, h: 22 }),
      line('ort.xyz', 110, { x: 110, h: 20 }),
      line('To', 140, { x: 25, h: 16 }),
      line('r3togawa490@i.softbank.test', 138, { x: 110, h: 22 }),
      line('件名', 180, { x: 25, h: 16 }),
      line('【重要】貯まったポイントが本日失効いたします', 178, { x: 110, h: 22 }),
      line('いつもSoftBankをご利用いただき、誠にありがとうございます。', 240),
    ], { width: 393, height: 802 });
    expect(carrier.source_email).toBe('mysoftbank@mail.sb-support.xyz');
    const outlook = extractFormData([
      line('【重要】今月分のご利用料金が未納となっております', 56, { x: 16, h: 20 }),
      line('東京ガス', 137, { x: 34, h: 18 }),
      line('東mytokyogas@mail.tokyo-', 155, { x: 8, h: 19 }),
      line('1っ', 162, { x: 164, h: 7, confidence: 12 }),
      line('gas.example', 169, { x: 34, h: 10 }),
      line('宛先:加藤翔太', 180, { x: 34, h: 15 }),
      line('東京ガスをご利用いただき、誠にありがとうございます。', 240),
    ], { width: 390, height: 844 });
    expect(outlook.source_email).toBe('mytokyogas@mail.tokyo-gas.example');
    // A host that ends in its top-level domain is whole: the next line is not part of it.
    const whole = extractFormData([
      line('From', 85, { x: 28, h: 16 }),
      line('no-reply@amazon-co-', 82, { x: 110, h: 22 }),
      line('jp.test', 110, { x: 110, h: 20 }),
      line('To', 136, { x: 25, h: 16 }),
      line('件名 【Amazon】本人確認', 180, { x: 25, h: 16 }),
      line('いつもAmazonをご利用いただき、誠にありがとうございます。', 240),
    ], { width: 393, height: 802 });
    expect(whole.source_email).toBe('no-reply@amazon-co-jp.test');
  });

  it('joins an address the screen wrapped onto the next line', () => {
    const form = extractFormData([
      line('【みずほ銀行】重要なお知らせ', 60, { h: 26 }),
      line('差出人みずほ銀行事務局<notice@mail.mizuho-', 100),
      line('direct.example>', 124),
      line('宛先 taro.mori26@mail.example', 150),
      line('いつもみずほ銀行をご利用いただき、ありがとうございます。', 200),
      line('お手数ですが、下記URLよりご確認をお願いいたします。', 224),
      line('https://mizuho-direct.example/login', 248),
    ], { width: 390, height: 844 });
    expect(form.source_email).toBe('notice@mail.mizuho-direct.example');
    expect(form.subject).toBe('【みずほ銀行】重要なお知らせ');
  });
  it('joins an address the screen wrapped twice', () => {
    const form = extractFormData([
      line('【要返信】ヤマト運輸：お客様情報の確認', 60, { h: 26, charConfidence: 99 }),
      line('差出人: no-', 100),
      line('reply36@mail.yamato-', 124),
      line('ex.example>', 148),
      line('宛先: taro.mori26@mail.example', 180),
      line('いつもヤマト運輸をご利用いただき、ありがとうございます。', 220),
      line('お手数ですが、下記URLよりご確認をお願いいたします。', 244),
    ], { width: 359, height: 780 });
    expect(form.source_email).toBe('no-reply36@mail.yamato-ex.example');
  });

  it('takes the sender from a piece of the header\'s last row that OCR listed after it, and leaves it out of the body', () => {
    const form = extractFormData([
      line('【三井住友銀行】重要なお知らせ', 152, { x: 1106, h: 40, charConfidence: 99 }),
      line('三井住友銀行', 236, { x: 1187 }),
      line('2026/11/24 19:25', 239, { x: 2134 }),
      line('けけ<info65@mail.sumitomo-bank.test>', 237, { x: 1335 }),
      line('加藤健様', 300, { x: 1187 }),
      line('三井住友銀行をご利用いただきありがとうございます。', 340, { x: 1187 }),
      line('お客様情報の確認のため、以下よりお手続きください。', 364, { x: 1187 }),
    ], { width: 2400, height: 1520 });
    expect(form.source_email).toBe('info65@mail.sumitomo-bank.test');
    expect(form.body).not.toContain('@');
    expect(form.body?.startsWith('〇〇様')).toBe(true);
  });
});

describe('address repairs', () => {
  it.each([
    ['ttps://example.test/a', 'https://example.test/a'],
    ['https//example.test/a', 'https://example.test/a'],
    ['https:/example.test/a', 'https://example.test/a'],
    ['https7/example.test/a', 'https://example.test/a'],
    ['https:/んwumm49v.top/update/?key=P8Hm', 'https://wumm49v.top/update/?key=P8Hm'],
    ['https://example.test/retry7order=1', 'https://example.test/retry?order=1'],
    ['user.nameのmail.example', 'user.name@mail.example'],
    ['aya@maiLtest', 'aya@mail.test'],
    ['notice@maiLmizuho-direct.example', 'notice@mail.mizuho-direct.example'],
    ['<shopping@k29ugrtop>', '<shopping@k29ugr.top>'],
    ['https://m.yahoo-shopping-2artop/redeliv', 'https://m.yahoo-shopping-2ar.top/redeliv'],
    ['notice@mail.mizuhobank-jp.exampie', 'notice@mail.mizuhobank-jp.example'],
    ['info@sagawa.name', 'info@sagawa.name'],
    ['https://amazOn-account.9bxbn.top/mypage/2token=Z7Wg', 'https://amaz0n-account.9bxbn.top/mypage/?token=Z7Wg'],
    ['https://kokuzei-info.fxeee.XyZ/track', 'https://kokuzei-info.fxeee.xyz/track'],
    ['https://web.rakuten.xyz/login/sp/Zc=bKJg', 'https://web.rakuten.xyz/login/sp/?c=bKJg'],
    ['http://apple-id.xyz/update/sp72c=sdNd', 'http://apple-id.xyz/update/sp/?c=sdNd'],
    ['https://r-mobile.example/?Zno=bFLD', 'https://r-mobile.example/?no=bFLD'],
    ['https://my.r-card.example/billing/?reEbu6ru&v=2', 'https://my.r-card.example/billing/?ref=bu6ru&v=2'],
    ['https://amazn-jp.test/member/|ogin?x=1', 'https://amazn-jp.test/member/login?x=1'],
    ['Https:/k9n4h.xyz', 'https://k9n4h.xyz'],
    ['https://gsm424vu4.example/notice?7key=GUMFe', 'https://gsm424vu4.example/notice?key=GUMFe'],
    ['https://m.sumitomo-bank.xyz/login/?regpXYgr', 'https://m.sumitomo-bank.xyz/login/?ref=gpXYgr'],
    ['https://www.mytokyogas.xyz/?reほたPBTW37&v=2', 'https://www.mytokyogas.xyz/?ref=PBTW37&v=2'],
    ['https://my.r-card.example/billing/?ref=bu6ru&v=2', 'https://my.r-card.example/billing/?ref=bu6ru&v=2'],
    ['https://qf7sn.examplenotice/member/?u=St0F', 'https://qf7sn.example/notice/member/?u=St0F'],
    ['<mydocomo@7dhz26.xy2>', '<mydocomo@7dhz26.xyz>'],
    ['center@4xnd95.xyzZ>', 'center@4xnd95.xyz>'],
    ['info@sagawa.com', 'info@sagawa.com'],
    ['shopping64@④qhtj3kxyz', 'shopping64@qhtj3k.xyz'],
    // The question mark read twice after a slash, as 2/7/Z and as itself (also with spaces read after slashes).
    ['https://sp.etc.example/billing/redeliv/7?token=fbrT5N', 'https://sp.etc.example/billing/redeliv/?token=fbrT5N'],
    ['https://fk2j7.xyz/verify/billing/2?c=ryW2', 'https://fk2j7.xyz/verify/billing/?c=ryW2'],
    ['https://sp.etc.example/ billing/ redeliv/ 7?token=fbrT5N', 'https://sp.etc.example/ billing/ redeliv/ ?token=fbrT5N'],
    // 「?ref=」 read as 「2re」 or 「2reE」 after the last slash, in a URL left with no query.
    ['https://amazn-jp.qsmy.test/2reJ50GLRKLt', 'https://amazn-jp.qsmy.test/?ref=J50GLRKLt'],
    ['https://4s8d94.xyz/mypage/2reEm53N0V3i&v=2', 'https://4s8d94.xyz/mypage/?ref=m53N0V3i&v=2'],
    ['https://a.example/2/?c=x2', 'https://a.example/2/?c=x2'],
    // The = of a pair read as kana; not where the pair has its =, nor after 「reE」 (f= run together: the kana goes, and the next pass's f= rule reads 「?ref=」).
    ['https://2ez9six3.xyz/notice/?refたKSQvLD', 'https://2ez9six3.xyz/notice/?ref=KSQvLD'],
    ['https://a.example/?id=12&tokenほAb3x', 'https://a.example/?id=12&token=Ab3x'],
    ['https://web.tokyo-gas-exs.xyz/?reEたbuCFWC', 'https://web.tokyo-gas-exs.xyz/?reEbuCFWC'],
  ])('%s → %s', (read, repaired) => {
    expect(repairAddressText(read)).toBe(repaired);
  });

  it('puts back the @ lost between a sender address\'s usual first part and its host, inside the brackets', () => {
    expect(findSenderAddress('差出人楽天カード事務局<infor-card-jp.top>')).toBe('info@r-card-jp.top');
    expect(findSenderAddress('②③セゾンカード事務局<infosaison-netanswertop>')).toBe('info@saison-netanswer.top');
    expect(findSenderAddress('差出人: 情報センター<infomation>')).toBeNull();
  });

  it('reads an unlabelled web mail sender whose @ was lost after 「info」', () => {
    const form = extractFormData([
      line('三Gmail', 20, { x: 17, h: 18 }),
      line('[注意]セゾンカード:お客様情報の確認', 122, { x: 318, h: 25 }),
      line('受信トレイ', 150, { x: 28, h: 18 }),
      line('②③セゾンカード事務局<infosaison-netanswertop>', 165, { x: 264, h: 20 }),
      line('To d-hayashi.10@softbank.test', 196, { x: 317, h: 13 }),
      line('〇〇様', 240, { x: 318, h: 18 }),
      line('セゾンカードをご利用いただきありがとうございます。', 270, { x: 318, h: 18 }),
      line('お客様のカードに不正利用の疑いがある取引を確認いたしました。', 300, { x: 318, h: 18 }),
    ], { width: 1192, height: 760 });
    expect(form.source_email).toBe('info@saison-netanswer.top');
  });

  it('reads a From line\'s address whose @ was read as a capital, and nothing else so', () => {
    expect(findSenderAddress('差出人: jushinryoGmail.nhk-pay.test')).toBe('jushinryo@mail.nhk-pay.test');
    expect(findSenderAddress('差出人: Yahoo!ショッピング')).toBeNull();
    expect(findSenderAddress('差出人: supportTeam.example')).toBeNull();
  });

  it('puts back the dot of a sender host\'s 「mail.」 label, and leaves mailing services alone', () => {
    expect(findEmailAddress('no-reply@mailamazn-jp.example')).toBe('no-reply@mail.amazn-jp.example');
    expect(findEmailAddress('mytokyogas@maill.tokyo-gas.test')).toBe('mytokyogas@mail.tokyo-gas.test');
    expect(findEmailAddress('info@mail.smbc-direct.test')).toBe('info@mail.smbc-direct.test');
    expect(findEmailAddress('news@mailchimp.com')).toBe('news@mailchimp.com');
    expect(findEmailAddress('team@mailbox.org')).toBe('team@mailbox.org');
    // Only a sender's host: a URL's is left as it was read.
    expect(repairAddressText('https://mailamazn-jp.example/login')).toBe('https://mailamazn-jp.example/login');
  });

  it('mends a top-level domain that is none, one letter away from a usual one, and leaves real ones', () => {
    expect(findEmailAddress('mytokyogas@mail.mytokyogas.xy')).toBe('mytokyogas@mail.mytokyogas.xyz');
    expect(findEmailAddress('delivery00@mpadt7.tes')).toBe('delivery00@mpadt7.test');
    expect(findEmailAddress('no_reply@icloud-support.itest')).toBe('no_reply@icloud-support.test');
    expect(repairAddressText('https://www.apple-id-jp-qvg.xxyz/notice')).toBe('https://www.apple-id-jp-qvg.xyz/notice');
    expect(repairAddressText('https://yucho-direct.xvz/support')).toBe('https://yucho-direct.xyz/support');
    // Real top-level domains, and a label two letters away from any usual one.
    expect(findEmailAddress('info@shop-example.co')).toBe('info@shop-example.co');
    expect(repairAddressText('https://bit.to/a')).toBe('https://bit.to/a');
    expect(repairAddressText('https://example.qwzx/a')).toBe('https://example.qwzx/a');
    // A letter lost inside the top-level domain, not only at its end; 「.cm」 (a real one) stays.
    expect(repairAddressText('http://tokyo-gas.vpwhnxkx.xz/update/check?key=U87')).toBe('http://tokyo-gas.vpwhnxkx.xyz/update/check?key=U87');
    expect(findEmailAddress('info@shop-example.cm')).toBe('info@shop-example.cm');
  });

  it('mends a usual query key with its last letter lost, and the = lost after a usual key', () => {
    expect(repairAddressText('http://3ux7q.example/jp/notice/redeliv/?re=VCgfAe3ik')).toBe('http://3ux7q.example/jp/notice/redeliv/?ref=VCgfAe3ik');
    expect(repairAddressText('https://x.test/a?id=k&fro=mail')).toBe('https://x.test/a?id=k&from=mail');
    expect(repairAddressText('https://x.test/check/?session=m0T2df0s&langja')).toBe('https://x.test/check/?session=m0T2df0s&lang=ja');
    // Keys that fit no usual key, or several, or too short a key stay; so do a bare flag and a first pair
    // (nothing shows that the URL uses key=value pairs), and a longer key that starts with a usual one.
    expect(repairAddressText('https://x.test/a?pag=2&i=3')).toBe('https://x.test/a?pag=2&i=3');
    expect(repairAddressText('https://x.test/a?fromage')).toBe('https://x.test/a?fromage');
    expect(repairAddressText('https://x.test/a?tokenq7KHT')).toBe('https://x.test/a?tokenq7KHT');
    expect(repairAddressText('https://x.test/a?c=1&keyword=b&language=ja')).toBe('https://x.test/a?c=1&keyword=b&language=ja');
  });

  it('mends 「?ref=」 read as 「2re」 right after the path\'s last word, before a token', () => {
    expect(repairAddressText('https://x.test/billing/sp2reZzX8GpTe&t=48')).toBe('https://x.test/billing/sp?ref=ZzX8GpTe&t=48');
    expect(repairAddressText('https://amazn-jp.rzgg.example/support/account2reたHeyPS4WJMdMP')).toBe('https://amazn-jp.rzgg.example/support/account?ref=HeyPS4WJMdMP');
    // A word with a 2 in it, a short or all-small value, and a URL that has its ? stay.
    expect(repairAddressText('https://x.test/step2review')).toBe('https://x.test/step2review');
    expect(repairAddressText('https://x.test/step2reviewsnow')).toBe('https://x.test/step2reviewsnow');
    expect(repairAddressText('https://x.test/a?b=1/sp2reZzX8GpTe')).toBe('https://x.test/a?b=1/sp2reZzX8GpTe');
  });

  it('mends the question mark read as a small z before a usual key, in a URL that has none', () => {
    expect(repairAddressText('https://nta-e-tax.test/payment/nozeizid=R6-55820')).toBe('https://nta-e-tax.test/payment/nozei?id=R6-55820');
    expect(repairAddressText('https://fpbzab.xyz/update/redelivzid=vbuH')).toBe('https://fpbzab.xyz/update/redeliv?id=vbuH');
    // A z that ends a word before a key that is not a usual one, or in a URL that has its ?, stays.
    expect(repairAddressText('https://x.test/quizpage=2')).toBe('https://x.test/quizpage=2');
    expect(repairAddressText('https://x.test/a?x=1&bizid=3')).toBe('https://x.test/a?x=1&bizid=3');
  });

  it('mends a scheme whose first letters were lost where the URL starts, not one wrapped over two lines', () => {
    expect(repairAddressText('ください。\n\nps:/fpbzab.xyz/confirm')).toBe('ください。\n\nhttps://fpbzab.xyz/confirm');
    expect(repairAddressText('い。tps://my-au.ve8rs.top/s')).toBe('い。https://my-au.ve8rs.top/s');
    expect(repairAddressText('htt\nps://a.test/x')).toBe('htt\nps://a.test/x');
    expect(repairAddressText('maps://a.test/x')).toBe('maps://a.test/x');
    // A line that may go on from the line before (「ht」 then 「tps://」) is left for the joined message.
    expect(repairAddressText('tps://my-au.ve8rs.top/s', { lineMayWrap: true })).toBe('tps://my-au.ve8rs.top/s');
    const read = ['アクセスしてください。ht', 'tps://my-au.ve8rs.top/s'].map((text, i) => ({ text, line: line(text, 40 + i * 30) }));
    expect(joinBody(read)).toBe('アクセスしてください。https://my-au.ve8rs.top/s');
  });

  it('mends the slash after a URL host read as a 7, where a top-level domain cannot hold a digit', () => {
    expect(repairAddressText('https://m.eposcard-net-4mh.xyz7login/verify')).toBe('https://m.eposcard-net-4mh.xyz/login/verify');
    // A digit inside a label before the top-level domain, and an e-mail host, stay.
    expect(repairAddressText('https://top7login.xyz/a')).toBe('https://top7login.xyz/a');
    expect(repairAddressText('info@eposcard.xyz7login')).toBe('info@eposcard.xyz7login');
  });

  it('leaves the host at the end of a line that may wrap for the joined message to mend', () => {
    // 「https://sp.yshop」 goes on as 「-jp-63s.xyz」 on the next line: 「yshop」 is not 「shop」.
    expect(repairAddressText('https://sp.yshop', { lineMayWrap: true })).toBe('https://sp.yshop');
    const read = ['https://sp.yshop', '-jp-63s.xyz/login'].map((text, i) => ({ text, line: line(text, 40 + i * 30) }));
    expect(joinBody(read)).toBe('https://sp.yshop-jp-63s.xyz/login');
  });

  it('mends marks a host cannot hold, and query keys read with capitals', () => {
    expect(repairAddressText('hhttps://aj49w.test/a')).toBe('https://aj49w.test/a');
    expect(repairAddressText('https://suido=kyoku.v76pz.xyz/account')).toBe('https://suido-kyoku.v76pz.xyz/account');
    expect(repairAddressText('https://m.r-mobile-.jp-qdp.top/info')).toBe('https://m.r-mobile-jp-qdp.top/info');
    expect(repairAddressText('https://myjcb-jp-mypage。test/loginお問い合わせ')).toBe('https://myjcb-jp-mypage.test/loginお問い合わせ');
    expect(repairAddressText('https://x.top/a?c=1&utm_SOurce=sms')).toBe('https://x.top/a?c=1&utm_source=sms');
    expect(repairAddressText('https://x.top/a?c=1&utmSOUrCe=sms')).toBe('https://x.top/a?c=1&utm_source=sms');
    expect(repairAddressText('https://x.top/confirm?SessIOn=HU5C')).toBe('https://x.top/confirm?session=HU5C');
    // A sentence's 「。」 after a whole URL, a = in the query, and keys that are not the usual ones stay.
    expect(repairAddressText('https://x.test。次に')).toBe('https://x.test。次に');
    expect(repairAddressText('https://x.top/a?b=c=d&PageID=3')).toBe('https://x.top/a?b=c=d&PageID=3');
  });

  it('joins a URL wrapped at its last dot when the dot was read as 「。」', () => {
    const read = ['い。https://myjcb-jp-mypage。', 'test/login'].map((text, i) => ({ text, line: line(text, 40 + i * 30) }));
    expect(joinBody(read)).toBe('い。https://myjcb-jp-mypage.test/login');
    const sentence = ['https://myjcb-jp-mypage.test。', 'test/login'].map((text, i) => ({ text, line: line(text, 40 + i * 30) }));
    expect(joinBody(sentence)).toBe('https://myjcb-jp-mypage.test。\ntest/login');
  });

  it('does not touch text that is not an address', () => {
    expect(repairAddressText('ご利用ありがとうございます。')).toBe('ご利用ありがとうございます。');
    expect(findEmailAddress('お問い合わせ窓口')).toBeNull();
  });
});

describe('what gets blacked out', () => {
  const covers = (boxes: ReturnType<typeof findSensitiveBoxes>, l: OcrLine, from: number, to: number) => {
    const x0 = l.charBoxes[from]!.x;
    const x1 = l.charBoxes[to - 1]!.x + l.charBoxes[to - 1]!.w;
    return boxes.some((b) => b.x <= x0 && b.x + b.w >= x1 && b.y <= l.box.y && b.y + b.h >= l.box.y + l.box.h);
  };

  it('covers URLs, e-mail addresses, phone numbers, names, postal addresses and card numbers', () => {
    const lines = [
      line('宛先: 山口さくら <sakura@mail.test>', 20),
      line('山口さくら様', 60),
      line('[お届け先] 〒164-0001 東京都中野区中野5丁目38-12', 100),
      line('ご利用カード: 4980-****-****-3127', 140),
      line('お問い合わせ: 0120-774-358', 180),
      line('https://rakuten-ichiba.example/pay', 220),
    ];
    const boxes = findSensitiveBoxes(lines);
    expect(covers(boxes, lines[0]!, 4, lines[0]!.text.length)).toBe(true);
    expect(covers(boxes, lines[1]!, 0, 5)).toBe(true);
    expect(covers(boxes, lines[2]!, 7, lines[2]!.text.length)).toBe(true);
    expect(covers(boxes, lines[3]!, 8, lines[3]!.text.length)).toBe(true);
    expect(covers(boxes, lines[4]!, 8, lines[4]!.text.length)).toBe(true);
    expect(covers(boxes, lines[5]!, 0, lines[5]!.text.length)).toBe(true);
  });

  it('covers addresses without 〒 or prefecture, bracketed phone numbers and masked cards without a label', () => {
    const lines = [line('お届け先: 大阪市北区梅田3丁目1-1', 20), line('お電話 06(6345)1234 まで', 60), line('末尾 **** **** **** 5518 のお支払い', 100)];
    const boxes = findSensitiveBoxes(lines);
    expect(covers(boxes, lines[0]!, 6, lines[0]!.text.length)).toBe(true);
    expect(covers(boxes, lines[1]!, 4, 16)).toBe(true);
    expect(covers(boxes, lines[2]!, 3, 22)).toBe(true);
  });

  it('finds a name again where OCR misread its 様, and leaves お客様 and brand names readable', () => {
    const lines = [line('To 吉田大輔 <d@mail.example>', 20), line('吉田大輪欄', 60), line('お客様のAmazon.co.jpアカウント', 100)];
    const boxes = findSensitiveBoxes(lines);
    expect(covers(boxes, lines[1]!, 0, 4)).toBe(true);
    expect(boxes.some((b) => b.y <= 100 && b.y + b.h >= 120)).toBe(false);
  });

  it('covers the second line of a wrapped postal address, and nothing below it', () => {
    const lines = [line('お届け先:〒113-0975東京都品川区西五反田', 20, { x: 30 }), line('1-15-3 グランハイツ501号室', 44, { x: 30 }), line('お荷物は返送されます。', 68, { x: 30 })];
    const boxes = findSensitiveBoxes(lines);
    expect(covers(boxes, lines[0]!, 5, lines[0]!.text.length)).toBe(true);
    expect(covers(boxes, lines[1]!, 0, lines[1]!.text.length)).toBe(true);
    expect(boxes.some((b) => b.y + b.h >= 88)).toBe(false);
  });

  it('covers full-width numbers read with broken separators, and a number after a contact label', () => {
    const lines = [line('カスタマーセンター 0120一96 9一454', 20), line('お問い合わせ: 050二3117', 60)];
    const boxes = findSensitiveBoxes(lines);
    expect(covers(boxes, lines[0]!, 10, lines[0]!.text.length)).toBe(true);
    expect(covers(boxes, lines[1]!, 8, lines[1]!.text.length)).toBe(true);
  });

  it('covers the first letters of a scheme that ended the line above', () => {
    const lines = [line('以下のリンクから手続きをお願いいたします。htt', 20, { x: 30 }), line('ps://rakuten-card.example/track', 44, { x: 30 })];
    const boxes = findSensitiveBoxes(lines);
    expect(covers(boxes, lines[0]!, lines[0]!.text.length - 3, lines[0]!.text.length)).toBe(true);
    expect(covers(boxes, lines[1]!, 0, lines[1]!.text.length)).toBe(true);
  });

  it('covers a whole line where an unsure reading sits next to 様 (the privacy rule)', () => {
    const sure = line('いつもご利用ありがとうございます様', 20);
    const unsure = line('電盾導二様 いつもご利用ありがとうございます', 60);
    unsure.charConfidences[1] = 30;
    const boxes = findSensitiveBoxes([sure, unsure]);
    expect(covers(boxes, unsure, 0, unsure.text.length)).toBe(true);
    expect(covers(boxes, sure, 0, 6)).toBe(false);
  });

  it('covers a card field whose masked value was misread, also when it stands apart on the same row', () => {
    const label = line('ご利用カード', 20, { x: 30 });
    const value = line('をままををままを3791', 20, { x: 300 });
    const boxes = findSensitiveBoxes([label, value]);
    expect(covers(boxes, value, 0, value.text.length)).toBe(true);
  });

  it('covers the start of the next line when a number breaks at the line end but the rest was not read', () => {
    const first = line('センター 0120-862-', 100);
    const boxes = findSensitiveBoxes([first]);
    expect(boxes.some((b) => b.x <= first.box.x && b.y <= 122 && b.y + b.h >= 140)).toBe(true);
  });

  it('covers a phone field\'s whole value cell whatever its digits were read as', () => {
    const field = line('電話番号: 〇三ーセ一七五ー五〇四七', 20);
    const prose = line('お電話でのお問い合わせは受け付けておりません', 60);
    const boxes = findSensitiveBoxes([field, prose]);
    expect(covers(boxes, field, 4, field.text.length)).toBe(true);
    expect(boxes.some((b) => b.y <= 60 && b.y + b.h >= 80)).toBe(false);
  });

  it('covers the rest of a wrapped phone number read as anything, and a card label\'s misread value', () => {
    const number = line('お問い合わせ: 05 0一3117', 20);
    const rest = line('ニセも571', 44);
    const card = line('ご利用カード区叶吉天連連才才二二', 100);
    const boxes = findSensitiveBoxes([number, rest, card]);
    expect(covers(boxes, rest, 0, rest.text.length)).toBe(true);
    expect(covers(boxes, card, 6, card.text.length)).toBe(true);
  });

  it('covers a masked card value whose mask OCR read as another symbol', () => {
    const masked = line('米米米米米米米米米米米米1234', 20);
    const rule = line('ーーーーーーーーーーーー', 60);
    const boxes = findSensitiveBoxes([masked, rule]);
    expect(covers(boxes, masked, 0, masked.text.length)).toBe(true);
    expect(boxes.some((b) => b.y <= 60 && b.y + b.h >= 80)).toBe(false);
  });

  it('covers a digit-like run read with little confidence, and leaves a sure one alone', () => {
    const unsure = line('ご連絡は 3ー71 75ー5l47 まで', 20);
    unsure.charConfidences[7] = 40;
    const sure = line('注文番号 2026 1126 のお届け', 60);
    const boxes = findSensitiveBoxes([unsure, sure]);
    expect(covers(boxes, unsure, 5, 18)).toBe(true);
    expect(boxes.some((b) => b.y <= 60 && b.y + b.h >= 80)).toBe(false);
  });

  it('covers a wrapped URL line whose first characters were lost, from the column\'s left edge', () => {
    const url = line('https://mizuho-direct.example/secure/m', 20, { x: 30 });
    const rest = line('ypage/ja/?u=pEakhEZTHG0k4L', 44, { x: 62 });
    const boxes = findSensitiveBoxes([url, rest]);
    expect(covers(boxes, rest, 0, rest.text.length)).toBe(true);
    expect(boxes.some((b) => b.x <= 30 && b.y <= 44 && b.y + b.h >= 64)).toBe(true);
  });
});

describe('sender addresses wrapped, or read again by the second look', () => {
  it('joins a wrapped address past the avatar\'s letter read right before it, without a space', () => {
    const form = extractFormData([
      line('お支払いが確認できないため、', 122, { x: 30, h: 26 }),
      line('東京ガス事務局', 315, { x: 81, h: 30 }),
      line('info@maiLtokyo-', 350, { x: 81, h: 21 }),
      line('東gas.example', 368, { x: 29, h: 22 }),
      line('20:14', 378, { x: 345, h: 14 }),
      line('宛先:', 401, { x: 81, h: 26 }),
      line('misaki.watanabe38@gmail.example', 433, { x: 81, h: 21 }),
      line('佐々木陽菜様', 479, { x: 29, h: 35 }),
      line('平素より東京ガスをご愛顧いただ', 529, { x: 29, h: 34 }),
      line('き、ありがとうございます。', 561, { x: 31, h: 34 }),
    ], { width: 420, height: 855 });
    expect(form.source_email).toBe('info@mail.tokyo-gas.example');
  });

  it('never joins the To row below an address left open, even after an icon read before its label', () => {
    const gmail = (to: string, x: number) => extractFormData([
      line('三Gmail', 23, { x: 17, h: 18 }),
      line('Appleからのお知らせ', 113, { x: 316, h: 30 }),
      line('受信トレイ', 147, { x: 27, h: 23 }),
      line('のAppleカスタマーセンター<appleid07@mailLicloud-support.examplez', 165, { x: 264, h: 14 }),
      line('2026年1月23日13:07', 163, { x: 1028, h: 14 }),
      line(to, 190, { x, h: 14 }),
      line('井上美咲様', 234, { x: 316, h: 15 }),
      line('平素よりAppleをご愛顧いただき、ありがとうございます。', 268, { x: 316, h: 17 }),
      line('登録情報の確認が必要です。誠に恐れ入りますが、下記URLよりご確認ください。', 306, { x: 316, h: 17 }),
    ], { width: 1200, height: 760 });
    expect(gmail('To tgpyamamoto815@mail.exampley', 316).source_email).toBe('appleid07@mail.icloud-support.example');
    expect(gmail('還了To naoki.sato40@mail.exampley', 230).source_email).toBe('appleid07@mail.icloud-support.example');
  });

  it('joins an SMS sender\'s address wrapped under itself, past the back button read beside it', () => {
    const form = extractFormData([
      line('18:20', 45, { x: 92, h: 22 }),
      line('mytokyogas@tokyo-', 124, { x: 152, h: 48 }),
      line('< gas.xyZ', 187, { x: 90, h: 50, confidence: 24 }),
      line('連絡先未登録', 247, { x: 151, h: 50 }),
      line('水曜日', 345, { x: 364, h: 53 }),
      line('東京ガス:お支払いが', 437, { x: 105, h: 64 }),
      line('確認できないため、供', 503, { x: 104, h: 60 }),
      line('給を停止する場合がご', 566, { x: 104, h: 64 }),
      line('ざいます。お手数です', 631, { x: 108, h: 61 }),
    ], { width: 832, height: 1609 });
    expect(form.source_email).toBe('mytokyogas@tokyo-gas.xyz');
    expect(form.body).toMatch(/^東京ガス:お支払いが/);
  });

  it('joins a host cut before its top-level domain with the next line when that gives the domain read one letter off', () => {
    const form = extractFormData([
      line('From _ netanswer@mail.saison-card.x', 86, { x: 14, h: 22 }),
      line('VZ', 128, { x: 109, h: 17 }),
      line('To', 168, { x: 12, h: 16 }),
      line('z8psuzuki891@ezweb.example', 167, { x: 109, h: 22 }),
      line('件名', 212, { x: 12, h: 19 }),
      line('【要返信】セゾンカードからのお知らせ', 208, { x: 110, h: 19 }),
      line('清水翔太様', 340, { x: 13, h: 21 }),
      line('セゾンカードをご利用いただきありがとうございます。', 384, { x: 13, h: 16 }),
    ], { width: 432, height: 932 });
    expect(form.source_email).toBe('netanswer@mail.saison-card.xyz');
  });

  describe('the sender\'s row the page reading lost', () => {
    const size = { width: 1180, height: 760 };
    const page = (unsure: OcrLine[] = []) => [
      line('Outlook', 17, { x: 17, h: 14 }),
      line('【国税庁】還付金のお知らせ', 74, { x: 553, h: 24 }),
      ...unsure,
      line('送信済みアイテム', 150, { x: 18, h: 16 }),
      line('松本智子様', 174, { x: 540, h: 18 }),
      line('国税庁をご利用いただきありがとうございます。', 203, { x: 541, h: 16 }),
      line('未払いの税金があります。差押え予告のお知らせです。', 235, { x: 541, h: 16 }),
      line('今後ともよろしくお願いいたします。', 425, { x: 541, h: 16 }),
    ];
    const row = (text: string, y: number, confidence = 87) => line(text, y, { x: 605, h: 15, confidence });
    const look = (lines: OcrLine[], pageLine?: number): SecondLook => ({ area: { x: 605, y: lines[0]!.box.y, w: 240, h: 15 }, lines, line: pageLine });

    it('takes the sender from the second look\'s reading of a row above the message', () => {
      const form = extractFormData(page(), size, [look([row('上税庁<info33@kokuzei-info.example>', 117)]), look([row('5先: s-takahashi.51@yahoo.test', 137, 73)])]);
      expect(form.source_email).toBe('info33@kokuzei-info.example');
    });

    it('takes it from the second reading of an unsure page line too, and leaves that line out of the message', () => {
      const form = extractFormData(page([line('のoop', 116, { x: 540, h: 39, confidence: 22 })]), size, [look([row('のNTTドコモ<info@docomo-info.test>', 117)], 2)]);
      expect(form.source_email).toBe('info@docomo-info.test');
      expect(form.body).not.toContain('のoop');
    });

    it('takes no row read unsurely, none below the message\'s start, and never the To row', () => {
      expect(extractFormData(page(), size, [look([row('のNTTドコモ<info@muzptprtest>', 117, 43)])]).source_email).toBeNull();
      expect(extractFormData(page(), size, [look([row('国税庁<info33@kokuzei-info.example>', 300)])]).source_email).toBeNull();
      expect(extractFormData(page(), size, [look([row('5先:山田沙織<bmaito980@gmail.example>', 137)])]).source_email).toBeNull();
    });
  });
});

describe('a chat\'s stamps and labels as OCR garbles them', () => {
  it.each(['凡:39oSMS', 'ーー7ィ05・sMs', 'デキメスメトメッセージ', '2026711720'])('takes 「%s」 for the app\'s, not the message', (text) => {
    expect(isChrome({ text, line: line(text, 500) })).toBe(true);
  });

  it.each(['ご利用は2026年11月20日まで', '0120-123-456', 'SMSで届いたコードを入力してください'])('leaves 「%s」 to the message', (text) => {
    expect(isChrome({ text, line: line(text, 500) })).toBe(false);
  });

  it('drops a time stamp beside a bubble read without its colon (「23 52」「g.02」), set smaller than the message', () => {
    const form = extractFormData([
      line('090-3817-2264', 120, { x: 120 }),
      line('【佐川急便】お荷物をお届けに伺いましたが不', 250),
      line('在でした。下記URLよりご確認ください。', 275),
      line('https://sagawa-kyubin.example/r?c=Hq83', 300),
      line('23 52', 330, { x: 300, h: 9 }),
      line('お問い合わせ:0120-123-456', 360),
      line('g.02', 390, { x: 300, h: 9 }),
    ], PHONE_SCREEN);
    expect(form.body).toBe('【佐川急便】お荷物をお届けに伺いましたが不在でした。下記URLよりご確認ください。\nhttps://sagawa-kyubin.example/r?c=Hq83\n\nお問い合わせ:0120-123-456');
  });
});

describe('header addresses before the message', () => {
  it.each([
    ['宛先:', 'kobayashi_meg0904@docomo.exampl', 'a To row\'s address wrapped under its label, its end cut'],
    ['', '<btuyamada788@icloud.example>', 'a row whose label was not read'],
  ])('leaves 「%s %s」 (%s) out of the body', (label, address) => {
    // iOS Mail at 3× large text: the To row's label ends its line.
    const form = extractFormData([
      line('く受信', 168, { x: 60, h: 90 }),
      line('【重要】プライム会員の更新手', 300, { x: 100, h: 100 }),
      line('続きに失敗しました', 405, { x: 50, h: 100 }),
      line('差出人: info@amazon-co-jp.top', 665, { x: 203, h: 80 }),
      ...(label ? [line(label, 838, { x: 200, h: 80 })] : []),
      line(address, 938, { x: 205, h: 60 }),
      line('ヤマモトショウタ様', 1090, { x: 53, h: 63 }),
      line('Amazonをご利用いただきありがとうご', 1225, { x: 48, h: 63 }),
      line('ざいます。', 1333, { x: 58, h: 63 }),
    ], { width: 1284, height: 2796 });
    expect(form.body?.replace(/\s/g, '')).toBe('〇〇様Amazonをご利用いただきありがとうございます。');
  });
});

describe('borders read as text', () => {
  it('drops a line read unsurely as one character over and over (an input field\'s edge), and keeps a mask read so with its digits', () => {
    const form = extractFormData([
      line('090-3817-2264', 120, { x: 120 }),
      line('【三井住友カード】ご利用代金のお支払いが確認できておりません。', 250),
      line('ご利用カード:', 275),
      line('ニニニニニニニニ3108', 300, { confidence: 30 }),
      line('https://smbc-card.example/login', 325),
      line('アニこここし、、ニニニニニニニニニニニニ', 790, { confidence: 30 }),
    ], PHONE_SCREEN);
    expect(form.body).toBe('【三井住友カード】ご利用代金のお支払いが確認できておりません。\nご利用カード:（カード番号）\nhttps://smbc-card.example/login');
  });
});

describe('an address field that reaches the column\'s edge', () => {
  it.each([
    [['お届け先:〒222-1340東京都足立区梅島4-22-12ライオンズ401号室'], 'on one line'],
    [['お届け先:〒463-5251福岡県北九州市小倉北区京町2-29', '-16グランレジデンス807号室'], 'wrapped'],
  ])('does not run its mask on into the sentence under it (%s, %s)', (address) => {
    const form = extractFormData([
      line('090-3817-2264', 120, { x: 120 }),
      line('【日本郵便】お届け先住所の確認が必要です。', 250),
      ...address.map((text, i) => line(text, 275 + i * 25)),
      line('本日中にお手続きください。', 275 + address.length * 25),
    ], PHONE_SCREEN);
    expect(form.body).toBe('【日本郵便】お届け先住所の確認が必要です。\nお届け先:（住所）\n本日中にお手続きください。');
  });
});

describe('a web mail\'s recipient row and greeting as OCR misreads them', () => {
  const SCREEN = { width: 1280, height: 720 };
  it('drops a To row read 「リア宛元:」 (先 read as 元, marks before it), and masks the greeting under it', () => {
    const form = extractFormData([
      line('件名: 【佐川急便】お届け先住所の確認', 20, { x: 20 }),
      line('差出人: 佐川急便 <info@sagawa-kyubin.test>', 50, { x: 20 }),
      line('リア宛元:騰井太郎<mori_aya9900@i.softbank.test>', 80, { x: 20, confidence: 53 }),
      line('藤井太郎欄', 120, { x: 20 }),
      line('平素より佐川急便をご愛顧いただき、ありがとうございます。', 150, { x: 20 }),
    ], SCREEN);
    expect(form.body).toBe('〇〇様\n平素より佐川急便をご愛顧いただき、ありがとうございます。');
  });

  it('takes a mail\'s first line, a name and 欄, for the greeting (「藤井亮欄」), but no 欄 further down', () => {
    const form = extractFormData([
      line('件名: 【メルカリ】ご注文の確認', 40, { x: 20 }),
      line('差出人: メルカリ <info@mercari-jp.example>', 80, { x: 20 }),
      line('藤井亮欄', 160, { x: 20 }),
      line('メルカリをご利用いただきありがとうございます。', 200, { x: 20 }),
      line('備考欄', 240, { x: 20 }),
    ], SCREEN);
    expect(form.body).toBe('〇〇様\nメルカリをご利用いただきありがとうございます。\n備考欄');
  });
});

describe('a mail\'s message opens with its greeting', () => {
  const SCREEN = { width: 1280, height: 720 };
  it('drops the header rows the header rules left above the greeting (a To row read 「元先:」, the date)', () => {
    const form = extractFormData([
      line('件名: 【重要】NHKからのお知らせ', 20, { x: 20 }),
      line('差出人: NHK <info@nhk-pay.test>', 50, { x: 20 }),
      line('の四の生生HmI0mPI。', 80, { x: 20, confidence: 7 }),
      line('元先:コバヤシユイ<nakamura_hin7589@au.example>', 110, { x: 20, confidence: 70 }),
      line('佐藤亮様', 150, { x: 20 }),
      line('平素よりNHKをご愛顧いただき、ありがとうございます。', 180, { x: 20 }),
    ], SCREEN);
    expect(form.body).toBe('〇〇様\n平素よりNHKをご愛顧いただき、ありがとうございます。');
  });

  it('drops a subject and a banner left above 「お客様各位」 on a screen taken for an SMS', () => {
    const form = extractFormData([
      line('タイムセールが始まりました。最大30%OFF', 10),
      line('[重要】ダイレクトの利用が一時的に制限されています', 100),
      line('お客様各位', 200),
      line('いつも三井住友銀行をご利用いただき、誠にありがとうございます。', 230),
    ], PHONE_SCREEN);
    expect(form.body).toBe('お客様各位\nいつも三井住友銀行をご利用いただき、誠にありがとうございます。');
  });

  it('keeps a sentence read surely above the greeting: the message began there', () => {
    const form = extractFormData([
      line('090-3817-2264', 120, { x: 120 }),
      line('【楽天カード】ご利用確認のお願いです。', 250),
      line('お客様各位', 300),
      line('いつも楽天カードをご利用いただき、誠にありがとうございます。', 330),
    ], PHONE_SCREEN);
    expect(form.body).toContain('【楽天カード】ご利用確認のお願いです。');
  });

  it('keeps what stands above a field 「宛名〇〇様」 and above a greeting no sentence follows', () => {
    const fields = extractFormData([
      line('件名: 【楽天】ご登録情報の確認', 20, { x: 20 }),
      line('差出人: 楽天 <info@rakuten.test>', 50, { x: 20 }),
      line('ご登録住所:〒100-0001東京都千代田区1-1', 150, { x: 20 }),
      line('宛名山田太郎様', 180, { x: 20 }),
      line('期限までにご確認いただけない場合、アカウントは削除されます。', 210, { x: 20 }),
    ], SCREEN);
    expect(fields.body).toContain('ご登録住所');
    const lastLine = extractFormData([
      line('件名: 【楽天】ご登録情報の確認', 20, { x: 20 }),
      line('差出人: 楽天 <info@rakuten.test>', 50, { x: 20 }),
      line('楽天市場をご利用いただきありがとうございます。', 150, { x: 20 }),
      line('楽天カスタマー様', 180, { x: 20 }),
    ], SCREEN);
    expect(lastLine.body).toContain('楽天市場をご利用いただきありがとうございます。');
  });
});

describe('a chat\'s input box under the messages', () => {
  const chat = (last: ReturnType<typeof line>) => extractFormData([
    line('090-3817-2264', 120, { x: 120 }),
    line('【佐川急便】お荷物のお届けにあがりましたが', 250),
    line('不在のため持ち帰りました。', 275),
    line('https://sagawa-kyubin.example/r?c=Hq83', 300),
    last,
  ], PHONE_SCREEN);

  it('drops its placeholder, read unsurely as a few characters in the screen\'s bottom strip', () => {
    expect(chat(line('メッセーニジを導カ', 790, { confidence: 65 })).body).toBe('【佐川急便】お荷物のお届けにあがりましたが不在のため持ち帰りました。\nhttps://sagawa-kyubin.example/r?c=Hq83');
  });

  it.each([
    ['read surely', line('佐川急便カスタマーセンター', 790, { confidence: 93 })],
    ['above the bottom strip', line('佐川急便カスタマーセンター', 600, { confidence: 65 })],
    ['a number', line('お問い合わせ:0120-123', 790, { confidence: 65 })],
    ['a sentence', line('ご確認ください。', 790, { confidence: 65 })],
  ])('keeps a last line %s', (_, last) => {
    expect(chat(last).body).toContain(last.text);
  });
});

describe('a mail\'s greeting read unsurely or garbled', () => {
  const SCREEN = { width: 1280, height: 720 };
  const mail = (greeting: ReturnType<typeof line>) => extractFormData([
    line('件名: 【SoftBank】重要なお知らせ', 20, { x: 20 }),
    line('差出人: SoftBank <info@softbank-mysb.test>', 50, { x: 20 }),
    greeting,
    line('いつもSoftBankをご利用いただき、誠にありがとうございます。', 130, { x: 20 }),
    line('お客様のアカウントに不審なログインがありました。', 160, { x: 20 }),
  ], SCREEN);

  it.each([
    ['read below the icons\' confidence', line('斉藤達也様', 95, { x: 20, confidence: 26 })],
    ['read below the body\'s floor', line('計人大様', 95, { x: 20, confidence: 13 })],
    ['garbled, read surely', line('リリ泡ムみ攻学様', 95, { x: 20, confidence: 80 })],
  ])('becomes 〇〇様 (%s)', (_, greeting) => {
    expect(mail(greeting).body).toBe('〇〇様\nいつもSoftBankをご利用いただき、誠にありがとうございます。\nお客様のアカウントに不審なログインがありました。');
  });

  it.each([
    ['お客様', line('お客様', 95, { x: 20, confidence: 26 })],
    ['a field', line('宛名:坂本様', 95, { x: 20 })],
    ['a line far to the right', line('斉藤達也様', 95, { x: 600, confidence: 26 })],
  ])('leaves %s alone', (_, other) => {
    expect(mail(other).body).not.toMatch(/^〇〇様$/m);
  });
});
