import { describe, expect, it } from 'vitest';
import { personalDataPlaceholders as p } from './messages';
import { findPersonalSpans, isCardNumber, isRecipientName, maskPersonalData, maskReportText } from './personal-data';

const mask = (text: string, senderEmail: string | null = null) => maskPersonalData(text, { senderEmail });

describe('recipient names', () => {
  it.each([
    ['吉田大輔様', '〇〇様'],
    ['吉田 大輔 様', '〇〇様'],
    ['山口　さくら　様', '〇〇様'],
    ['  松本拓也さま\nいつもご利用ありがとうございます。', '  〇〇さま\nいつもご利用ありがとうございます。'],
    ['【楽天カード】渡辺翔太様 カードのご利用を一部制限しております。', '【楽天カード】〇〇様 カードのご利用を一部制限しております。'],
    ['【SoftBank】加藤 由美様のご利用料金について', '【SoftBank】〇〇様のご利用料金について'],
    ['[Amazon] タナカ ハナコ様', '[Amazon] 〇〇様'],
    ['Taro Yamada様\nご注文ありがとうございます。', '〇〇様\nご注文ありがとうございます。'],
    ['山田太郎殿\n督促状', '〇〇殿\n督促状'],
    ['ご利用ありがとうございます。中村一郎様のアカウントは停止されました。', 'ご利用ありがとうございます。〇〇様のアカウントは停止されました。'],
    ['林様\nお荷物のお届けについて', '〇〇様\nお荷物のお届けについて'],
    ['いつも木村様にはお世話になっております。', 'いつも〇〇様にはお世話になっております。'],
    ['Dear 鈴木一郎様、Apple IDのご確認をお願いいたします。', 'Dear 〇〇様、Apple IDのご確認をお願いいたします。'],
    ['口座番号：12345678 ご登録氏名：ヤマダ タロウ', '口座番号：12345678 ご登録氏名：〇〇'],
    ['本件は田中 一郎様の口座に関するお知らせです。', '本件は〇〇様の口座に関するお知らせです。'],
    ['【楽天カード】佐藤 花子様 お客様のカードのご利用を制限しました。', '【楽天カード】〇〇様 お客様のカードのご利用を制限しました。'],
    ['宛先：鈴木様', '宛先：〇〇様'],
  ])('%j → %j', (text, masked) => {
    expect(mask(text)).toBe(masked);
  });

  it('replaces the same name wherever else it appears, however it is spaced', () => {
    expect(mask('山田 太郎 様\n山田太郎様のアカウントにて、山田太郎名義のカードが利用されました。')).toBe(
      '〇〇様\n〇〇様のアカウントにて、〇〇名義のカードが利用されました。',
    );
  });

  it('takes the name after a 宛先/To/お名前 label even without 様', () => {
    expect(mask('宛先: 山口さくら <sakura@mail.test>')).toBe(`宛先: 〇〇 ${p.email}`);
    expect(mask('To 吉田大輔 <d@mail.example>')).toBe(`To 〇〇 ${p.email}`);
    expect(mask('お名前：佐藤 花子\nご住所：東京都新宿区西新宿2丁目8-1')).toBe(`お名前：〇〇\nご住所：${p.address}`);
  });

  it.each([
    'お客様のアカウントが停止されました。',
    'お客さまへ重要なお知らせ',
    '会員様各位',
    'プライム会員様限定のご案内です。',
    'えきねっとでは、長期間ログインのない会員様のアカウントを順次停止しております。',
    'ご本人様のご利用か確認するため、以下のページよりご回答ください。',
    '皆様、いつもご利用ありがとうございます。',
    'みなさま',
    'ご契約者様へのお知らせ',
    'ご利用者様各位',
    'カード会員様',
    'ご担当者様',
    'お取引先様',
    '株主様ご優待のお知らせ',
    '上記同様にお手続きください。',
    '前回と同様のお手続きです。',
    'ご家族様にもお知らせください。',
    'PayPayユーザー様',
    '神様',
    'To 自分',
    '名義変更のお手続きをお願いします。',
    '氏名欄にご入力ください。',
    'お父様・お母様へ',
    '株式会社様',
    'お疲れさまです。ご苦労さまでした。',
    'この様な場合は、次の様にお手続きください。',
    '多種多様なサービスの新仕様と空模様',
    'ご主人様・奥様・旦那様',
    '運営様へのお問い合わせ',
    '宮殿と神殿',
  ])('leaves %j as it is', (text) => {
    expect(mask(text)).toBe(text);
  });

  it('says which words are names', () => {
    expect(isRecipientName('山田太郎')).toBe(true);
    expect(isRecipientName('さくら')).toBe(true);
    for (const word of ['お客', '会員', 'ご本人', '担当者', 'ご契約者', '受取人', '世帯主', '〇〇']) expect(isRecipientName(word)).toBe(false);
  });

  it('replaces the surname alone before an honorific once the full name is known, and keeps the honorific', () => {
    expect(mask('木村隆様\nこれは木村様宛てのお知らせです。')).toBe('〇〇様\nこれは〇〇様宛てのお知らせです。');
    expect(mask('これは木村様宛てのお知らせです。')).toBe('これは〇〇様宛てのお知らせです。');
  });

  it('uses names known from elsewhere (the To line) and finds them misread by one kanji', () => {
    expect(maskPersonalData('吉田大輪欄\nご利用ありがとうございます。', { recipientNames: ['吉田大輔'] })).toBe(
      '〇〇欄\nご利用ありがとうございます。',
    );
  });
});

