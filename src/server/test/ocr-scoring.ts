import fs from 'node:fs';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { z } from 'zod';
import { maskReportText } from '../../common/personal-data';
import type { ScreenshotFormData } from '../features/screenshot-ocr/screenshot-ocr.types';
import { decodeOrientedRgb } from '../features/screenshot-ocr/redaction-render';

/**
 * Scoring of the screenshot OCR (auto-fill) and automatic redaction against a data set in the
 * format of tests/fixtures/screenshots (README.md there). Pure functions over decoded pixels and
 * strings, shared by `npm run bench:ocr` and the redaction-recall test, so both measure the same way.
 */

// ---------------------------------------------------------------------------------------------
// The data set
// ---------------------------------------------------------------------------------------------

export const SENSITIVE_KINDS = ['url', 'email', 'phone', 'name', 'address', 'card'] as const;
export type SensitiveKind = (typeof SENSITIVE_KINDS)[number];

const rectSchema = z.object({ x: z.number(), y: z.number(), w: z.number().nonnegative(), h: z.number().nonnegative() });
const entrySchema = z.object({
  file: z.string().min(1),
  type: z.enum(['sms', 'email']),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  source_email: z.string().nullable(),
  source_phone: z.string().nullable(),
  subject: z.string().nullable(),
  body: z.string(),
  sensitive: z.array(z.object({ kind: z.enum(SENSITIVE_KINDS), text: z.string(), rects: z.array(rectSchema).min(1) })),
  // Extensions of the generated sets (bench/screenshot-generator/README.md): non-sensitive text
  // lines, and the app family and conditions each image was made under.
  plain: z.array(z.object({ text: z.string(), rects: z.array(rectSchema).min(1) })).optional(),
  family: z.string().optional(),
  conditions: z.array(z.string()).optional(),
});

export type TruthRect = z.infer<typeof rectSchema>;
export type SensitiveItem = z.infer<typeof entrySchema>['sensitive'][number];
export type DevImage = z.infer<typeof entrySchema> & {
  /** Absolute path of the image file. */
  path: string;
};

/** Reads and validates `truth.json` of a data-set folder; every listed image must exist. */
export function loadDevSet(dir: string): DevImage[] {
  const folder = path.resolve(dir);
  const parsed = z.array(entrySchema).parse(JSON.parse(fs.readFileSync(path.join(folder, 'truth.json'), 'utf8')));
  return parsed.map((entry) => {
    const file = path.join(folder, entry.file);
    if (!fs.existsSync(file)) throw new Error(`truth.json lists ${entry.file}, which is not in ${folder}`);
    return { ...entry, path: file };
  });
}

// ---------------------------------------------------------------------------------------------
// Pixels
// ---------------------------------------------------------------------------------------------

export interface RgbImage {
  width: number;
  height: number;
  /** Packed RGB, 3 bytes a pixel, row by row. */
  data: Buffer;
}

/** A pixel is black when every channel is at most this (JPEG noise inside a painted box stays well below). */
export const BLACK_MAX = 40;
/** A sensitive rect counts as covered when at least this share of its pixels is black. */
export const COVERED_SHARE = 0.98;

/**
 * Decodes to packed sRGB the way the redaction renderer does (EXIF orientation applied, alpha
 * flattened onto white), so an original and its published copy share one pixel grid.
 */
export async function decodeRgb(image: Buffer): Promise<RgbImage> {
  const { data, info } = await decodeOrientedRgb(image);
  if (info.channels !== 3) throw new Error(`expected 3 channels after decoding, got ${info.channels}`);
  return { width: info.width, height: info.height, data };
}

function isBlackAt(image: RgbImage, pixel: number): boolean {
  const i = pixel * 3;
  return image.data[i]! <= BLACK_MAX && image.data[i + 1]! <= BLACK_MAX && image.data[i + 2]! <= BLACK_MAX;
}

/** Looser than black: a near-black pixel that re-encoding (JPEG) turns black has not been painted over. */
function isDarkAt(image: RgbImage, pixel: number): boolean {
  const i = pixel * 3;
  const dark = 2 * BLACK_MAX;
  return image.data[i]! <= dark && image.data[i + 1]! <= dark && image.data[i + 2]! <= dark;
}

