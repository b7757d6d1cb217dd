import { describe, expect, it } from 'vitest';
import { addressGlyphsByShape, withPageBoxes } from './address-glyphs';
import type { OcrLine } from './ocr-layout';

/** A line of 10-px-tall glyphs on a 14-px line, widths varying a little as real boxes do; `boxes` overrides some. */
function line(text: string, boxes: Record<number, { w?: number; h?: number; y?: number }> = {}): OcrLine {
  let x = 0;
  const charBoxes = [...text].map((_, i) => {
    const w = boxes[i]?.w ?? 7 + (i % 3);
    const box = { x, y: boxes[i]?.y ?? 2, w, h: boxes[i]?.h ?? 10 };
    x += w + 2;
    return box;
  });
  return { text, charBoxes, charConfidences: charBoxes.map(() => 95), box: { x: 0, y: 0, w: x, h: 14 }, confidence: 90 };
}

describe('a glyph read twice in two cases', () => {
  const url = 'https://a.test/?c=QwVvrpm';
  const v = url.indexOf('Vv');

  it('drops the reading whose box is a strip as tall as the line', () => {
    expect(addressGlyphsByShape(line(url, { [v]: { w: 3, h: 14, y: 0 } })).text).toBe('https://a.test/?c=Qwvrpm');
    expect(addressGlyphsByShape(line('https://a.test/?no=wDEe0ONu', { 24: { w: 3, h: 14, y: 0 } })).text).toBe('https://a.test/?no=wDEe0Nu');
  });

  it('keeps both when each has a box of its own, and letters whose small form may be as tall as the line', () => {
    expect(addressGlyphsByShape(line(url)).text).toBe(url);
    const jj = 'https://a.test/?c=pyMjJ';
    expect(addressGlyphsByShape(line(jj, { [jj.indexOf('jJ')]: { w: 3, h: 14, y: 0 } })).text).toBe(jj);
  });

  it('drops the strip with its box and confidence', () => {
    const fixed = addressGlyphsByShape(line(url, { [v]: { w: 3, h: 14, y: 0 } }));
    expect(fixed.charBoxes).toHaveLength(fixed.text.length);
    expect(fixed.charConfidences).toHaveLength(fixed.text.length);
  });
});

describe('a zero read as a capital O', () => {
  const url = 'https://a.test/?c=FhUqejyOFt';
  const o = url.indexOf('O');

  it('is a zero when its box is narrower than any capital O', () => {
    expect(addressGlyphsByShape(line(url, { [o]: { w: 6 } })).text).toBe('https://a.test/?c=FhUqejy0Ft');
  });

  it('stays an O when its box is as wide as one', () => {
    expect(addressGlyphsByShape(line(url, { [o]: { w: 8.5 } })).text).toBe(url);
  });

  it('is measured against the line\'s other wide capitals where it has two', () => {
    const wide = 'https://a.test/?c=DGqOx';
    const at = (char: string) => wide.indexOf(char);
    // Capitals 0.74 wide: an O of 0.67 is one of them (a narrow font's O); capitals 0.85 wide: an O of 0.70 is a zero.
    expect(addressGlyphsByShape(line(wide, { [at('D')]: { w: 7.4 }, [at('G')]: { w: 7.4 }, [at('O')]: { w: 6.7 } })).text).toBe(wide);
    expect(addressGlyphsByShape(line(wide, { [at('D')]: { w: 8.5 }, [at('G')]: { w: 8.5 }, [at('O')]: { w: 7 } })).text).toBe('https://a.test/?c=DGq0x');
  });

  it('reads a box as tall as the line when the line\'s capitals are as tall (a wrapped URL\'s last characters), not when they are shorter', () => {
    const tail = 'FVO1sr2';
    const allTall = Object.fromEntries([...tail].map((_, i) => [i, { h: 14, y: 0, w: i === 2 ? 8 : 9 + (i % 2) }]));
    expect(addressGlyphsByShape(line(tail, allTall)).text).toBe('FV01sr2');
    expect(addressGlyphsByShape(line(tail, { 2: { h: 14, y: 0, w: 8 } })).text).toBe(tail);
  });

  it('takes the cap height from the round capitals on a line with no flat capital or digit', () => {
    // 「CGOG&utm_source=sms」: C, G, O, G as tall as the line, the small letters shorter.
    const round = 'CGOG&utm_source=sms';
    const tall = (w: number) => ({ h: 14, y: 0, w });
    expect(addressGlyphsByShape(line(round, { 0: tall(10), 1: tall(10), 2: tall(8), 3: tall(10.5) })).text).toBe('CG0G&utm_source=sms');
    // An O as wide as the round capitals stays; with a single round capital to measure by, nothing is told.
    expect(addressGlyphsByShape(line(round, { 0: tall(10), 1: tall(10), 2: tall(10), 3: tall(10.5) })).text).toBe(round);
    expect(addressGlyphsByShape(line('xCqO&utm_source=sms', { 1: tall(10), 3: tall(8) })).text).toBe('xCqO&utm_source=sms');
  });

  it('tells nothing from boxes shared out evenly, nor outside addresses', () => {
    const even = line(url);
    even.charBoxes = even.charBoxes.map((_, i) => ({ x: i * 8, y: 2, w: 6, h: 10 }));
    even.charConfidences = even.charConfidences.map(() => 90);
    expect(addressGlyphsByShape(even).text).toBe(url);
    expect(addressGlyphsByShape(line('OK', { 0: { w: 6 } })).text).toBe('OK');
  });
});