describe("the recipient's e-mail address", () => {
  it.each([
    ['お客様のアカウント（daisuke.yoshida@mail.example）に登録されている', `お客様のアカウント${p.email}に登録されている`],
    ['お客様のアカウント(miho.hayashi@mail.test)も停止の対象となっております。', `お客様のアカウント${p.email}も停止の対象となっております。`],
    ['[ご登録メール] sakura.yamaguchi@mail.test', `[ご登録メール] ${p.email}`],
    ['ご登録アドレス：mariko.inoue@icloud.test', `ご登録アドレス：${p.email}`],
    ['登録メールアドレス：kenichi.shimizu@mail.example', `登録メールアドレス：${p.email}`],
    ['送信先: yuko.abe@mail.test', `送信先: ${p.email}`],
    ['ご連絡先メール：chihiro.maeda@mail.example', `ご連絡先メール：${p.email}`],
    ['本メールは t.matsumoto@mail.example 宛にお送りしています。', `本メールは ${p.email} 宛にお送りしています。`],
    ['このメールはkazuki.ishikawa@mail.testにお送りしています。', `このメールは${p.email}にお送りしています。`],
    ['山崎 彩 様（aya.yamazaki@mail.test）', `〇〇様${p.email}`],
    ['山崎彩様(aya.yamazaki@mail.test', `〇〇様${p.email}`],
    ['お客さまのau ID (osamu.fujita@mail.test)で、', `お客さまのau ID ${p.email}で、`],
    ['ＩＤ：ｔａｒｏ＠ｇｍａｉｌ．ｃｏｍ', `ＩＤ：${p.email}`],
  ])('%j → %j', (text, masked) => {
    expect(mask(text, 'info@phish.example')).toBe(masked);
  });

  it('keeps the sender, addresses of the phishing site and labelled contact addresses: they are the warning', () => {
    const body = [
      'お問い合わせ: support@mynapoint-jimukyoku.example',
      'https://mynapoint-jimukyoku.example/point/apply?u=ab31',
      '返信先：desk@freemail.example',
      '差出人 info@mynapoint-jimukyoku.example',
      'noreply@mynapoint-jimukyoku.example より送信',
    ].join('\n');
    expect(mask(body, 'info@mynapoint-jimukyoku.example')).toBe(body);
  });

  it('masks the sender address too where the text says the mail was sent to it', () => {
    expect(mask('このメールは taro@docomo.ne.jp 宛にお送りしています。', 'taro@docomo.ne.jp')).toBe(`このメールは ${p.email} 宛にお送りしています。`);
  });

  it('takes an unlabelled address on another domain than the sender and the links for the recipient’s', () => {
    expect(mask('hanako.sato@gmail.example のお支払い情報が古くなっています。\nhttps://secure-pay.example/update', 'info@secure-pay.example')).toBe(
      `${p.email} のお支払い情報が古くなっています。\nhttps://secure-pay.example/update`,
    );
  });
});