interface Bounds {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** A truth rect (in truth width/height coordinates) in an image's pixel grid, grown outwards to whole pixels and clipped. */
function rectBounds(rect: TruthRect, truthSize: { width: number; height: number }, image: { width: number; height: number }, margin = 0): Bounds {
  const sx = image.width / truthSize.width;
  const sy = image.height / truthSize.height;
  return {
    x0: Math.max(0, Math.floor(rect.x * sx) - margin),
    y0: Math.max(0, Math.floor(rect.y * sy) - margin),
    x1: Math.min(image.width, Math.ceil((rect.x + rect.w) * sx) + margin),
    y1: Math.min(image.height, Math.ceil((rect.y + rect.h) * sy) + margin),
  };
}

// ---------------------------------------------------------------------------------------------
// Redaction recall
// ---------------------------------------------------------------------------------------------

/**
 * Share of the rect's pixels that are black in `published`. The rect is given in truth
 * coordinates and scaled when the published copy has another size. A rect entirely outside the
 * image has nothing to hide and counts as 1.
 */
export function rectCoverage(published: RgbImage, rect: TruthRect, truthSize: { width: number; height: number }): number {
  const { x0, y0, x1, y1 } = rectBounds(rect, truthSize, published);
  if (x1 <= x0 || y1 <= y0) return 1;
  let black = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) if (isBlackAt(published, y * published.width + x)) black++;
  }
  return black / ((x1 - x0) * (y1 - y0));
}

export interface ItemCoverage {
  file: string;
  kind: SensitiveKind;
  text: string;
  /** Coverage of each rect, in the item's order. */
  rects: Array<{ rect: TruthRect; coverage: number; covered: boolean }>;
  /** The lowest rect coverage: the item passes only when every rect is covered. */
  minCoverage: number;
  passed: boolean;
}

export function scoreRedaction(entry: DevImage, published: RgbImage): ItemCoverage[] {
  return entry.sensitive.map((item) => {
    const rects = item.rects.map((rect) => {
      const coverage = rectCoverage(published, rect, entry);
      return { rect, coverage, covered: coverage >= COVERED_SHARE };
    });
    return {
      file: entry.file,
      kind: item.kind,
      text: item.text,
      rects,
      minCoverage: Math.min(...rects.map((rect) => rect.coverage)),
      passed: rects.every((rect) => rect.covered),
    };
  });
}

export interface Rate {
  hits: number;
  total: number;
  /** hits / total, or null when there was nothing to count. */
  rate: number | null;
}

const rateOf = (hits: number, total: number): Rate => ({ hits, total, rate: total === 0 ? null : hits / total });

export interface RecallSummary {
  /** Items whose every rect is covered. */
  items: Rate;
  byKind: Record<SensitiveKind, Rate>;
  rects: Rate;
}

export function summarizeRecall(items: readonly ItemCoverage[]): RecallSummary {
  const byKind = Object.fromEntries(
    SENSITIVE_KINDS.map((kind) => {
      const ofKind = items.filter((item) => item.kind === kind);
      return [kind, rateOf(ofKind.filter((item) => item.passed).length, ofKind.length)];
    }),
  ) as Record<SensitiveKind, Rate>;
  const rects = items.flatMap((item) => item.rects);
  return {
    items: rateOf(items.filter((item) => item.passed).length, items.length),
    byKind,
    rects: rateOf(rects.filter((rect) => rect.covered).length, rects.length),
  };
}

// ---------------------------------------------------------------------------------------------
// Over-redaction
// ---------------------------------------------------------------------------------------------

/** Grey-level distance from the local background above which a pixel of the original is ink. */
export const INK_CONTRAST = 60;
/** Ink this close to a sensitive rect is not counted: boxes there are wanted, and may overlap. */
export const SENSITIVE_MARGIN = 3;

