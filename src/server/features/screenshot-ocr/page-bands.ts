import type { PreparedImage } from './image-preprocess';
import { EDGE_STEP } from './ink-edges';

export interface Band {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Cuts the prepared page into horizontal bands that several OCR workers can read at once. Cuts
 * are made in the emptiest row near each ideal position, so no text line is split in two.
 */
export function splitIntoBands(prepared: PreparedImage, count: number): Band[] {
  const { data, width, height } = prepared.grey;
  if (count <= 1 || height < 200) return [{ left: 0, top: 0, width, height }];
  const edges = new Uint32Array(height);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let found = 0;
    for (let x = 1; x < width; x++) if (Math.abs(data[row + x]! - data[row + x - 1]!) >= EDGE_STEP) found++;
    edges[y] = found;
  }
  const cuts: number[] = [0];
  for (let i = 1; i < count; i++) {
    const ideal = Math.round((height * i) / count);
    const reach = Math.round(height / (count * 4));
    let best = ideal;
    for (let offset = 0; offset <= reach; offset++) {
      for (const y of [ideal - offset, ideal + offset]) {
        if (y > cuts.at(-1)! && y < height && edges[y]! < edges[best]!) best = y;
      }
      if (edges[best] === 0) break;
    }
    cuts.push(best);
  }
  cuts.push(height);
  return cuts.slice(0, -1).map((top, i) => ({ left: 0, top, width, height: cuts[i + 1]! - top }));
}

/**
 * The band as an image of its own (tesseract's rectangle option leaks into later reads), as a
 * binary PGM: no compression to spend time on at either end, and Leptonica reads it natively.
 */
export function bandImage(prepared: PreparedImage, band: Band): Buffer {
  const { data, width } = prepared.grey;
  const header = Buffer.from(`P5\n${width} ${band.height}\n255\n`, 'ascii');
  return Buffer.concat([header, data.subarray(band.top * width, (band.top + band.height) * width)]);
}