describe('postal addresses', () => {
  it.each([
    ['[お届け先] 〒164-0001 東京都中野区中野5丁目38-12 コーポ若葉203', `[お届け先] ${p.address}`],
    ['お届け先：〒231-0023 神奈川県横浜市中区山下町118-4 ベイサイドハイツ507', `お届け先：${p.address}`],
    ['〒100-8971 東京都千代田区霞が関3丁目9番4号', p.address],
    ['〒105-0011東京都港区芝公園2丁目7-15 ETCビル4階\n0570-011-493', `${p.address}\n0570-011-493`],
    ['〒１６４－０００１ 東京都中野区中野５丁目３８－１２', p.address],
    ['ご住所：大阪市北区梅田3丁目1-1 グランフロント12F', `ご住所：${p.address}`],
    ['お届け先: 大阪府大阪市北区梅田3-1-1', `お届け先: ${p.address}`],
    ['530-0001 大阪府大阪市北区梅田3丁目1番1号', p.address],
    ['配送先（福岡県福岡市博多区博多駅前2-1-1）に伺いました。', `配送先${p.address}に伺いました。`],
    ['〒164-0001東京都中野区中野5丁目38-12コーポ若葉203[ご登録メール] sakura@mail.test', `${p.address}[ご登録メール] ${p.email}`],
    ['北海道札幌市中央区北1条西2丁目1番地にお住まいの方', `${p.address}にお住まいの方`],
    ['ご住所：東京都中野区', `ご住所：${p.address}`],
    ['お届け先: 横浜市中区 ベイサイドハイツ', `お届け先: ${p.address}`],
  ])('%j → %j', (text, masked) => {
    expect(mask(text)).toBe(masked);
  });

  it.each([
    '場所：大阪府 大阪市',
    'お届け先住所をご確認の上、配達日時をご指定ください。',
    '楽天市場の注文番号123-4567をご確認ください。',
    '3月18日までにお支払いがない場合',
    'お問い合わせ番号：1186-4420-9357',
  ])('leaves %j as it is', (text) => {
    expect(mask(text)).toBe(text);
  });
});

describe('card numbers', () => {
  it.each([
    ['カード番号：4111 1111 1111 1111', `カード番号：${p.card}`],
    ['ご利用カード 4111-1111-1111-1111 にて', `ご利用カード ${p.card} にて`],
    ['お支払いに 5555555555554444 を使用', `お支払いに ${p.card} を使用`],
    ['AMEX 3782 822463 10005', `AMEX ${p.card}`],
    ['ご利用カード：4980-****-****-3127', `ご利用カード：${p.card}`],
    ['対象カード：**** **** **** 5518', `対象カード：${p.card}`],
    ['末尾 **** **** **** 5518 のお支払い', `末尾 ${p.card} のお支払い`],
    ['ご利用カード: 4980-池入-が-3127', `ご利用カード: ${p.card}`],
    ['４１１１ １１１１ １１１１ １１１１', p.card],
  ])('%j → %j', (text, masked) => {
    expect(mask(text)).toBe(masked);
  });

  it.each([
    '[注文番号] 291548-20250306-0412',
    'お客様番号:1182447101',
    'お問い合わせ番号：3381-0927-5546',
    '4111 1111 1111 1112',
    'ご利用金額：48,600円',
    'ご利用カードの確認が取れません。',
    'https://japanpost-info.example/saihaitatsu/addr?no=118644209357',
  ])('leaves %j as it is', (text) => {
    expect(mask(text)).toBe(text);
  });

  it('checks the digits with Luhn, an issuer digit and a card grouping', () => {
    expect(isCardNumber('4111111111111111')).toBe(true);
    expect(isCardNumber('4111-1111-1111-1111')).toBe(true);
    expect(isCardNumber('4111111111111112')).toBe(false);
    expect(isCardNumber('0111111111111116')).toBe(false);
    expect(isCardNumber('411111-1111111111')).toBe(false);
  });
});

describe('telephone numbers', () => {
  it('replaces a number labelled as the recipient’s own', () => {
    expect(mask('ご登録の電話番号：090-1234-5678')).toBe(`ご登録の電話番号：${p.phone}`);
    expect(mask('お客様の携帯番号 080 1111 2222 宛にSMSを送信しました')).toBe(`お客様の携帯番号 ${p.phone} 宛にSMSを送信しました`);
  });

  it('keeps call-back numbers of the phisher: readers recognise the scam by them', () => {
    for (const text of ['お問い合わせ：0120-774-358', 'ドコモインフォメーションセンター 0120-862-417', '電話：03-6721-3054']) expect(mask(text)).toBe(text);
  });
});

