import { describe, expect, it } from 'vitest';
import { ocrLine } from '../../test/ocr-line-factories';
import { withoutIconAtWrap } from './subject-icons';

/** A subject's first line with a glyph set `gap` characters after its words, as Gmail for iOS's ☆ is read (words read surely). */
function withIcon(words: string, icon: string, gap: number, iconConfidence = 99) {
  const h = 20;
  const line = ocrLine(words + icon, 100, { h, charConfidence: 99 });
  const shifted = line.charBoxes.map((box, i) => (i >= words.length ? { ...box, x: box.x + gap * h } : box));
  const confidences = line.charConfidences.map((confidence, i) => (i >= words.length ? iconConfidence : confidence));
  return { ...line, charBoxes: shifted, charConfidences: confidences, box: { ...line.box, w: line.box.w + gap * h } };
}

describe('a button read at the end of a line the subject wraps from', () => {
  it('is dropped when it stands well apart from the words', () => {
    expect(withoutIconAtWrap(withIcon('東京ガス|供給停止のご案内', '文', 1), '東京ガス|供給停止のご案内文')).toBe('東京ガス|供給停止のご案内');
    expect(withoutIconAtWrap(withIcon('[佐川急便]お届け先住', '記', 0.7), '[佐川急便]お届け先住記')).toBe('[佐川急便]お届け先住');
  });

  it('is the subject\'s own character when the gap is one text leaves', () => {
    expect(withoutIconAtWrap(withIcon('【重要】[ヤマト運輸]不在通', '知', 0.4), '【重要】[ヤマト運輸]不在通知')).toBe('【重要】[ヤマト運輸]不在通知');
    expect(withoutIconAtWrap(ocrLine('アカウント確認のお願い', 100), 'アカウント確認のお願い')).toBe('アカウント確認のお願い');
  });

  it('is dropped at a smaller gap when every glyph of it was read unsurely', () => {
    expect(withoutIconAtWrap(withIcon('三菱UFJ銀行:重要なお知', '文', 0.45, 93), '三菱UFJ銀行:重要なお知文')).toBe('三菱UFJ銀行:重要なお知');
    expect(withoutIconAtWrap(withIcon('[三井住友カード]カードご利用停', '漁', 0.3, 86), '[三井住友カード]カードご利用停漁')).toBe('[三井住友カード]カードご利用停');
    // Read surely, the same glyph at the same gap is the subject's own.
    expect(withoutIconAtWrap(withIcon('【重要】[ヤマト運輸]不在通', '知', 0.3), '【重要】[ヤマト運輸]不在通知')).toBe('【重要】[ヤマト運輸]不在通知');
  });

  it('keeps a label\'s colon read unsurely before the wrap', () => {
    expect(withoutIconAtWrap(withIcon('本人確認【未払い', ':', 0.3, 80), '本人確認【未払い:')).toBe('本人確認【未払い:');
  });
});
