import { describe, expect, it } from 'vitest';
import { ocrLine } from '../../test/ocr-line-factories';
import { fromSms, withoutTopBanner } from './sms-form';

const entry = (text: string, y: number, options: Parameters<typeof ocrLine>[2] = {}) => ({ text, line: ocrLine(text, y, options) });

describe('another app\'s banner over the top of a chat, its header not read', () => {
  const size = { width: 868, height: 1864 };
  const message = [
    entry('石川明美様【ヤマト運輸】お', 268, { x: 72, h: 63 }),
    entry('客様宛のお荷物をお預かりし', 333, { x: 72, h: 63 }),
  ];

  it('goes: one line at the top, far above the message', () => {
    const banner = entry('1年前の思い出をふり返ってみましょう', 52, { x: 135, h: 63 });
    expect(withoutTopBanner([banner, ...message], [banner, ...message], size)).toEqual(message);
  });

  it('stays when a character was read unsurely between: a line of the message was lost there', () => {
    const first = entry('がロックされました。URL', 47, { x: 143, h: 34 });
    const lost = entry('|上', 103, { x: 151, h: 28, confidence: 24 });
    expect(withoutTopBanner([first, ...message], [first, lost, ...message], size)).toHaveLength(3);
  });

  it('stays when it holds an address or is the greeting', () => {
    for (const text of ['https://example.test/a', '田中様']) {
      const first = entry(text, 52, { x: 72, h: 63 });
      expect(withoutTopBanner([first, ...message], [first, ...message], size), text).toHaveLength(3);
    }
  });
});

describe('where a chat\'s message starts without a readable sender', () => {
  it('not at the sender\'s address row, read with its avatar as marks', () => {
    const lines = [
      entry('。info+xw5q@w6fuと:', 55, { x: 23, h: 46, confidence: 79 }),
      entry('35d.top', 101, { x: 58, h: 29 }),
      entry('この番号は連絡先に保存されていません。', 165, { x: 36, h: 32 }),
      entry('2026年11月22日木曜日', 294, { x: 89, h: 29 }),
      entry('清水結衣様Yahoo!ショッピング:プライム会員', 343, { x: 31, h: 32 }),
      entry('の更新手続きに失敗しました。', 374, { x: 33, h: 32 }),
    ];
    expect(fromSms(lines, { width: 379, height: 667 }).body).not.toContain('info');
  });

  it('with the paragraph\'s lines right above a cut made by height', () => {
    const lines = [
      entry('の3785の1', 43, { x: 167, h: 18, confidence: 15 }),
      entry('【NHK】登録情報の確認が必要です。', 95, { x: 77, h: 21, confidence: 73 }),
      entry('詳細は下記よりご確認ください。http', 114, { x: 69, h: 21 }),
      entry('s://web.nhk-jushin.example', 137, { x: 70, h: 14 }),
    ];
    expect(fromSms(lines, { width: 380, height: 755 }).body).toContain('【NHK】登録情報の確認が必要です。');
  });

  it('with the lines of large text right above a cut made by height, though each is too short for a sentence', () => {
    const lines = [
      entry('確認できないため、', 14, { x: 70, h: 21 }),
      entry('供給を停止する場合', 46, { x: 70, h: 21 }),
      entry('がございます。下記', 82, { x: 71, h: 21 }),
      entry('URLから再配達のご', 110, { x: 72, h: 21 }),
      entry('依頼をお願いしま', 141, { x: 70, h: 21 }),
    ];
    expect(fromSms(lines, { width: 393, height: 647 }).body).toMatch(/^確認できないため、/);
  });
});
