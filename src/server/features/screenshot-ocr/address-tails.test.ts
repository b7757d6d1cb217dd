import { describe, expect, it } from 'vitest';
import { ocrLine, type OcrLineOptions } from '../../test/ocr-line-factories';
import { endsInAddress, isAddressTail } from './address-tails';
import type { TextLine } from './form-lines';
import { joinBody, withoutChrome } from './message-body';

const read = (text: string, y: number, options: OcrLineOptions = {}): TextLine => ({ text, line: ocrLine(text, y, options) });

/** A URL wrapped over three lines of a bubble, its last letter alone on the fourth. */
const wrappedOverFour = (tail: TextLine): TextLine[] => [
  read('詳細は下記よりご確認ください。http', 100),
  read('s://web.nhk-pay-yc2.exampl', 125),
  read('e/info/portal?session=wHvr', 150),
  tail,
];

describe('the wrapped last piece of a URL', () => {
  it('belongs to a URL wrapped over three lines, whose middle line holds neither scheme nor host', () => {
    const lines = wrappedOverFour(read('b', 175, { confidence: 91 }));
    expect(endsInAddress(lines, 2)).toBe(true);
    expect(isAddressTail(lines, 3)).toBe(true);
    expect(withoutChrome(lines).map(({ text }) => text)).toContain('b');
    expect(joinBody(withoutChrome(lines))).toBe('詳細は下記よりご確認ください。https://web.nhk-pay-yc2.example/info/portal?session=wHvrb');
  });

  it('is kept by the body however unsurely it was read', () => {
    const lines = [read('https://smbc-bk.pyvbe.top/portal/?key=vg36', 100, { confidence: 76 }), read('4', 125, { confidence: 0 })];
    expect(joinBody(withoutChrome(lines))).toBe('https://smbc-bk.pyvbe.top/portal/?key=vg364');
  });

  it('is not a line under a sentence, nor one set apart from the URL', () => {
    // A middle line that is a sentence ends no address: the letter under it is an icon.
    const sentence = [read('https://a.example/x', 100), read('ご確認ください', 125), read('b', 150, { confidence: 91 })];
    expect(isAddressTail(sentence, 2)).toBe(false);
    // Far below the URL, or far to its right (a time stamp beside the bubble).
    expect(isAddressTail(wrappedOverFour(read('b', 260, { confidence: 91 })), 3)).toBe(false);
    expect(isAddressTail(wrappedOverFour(read('b', 175, { x: 300, confidence: 91 })), 3)).toBe(false);
    // Too long or not address characters.
    expect(isAddressTail(wrappedOverFour(read('お問い合わせ', 175)), 3)).toBe(false);
  });

  it('leaves an unsure mark under a line with no address alone for the body to drop', () => {
    const lines = [read('本日中にお手続きください。', 100), read('4', 125, { confidence: 0 })];
    expect(joinBody(lines)).toBe('本日中にお手続きください。');
  });
});
