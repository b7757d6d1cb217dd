import sharp from 'sharp';
import { borderMedianGrey, EDGE_STEP } from './ink-edges';
import type { PixelBox } from './screenshot-ocr.types';

/**
 * A capture turned by a degree or two (a photo of a screen, a scan, an edited image) puts a long
 * line's two ends a text line apart in height: tesseract then finds broken or merged lines and
 * reads them far worse (on the generated tuning split: body CER 11.8 % against 8 %, URLs 36 %
 * against 55 %, e-mail 50 % against 75 %). The page is turned back before it is read, and the boxes
 * found on the turned page are turned back onto the upload's own pixels.
 */

/** Angles tried, in degrees, either way: the slight rotation of a photographed or edited capture. */
const MAX_SKEW_DEGREES = 3;
const SKEW_STEP_DEGREES = 0.1;
const COARSE_STEP_DEGREES = 0.5;
/** Below this the lines' ends are less than a few pixels apart: the page is read as it is. */
const MIN_DESKEW_DEGREES = 0.4;
/** The turned profile must be this much sharper than the upright one, so noise never turns a page. */
const MIN_SHARPNESS_GAIN = 1.02;
/** The halves' own sharpest slants may differ from the whole page's by this much. */
const HALVES_AGREE_DEGREES = 0.6;
/** Fewer edge points than this are too little text to tell a slant from. */
const MIN_EDGE_POINTS = 200;
/** At most this many edge points are kept (every n-th one on a large page), which bounds the work per angle. */
const MAX_SAMPLE_POINTS = 200_000;

export interface GreyImage {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * How far the page's text rows are turned, in degrees clockwise (sharp's rotate() sense), or 0 when
 * they are level or no angle stands out. Rows of text make the count of edge points per pixel row
 * spiky when the rows are followed at their own slant; the angle whose profile is sharpest (largest
 * sum of squares) is the page's.
 */
export function estimateSkewDegrees(image: GreyImage): number {
  const points = edgePoints(image);
  const whole = sharpestSlant(points, image, () => true);
  if (!whole || Math.abs(whole.degrees) < MIN_DESKEW_DEGREES || whole.gain < MIN_SHARPNESS_GAIN) return 0;
  // A real turn slants every part of the page alike. Rows of side-by-side panes that do not line
  // up (a desktop client's folder, list and message) can make a slant look sharper on the whole
  // page only; then the two halves disagree, and the page is left as it is.
  const half = image.width / 2;
  const left = sharpestSlant(points, image, (x) => x < half);
  const right = sharpestSlant(points, image, (x) => x >= half);
  const agrees = (part: Slant | null) => part === null || Math.abs(part.degrees - whole.degrees) <= HALVES_AGREE_DEGREES;
  return agrees(left) && agrees(right) ? whole.degrees : 0;
}

interface Slant {
  degrees: number;
  /** How much sharper the row profile is at that slant than upright. */
  gain: number;
}

/** The slant at which the kept points' row profile is sharpest; null for too few points to tell. */
function sharpestSlant({ xs, ys }: EdgePoints, image: GreyImage, keep: (x: number) => boolean): Slant | null {
  const margin = Math.ceil(image.width * Math.tan((MAX_SKEW_DEGREES * Math.PI) / 180)) + 1;
  const bins = new Float64Array(image.height + 2 * margin);
  const kept: number[] = [];
  for (let i = 0; i < xs.length; i++) if (keep(xs[i]!)) kept.push(i);
  if (kept.length < MIN_EDGE_POINTS) return null;
  const sharpness = (degrees: number): number => {
    bins.fill(0);
    const slope = Math.tan((degrees * Math.PI) / 180);
    for (const i of kept) bins[Math.round(ys[i]! - xs[i]! * slope) + margin]! += 1;
    let sum = 0;
    for (let i = 0; i < bins.length; i++) sum += bins[i]! * bins[i]!;
    return sum;
  };
  const level = sharpness(0);
  let best = 0;
  let bestSharpness = level;
  const tryAngle = (degrees: number) => {
    if (degrees === 0 || Math.abs(degrees) > MAX_SKEW_DEGREES + 1e-9) return;
    const value = sharpness(degrees);
    if (value > bestSharpness) {
      best = degrees;
      bestSharpness = value;
    }
  };
  // Coarse, then fine around the coarse best: a page of text rows has one broad peak (about a line
  // height over the page's width, a degree or two wide), so a third of the angles find the same one.
  const coarseSteps = Math.round(MAX_SKEW_DEGREES / COARSE_STEP_DEGREES);
  for (let step = -coarseSteps; step <= coarseSteps; step++) tryAngle(step * COARSE_STEP_DEGREES);
  const centre = best;
  const fineSteps = Math.round(COARSE_STEP_DEGREES / SKEW_STEP_DEGREES);
  for (let step = -fineSteps + 1; step < fineSteps; step++) if (step !== 0) tryAngle(Math.round((centre + step * SKEW_STEP_DEGREES) * 10) / 10);
  return { degrees: Math.round(best * 10) / 10, gain: bestSharpness / level };
}