export interface OverRedaction {
  file: string;
  /** Non-sensitive ink pixels of the original. */
  inkPixels: number;
  /** Of those, the ones inside a blacked-out area of the published copy. */
  redactedInkPixels: number;
  share: number;
}

/**
 * Share of the original's non-sensitive text ink that the published copy blacks out.
 *
 * Ink: a pixel of the original whose grey level (Rec. 601 luma) differs by more than
 * INK_CONTRAST from its local background. The background is a sliding median over a window about
 * two text lines tall: the image is first shrunk so that text is ~12 px tall (text height = the
 * median height of the image's truth rects, which are one text line each), median-filtered with a
 * 25 px window and enlarged back. Text covers well under half of such a window, so the median is
 * the ground colour, and a median keeps the edges of bubbles, bars and buttons sharp, so it works
 * alike for dark text on light ground, light text on dark ground (dark mode) and coloured bubbles,
 * at any device pixel ratio. Pixels within SENSITIVE_MARGIN px of a sensitive rect are left out.
 *
 * Blacked out: a per-pixel test cannot tell black text from a black box, so the blacked-out area
 * is built from what the renderer changed: pixels that are black in the published copy but were
 * clearly not black in the original (some channel above 2·BLACK_MAX, so JPEG re-encoding of dark
 * text does not count as painting). A morphological closing (radius ~ a quarter of the text height) fills the holes
 * that black glyph strokes leave inside a painted box; the closed area, restricted to pixels
 * black in the published copy, is the blacked-out area. Ink in it counts as over-redacted.
 */
export async function scoreOverRedaction(entry: DevImage, original: RgbImage, published: RgbImage): Promise<OverRedaction> {
  const { width, height } = original;
  const pixels = width * height;
  const textHeight = typicalTextHeight(entry, original);

  const grey = Buffer.alloc(pixels);
  for (let p = 0, i = 0; p < pixels; p++, i += 3) {
    grey[p] = Math.round(0.299 * original.data[i]! + 0.587 * original.data[i + 1]! + 0.114 * original.data[i + 2]!);
  }
  const background = await localBackground(grey, width, height, textHeight);

  // Published pixel for each original pixel (the same one unless the sizes differ).
  const publishedIndex = pixelMap(original, published);
  const changed = new Uint8Array(pixels);
  const blackPublished = new Uint8Array(pixels);
  for (let p = 0; p < pixels; p++) {
    const q = publishedIndex(p);
    if (!isBlackAt(published, q)) continue;
    blackPublished[p] = 1;
    if (!isDarkAt(original, p)) changed[p] = 1;
  }
  const blackedOut = closeMask(changed, width, height, Math.max(2, Math.ceil(textHeight / 4)));

  const excluded = new Uint8Array(pixels);
  for (const item of entry.sensitive) {
    for (const rect of item.rects) {
      const { x0, y0, x1, y1 } = rectBounds(rect, entry, original, SENSITIVE_MARGIN);
      for (let y = y0; y < y1; y++) excluded.fill(1, y * width + x0, y * width + Math.max(x0, x1));
    }
  }

  let inkPixels = 0;
  let redactedInkPixels = 0;
  for (let p = 0; p < pixels; p++) {
    if (excluded[p] || Math.abs(grey[p]! - background[p]!) <= INK_CONTRAST) continue;
    inkPixels++;
    if (blackedOut[p] && blackPublished[p]) redactedInkPixels++;
  }
  return { file: entry.file, inkPixels, redactedInkPixels, share: inkPixels === 0 ? 0 : redactedInkPixels / inkPixels };
}

/** A plain (non-sensitive) text box counts as blacked out when at least this share of it was painted black. */
export const PLAIN_BLACKED_SHARE = 0.5;

export interface PlainRedaction {
  file: string;
  /** Plain line boxes of the image (truth `plain`; none for sets without it). */
  boxes: number;
  /** Of those, the ones mostly blacked out in the published copy. */
  blacked: number;
  /** The blacked-out lines, for the bench's list. */
  blackedTexts: string[];
}

/**
 * Over-redaction measured on the truth's `plain` line boxes: a box is blacked out when at least
 * PLAIN_BLACKED_SHARE of its pixels that were not already dark in the original are black in the
 * published copy (so dark-mode ground, black before and after, counts for nothing either way).
 */
