import { describe, expect, it } from 'vitest';
import { ocrLine } from '../../test/ocr-line-factories';
import { colonsByShape } from './form-lines';

describe('colons told by their shape', () => {
  /** A line whose 「・」 is a small square at the given height (the glyphs span y 100–130). */
  const withDot = (text: string, dotTop: number) => {
    const line = ocrLine(text, 100, { h: 30 });
    line.box = { ...line.box, y: 96, h: 40 };
    const i = text.indexOf('・');
    line.charBoxes[i] = { ...line.charBoxes[i]!, y: dotTop, h: 6 };
    return line;
  };

  it('reads a small dot well above or below the glyphs\' middle as a colon, its other dot lost', () => {
    expect(colonsByShape(withDot('楽天市場・未払い料金のお知らせ', 104))).toBe('楽天市場：未払い料金のお知らせ');
    expect(colonsByShape(withDot('水道局・未払い料金のお知らせ', 120))).toBe('水道局：未払い料金のお知らせ');
  });

  it('leaves a middle dot at the middle', () => {
    expect(colonsByShape(withDot('ソフトバンク・ワイモバイル', 112))).toBe('ソフトバンク・ワイモバイル');
    expect(colonsByShape(withDot('照会サービス・のご案内', 114))).toBe('照会サービス・のご案内');
  });
});
