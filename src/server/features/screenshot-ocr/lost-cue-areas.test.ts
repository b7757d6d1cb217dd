import { describe, expect, it } from 'vitest';
import { covered, ocrLine, type OcrLineOptions, touches } from '../../test/ocr-line-factories';
import type { OcrLine } from './ocr-layout';
import type { PixelBox } from './screenshot-ocr.types';
import { findSensitiveBoxes } from './sensitive-areas';

/** Characters stay at confidence 95 whatever the line's word confidence, as tesseract reports garbage. */
const line = (text: string, y: number, options: OcrLineOptions = {}) => ocrLine(text, y, { charConfidence: 95, ...options });
const SCREEN = { width: 600, height: 400 };

/** The box of characters `from`..`to` of a line (what a truth rect of that text would be). */
function charsOf(read: OcrLine, from: number, to: number): PixelBox {
  const boxes = read.charBoxes.slice(from, to);
  const x = boxes[0]!.x;
  return { x, y: read.box.y, w: boxes.at(-1)!.x + boxes.at(-1)!.w - x, h: read.box.h };
}

describe('a greeting whose 様 was read as a look-alike', () => {
  it('covers 「林彩欄」 (a two-character name) alone on its line, and leaves a form field (「備考欄」)', () => {
    const greeting = line('林彩欄', 120);
    const boxes = findSensitiveBoxes([line('いつもご利用ありがとうございます。', 60), greeting, line('お手続きをお願いいたします。', 180)], SCREEN);
    expect(covered(boxes, greeting.box)).toBe(true);
    for (const text of ['備考欄', '入力欄']) {
      const other = line(text, 120);
      expect(touches(findSensitiveBoxes([other], SCREEN), other.box)).toBe(false);
    }
  });

  it('leaves a salutation to many (「お客様各位」 is no name)', () => {
    const salutation = line('会員各位', 120);
    expect(findSensitiveBoxes([salutation], SCREEN)).toEqual([]);
  });
});

describe('a masked card number whose label OCR misread', () => {
  it('covers the mask\'s last symbol and four digits, and the gap back to its label', () => {
    const label = line('カード示尾', 200, { x: 40 });
    const value = line('いい7*5190', 200, { x: 170, confidence: 12 });
    const boxes = findSensitiveBoxes([line('ご請求金額：12,800円', 160), label, value], SCREEN);
    expect(covered(boxes, value.box)).toBe(true);
    // The mask's first symbols stand unread between the label and what was read.
    expect(covered(boxes, { x: label.box.x + label.box.w + 2, y: 202, w: value.box.x - label.box.x - label.box.w - 4, h: 16 })).toBe(true);
  });

  it('covers a value after its field\'s separator, not the label', () => {
    const read = line('ご利用カード・ババメメ*メ*5664', 200, { confidence: 34 });
    const boxes = findSensitiveBoxes([read], SCREEN);
    expect(covered(boxes, charsOf(read, 7, read.text.length))).toBe(true);
    expect(touches(boxes, charsOf(read, 0, 4))).toBe(false);
  });

  it('leaves an asterisk note and a price alone', () => {
    const note = line('※*印の項目は必須です。2026年11月', 200);
    expect(touches(findSensitiveBoxes([note], SCREEN), note.box)).toBe(false);
  });
});

describe('a header row whose address lost its @', () => {
  it('covers 「差出人: eposnetepos-jpっorz」 from the address on, not the label', () => {
    const read = line('差出人: eposnetepos-jpっorz', 100);
    const boxes = findSensitiveBoxes([read], SCREEN);
    expect(covered(boxes, charsOf(read, 5, read.text.length))).toBe(true);
    expect(covered(boxes, charsOf(read, 0, 3))).toBe(false);
  });

  it('covers from the bracket when the display name is in letters', () => {
    const read = line('From: SoftBank <mysoftbank62⑱softbank-mysb.test>', 100);
    const boxes = findSensitiveBoxes([read], SCREEN);
    expect(covered(boxes, charsOf(read, read.text.indexOf('<'), read.text.length))).toBe(true);
  });

  it('leaves a display name alone: a short run of letters is no address', () => {
    const read = line('差出人: Amazon', 100);
    expect(findSensitiveBoxes([read], SCREEN)).toEqual([]);
  });
});

describe('the row under a sender\'s row read as garbage', () => {
  it('covers 「移先上牧本謀可」 under 「差出人…」, and a row read surely there stays', () => {
    const from = line('差出人SoftBank <mysoftbank62@softbank-mysb.test>', 100, { h: 17 });
    const garbled = line('移先上牧本謀可', 119, { h: 17, confidence: 31 });
    const date = line('日時: 11月24日 22:47', 138, { h: 17 });
    expect(covered(findSensitiveBoxes([from, garbled, date], SCREEN), garbled.box)).toBe(true);
    const sure = line('宛先: 自分', 119, { h: 17, confidence: 90 });
    expect(touches(findSensitiveBoxes([from, sure, date], SCREEN), { x: sure.box.x, y: sure.box.y + 4, w: sure.box.w, h: sure.box.h - 8 })).toBe(false);
  });
});

describe('an address\'s rest set apart on its row', () => {
  it('covers 「gmallexample」 right of a covered 「dp2kobayashi292の」', () => {
    const to = line('苑先dp2kobayashi292の', 180, { h: 17, confidence: 5 });
    const rest = line('gmallexample', 181, { h: 11, x: to.box.x + to.box.w + 4, confidence: 77 });
    const boxes = findSensitiveBoxes([line('【国税庁】税務署からのお知らせ', 100), to, rest], SCREEN);
    expect(covered(boxes, rest.box)).toBe(true);
  });

  it('leaves a time further along the row', () => {
    const to = line('苑先dp2kobayashi292の', 180, { h: 17, confidence: 5 });
    const time = line('23:24', 181, { h: 11, x: to.box.x + to.box.w + 120, confidence: 90 });
    expect(touches(findSensitiveBoxes([to, time], SCREEN), time.box)).toBe(false);
  });
});