export function scorePlainRedaction(entry: DevImage, original: RgbImage, published: RgbImage): PlainRedaction {
  const plain = entry.plain ?? [];
  const mapTo = pixelMap(original, published);
  const blackedTexts: string[] = [];
  for (const line of plain) {
    let paintable = 0;
    let painted = 0;
    for (const rect of line.rects) {
      const { x0, y0, x1, y1 } = rectBounds(rect, entry, original);
      for (let y = y0; y < y1; y++) {
        for (let x = x0; x < x1; x++) {
          const p = y * original.width + x;
          if (isDarkAt(original, p)) continue;
          paintable++;
          if (isBlackAt(published, mapTo(p))) painted++;
        }
      }
    }
    if (paintable > 0 && painted / paintable >= PLAIN_BLACKED_SHARE) blackedTexts.push(line.text);
  }
  return { file: entry.file, boxes: plain.length, blacked: blackedTexts.length, blackedTexts };
}

export function summarizePlainRedaction(images: readonly PlainRedaction[]): Rate {
  return rateOf(
    images.reduce((sum, image) => sum + image.blacked, 0),
    images.reduce((sum, image) => sum + image.boxes, 0),
  );
}

export interface OverRedactionSummary {
  /** Mean of the per-image shares: every published image counts alike. */
  meanShare: number | null;
  /** All redacted ink pixels over all ink pixels of the set (large images weigh more). */
  pooledShare: number | null;
  worst: OverRedaction | null;
}

export function summarizeOverRedaction(images: readonly OverRedaction[]): OverRedactionSummary {
  if (images.length === 0) return { meanShare: null, pooledShare: null, worst: null };
  const ink = images.reduce((sum, image) => sum + image.inkPixels, 0);
  const redacted = images.reduce((sum, image) => sum + image.redactedInkPixels, 0);
  return {
    meanShare: images.reduce((sum, image) => sum + image.share, 0) / images.length,
    pooledShare: ink === 0 ? 0 : redacted / ink,
    worst: images.reduce((worst, image) => (image.share > worst.share ? image : worst)),
  };
}

/** Median height of the truth rects (one text line each), in the image's pixels. */
function typicalTextHeight(entry: DevImage, image: { width: number; height: number }): number {
  const heights = entry.sensitive
    .flatMap((item) => item.rects)
    .map((rect) => (rect.h * image.height) / entry.height)
    .sort((a, b) => a - b);
  const median = heights[Math.floor(heights.length / 2)];
  return median ?? Math.max(8, Math.min(image.width, image.height) * 0.03);
}

/** Sliding-median background of a grey image, computed at a scale where text is ~12 px tall. */
async function localBackground(grey: Buffer, width: number, height: number, textHeight: number): Promise<Buffer> {
  const shrink = Math.max(1, textHeight / 12);
  const smallWidth = Math.max(1, Math.round(width / shrink));
  const smallHeight = Math.max(1, Math.round(height / shrink));
  // Separate pipelines: sharp applies its operations in a fixed order, not the order of the calls.
  const small = await greyStep(grey, width, height, (image) => image.resize(smallWidth, smallHeight, { fit: 'fill', kernel: 'linear' }));
  const median = await greyStep(small, smallWidth, smallHeight, (image) => image.median(25));
  return greyStep(median, smallWidth, smallHeight, (image) => image.resize(width, height, { fit: 'fill', kernel: 'linear' }));
}

/** One sharp operation on a one-channel raw image, returning one channel (sharp would otherwise widen it to sRGB). */
async function greyStep(grey: Buffer, width: number, height: number, operation: (image: Sharp) => Sharp): Promise<Buffer> {
  const { data, info } = await operation(sharp(grey, { raw: { width, height, channels: 1 } }))
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 1) throw new Error(`expected one channel, got ${info.channels}`);
  return data;
}

