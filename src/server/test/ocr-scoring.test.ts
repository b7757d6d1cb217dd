import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  canonicalPhone,
  characterErrorRate,
  closeMask,
  decodeRgb,
  type DevImage,
  extractUrls,
  levenshtein,
  loadDevSet,
  type RgbImage,
  rectCoverage,
  sameEmail,
  samePhone,
  sameSubject,
  scoreAutoFill,
  scoreOverRedaction,
  scoreRedaction,
  summarizeAutoFill,
  summarizeOverRedaction,
  summarizeRecall,
  type TruthRect,
  urlFound,
} from './ocr-scoring';

const DEV_SET_DIR = path.resolve(import.meta.dirname, '../../../tests/fixtures/screenshots');

type Rgb = [number, number, number];
const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];

/** A raw RGB canvas that tests draw into, then encode with sharp and decode like real files. */
function canvas(width: number, height: number, background: Rgb): RgbImage {
  const data = Buffer.alloc(width * height * 3);
  for (let p = 0; p < width * height; p++) data.set(background, p * 3);
  return { width, height, data };
}

function fill(image: RgbImage, rect: TruthRect, colour: Rgb): void {
  for (let y = rect.y; y < rect.y + rect.h; y++) {
    for (let x = rect.x; x < rect.x + rect.w; x++) image.data.set(colour, (y * image.width + x) * 3);
  }
}

/** Fake text: 3 px strokes every 8 px across the rect, like a line of glyphs. */
function strokes(image: RgbImage, rect: TruthRect, colour: Rgb): void {
  for (let x = rect.x; x + 3 <= rect.x + rect.w; x += 8) fill(image, { x, y: rect.y, w: 3, h: rect.h }, colour);
}

async function roundTrip(image: RgbImage, format: 'png' | 'jpeg' = 'png'): Promise<RgbImage> {
  const pipeline = sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } });
  return decodeRgb(await (format === 'png' ? pipeline.png() : pipeline.jpeg({ quality: 85 })).toBuffer());
}

function entry(overrides: Partial<DevImage>): DevImage {
  return {
    file: 'synthetic.png',
    path: '',
    type: 'sms',
    width: 200,
    height: 100,
    source_email: null,
    source_phone: null,
    subject: null,
    body: '',
    sensitive: [],
    ...overrides,
  };
}

