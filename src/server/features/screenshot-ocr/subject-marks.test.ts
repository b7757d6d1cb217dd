import { describe, expect, it } from 'vitest';
import { closesTagFrame, withBrandBar, withDiamondMarks } from './subject-marks';

describe('◆ and ◇ frames put back in a subject', () => {
  it('mends ◆重要◆ read with a glyph at both ends', () => {
    expect(withDiamondMarks('る重要金三井住友銀行:重要なお知らせ')).toBe('◆重要◆三井住友銀行:重要なお知らせ');
    expect(withDiamondMarks('るる重要多JCBカード:【要対応】本人確認')).toBe('◆重要◆JCBカード:【要対応】本人確認');
  });

  it('mends ◆重要◆ read as three glyphs opening, or with an @ after its closing mark', () => {
    expect(withDiamondMarks('る$る重要多水道局:供給停止のご案内')).toBe('◆重要◆水道局:供給停止のご案内');
    expect(withDiamondMarks('る重要$@楽天モバイル:ご利用料金のお支払いについて')).toBe('◆重要◆楽天モバイル:ご利用料金のお支払いについて');
    expect(withDiamondMarks('る重要$@Amazon:ご注文の確認')).toBe('◆重要◆@Amazon:ご注文の確認');
  });

  it('mends ◆重要◆ with its closing mark lost after an opening no word starts with', () => {
    expect(withDiamondMarks('る重要au:アカウント確認のお願い')).toBe('◆重要◆au:アカウント確認のお願い');
    expect(withDiamondMarks('るる重要Apple :アカウント確認のお願い')).toBe('◆重要◆Apple :アカウント確認のお願い');
  });

  it('reads ◇ as の in a frame, but not the words\' own の', () => {
    expect(withDiamondMarks('るのアカウント確認のお願い〇るApple')).toBe('◆◇アカウント確認のお願い◇◆Apple');
    expect(withDiamondMarks('⑧多ンアカウント確認のお願いのるSoftBank')).toBe('◆◇アカウント確認のお願い◇◆SoftBank');
  });

  it('mends a ◆◇…◇◆ frame at the start, closing at its last marks', () => {
    expect(withDiamondMarks('金じポイント失効のお知らせ必多NTTドコモ')).toBe('◆◇ポイント失効のお知らせ◇◆NTTドコモ');
    expect(withDiamondMarks('ああ〇ご利用料金のお支払いについて〇$東京電力')).toBe('◆◇ご利用料金のお支払いについて◇◆東京電力');
  });

  it('mends a ◆◇…◇◆ frame whose opening was read as one glyph no word starts with, closing as ◇ and ◆', () => {
    expect(withDiamondMarks('るお届け先住所の確認の$ヤマト運輸')).toBe('◆◇お届け先住所の確認◇◆ヤマト運輸');
    expect(withDiamondMarks('るご利用確認のお願いのあエポスカード')).toBe('◆◇ご利用確認のお願い◇◆エポスカード');
    // An icon's digit and a space before it, ◆ read as a circled figure.
    expect(withDiamondMarks('3 $あ〇お支払い情報の更新⑦あNHK')).toBe('◆◇お支払い情報の更新◇◆NHK');
  });

  it('needs both glyphs of the closing for a frame opened by one glyph', () => {
    expect(withDiamondMarks('るるぶ旅行のご案内')).toBe('るるぶ旅行のご案内');
    expect(withDiamondMarks('$100キャッシュバックのお知らせ')).toBe('$100キャッシュバックのお知らせ');
    expect(withDiamondMarks('るお届け先住所の確認のお願い')).toBe('るお届け先住所の確認のお願い');
  });

  it('mends ◆…◆ after a 【】 tag', () => {
    expect(withDiamondMarks('【楽天市場】あご注文の確認多')).toBe('【楽天市場】◆ご注文の確認◆');
    expect(withDiamondMarks('【東京ガス】$多ご利用料金のお支払いについて金')).toBe('【東京ガス】◆ご利用料金のお支払いについて◆');
  });

  it('takes る as the closing mark after an opening $, which starts no word', () => {
    expect(withDiamondMarks('【Amazon】$あアカウント確認のお願いる')).toBe('【Amazon】◆アカウント確認のお願い◆');
    expect(closesTagFrame('【Amazon】$あアカウント確認のお願いる')).toBe(true);
    expect(closesTagFrame('【Amazon】アカウントを確認する')).toBe(false);
    expect(closesTagFrame('【三菱UFJ銀行】$重要なお知らせ')).toBe(false);
  });

  it('makes up no mark where only one end has a glyph, or the words are the subject\'s own', () => {
    expect(withDiamondMarks('重要なお知らせ')).toBe('重要なお知らせ');
    expect(withDiamondMarks('金の延べ棒のご案内')).toBe('金の延べ棒のご案内');
    expect(withDiamondMarks('【三菱UFJ銀行】$重要なお知らせ')).toBe('【三菱UFJ銀行】$重要なお知らせ');
    expect(withDiamondMarks('【Amazon】あなたの未払い料金')).toBe('【Amazon】あなたの未払い料金');
    expect(withDiamondMarks('【楽天】ご利用料金')).toBe('【楽天】ご利用料金');
    expect(withDiamondMarks('多額のご請求について')).toBe('多額のご請求について');
  });
});

describe('the bar between a brand and its subject', () => {
  it('is mended where it was read as 1', () => {
    expect(withBrandBar('セゾンカード1【要対応】本人確認')).toBe('セゾンカード｜【要対応】本人確認');
    expect(withBrandBar('Amazon 1ご注文の確認')).toBe('Amazon｜ご注文の確認');
  });

  it('leaves figures alone', () => {
    expect(withBrandBar('ポイント1倍キャンペーン')).toBe('ポイント1倍キャンペーン');
    expect(withBrandBar('iPhone 15ご購入のお客様へ')).toBe('iPhone 15ご購入のお客様へ');
    expect(withBrandBar('Mail【重要】')).toBe('Mail【重要】');
  });
});
