import { describe, expect, it } from 'vitest';
import { fuzzyOccurrences } from './recipient-names';

describe('a known recipient name found again on another line', () => {
  it('is found with extra glyphs read inside it (a glyph split in three), from its first character to its last', () => {
    expect(fuzzyOccurrences('ヤマモトドクケンタ(様', 'ヤマモトケンタ')).toEqual([{ start: 0, end: 9 }]);
  });

  it('is found with one character misread, as before', () => {
    expect(fuzzyOccurrences('山田花干様', '山田花子')).toEqual([{ start: 0, end: 4 }]);
  });

  it('needs the name\'s first and last characters, and takes no extra glyph in a short name', () => {
    expect(fuzzyOccurrences('マモトドクケンタ', 'ヤマモトケンタ')).toEqual([]);
    expect(fuzzyOccurrences('ヤマモトドクケン', 'ヤマモトケンタ')).toEqual([]);
    expect(fuzzyOccurrences('林の彩', '林彩')).toEqual([]);
  });

  it('takes no more extra glyphs than one per three of its characters', () => {
    expect(fuzzyOccurrences('山あい田花子', '山田花子')).toEqual([]);
  });
});