describe('redaction recall', () => {
  const rect = { x: 20, y: 10, w: 20, h: 10 };

  it('counts a fully black rect as covered', async () => {
    const image = canvas(100, 50, WHITE);
    fill(image, rect, BLACK);
    const published = await roundTrip(image);
    expect(rectCoverage(published, rect, { width: 100, height: 50 })).toBe(1);
    const [item] = scoreRedaction(entry({ width: 100, height: 50, sensitive: [{ kind: 'phone', text: '090', rects: [rect] }] }), published);
    expect(item).toMatchObject({ passed: true, minCoverage: 1 });
  });

  it('fails a rect that is only 97% black', async () => {
    const image = canvas(100, 50, WHITE);
    fill(image, rect, BLACK);
    // 6 of the 200 pixels stay readable: 97% black.
    fill(image, { x: 34, y: 15, w: 6, h: 1 }, WHITE);
    const published = await roundTrip(image);
    expect(rectCoverage(published, rect, { width: 100, height: 50 })).toBeCloseTo(0.97, 5);
    const [item] = scoreRedaction(entry({ width: 100, height: 50, sensitive: [{ kind: 'url', text: 'https://a.example', rects: [rect] }] }), published);
    expect(item?.passed).toBe(false);
  });

  it('passes a rect at exactly 98%, counting up to 40 per channel as black and 41 as not', async () => {
    const image = canvas(100, 50, WHITE);
    fill(image, rect, [40, 40, 40]);
    fill(image, { x: 36, y: 15, w: 4, h: 1 }, [41, 0, 0]);
    const published = await roundTrip(image);
    expect(rectCoverage(published, rect, { width: 100, height: 50 })).toBeCloseTo(0.98, 5);
    expect(scoreRedaction(entry({ width: 100, height: 50, sensitive: [{ kind: 'name', text: 'x', rects: [rect] }] }), published)[0]?.passed).toBe(true);
  });

  it('fails an item when any one of its rects is not covered, and summarises per kind', async () => {
    const image = canvas(100, 50, WHITE);
    fill(image, rect, BLACK);
    const second = { x: 60, y: 30, w: 10, h: 10 };
    fill(image, { ...second, w: 5 }, BLACK);
    const published = await roundTrip(image);
    const items = scoreRedaction(
      entry({
        width: 100,
        height: 50,
        sensitive: [
          { kind: 'url', text: 'wrapped', rects: [rect, second] },
          { kind: 'email', text: 'a@b.example', rects: [rect] },
        ],
      }),
      published,
    );
    expect(items.map((item) => item.passed)).toEqual([false, true]);
    expect(items[0]?.minCoverage).toBeCloseTo(0.5, 5);
    const summary = summarizeRecall(items);
    expect(summary.items).toEqual({ hits: 1, total: 2, rate: 0.5 });
    expect(summary.byKind.url).toEqual({ hits: 0, total: 1, rate: 0 });
    expect(summary.byKind.email).toEqual({ hits: 1, total: 1, rate: 1 });
    expect(summary.byKind.card).toEqual({ hits: 0, total: 0, rate: null });
    expect(summary.rects).toEqual({ hits: 2, total: 3, rate: 2 / 3 });
  });

  it('scales truth rects when the published copy has another size', async () => {
    const image = canvas(200, 100, WHITE);
    fill(image, { x: 40, y: 20, w: 40, h: 20 }, BLACK);
    const published = await roundTrip(image);
    expect(rectCoverage(published, rect, { width: 100, height: 50 })).toBe(1);
    expect(rectCoverage(published, { x: 20, y: 10, w: 40, h: 10 }, { width: 100, height: 50 })).toBeCloseTo(0.5, 5);
  });
});

describe('over-redaction', () => {
  // Two lines of fake text: the first is sensitive, the second is not.
  const sensitiveLine = { x: 10, y: 20, w: 160, h: 20 };
  const otherLine = { x: 10, y: 60, w: 160, h: 20 };
  const truth = entry({ sensitive: [{ kind: 'url', text: 'https://x.example', rects: [sensitiveLine] }] });

  async function scene(background: Rgb, ink: Rgb) {
    const image = canvas(200, 100, background);
    strokes(image, sensitiveLine, ink);
    strokes(image, otherLine, ink);
    return { image, original: await roundTrip(image) };
  }

  for (const [mode, background, ink] of [
    ['dark text on light ground', WHITE, BLACK],
    ['light text on dark ground', BLACK, WHITE],
  ] as const) {
    it(`${mode}: 0 when only the sensitive line is boxed, about half when half of the other line is too`, async () => {
      const { image, original } = await scene(background, ink);
      const exact = structuredClone(image);
      fill(exact, sensitiveLine, BLACK);
      const none = await scoreOverRedaction(truth, original, await roundTrip(exact));
      expect(none.inkPixels).toBeGreaterThan(0);
      expect(none.share).toBe(0);

      const half = structuredClone(exact);
      fill(half, { x: 0, y: 55, w: 90, h: 30 }, BLACK);
      const over = await scoreOverRedaction(truth, original, await roundTrip(half));
      expect(over.share).toBeGreaterThan(0.4);
      expect(over.share).toBeLessThan(0.6);

      const all = canvas(200, 100, BLACK);
      expect((await scoreOverRedaction(truth, original, await roundTrip(all))).share).toBeGreaterThan(0.95);
    });
  }

  it('does not count JPEG re-encoding of untouched dark text as blacked out', async () => {
    const { image, original } = await scene(WHITE, [30, 30, 30]);
    const boxed = structuredClone(image);
    fill(boxed, sensitiveLine, BLACK);
    expect((await scoreOverRedaction(truth, original, await roundTrip(boxed, 'jpeg'))).share).toBeLessThan(0.02);
  });

  it('summarises as the mean of images and as pooled pixels', () => {
    const summary = summarizeOverRedaction([
      { file: 'a', inkPixels: 100, redactedInkPixels: 10, share: 0.1 },
      { file: 'b', inkPixels: 300, redactedInkPixels: 90, share: 0.3 },
    ]);
    expect(summary.meanShare).toBeCloseTo(0.2, 10);
    expect(summary.pooledShare).toBeCloseTo(0.25, 10);
    expect(summary.worst?.file).toBe('b');
  });

  it('closes holes smaller than the radius and leaves the outside alone', () => {
    // A 9×9 square with a 3×3 hole, in an 15×15 field.
    const width = 15;
    const mask = new Uint8Array(width * width);
    for (let y = 3; y < 12; y++) for (let x = 3; x < 12; x++) mask[y * width + x] = 1;
    for (let y = 6; y < 9; y++) for (let x = 6; x < 9; x++) mask[y * width + x] = 0;
    const closed = closeMask(mask, width, width, 2);
    expect(closed[7 * width + 7]).toBe(1);
    expect(closed[1 * width + 1]).toBe(0);
    expect(closed.reduce((sum, value) => sum + value, 0)).toBe(81);
  });
});