describe('the page\'s boxes put back after the rereading', () => {
  it('gives the characters the rereading kept (or put one for one) the page\'s boxes', () => {
    const page = line('see https://a.test/?c=AbOc1');
    const reread: OcrLine = { ...page, text: 'see https://a.test/?c=AbOc7', charBoxes: page.charBoxes.map((_, i) => ({ x: i * 8, y: 0, w: 8, h: 14 })) };
    const [boxed] = withPageBoxes([reread], [page]);
    expect(boxed!.charBoxes).toEqual(page.charBoxes);
  });

  it('keeps the shared-out boxes where the rereading added characters', () => {
    const page = line('https://a.test/c=Ab');
    const shared = (text: string) => [...text].map((_, i) => ({ x: i * 8, y: 0, w: 8, h: 14 }));
    const text = 'https://a.test/?c=Ab';
    const [boxed] = withPageBoxes([{ ...page, text, charBoxes: shared(text) }], [page]);
    expect(boxed!.charBoxes[text.indexOf('?')]).toEqual(shared(text)[text.indexOf('?')]);
    expect(boxed!.charBoxes[text.indexOf('A')]).toEqual(page.charBoxes[page.text.indexOf('A')]);
  });
});

describe('a small letter read as its capital', () => {
  it('is small again where its box is as tall as the small letters (capitals 10 px, a e m n r 7 px)', () => {
    const url = 'https://a.test/Secure/?id=FRmA';
    const boxes = Object.fromEntries([...url].map((char, i) => [i, 'aemnrScu'.includes(char) ? { h: 7, y: 5 } : {}]));
    expect(addressGlyphsByShape(line(url, boxes)).text).toBe('https://a.test/secure/?id=FRmA');
    // As tall as the capitals, it stays a capital.
    const tall = { ...boxes, [url.indexOf('S')]: {} };
    expect(addressGlyphsByShape(line(url, tall)).text).toBe(url);
    // Boxes shifted along the line: a flat capital (the A) as short as the letter, so no box tells a glyph's height.
    const shifted = { ...boxes, [url.lastIndexOf('A')]: { h: 7, y: 5, w: 6 } };
    expect(addressGlyphsByShape(line(url, shifted)).text).toBe(url);
  });

  it('is small again for a w, whose own box is wider than tall', () => {
    // 「en=WkivaeN7K4…」: the W 35 × 26 px beside a, e, n 26 px tall and capitals 35.
    const piece = 'en=WkivaeN7K4RP78PX';
    const boxes = Object.fromEntries([...piece].map((char, i) => [i, 'aenviW'.includes(char) ? { h: 7, y: 5, w: char === 'W' ? 9.5 : 6 } : {}]));
    expect(addressGlyphsByShape(line(piece, boxes)).text).toBe('en=wkivaeN7K4RP78PX');
    // A box wider still spans more than its glyph: it tells nothing.
    expect(addressGlyphsByShape(line(piece, { ...boxes, 3: { h: 7, y: 5, w: 12 } })).text).toBe(piece);
  });

  it('in a piece of capitals only, stands on their baseline and is a fifth shorter at least', () => {
    expect(addressGlyphsByShape(line('=ZLLJHt7', { 1: { h: 7.5, y: 4.5 } })).text).toBe('=zLLJHt7');
    // Hanging high (no small letter sits so), or only a little shorter: left alone.
    expect(addressGlyphsByShape(line('=ZLLJHt7', { 1: { h: 7.5, y: 2 } })).text).toBe('=ZLLJHt7');
    expect(addressGlyphsByShape(line('=ZLLJHt7', { 1: { h: 9, y: 3 } })).text).toBe('=ZLLJHt7');
  });
});
