import { describe, expect, it } from 'vitest';
import { ocrLine } from '../../test/ocr-line-factories';
import { withoutIconAtWrap } from './subject-icons';

/** A subject's first line with a glyph set `gap` characters after its words, as Gmail for iOS's ☆ is read. */
function withIcon(words: string, icon: string, gap: number) {
  const h = 20;
  const line = ocrLine(words + icon, 100, { h });
  const shifted = line.charBoxes.map((box, i) => (i >= words.length ? { ...box, x: box.x + gap * h } : box));
  return { ...line, charBoxes: shifted, box: { ...line.box, w: line.box.w + gap * h } };
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
});
