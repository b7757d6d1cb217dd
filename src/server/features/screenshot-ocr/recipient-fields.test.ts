import { describe, expect, it } from 'vitest';
import { ocrLine as line } from '../../test/ocr-line-factories';
import { extractFormData } from './form-extraction';
import { recipientFieldsAsRead } from './recipient-fields';

const CARD = '（カード番号）';
const EMAIL = '（受信者のメールアドレス）';

describe('a card field whose mask OCR read as kana', () => {
  it.each([
    ['ご利用カードサががせ3108', `ご利用カード:${CARD}`],
    ['カード末尾:ババーーななー4360', `カード末尾:${CARD}`],
    ['ご利用カード用ららるるるるるるるるらら', `ご利用カード:${CARD}`],
    ['ご利用カードスネスをメメ*ネフイ53', `ご利用カード:${CARD}`],
    ['カード番号: **** **** **** 1234', `カード番号:${CARD}`],
    // Glued on after the field above it.
    ['ご利用日時:2026/11/18 19:42ご利用カードトススネをススオメネネメメをを2007', `ご利用日時:2026/11/18 19:42ご利用カード:${CARD}`],
    // The value alone on the next line, the label ending its own.
    ['ご利用カード:\nメメ2944', `ご利用カード:${CARD}`],
    ['カード末尾\nを太才才才二をを5805\n本日中にお手続きください。', `カード末尾:${CARD}\n本日中にお手続きください。`],
  ])('masks 「%s」', (read, masked) => {
    expect(recipientFieldsAsRead(read)).toBe(masked);
  });

  it.each([
    'ご利用カードの確認をお願いします',
    'ご利用カードが一時的に停止されています。',
    'ご利用カード:VISA',
    'カード番号の入力が必要です',
    // Not a field: the label inside a sentence.
    '楽天カードのご利用カード番号をご確認ください。',
  ])('leaves 「%s」 alone', (text) => {
    expect(recipientFieldsAsRead(text)).toBe(text);
  });

  it('masks the card in the auto-filled body', () => {
    const form = extractFormData([
      line('090-3817-2264', 120, { x: 120 }),
      line('【三井住友カード】ご利用代金のお支払いが確認できておりません。', 250),
      line('ご利用カードサががせ3108', 275),
    ], { width: 390, height: 844 });
    expect(form.body).toBe(`【三井住友カード】ご利用代金のお支払いが確認できておりません。\nご利用カード:${CARD}`);
  });
});

describe('the recipient\'s own address after its label, misread', () => {
  it.each([
    ['ご登録のメールアドレス: hayashi tak6014@iclod exampleご理解とご協力をお願い申し上げます。', `ご登録のメールアドレス:${EMAIL}ご理解とご協力をお願い申し上げます。`],
    ['ご登録のメールアドレス: suzuki_nao2713⑳%au.example', `ご登録のメールアドレス:${EMAIL}`],
    ['ご登録のメールアドレス:m-nakamura.47@(@yahoo.test', `ご登録のメールアドレス:${EMAIL}`],
    ['こ登録のメールアドレス:hayashi_sho6068@', `ご登録のメールアドレス:${EMAIL}`],
    // Its @ lost altogether, or cut by the capture's edge: after the label it is the recipient's all the same.
    ['ご登録のメールアドレス:n6ynakamura527', `ご登録のメールアドレス:${EMAIL}`],
    ['ご登録のメールアドレス: hina.watanabe79', `ご登録のメールアドレス:${EMAIL}`],
    ['ご登録のメールアドレス:7f4watanabe084Gyahootest', `ご登録のメールアドレス:${EMAIL}`],
    ['ご登録のメールアドレス:kobayashi_mis41', `ご登録のメールアドレス:${EMAIL}`],
  ])('masks 「%s」', (read, masked) => {
    expect(recipientFieldsAsRead(read)).toBe(masked);
  });

  it.each([
    'ご登録のメールアドレスをご確認ください。',
    'ご登録のメールアドレス: 未登録',
    'お問い合わせ:support@example.com',
  ])('leaves 「%s」 alone', (text) => {
    expect(recipientFieldsAsRead(text)).toBe(text);
  });
});
