import { describe, expect, it } from 'vitest';
import { ocrLine } from '../../test/ocr-line-factories';
import { isChrome, isMessageKindLabel, isUiWordLine } from './app-chrome';

const chrome = (text: string) => isChrome({ text, line: ocrLine(text, 100) });

describe('app chrome of apps the rules were not tuned on', () => {
  it('drops what apps say about the sender, the links and the mail', () => {
    for (const text of [
      'この番号は連絡先に保存されていません。',
      '電話帳に登録されていない相手からのSMSです。',
      'す。URLを開いたり、個人情報を入力したり',
      'このメッセージには不審なリンクが含まれている',
      'プライバシー保護のため、このメッセージ内のリモートコンテンツをブロックしました。',
      'Thunderbirdはこのメッセージを迷惑メールと判断しました。',
      'このメールは送信元を確認できませんでした。なりすましメールの可能性があるため、',
    ]) expect(chrome(text), text).toBe(true);
  });

  it('drops date lines with a year and weekday, weekday stamps and a time with its SIM label', () => {
    for (const text of ['2026年11月24日金曜日', '11/24(水) 20:21', '11724(水) 21:35', '1/20() 7:20', '午後12:43〔swil', '生後710 [SM']) {
      expect(chrome(text), text).toBe(true);
    }
  });

  it('drops a search box and a web mail\'s title', () => {
    for (const text of ['Yahoo! JAPANメール', 'Yahoo! JAPANメール| Qメールを検索', 'Q検索<CtrK>']) expect(chrome(text), text).toBe(true);
  });

  it('keeps a lure\'s own sentences, dates and fields', () => {
    for (const text of [
      'お客様のアカウントに不審なアクセスがありました。',
      '期限:11/20(木) 23:59',
      '2026年11月24日までにお手続きください。',
      'ご利用日時: 2026/11/15 11:13',
      'お問い合わせ: 03-1562-5676',
      'Amazonからのお知らせ',
    ]) expect(chrome(text), text).toBe(false);
  });
});

describe('a line made only of button and status-bar words', () => {
  it('is chrome, with counts, bars and a glyph or two a button for its icon', () => {
    expect(isUiWordLine('ら返信| |ぃ転送| |アーカイブ| |迷惑マーク|削除| |その他v')).toBe(true);
    expect(isUiWordLine('未読: 5合計: 154')).toBe(true);
    expect(isUiWordLine('連絡先に追加')).toBe(true);
    expect(isUiWordLine('(で返信) (ら全員に返信( .ぴら転送】')).toBe(true);
    expect(isUiWordLine('(っ折信)(で全員に返信)(っ転送)')).toBe(true);
  });

  it('is not a sentence that uses one of the words', () => {
    expect(isUiWordLine('アカウントは削除されます。')).toBe(false);
    expect(isUiWordLine('ご返信をお願いいたします')).toBe(false);
    expect(isUiWordLine('ご登録情報の設定を更新してください')).toBe(false);
    expect(isUiWordLine('(平日10:00〜17:00)(土日祝休み)')).toBe(false);
    expect(isUiWordLine('お問い合わせ(返信不可)')).toBe(false);
  });
});

describe('app chrome as more apps print it, or cut and misread', () => {
  it('drops a carrier app\'s message kind, warnings cut at a wrap or misread, a remote-content note and misread dates', () => {
    for (const text of [
      'SMS・SoftBank',
      'SMS・au',
      'この番号は連絡先に保存されていませ',
      'このメッセージには不審なリンクが含ま',
      'この送信者は運絡先に写録されて',
      'いません。迷惑メッセージの可能',
      'ツは読み込まれていません。',
      '2026年11月21日月星日',
      '水雌日',
      '1/20(金)715',
      '午後3.39',
      ':芝生To自分ャ',
    ]) expect(chrome(text), text).toBe(true);
  });

  it('drops テキストメッセージ misread, by the characters it shares in order with the label', () => {
    for (const text of ['デデデキスドメッセージ', 'デキスト区ッセージ']) expect(isMessageKindLabel(text), text).toBe(true);
    for (const text of ['重要なメッセージ', 'メッセージをご確認ください。', 'テキストメッセージでお知らせしたURLから手続きをお願いします']) {
      expect(isMessageKindLabel(text), text).toBe(false);
    }
  });

  it('keeps a lure\'s sentences that share their words', () => {
    for (const text of [
      'SMS認証コードをお送りしました',
      '2026年11月21日までにお手続きください',
      'お客様の情報は読み込まれていますか',
      'To自分の口座へお振込みください。',
    ]) expect(chrome(text), text).toBe(false);
  });
});