describe('auto-fill scoring', () => {
  it('computes Levenshtein distance in code points', () => {
    expect(levenshtein('kitten', 'sitting')).toBe(3);
    expect(levenshtein('', 'abc')).toBe(3);
    expect(levenshtein('𠮷野家', '吉野家')).toBe(1);
  });

  it('computes CER after NFKC and whitespace removal', () => {
    expect(characterErrorRate('abcxef', 'abcdef')).toEqual({ distance: 1, length: 6, rate: 1 / 6 });
    expect(characterErrorRate('ＡＢＣ １２３', 'ABC\n123').rate).toBe(0);
    expect(characterErrorRate('お 荷 物 の\nお 届 け', 'お荷物のお届け').rate).toBe(0);
    expect(characterErrorRate(null, 'お荷物')).toEqual({ distance: 3, length: 3, rate: 1 });
    expect(characterErrorRate('お荷物です', 'お荷物').rate).toBeCloseTo(2 / 3, 10);
  });

  it('reads +81 as a leading 0 and compares phone digits only', () => {
    expect(canonicalPhone('+81 80-6243-1198')).toBe('08062431198');
    expect(samePhone('080-6243-1198', '+81 80-6243-1198')).toBe(true);
    expect(samePhone('+81 80 6243 1198', '080-6243-1198')).toBe(true);
    expect(samePhone('08074413320', '+818074413320')).toBe(true);
    expect(samePhone('+81 (0)90-4472-8015', '+81 90 4472 8015')).toBe(true);
    expect(samePhone('０９０－３８１７－２２６４', '090-3817-2264')).toBe(true);
    expect(samePhone('090-3817-2265', '090-3817-2264')).toBe(false);
    expect(samePhone('+81 90-3817-2264', '080-3817-2264')).toBe(false);
    expect(samePhone(null, '090-3817-2264')).toBe(false);
    expect(samePhone('', '090-3817-2264')).toBe(false);
  });

  it('compares e-mail case-insensitively and subjects after normalisation, nothing else forgiven', () => {
    expect(sameEmail(' Info@Eki-Net.example ', 'info@eki-net.example')).toBe(true);
    expect(sameEmail('info@eki-net.exampl', 'info@eki-net.example')).toBe(false);
    expect(sameEmail(null, 'info@eki-net.example')).toBe(false);
    expect(sameSubject('【重要】 カード ご利用', '【重要】カードご利用')).toBe(true);
    expect(sameSubject('[重要]カードご利用', '【重要】カードご利用')).toBe(false);
    expect(sameSubject(null, '件名')).toBe(false);
  });

  it('extracts URLs up to whitespace or a non-URL character and finds wrapped ones', () => {
    expect(extractUrls('下記URLから https://a.example/x?c=1 をご確認ください。http://b.test/p。')).toEqual(['https://a.example/x?c=1', 'http://b.test/p']);
    expect(extractUrls('更新はこちら：\nhttps://c.example/gp?ref=em_0304\n\nAmazon')).toEqual(['https://c.example/gp?ref=em_0304']);
    expect(extractUrls('see https://d.example/path.')).toEqual(['https://d.example/path']);
    expect(urlFound('こちら https://c.example/gp/\ncss?ref=1 から', 'https://c.example/gp/css?ref=1')).toBe(true);
    expect(urlFound('https：//c.example/gp/css?ref=1', 'https://c.example/gp/css?ref=1')).toBe(false);
    expect(urlFound('https://c.example/gp/css?ref=l', 'https://c.example/gp/css?ref=1')).toBe(false);
    expect(urlFound(null, 'https://c.example/')).toBe(false);
  });

  it('scores each field only where the truth has it, and summarises', () => {
    const sms = entry({ type: 'sms', source_phone: '+81 80-1111-2222', body: 'お荷物 https://a.example/x' });
    const smsFromEmail = entry({ file: 'b.png', type: 'sms', source_email: 'x@y.example', body: '本文' });
    const mail = entry({ file: 'c.png', type: 'email', source_email: 'From@Z.example', subject: '件名', body: 'https://m.example/1 と https://m.example/2' });
    const scores = [
      scoreAutoFill(sms, { source_phone: '080-1111-2222', source_email: null, subject: null, body: 'お荷物\nhttps://a.example/x' }),
      scoreAutoFill(smsFromEmail, { source_phone: null, source_email: 'x@y.example', subject: null, body: '本分' }),
      scoreAutoFill(mail, { source_phone: null, source_email: 'from@z.example', subject: '件 名', body: 'https://m.example/1 と https://m.example/3' }),
    ];
    expect(scores[0]).toMatchObject({ phone: { exact: true }, email: null, subject: null, urls: [{ exact: true }] });
    expect(scores[1]).toMatchObject({ phone: null, email: { exact: true }, subject: null, urls: [] });
    expect(scores[2]).toMatchObject({ phone: null, email: { exact: true }, subject: { exact: true }, urls: [{ exact: true }, { exact: false }] });
    const summary = summarizeAutoFill(scores);
    expect(summary.phone).toEqual({ hits: 1, total: 1, rate: 1 });
    expect(summary.email).toEqual({ hits: 2, total: 2, rate: 1 });
    expect(summary.subject).toEqual({ hits: 1, total: 1, rate: 1 });
    expect(summary.urls).toEqual({ hits: 2, total: 3, rate: 2 / 3 });
    expect(summary.urlImages).toEqual({ hits: 1, total: 2, rate: 0.5 });
    // One wrong character in 「本文」 and one in the last URL ("3" for "2").
    expect(summary.bodyCer.distance).toBe(2);
  });
});

describe('the dev set', () => {
  const devSet = loadDevSet(DEV_SET_DIR);

  it('loads 30 typed entries with the counts its README states', () => {
    expect(devSet).toHaveLength(30);
    const counts = Object.fromEntries(['phone', 'url', 'email', 'name', 'address', 'card'].map((kind) => [kind, devSet.flatMap((image) => image.sensitive).filter((item) => item.kind === kind).length]));
    expect(counts).toEqual({ phone: 19, url: 31, email: 34, name: 17, address: 5, card: 2 });
  });

  it('has images of the stated sizes, and body URLs that are the sensitive URL items', async () => {
    for (const image of devSet) {
      const metadata = await sharp(image.path).metadata();
      expect([image.file, metadata.width, metadata.height]).toEqual([image.file, image.width, image.height]);
      const sensitiveUrls = image.sensitive.filter((item) => item.kind === 'url').map((item) => item.text);
      expect([image.file, extractUrls(image.body).sort()]).toEqual([image.file, sensitiveUrls.sort()]);
    }
  });
});
