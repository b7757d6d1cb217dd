import { describe, expect, it } from 'vitest';
import { glyphEdges, withStrayGlyphsRead } from './address-reread';
import { voteReadings } from './reading-vote';

/**
 * A grey page with glyphs drawn as 2-px outlines (an "o" of sorts) over columns [x0, x1) and rows
 * 10–29, so that, as in real text, most of a line's pixels are ground.
 */
function page(width: number, glyphs: Array<[number, number]>, ground = 255, ink = 0) {
  const height = 40;
  const data = Buffer.alloc(width * height, ground);
  for (const [x0, x1] of glyphs) {
    for (let y = 10; y < 30; y++) {
      for (let x = x0; x < x1; x++) {
        const edge = x < x0 + 2 || x >= x1 - 2 || y < 12 || y >= 28;
        if (edge) data[y * width + x] = ink;
      }
    }
  }
  return { data, width, height };
}

describe('a crop of a span goes out to whole glyphs', () => {
  const line = { y: 10, h: 20 };

  it('takes in the whole first glyph when its box began late, and none of the neighbour before it', () => {
    // "<" at 20–28, "o" at 31–41 whose box says 43 (past its ink: the box of "order@…" did that), the rest from 44.
    const grey = page(200, [[20, 28], [31, 41], [44, 60]]);
    const { left } = glyphEdges(grey, { x: 43, w: 17, ...line }, 5);
    expect(left).toBeGreaterThanOrEqual(28);
    expect(left).toBeLessThanOrEqual(31);
  });

  it('keeps the usual margin over blank columns where the box was right', () => {
    const grey = page(200, [[50, 60], [62, 80]]);
    const { left, right } = glyphEdges(grey, { x: 50, w: 30, ...line }, 5);
    // Left, the search for a glyph begun early looks a little further out and keeps what is blank there.
    expect(left).toBeLessThanOrEqual(45);
    expect(left).toBeGreaterThanOrEqual(30);
    // (exclusive: the glyph ends at 80, then six blank columns, the one it stood on and the margin)
    expect(right).toBe(86);
  });

  it('ends at the last glyph that runs past the box, before the next one', () => {
    const grey = page(200, [[50, 70], [72, 90], [93, 100]]);
    const { right } = glyphEdges(grey, { x: 50, w: 30, ...line }, 5);
    expect(right).toBeGreaterThanOrEqual(90);
    expect(right).toBeLessThanOrEqual(93);
  });

  it('works alike on a dark page', () => {
    const grey = page(200, [[20, 28], [31, 41], [44, 60]], 20, 230);
    const { left } = glyphEdges(grey, { x: 43, w: 17, ...line }, 5);
    expect(left).toBeGreaterThanOrEqual(28);
    expect(left).toBeLessThanOrEqual(31);
  });

  it('falls back to the usual margin where letters touch and no blank column is near', () => {
    const grey = page(200, Array.from({ length: 10 }, (_, i): [number, number] => [i * 20, i * 20 + 20]));
    expect(glyphEdges(grey, { x: 80, w: 40, ...line }, 5)).toEqual({ left: 75, right: 125 });
  });
});

describe('a kanji the page read in place of an address\'s marks', () => {
  const page = 'https://smbc-card-9abrn.cn/index.php幸orm';
  const english = 'https://smbc-card-9abrn.cn/index.php#form';

  it('takes the eng reading\'s marks before the vote, where jpn has nothing there or begins alike', () => {
    expect(withStrayGlyphsRead(page, english, 'https://smbc-card-9abrn.cn/index.phporm')).toBe(english);
    expect(withStrayGlyphsRead('https://x-ryv9.cn/抵op', 'https://x-ryv9.cn/#top', 'https://x-ryvg.cn/#op')).toBe('https://x-ryv9.cn/#top');
    // Without it the vote drops the kanji and keeps neither reading's marks (「index.phporm」).
    expect(voteReadings(page, english, 'https://smbc-card-9abrn.cn/index.phporm')).toBe('https://smbc-card-9abrn.cn/index.phporm');
    expect(voteReadings(withStrayGlyphsRead(page, english, 'https://smbc-card-9abrn.cn/index.phporm'), english, 'https://smbc-card-9abrn.cn/index.phporm')).toBe(english);
  });

  it('keeps the kanji where the readings disagree on what stood there, or do not show where it stood', () => {
    // jpn read another mark (「sf」 against 「f」); eng's neighbours differ (「CPg」 for 「cPg」); more than three characters.
    expect(withStrayGlyphsRead('http://x.test/member導or', 'http://x.test/membersfor', 'http://x.test/memberfor')).toBe('http://x.test/member導or');
    expect(withStrayGlyphsRead('http://x.test/?u=AcPg媒orm', 'http://x.test/?u=ACPg#form', 'http://x.test/?u=AcPgorm')).toBe('http://x.test/?u=AcPg媒orm');
    expect(withStrayGlyphsRead('http://x.test/web落login', 'http://x.test/web#/abcdlogin', 'http://x.test/weblogin')).toBe('http://x.test/web落login');
    // A kanji at the address's edge has no neighbour on one side.
    expect(withStrayGlyphsRead('http://x.test/ab落', 'http://x.test/ab#', 'http://x.test/ab')).toBe('http://x.test/ab落');
  });
});
