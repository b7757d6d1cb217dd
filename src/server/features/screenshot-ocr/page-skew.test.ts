import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { boxOnUpload, estimateSkewDegrees, type GreyImage, levelPage } from './page-skew';

const WIDTH = 720;

/** A phone-width page of Japanese text rows, as grey pixels (one byte each), turned `degrees` clockwise. */
async function textPage(degrees: number, options: { dark?: boolean } = {}): Promise<GreyImage> {
  const ground = options.dark ? '#000000' : '#ffffff';
  const ink = options.dark ? '#ffffff' : '#222222';
  const rows = Array.from({ length: 22 }, (_, row) => {
    const text = row % 3 === 2 ? 'https://example.test/login?id=8f3k' : 'お客様のアカウントが一時的に停止されています。ご確認ください';
    return `<text x="24" y="${60 + row * 52}" font-family="Noto Sans CJK JP" font-size="26" fill="${ink}">${text.slice(0, 24 + (row % 4) * 3)}</text>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="1220"><rect width="100%" height="100%" fill="${ground}"/>${rows}</svg>`;
  let pipeline = sharp(Buffer.from(svg));
  if (degrees !== 0) pipeline = pipeline.rotate(degrees, { background: ground });
  const { data, info } = await pipeline.flatten({ background: ground }).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

describe('estimateSkewDegrees', () => {
  it('leaves an upright page alone, light or dark', async () => {
    expect(estimateSkewDegrees(await textPage(0))).toBe(0);
    expect(estimateSkewDegrees(await textPage(0, { dark: true }))).toBe(0);
  });

  it.each([1.5, -1.2, 0.8, -2.4])('finds a page turned %s° (clockwise positive)', async (degrees) => {
    expect(estimateSkewDegrees(await textPage(degrees))).toBeCloseTo(degrees, 0);
    expect(Math.abs(estimateSkewDegrees(await textPage(degrees, { dark: true })) - degrees)).toBeLessThanOrEqual(0.2);
  });

  it('reads a page turned by less than the smallest correction as upright', async () => {
    expect(estimateSkewDegrees(await textPage(0.2))).toBe(0);
  });

  it('needs text: a blank page or a few marks are upright', () => {
    const blank = { data: Buffer.alloc(400 * 800, 255), width: 400, height: 800 };
    expect(estimateSkewDegrees(blank)).toBe(0);
  });
});

describe('levelPage', () => {
  it('turns a slanting page level and says how, and an upright one not at all', async () => {
    const slanting = await textPage(1.5);
    const { image, turn } = await levelPage(slanting);
    expect(turn).toMatchObject({ degrees: -1.5, width: slanting.width, height: slanting.height, turnedWidth: image.width, turnedHeight: image.height });
    expect(estimateSkewDegrees(image)).toBe(0);

    const upright = await textPage(0);
    const same = await levelPage(upright);
    expect(same.turn).toBeNull();
    expect(same.image).toBe(upright);
  });
});

describe('boxOnUpload', () => {
  /** The bounding box of the dark pixels of a grey image. */
  function inkBox({ data, width, height }: GreyImage) {
    let x0 = width;
    let y0 = height;
    let x1 = -1;
    let y1 = -1;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        if (data[y * width + x]! < 128) {
          x0 = Math.min(x0, x);
          y0 = Math.min(y0, y);
          x1 = Math.max(x1, x);
          y1 = Math.max(y1, y);
        }
      }
    }
    return { x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1 };
  }

  it.each([1.7, -2.2])('turns a box found on the levelled page back over the same pixels of the upload (%s°)', async (degrees) => {
    // An upload with one dark bar where a line of text would be, off the centre.
    const width = 600;
    const height = 1000;
    const upload = Buffer.alloc(width * height, 255);
    const bar = { x: 350, y: 700, w: 200, h: 30 };
    for (let y = bar.y; y < bar.y + bar.h; y++) upload.fill(0, y * width + bar.x, y * width + bar.x + bar.w);

    // Turned as levelPage turns a page, then the bar looked for on the turned pixels.
    const turned = await sharp(upload, { raw: { width, height, channels: 1 } })
      .rotate(degrees, { background: { r: 255, g: 255, b: 255 } })
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const found = inkBox({ data: turned.data, width: turned.info.width, height: turned.info.height });
    const back = boxOnUpload(found, { degrees, width, height, turnedWidth: turned.info.width, turnedHeight: turned.info.height });

    // It covers the whole bar, and not much more than the turn's own slack.
    expect(back.x).toBeLessThanOrEqual(bar.x);
    expect(back.y).toBeLessThanOrEqual(bar.y);
    expect(back.x + back.w).toBeGreaterThanOrEqual(bar.x + bar.w);
    expect(back.y + back.h).toBeGreaterThanOrEqual(bar.y + bar.h);
    expect(back.w).toBeLessThan(bar.w + 20);
    expect(back.h).toBeLessThan(bar.h + 2 * bar.w * Math.sin((Math.abs(degrees) * Math.PI) / 180) + 10);
  });

  it('keeps the box inside the upload', () => {
    const back = boxOnUpload({ x: 0, y: 0, w: 50, h: 20 }, { degrees: 2, width: 300, height: 500, turnedWidth: 318, turnedHeight: 510 });
    expect(back.x).toBeGreaterThanOrEqual(0);
    expect(back.y).toBeGreaterThanOrEqual(0);
    expect(back.x + back.w).toBeLessThanOrEqual(300);
  });
});
