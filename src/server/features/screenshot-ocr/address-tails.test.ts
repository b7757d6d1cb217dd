import { describe, expect, it } from 'vitest';
import { ocrLine, type OcrLineOptions } from '../../test/ocr-line-factories';
import { endsInAddress, isAddressTail } from './address-tails';
import type { TextLine } from './form-lines';
import { withoutChrome } from './body-chrome';
import { dropAvatarNoise, joinBody } from './message-body';
import type { OcrLine } from './ocr-layout';

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

  it('joins a URL wrapped inside its scheme (「htt」 ending a line, 「ps://…」 below it)', () => {
    const lines = [read('下記よりご確認ください。htt', 100), read('ps://x-net.co.jp-ii4s.cn:8888/auth', 125)];
    expect(joinBody(lines)).toBe('下記よりご確認ください。https://x-net.co.jp-ii4s.cn:8888/auth');
    // A word ending in the letters (「ahtt」) is no scheme.
    expect(endsInAddress([read('Mahtt', 100)], 0)).toBe(false);
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

  it('beside an Android avatar, is cut from the avatar and keeps the box of its own characters', () => {
    // Bubble text at x=140 (30 px high); the avatar (three marks, 76 px tall at x=20) read into the last line.
    const bubble = [
      read('佐川急便:お荷物のお届けに伺いましたが、', 514, { x: 140, h: 30 }),
      read('ご不在でしたので持ち帰りました。下記URL', 554, { x: 140, h: 30 }),
      read('から再配達のご依頼をお願いします。', 594, { x: 140, h: 30 }),
      read('https://sgw-deliv-support.test/redeliv/ja/u', 688, { x: 140, h: 29, confidence: 43 }),
      read('pdate/index.html/?u=ZEYHT9jG0uRDGbX9', 730, { x: 142, h: 29, confidence: 45 }),
    ];
    const avatarBoxes = [0, 1, 2].map((i) => ({ x: 20 + i * 25, y: 745, w: 20, h: 76 }));
    const tailBoxes = [0, 1, 2, 3].map((i) => ({ x: 142 + i * 12, y: 770, w: 11, h: 29 }));
    const beside: OcrLine = { text: '人人生dPTr', charBoxes: [...avatarBoxes, ...tailBoxes], charConfidences: [0, 0, 0, 90, 90, 90, 90], box: { x: 20, y: 745, w: 181, h: 76 }, confidence: 43 };
    const lines = dropAvatarNoise([...bubble, { text: beside.text, line: beside }]);
    expect(lines.at(-1)!.text).toBe('dPTr');
    expect(lines.at(-1)!.line.box).toEqual({ x: 142, y: 770, w: 47, h: 29 });
    expect(joinBody(withoutChrome(lines))).toContain('https://sgw-deliv-support.test/redeliv/ja/update/index.html/?u=ZEYHT9jG0uRDGbX9dPTr');
  });
});
