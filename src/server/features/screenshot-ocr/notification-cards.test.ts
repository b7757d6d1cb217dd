import { describe, expect, it } from 'vitest';
import { ocrLine } from '../../test/ocr-line-factories';
import { withoutOtherNotifications } from './notification-cards';

const entry = (text: string, y: number, options: Parameters<typeof ocrLine>[2]) => ({ text, line: ocrLine(text, y, options) });

describe('a banner over a text message', () => {
  it('goes whole, though a mark at the screen\'s edge was read beside it', () => {
    const lines = [
      entry('重ニュース', 16, { x: 22, h: 14 }),
      entry('2分前', 19, { x: 373, h: 11 }),
      entry('|', 32, { x: 0, h: 40, confidence: 29 }),
      entry('新型スマートフォンの発売日が発表されました', 35, { x: 66, h: 14 }),
      entry('[楽天カード]本人認証サービスの登録情報の更新', 165, { x: 36, h: 14 }),
      entry('が必要です。下記URLから再配達のご依頼をお願', 184, { x: 36, h: 14 }),
      entry('いします。http://mbbkpm.cc/?u=iD4zypf2B', 206, { x: 36, h: 14 }),
    ];
    const kept = withoutOtherNotifications(lines).map(({ text }) => text);
    expect(kept).not.toContain('新型スマートフォンの発売日が発表されました');
    expect(kept).toContain('[楽天カード]本人認証サービスの登録情報の更新');
  });
});

describe('a banner whose text starts under the app\'s icon, left of its name (Android)', () => {
  it('goes whole', () => {
    const lines = [
      entry('|ニュース', 53, { x: 157, h: 32 }),
      entry('2分前', 55, { x: 1043, h: 32 }),
      entry('新型スマートフォンの発売日が発表されました', 105, { x: 72, h: 32 }),
      entry('2026年11月21日月曜日', 335, { x: 377, h: 32 }),
      entry('【エポスカード】本人認証サービスの登録情報の', 472, { x: 120, h: 32 }),
      entry('更新が必要です。https://eposcard-net.example/auth', 542, { x: 92, h: 32 }),
    ];
    const kept = withoutOtherNotifications(lines).map(({ text }) => text);
    expect(kept).not.toContain('新型スマートフォンの発売日が発表されました');
    expect(kept).toContain('【エポスカード】本人認証サービスの登録情報の');
  });
});

describe('a lock screen card\'s time read unusually', () => {
  const lureCard = [
    entry('【水道局】今月分のご利用料金が未納となっております。', 241, { x: 89, h: 25 }),
    entry('以下のURLよりログインしてください。https://water-pay.example/', 263, { x: 80, h: 25 }),
  ];

  it('knows 前 read as 基 after 分', () => {
    const lines = [entry('回水道局お知らせ', 216, { x: 33, h: 25 }), entry('2分基', 219, { x: 345, h: 13 }), ...lureCard];
    expect(withoutOtherNotifications(lines).map(({ text }) => text)).not.toContain('2分基');
  });

  it('knows 今 after the dot between the name and the time', () => {
    const lines = [entry('回東京電力エナジーパートナー【公。今', 216, { x: 24, h: 25 }), ...lureCard];
    expect(withoutOtherNotifications(lines).map(({ text }) => text)).not.toContain('回東京電力エナジーパートナー【公。今');
  });
});