function pixelMap(from: { width: number; height: number }, to: { width: number; height: number }): (pixel: number) => number {
  if (from.width === to.width && from.height === to.height) return (pixel) => pixel;
  const sx = to.width / from.width;
  const sy = to.height / from.height;
  return (pixel) => {
    const x = Math.min(to.width - 1, Math.floor(((pixel % from.width) + 0.5) * sx));
    const y = Math.min(to.height - 1, Math.floor((Math.floor(pixel / from.width) + 0.5) * sy));
    return y * to.width + x;
  };
}

/** Binary closing (dilate, then erode) with a square of side 2·radius+1; outside the image counts as set for the erosion. */
export function closeMask(mask: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  const dilated = dilate(mask, width, height, radius);
  const inverse = dilated.map((value) => 1 - value);
  return dilate(inverse, width, height, radius).map((value) => 1 - value);
}

function dilate(mask: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  const horizontal = new Uint8Array(mask.length);
  const prefix = new Int32Array(Math.max(width, height) + 1);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) prefix[x + 1] = prefix[x]! + mask[row + x]!;
    for (let x = 0; x < width; x++) {
      horizontal[row + x] = prefix[Math.min(width, x + radius + 1)]! - prefix[Math.max(0, x - radius)]! > 0 ? 1 : 0;
    }
  }
  const out = new Uint8Array(mask.length);
  for (let x = 0; x < width; x++) {
    for (let y = 0; y < height; y++) prefix[y + 1] = prefix[y]! + horizontal[y * width + x]!;
    for (let y = 0; y < height; y++) {
      out[y * width + x] = prefix[Math.min(height, y + radius + 1)]! - prefix[Math.max(0, y - radius)]! > 0 ? 1 : 0;
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Auto-fill
// ---------------------------------------------------------------------------------------------

/** NFKC, then every whitespace character removed: how bodies and subjects are compared. */
export function normalizeText(text: string): string {
  return text.normalize('NFKC').replace(/\s+/gu, '');
}

/** Edit distance in code points (so an emoji or a rare kanji is one character). */
export function levenshtein(a: string, b: string): number {
  const left = Array.from(a);
  const right = Array.from(b);
  if (left.length === 0) return right.length;
  if (right.length === 0) return left.length;
  let previous = Array.from({ length: right.length + 1 }, (_, index) => index);
  let current = new Array<number>(right.length + 1).fill(0);
  for (let i = 1; i <= left.length; i++) {
    current[0] = i;
    for (let j = 1; j <= right.length; j++) {
      const substitution = previous[j - 1]! + (left[i - 1] === right[j - 1] ? 0 : 1);
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution);
    }
    [previous, current] = [current, previous];
  }
  return previous[right.length]!;
}

export interface ErrorRate {
  distance: number;
  /** Characters of the normalised truth. */
  length: number;
  rate: number;
}

/** Character error rate: edit distance / truth length, both after normalizeText. */
export function characterErrorRate(predicted: string | null | undefined, truth: string): ErrorRate {
  const expected = normalizeText(truth);
  const distance = levenshtein(normalizeText(predicted ?? ''), expected);
  const length = Array.from(expected).length;
  return { distance, length, rate: length === 0 ? (distance === 0 ? 0 : 1) : distance / length };
}

/** A phone number as digits only, with an international +81 prefix read as the domestic leading 0. */
export function canonicalPhone(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const compact = phone.normalize('NFKC').replace(/[^0-9+]/g, '');
  let digits: string;
  if (compact.startsWith('+81')) {
    const rest = compact.slice(3).replace(/\D/g, '');
    // "+81 (0)90-…" already carries the trunk 0.
    digits = rest.startsWith('0') ? rest : `0${rest}`;
  } else {
    digits = compact.replace(/\D/g, '');
  }
  return digits.length > 0 ? digits : null;
}

export function samePhone(predicted: string | null | undefined, truth: string): boolean {
  const expected = canonicalPhone(truth);
  return expected !== null && canonicalPhone(predicted) === expected;
}

/** E-mail addresses compare case-insensitively (after NFKC and trimming), with nothing else forgiven. */
export function sameEmail(predicted: string | null | undefined, truth: string): boolean {
  const clean = (value: string) => value.normalize('NFKC').trim().toLowerCase();
  return predicted !== null && predicted !== undefined && clean(predicted) === clean(truth);
}

export function sameSubject(predicted: string | null | undefined, truth: string): boolean {
  return predicted !== null && predicted !== undefined && normalizeText(predicted) === normalizeText(truth);
}

/** URLs in a text: http(s):// followed by URL characters, up to whitespace or anything else (e.g. Japanese). */
export function extractUrls(text: string): string[] {
  return Array.from(text.matchAll(/https?:\/\/[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]+/g), (match) => match[0].replace(/[.,;:!?]+$/, ''));
}

/**
 * A URL is read exactly when the predicted body, with all whitespace removed (a wrapped URL may
 * come back with a line break in it), contains it character for character. No NFKC here: a
 * full-width colon or slash in an auto-filled URL is a wrong URL.
 */
export function urlFound(predictedBody: string | null | undefined, url: string): boolean {
  return (predictedBody ?? '').replace(/\s+/gu, '').includes(url);
}

export interface FieldScore {
  expected: string;
  predicted: string | null;
  exact: boolean;
}

export interface AutoFillScore {
  file: string;
  type: 'sms' | 'email';
  body: ErrorRate;
  /** Present for an SMS whose sender is a phone number. */
  phone: FieldScore | null;
  /** Present for an e-mail with a From address and an SMS whose sender is an e-mail address. */
  email: FieldScore | null;
  /** Present for an e-mail with a subject. */
  subject: FieldScore | null;
  urls: Array<{ url: string; exact: boolean }>;
}

export function scoreAutoFill(entry: DevImage, predicted: ScreenshotFormData): AutoFillScore {
  const field = (expected: string | null, value: string | null, same: (value: string | null, expected: string) => boolean): FieldScore | null =>
    expected === null ? null : { expected, predicted: value, exact: same(value, expected) };
  // Auto-fill puts placeholders where the recipient's data stood; the truth is compared the same way.
  const expected = maskReportText({ subject: entry.subject, body: entry.body }, { senderEmail: entry.source_email });
  return {
    file: entry.file,
    type: entry.type,
    body: characterErrorRate(predicted.body, expected.body),
    phone: entry.type === 'sms' ? field(entry.source_phone, predicted.source_phone, samePhone) : null,
    email: field(entry.source_email, predicted.source_email, sameEmail),
    subject: entry.type === 'email' ? field(expected.subject, predicted.subject, sameSubject) : null,
    urls: extractUrls(entry.body).map((url) => ({ url, exact: urlFound(predicted.body, url) })),
  };
}

export interface AutoFillSummary {
  /** Total edit distance over total truth length (long bodies weigh more). */
  bodyCer: ErrorRate;
  phone: Rate;
  email: Rate;
  subject: Rate;
  /** Every URL of every body. */
  urls: Rate;
  /** Images whose body URLs were all exact (images with at least one URL). */
  urlImages: Rate;
}

export function summarizeAutoFill(scores: readonly AutoFillScore[]): AutoFillSummary {
  const distance = scores.reduce((sum, score) => sum + score.body.distance, 0);
  const length = scores.reduce((sum, score) => sum + score.body.length, 0);
  const exactRate = (fields: Array<FieldScore | null>): Rate => {
    const present = fields.filter((entry): entry is FieldScore => entry !== null);
    return rateOf(present.filter((entry) => entry.exact).length, present.length);
  };
  const urls = scores.flatMap((score) => score.urls);
  const withUrls = scores.filter((score) => score.urls.length > 0);
  return {
    bodyCer: { distance, length, rate: length === 0 ? 0 : distance / length },
    phone: exactRate(scores.map((score) => score.phone)),
    email: exactRate(scores.map((score) => score.email)),
    subject: exactRate(scores.map((score) => score.subject)),
    urls: rateOf(urls.filter((url) => url.exact).length, urls.length),
    urlImages: rateOf(withUrls.filter((score) => score.urls.every((url) => url.exact)).length, withUrls.length),
  };
}