describe('an e-mail address whose start ended the row above, read as garbage', () => {
  it('covers the garbled piece over the address\'s start, and leaves a piece read surely', () => {
    const above = line('mron和Wu', 119, { h: 14, confidence: 15 });
    const address = line('confirm@amazon-co-jp.example>', 138, { h: 16 });
    expect(covered(findSensitiveBoxes([above, address], SCREEN), above.box)).toBe(true);
    // (The space right above the address goes anyway: its first letters may stand there unread.)
    const sure = line('経理部のお知らせ', 119, { h: 14, confidence: 92 });
    expect(covered(findSensitiveBoxes([sure, address], SCREEN), sure.box)).toBe(false);
  });
});

describe('a web mail\'s welcome line', () => {
  it('covers the signed-in user\'s name after ようこそ, not the welcome itself', () => {
    const read = line('ようこそ、佐藤花子さん', 40);
    const boxes = findSensitiveBoxes([read], SCREEN);
    expect(covered(boxes, charsOf(read, 5, 9))).toBe(true);
    expect(touches(boxes, charsOf(read, 0, 3))).toBe(false);
  });

  it('leaves a welcome with nothing after it', () => {
    const read = line('ようこそ！', 40);
    expect(findSensitiveBoxes([read], SCREEN)).toEqual([]);
  });
});

describe('a greeting read as garbage under the header\'s To row', () => {
  // The page's sentences are taller than the header's rows, so the greeting's small garbage is no line
  // of text to the page-wide garbage rule (unsure-areas.ts): only the To row above tells what it is.
  const body = line('いつもご利用いただき、誠にありがとうございます。', 190, { x: 60, h: 28 });
  const more = line('お手続きをお願いいたします。', 240, { x: 60, h: 28 });

  it('covers one of the first rows under 「宛先: …」 read at no confidence, widened on both sides', () => {
    const to = line('宛先:後藤恵様', 100, { x: 80, h: 16 });
    const greeting = line('グ時', 150, { x: 60, h: 12, confidence: 1 });
    const boxes = findSensitiveBoxes([to, greeting, body, more], SCREEN);
    // The name's first glyph stood a glyph left of what OCR returned.
    expect(covered(boxes, { x: greeting.box.x - 12, y: 150, w: greeting.box.w + 24, h: 12 })).toBe(true);
    expect(touches(boxes, body.box)).toBe(false);
  });

  it('leaves garbage under a To row that names nobody (the owner\'s own 「自分」)', () => {
    const own = line('To 自分', 100, { x: 80, h: 16 });
    const garbage = line('グ時', 150, { x: 60, h: 12, confidence: 1 });
    expect(touches(findSensitiveBoxes([own, garbage, body, more], SCREEN), garbage.box)).toBe(false);
  });
});

describe('a masked card number read as small glyphs', () => {
  /** A line of 28-px glyphs whose characters `from`..`to` are 12 px tall, level with the top. */
  function withSmall(text: string, y: number, from: number, to: number, confidence = 30): OcrLine {
    const read = line(text, y, { h: 28, confidence });
    read.charBoxes = read.charBoxes.map((box, i) => (i >= from && i < to ? { ...box, h: 12 } : box));
    return read;
  }
  const page = [line('ご利用日時 2026/12/22 17:06', 40, { h: 28 }), line('本日中にお手続きください。', 300, { h: 28 })];

  it('covers from the run of small glyphs on, with the digits read as anything after it', () => {
    const read = withSmall('誠人で人U全て<びびてちりはの', 200, 4, 11);
    const boxes = findSensitiveBoxes([...page, read], { width: 800, height: 400 });
    expect(covered(boxes, charsOf(read, 4, 15))).toBe(true);
  });

  it('leaves a sentence whose small glyphs are as tall as the page\'s, and a run with nothing after it', () => {
    const sentence = line('寒くなってきました。今週は冬の旅行', 200, { h: 28 });
    expect(touches(findSensitiveBoxes([...page, sentence], { width: 800, height: 400 }), sentence.box)).toBe(false);
    const trailing = withSmall('注意事項・・・・・', 200, 5, 9, 90);
    expect(touches(findSensitiveBoxes([...page, trailing], { width: 800, height: 400 }), trailing.box)).toBe(false);
  });
});

describe('a number\'s rest set apart on its row', () => {
  it('covers digits among look-alikes right of a phone label\'s garbled number', () => {
    const label = line('カスタマーセンター0LL.2.0!.6.0ユ', 200, { h: 40 });
    const rest = line('コー96G63ュ', 200, { x: label.box.x + label.box.w + 16, h: 40, confidence: 24 });
    expect(covered(findSensitiveBoxes([label, rest], { width: 1000, height: 400 }), rest.box)).toBe(true);
  });

  it('leaves words right of a number', () => {
    const number = line('お問い合わせ: 0120-601-963', 200);
    const words = line('受付時間外', 200, { x: number.box.x + number.box.w + 16 });
    // (The number's own padding reaches the first word's edge; the words themselves stay.)
    expect(covered(findSensitiveBoxes([number, words], { width: 1000, height: 400 }), words.box)).toBe(false);
  });
});
