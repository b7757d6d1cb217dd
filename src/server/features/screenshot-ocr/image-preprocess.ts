import sharp from 'sharp';
import { SCREENSHOT_MAX_PIXELS } from '../../../common/limits';
import { normaliseColouredBars } from './coloured-bars';
import { EDGE_STEP } from './ink-edges';
import { levelPage, type PageTurn } from './page-skew';

export interface PreparedImage {
  /** Dark text on light ground, one byte per pixel, scaled so text is about TARGET_INK_HEIGHT tall. */
  grey: { data: Buffer; width: number; height: number };
  /** The upload's own pixels in grey (not inverted, not scaled), for reading small areas again. */
  fullGrey: { data: Buffer; width: number; height: number };
  dark: boolean;
  /** Pixels of the prepared image per pixel of the (orientation-corrected, levelled) upload. */
  scale: number;
  /** The levelled upload's size: the coordinates every box read from this image is in. */
  width: number;
  height: number;
  /** How a slanting page was turned level before it was read (page-skew.ts); null when it was not. */
  turn: PageTurn | null;
}

/** Glyph ink height the LSTM model reads best and fastest at, from runs over the dev set. */
const TARGET_INK_HEIGHT = 24;
const MIN_SCALE = 0.3;
const MAX_SCALE = 3;

/** Decodes the upload once; throws on anything sharp cannot read. */
export async function prepareForOcr(image: Buffer, targetInkHeight = TARGET_INK_HEIGHT): Promise<PreparedImage> {
  const base = sharp(image, { limitInputPixels: SCREENSHOT_MAX_PIXELS, failOn: 'error', pages: 1 }).rotate();
  const decoded = await base.clone().flatten({ background: '#ffffff' }).greyscale().raw().toBuffer({ resolveWithObject: true });
  const { image: level, turn } = await levelPage({ data: decoded.data, width: decoded.info.width, height: decoded.info.height });
  const { data, width, height } = level;
  const dark = meanOf(data) < 110;
  const inkHeight = typicalInkHeight(data, width, height);
  const scale = clamp(inkHeight ? targetInkHeight / inkHeight : 1, MIN_SCALE, MAX_SCALE);
  let pipeline = sharp(data, { raw: { width, height, channels: 1 } });
  // Dark-mode screenshots: tesseract reads dark text on a light ground far better.
  if (dark) pipeline = pipeline.negate();
  const scaledWidth = Math.max(1, Math.round(width * scale));
  const scaledHeight = Math.max(1, Math.round(height * scale));
  if (scale !== 1) pipeline = pipeline.resize(scaledWidth, scaledHeight, { kernel: scale > 1 ? 'cubic' : 'lanczos3' });
  const grey = await pipeline.toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
  const greyInfo = { width: grey.info.width, height: grey.info.height };
  // Light letters on a coloured bar (an SMS app's sender header) are read only as dark on light.
  normaliseColouredBars(grey.data, greyInfo.width, greyInfo.height, inkHeight ? Math.min(inkHeight * scale, targetInkHeight * 2) : targetInkHeight);
  return { grey: { data: grey.data, width: greyInfo.width, height: greyInfo.height }, fullGrey: { data, width, height }, dark, scale, width, height, turn };
}

function meanOf(data: Buffer): number {
  let sum = 0;
  for (let i = 0; i < data.length; i += 7) sum += data[i]!;
  return sum / Math.ceil(data.length / 7);
}

/**
 * Estimates the usual height of a text line's ink from the image itself: rows crossed by many
 * sharp grey steps are text rows, and the median height of runs of such rows is the line height.
 * Works alike for phone and desktop captures at any device pixel ratio.
 */
function typicalInkHeight(data: Buffer, width: number, height: number): number | null {
  const minimumEdges = Math.max(6, Math.round(width / 200));
  const runs: number[] = [];
  let run = 0;
  for (let y = 0; y < height; y++) {
    const rowStart = y * width;
    let edges = 0;
    for (let x = 1; x < width; x++) {
      if (Math.abs(data[rowStart + x]! - data[rowStart + x - 1]!) >= EDGE_STEP) edges++;
    }
    if (edges >= minimumEdges) run++;
    else {
      if (run >= 5) runs.push(run);
      run = 0;
    }
  }
  if (run >= 5) runs.push(run);
  if (runs.length === 0) return null;
  runs.sort((a, b) => a - b);
  return runs[Math.floor(runs.length / 2)]!;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