interface EdgePoints {
  xs: Int32Array;
  ys: Int32Array;
}

/** Points where the grey steps sharply from the pixel to the left: the vertical strokes of glyphs. */
function edgePoints({ data, width, height }: GreyImage): EdgePoints {
  let count = 0;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 1; x < width; x++) if (Math.abs(data[row + x]! - data[row + x - 1]!) >= EDGE_STEP) count++;
  }
  const stride = Math.max(1, Math.ceil(count / MAX_SAMPLE_POINTS));
  const xs = new Int32Array(Math.ceil(count / stride));
  const ys = new Int32Array(xs.length);
  let seen = 0;
  let kept = 0;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 1; x < width; x++) {
      if (Math.abs(data[row + x]! - data[row + x - 1]!) < EDGE_STEP) continue;
      if (seen++ % stride === 0 && kept < xs.length) {
        xs[kept] = x;
        ys[kept++] = y;
      }
    }
  }
  return { xs: xs.subarray(0, kept), ys: ys.subarray(0, kept) };
}

/**
 * How a page was turned before it was read: the upload's size, and the turn applied to it
 * (degrees clockwise, about the centre, onto a canvas of `turnedWidth` × `turnedHeight`, as
 * sharp's rotate() makes it).
 */
export interface PageTurn {
  degrees: number;
  width: number;
  height: number;
  turnedWidth: number;
  turnedHeight: number;
}

/**
 * A box on the turned page as a box on the upload: the upright box around the turned-back
 * rectangle, so it covers at least everything the box covered (a little more at its corners).
 */
export function boxOnUpload(box: PixelBox, turn: PageTurn): PixelBox {
  const radians = (-turn.degrees * Math.PI) / 180;
  const cos = Math.cos(radians);
  const sin = Math.sin(radians);
  const corners: Array<[number, number]> = [[box.x, box.y], [box.x + box.w, box.y], [box.x, box.y + box.h], [box.x + box.w, box.y + box.h]];
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const [x, y] of corners) {
    const dx = x - turn.turnedWidth / 2;
    const dy = y - turn.turnedHeight / 2;
    const ux = dx * cos - dy * sin + turn.width / 2;
    const uy = dx * sin + dy * cos + turn.height / 2;
    x0 = Math.min(x0, ux);
    y0 = Math.min(y0, uy);
    x1 = Math.max(x1, ux);
    y1 = Math.max(y1, uy);
  }
  const left = Math.max(0, x0);
  const top = Math.max(0, y0);
  return { x: left, y: top, w: Math.max(0, Math.min(turn.width, x1) - left), h: Math.max(0, Math.min(turn.height, y1) - top) };
}

/**
 * The page turned level when its rows slant (see estimateSkewDegrees), with how it was turned; the
 * same image and no turn otherwise. The corners the turn uncovers take the page's own ground, so
 * they read as nothing.
 */
export async function levelPage(image: GreyImage): Promise<{ image: GreyImage; turn: PageTurn | null }> {
  const slant = estimateSkewDegrees(image);
  if (slant === 0) return { image, turn: null };
  const ground = borderMedianGrey(image.data, image.width, image.height);
  const { data, info } = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 1 } })
    .rotate(-slant, { background: { r: ground, g: ground, b: ground } })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    image: { data, width: info.width, height: info.height },
    turn: { degrees: -slant, width: image.width, height: image.height, turnedWidth: info.width, turnedHeight: info.height },
  };
}