describe('a whole report', () => {
  it('masks the recipient and keeps the sender, the subject’s warning and the phishing URL', () => {
    const report = maskReportText(
      {
        subject: '山田太郎様：カードご利用確認のお願い',
        body: [
          '山田 太郎 様',
          '',
          'いつも三井住友カードをご利用いただきありがとうございます。',
          'ご登録住所：〒150-0002 東京都渋谷区渋谷2丁目21-1',
          'ご利用カード：4111-1111-1111-1111',
          '本メールは taro.yamada@mail.example 宛にお送りしています。',
          'https://smbc-card.example/vpass/confirm?ts=0307',
          'お問い合わせ：0120-774-358 / vpass-info@smbc-card.example',
        ].join('\n'),
      },
      { senderEmail: 'vpass-info@smbc-card.example' },
    );
    expect(report.subject).toBe('〇〇様：カードご利用確認のお願い');
    expect(report.body).toBe(
      [
        '〇〇様',
        '',
        'いつも三井住友カードをご利用いただきありがとうございます。',
        `ご登録住所：${p.address}`,
        `ご利用カード：${p.card}`,
        `本メールは ${p.email} 宛にお送りしています。`,
        'https://smbc-card.example/vpass/confirm?ts=0307',
        'お問い合わせ：0120-774-358 / vpass-info@smbc-card.example',
      ].join('\n'),
    );
  });

  it('finds a name in the body again in the subject, and changes nothing the second time', () => {
    const once = maskReportText({ subject: '佐藤花子さんへの重要なお知らせ', body: '佐藤花子様\nお支払いが確認できません。' });
    expect(once).toEqual({ subject: '〇〇さんへの重要なお知らせ', body: '〇〇様\nお支払いが確認できません。' });
    expect(maskReportText(once)).toEqual(once);
  });

  it.each([
    'お客様各位\n平素より弊社サービスをご利用いただき誠にありがとうございます。\nお客様のアカウントで異常なログインが検出されました。下記URLより本人確認をお願いいたします。\nhttps://amazon.co.jp.secure-verify.example/ap/signin\nAmazonカスタマーサービス',
    '【Vpassからのお知らせ】\n三井住友カードをご利用のお客さまへ\nお客さまのカードが第三者に不正利用されている可能性がありますので、ご利用を一部制限させていただきました。\n▼ご利用確認はこちら\nhttp://smbc-vpass.example.cn/login',
    '【国税庁】未払い税金のお知らせ 期限までにお支払いがない場合、法律に基づき財産を差し押さえます。納付手続き：https://nta-go-jp.example/pay',
    'メルカリ事務局です。出品者様の売上金が確定しました。受取口座の確認をお願いします。 https://mercari-jp.example/login',
    '【ゆうちょ銀行】お客様の口座が凍結されました。ご本人様確認のため、以下より手続きしてください。',
    'PayPayユーザーの皆様へ 期間限定キャンペーン！ 10,000円分のPayPayポイントをプレゼント。 https://paypay-campaign.example.top/',
    '再配達のご依頼はこちら https://sagawa-exp.example/?id=8812 ドライバー携帯 080-5555-6666',
  ])('leaves a message without the recipient’s data as it was: %j', (body) => {
    expect(maskReportText({ subject: null, body }, { senderEmail: 'support@apple.example' }).body).toBe(body);
  });

  it('leaves an SMS without personal data exactly as it was', () => {
    const body = '【佐川急便】お荷物のお届けに伺いましたが不在の為持ち帰りました。ご確認ください。https://sagawa-kyubin.example/r?c=Hq83';
    expect(maskReportText({ subject: null, body })).toEqual({ subject: null, body });
    expect(findPersonalSpans(body)).toEqual([]);
  });
});

describe('cost', () => {
  it('cleans 10 000 characters of hostile text in linear time (no catastrophic backtracking)', () => {
    for (const body of ['a'.repeat(10_000), '1'.repeat(10_000), 'a.'.repeat(5_000), `a@${'b.'.repeat(4_999)}`, '山田様 '.repeat(2_500), 'あ '.repeat(5_000)]) {
      const started = performance.now();
      maskReportText({ subject: body.slice(0, 300), body }, { senderEmail: 'a@b.example' });
      expect(performance.now() - started).toBeLessThan(1_500);
    }
  });
});
