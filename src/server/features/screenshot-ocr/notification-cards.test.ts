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
