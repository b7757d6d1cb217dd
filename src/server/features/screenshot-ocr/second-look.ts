import sharp from 'sharp';
import type { Worker } from 'tesseract.js';
import type { PreparedImage } from './image-preprocess';
import { borderMedianGrey, EDGE_STEP } from './ink-edges';
import { linesFromPage, type OcrLine } from './ocr-layout';
import { type ImageSize, typicalLineHeight } from './line-geometry';
import type { PixelBox } from './screenshot-ocr.types';
import { findSensitiveBoxes } from './sensitive-areas';

/**
 * A second look at ink the page reading never returned, and at lines it read unsurely. Tesseract's
 * page layout drops some text rows altogether (a 050 number on a cropped 1× chat, the end of an
 * address beside a header, a header title on a coloured bar), and no rule over the reading can
 * cover what is not in it. The prepared page's pixels still show those rows: grey steps in a
 * text-height band that no read line box covers. Each such row, and each line read with little
 * confidence, is cut from the upload, scaled to one text height and read again (all of them in one
 * recognition); what that says goes through the same redaction rules, and a row that is still not
 * read is covered unless it is the status bar (secondLookBoxes).
 */

/** What the second look read in one row of ink no line covered, or in one unsure page line. */
export interface SecondLook {
  /** The row of ink, in upload coordinates. */
  area: PixelBox;
  /** What the second reading made of it, in upload coordinates (may be empty). */
  lines: OcrLine[];
  /** The page line read again (one read unsurely); absent for a row the page reading never returned. */
  line?: number;
}

/** The edge map is pooled into cells this many prepared pixels wide and tall. */
const CELL = 4;
/** A cell with at least this many grey steps holds ink. */
const CELL_EDGES = 2;
/** Around a read line this share of its height (up, down) and of its height (left, right) counts as read. */
const READ_MARGIN_Y = 0.35;
const READ_MARGIN_X = 0.6;
/** Ink cells closer than this many text heights along a row are one run of text (the gap between words). */
const WORD_GAP = 0.9;
/** A row of text is this tall (in text heights) at least and at most; taller blobs are photos or icons. */
const MIN_ROW_HEIGHT = 0.45;
/** ... or this, for a row the image's edge cuts through (a cropped capture's first or last line). */
const MIN_CUT_ROW_HEIGHT = 0.15;
const MAX_ROW_HEIGHT = 1.9;
/** ... and this much wider than tall at least: an icon, a dot or an avatar is about square. */
const MIN_ROW_ASPECT = 2.2;
/** Of its cells, this share at least holds ink: a frame, a rule or a photo's outline is mostly empty inside. */
const MIN_INK_SHARE = 0.25;
/** Rows read again per image at most (the largest first): the second look must stay cheap. */
const MAX_ROWS = 8;
/** Each row is read again at this height of its ink, in pixels of the stacked image. */
const CROP_TEXT_HEIGHT = 32;
/** White between the rows stacked into one image, in multiples of CROP_TEXT_HEIGHT. */
const STACK_GAP = 1;

/**
 * Rows of text-like ink on the prepared page that no read line covers, in prepared-page pixels.
 * `lines` are in upload coordinates (as read), `scale` the prepared page's pixels per upload pixel.
 */
export function findUnreadRows(grey: PreparedImage['grey'], lines: readonly OcrLine[], scale: number): PixelBox[] {
  const { data, width, height } = grey;
  const textHeight = typicalLineHeight(lines) * scale;
  if (!Number.isFinite(textHeight) || textHeight < 6) return [];
  const cols = Math.ceil(width / CELL);
  const rows = Math.ceil(height / CELL);
  const edges = new Uint16Array(cols * rows);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    const cellRow = Math.floor(y / CELL) * cols;
    for (let x = 1; x < width; x++) {
      if (Math.abs(data[row + x]! - data[row + x - 1]!) >= EDGE_STEP) edges[cellRow + Math.floor(x / CELL)]!++;
    }
  }
  const ink = new Uint8Array(cols * rows);
  for (let i = 0; i < ink.length; i++) ink[i] = edges[i]! >= CELL_EDGES ? 1 : 0;
  // What the page reading already returned is not looked at again.
  for (const line of lines) {
    const mx = line.box.h * READ_MARGIN_X;
    const my = line.box.h * READ_MARGIN_Y;
    const x0 = Math.max(0, Math.floor(((line.box.x - mx) * scale) / CELL));
    const x1 = Math.min(cols, Math.ceil(((line.box.x + line.box.w + mx) * scale) / CELL));
    const y0 = Math.max(0, Math.floor(((line.box.y - my) * scale) / CELL));
    const y1 = Math.min(rows, Math.ceil(((line.box.y + line.box.h + my) * scale) / CELL));
    for (let cy = y0; cy < y1; cy++) ink.fill(0, cy * cols + x0, cy * cols + x1);
  }
  // Runs of ink along each cell row, bridged over word gaps, then stacked into rows of text.
  const gap = Math.max(1, Math.round((textHeight * WORD_GAP) / CELL));
  const runs: Array<{ cy: number; x0: number; x1: number }> = [];
  for (let cy = 0; cy < rows; cy++) {
    let start = -1;
    let last = -1;
    for (let cx = 0; cx <= cols; cx++) {
      const on = cx < cols && ink[cy * cols + cx] === 1;
      if (on) {
        if (start < 0) start = cx;
        else if (cx - last > gap) {
          runs.push({ cy, x0: start, x1: last + 1 });
          start = cx;
        }
        last = cx;
      } else if (cx === cols && start >= 0) runs.push({ cy, x0: start, x1: last + 1 });
    }
  }
  const blobs = connect(runs);
  const found: PixelBox[] = [];
  for (const blob of blobs) {
    const box = { x: blob.x0 * CELL, y: blob.y0 * CELL, w: (blob.x1 - blob.x0) * CELL, h: (blob.y1 - blob.y0) * CELL };
    const cut = blob.y0 === 0 || blob.y1 >= rows - 1;
    if (box.h < textHeight * (cut ? MIN_CUT_ROW_HEIGHT : MIN_ROW_HEIGHT) || box.h > textHeight * MAX_ROW_HEIGHT || box.w < box.h * MIN_ROW_ASPECT) continue;
    let inkCells = 0;
    for (let cy = blob.y0; cy < blob.y1; cy++) for (let cx = blob.x0; cx < blob.x1; cx++) inkCells += ink[cy * cols + cx]!;
    if (inkCells < (blob.x1 - blob.x0) * (blob.y1 - blob.y0) * MIN_INK_SHARE) continue;
    found.push({ x: box.x, y: box.y, w: Math.min(width, box.x + box.w) - box.x, h: Math.min(height, box.y + box.h) - box.y });
  }
  return found.sort((a, b) => b.w * b.h - a.w * a.h).slice(0, MAX_ROWS);
}

interface Blob {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

/** Groups runs on neighbouring cell rows that overlap horizontally. */
function connect(runs: ReadonlyArray<{ cy: number; x0: number; x1: number }>): Blob[] {
  const parent = runs.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  let previousStart = 0;
  for (let i = 0; i < runs.length; i++) {
    const run = runs[i]!;
    while (previousStart < i && runs[previousStart]!.cy < run.cy - 1) previousStart++;
    for (let j = previousStart; j < i; j++) {
      const other = runs[j]!;
      if (other.cy === run.cy - 1 && other.x0 < run.x1 && run.x0 < other.x1) parent[find(i)] = find(j);
    }
  }
  const blobs = new Map<number, Blob>();
  runs.forEach((run, i) => {
    const root = find(i);
    const blob = blobs.get(root);
    if (!blob) blobs.set(root, { x0: run.x0, x1: run.x1, y0: run.cy, y1: run.cy + 1 });
    else {
      blob.x0 = Math.min(blob.x0, run.x0);
      blob.x1 = Math.max(blob.x1, run.x1);
      blob.y0 = Math.min(blob.y0, run.cy);
      blob.y1 = Math.max(blob.y1, run.cy + 1);
    }
  });
  return [...blobs.values()];
}

/** Below this word confidence a page line is read again. */
const REREAD_CONFIDENCE = 50;
/** Shorter unsure readings are icons and chips more often than text worth the time. */
const MIN_REREAD_CHARS = 4;
/** Page lines read again per image at most (the least sure first). */
const MAX_REREADS = 8;

/**
 * Page lines read so unsurely that a second reading at a larger text height may say what they are
 * ("十計ド番号スネをネス天をネ*を313" for a masked card line): text-high, at least two characters
 * long and wider than tall (icons and photos are neither).
 */
function unsureLines(lines: readonly OcrLine[], imageHeight: number): number[] {
  const textHeight = typicalLineHeight(lines);
  return [...lines.keys()]
    .filter((i) => {
      const line = lines[i]!;
      return line.confidence < REREAD_CONFIDENCE && line.box.h >= textHeight * 0.6 && line.box.h <= textHeight * 2.5 && line.box.w >= line.box.h * 1.5
        && [...line.text.replace(/\s/g, '')].length >= MIN_REREAD_CHARS && !inStatusBar(line.box, imageHeight);
    })
    .sort((a, b) => lines[a]!.confidence - lines[b]!.confidence)
    .slice(0, MAX_REREADS);
}

/**
 * Reads every unread row and every unsure line again, all in one recognition: they are cut from
 * the (levelled) upload's own pixels, scaled to one text height and stacked with white between
 * them, so the second look costs one call however many there are (the recogniser's time goes with
 * the text's length). `lines` is the page reading; a look's `line` indexes it, and address-reread's
 * lines alike (that keeps one line per line).
 */
export async function readUnreadRows(worker: Worker, prepared: PreparedImage, lines: readonly OcrLine[]): Promise<SecondLook[]> {
  const toUpload = (row: PixelBox): PixelBox => ({ x: row.x / prepared.scale, y: row.y / prepared.scale, w: row.w / prepared.scale, h: row.h / prepared.scale });
  const rows: Array<{ area: PixelBox; line?: number }> = [
    ...findUnreadRows(prepared.grey, lines, prepared.scale).map((row) => ({ area: toUpload(row) })),
    ...unsureLines(lines, prepared.height).map((line) => ({ area: lines[line]!.box, line })),
  ].sort((a, b) => a.area.y - b.area.y);
  if (rows.length === 0) return [];
  const full = prepared.fullGrey;
  const slots: Array<{ area: PixelBox; line?: number; crop: PixelBox; factor: number; top: number; pixels: Buffer; width: number; height: number }> = [];
  let stackHeight = 0;
  let stackWidth = 0;
  for (const { area, line } of rows) {
    // A margin so no glyph is cut.
    const pad = area.h * 0.3;
    const left = Math.max(0, Math.floor(area.x - pad));
    const top = Math.max(0, Math.floor(area.y - pad));
    const right = Math.min(full.width, Math.ceil(area.x + area.w + pad));
    const bottom = Math.min(full.height, Math.ceil(area.y + area.h + pad));
    if (right - left < 4 || bottom - top < 4) continue;
    const factor = Math.min(4, Math.max(0.25, CROP_TEXT_HEIGHT / area.h));
    const { data: raw, info } = await sharp(full.data, { raw: { width: full.width, height: full.height, channels: 1 } })
      .extract({ left, top, width: right - left, height: bottom - top })
      .resize(Math.max(1, Math.round((right - left) * factor)), Math.max(1, Math.round((bottom - top) * factor)), { kernel: factor > 1 ? 'cubic' : 'lanczos3' })
      .extractChannel(0)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { width, height } = info;
    const pixels = onWhite(darkText(raw, width, height) ? raw : negate(raw), width, height);
    const gapPx = Math.round(CROP_TEXT_HEIGHT * STACK_GAP);
    stackHeight += gapPx;
    slots.push({ area, line, crop: { x: left, y: top, w: right - left, h: bottom - top }, factor, top: stackHeight, pixels, width, height });
    stackHeight += height;
    stackWidth = Math.max(stackWidth, width);
  }
  if (slots.length === 0) return [];
  stackHeight += Math.round(CROP_TEXT_HEIGHT * STACK_GAP);
  stackWidth += 2 * CROP_TEXT_HEIGHT;
  const stack = Buffer.alloc(stackWidth * stackHeight, 255);
  for (const slot of slots) {
    for (let y = 0; y < slot.height; y++) slot.pixels.copy(stack, (slot.top + y) * stackWidth + CROP_TEXT_HEIGHT, y * slot.width, (y + 1) * slot.width);
  }
  const header = Buffer.from(`P5\n${stackWidth} ${stackHeight}\n255\n`, 'ascii');
  const page = (await worker.recognize(Buffer.concat([header, stack]), {}, { text: false, blocks: true })).data;
  const read = linesFromPage(page, 1, 0);
  const looks: SecondLook[] = slots.map((slot) => ({ area: slot.area, lines: [], ...(slot.line === undefined ? {} : { line: slot.line }) }));
  for (const line of read) {
    const middle = line.box.y + line.box.h / 2;
    const index = slots.findIndex((slot) => middle >= slot.top && middle < slot.top + slot.height);
    if (index < 0) continue;
    const slot = slots[index]!;
    const fromStack = (box: PixelBox): PixelBox => ({
      x: slot.crop.x + (box.x - CROP_TEXT_HEIGHT) / slot.factor,
      y: slot.crop.y + (box.y - slot.top) / slot.factor,
      w: box.w / slot.factor,
      h: box.h / slot.factor,
    });
    looks[index]!.lines.push({ ...line, box: fromStack(line.box), charBoxes: line.charBoxes.map(fromStack) });
  }
  return looks;
}

/**
 * What the second look adds to the redaction: the rules over the page's lines with the rows read
 * again put in their place (so wrapping, labels and names see them) and the unsure lines read
 * again, every row still not read outside the status bar, and every row beside something covered.
 */
export function secondLookBoxes(lines: readonly OcrLine[], looks: readonly SecondLook[], image: ImageSize): PixelBox[] {
  if (looks.length === 0) return [];
  const boxes: PixelBox[] = [];
  const rereads = new Map(looks.filter((look) => look.line !== undefined).map((look) => [look.line!, look.lines]));
  // The page's lines with each unsure one replaced by its second reading where that is surer (the
  // page reading's own boxes are found apart from this, so nothing it covered is lost).
  const replaced = lines.flatMap((line, i) => {
    const again = rereads.get(i);
    return again && again.some((other) => other.confidence > line.confidence) ? again : [line];
  });
  const rows = looks.filter((look) => look.line === undefined);
  boxes.push(...findSensitiveBoxes(inReadingOrder(replaced, rows.flatMap((look) => look.lines)), image));
  for (const look of rows) {
    // Still unread: may be anything (the privacy rule), unless it is the status bar.
    if (!look.lines.some(isRead) && !inStatusBar(look.area, image.height)) boxes.push(padded(look.area));
    // Ink right beside something covered, on its row, is that text's end or start the page reading
    // squeezed out of its box ("hayashi" left of "_sho0663", the "st>" of an address).
    else if (boxes.some((box) => besideOnRow(look.area, box))) boxes.push(padded(look.area));
  }
  return boxes;
}

/** Below this word confidence a row read again is still not read. */
const SURE_CONFIDENCE = 60;
/** A phone's status bar (clock, signal, battery) fills this share of a capture's height at the top. */
const STATUS_BAR_SHARE = 0.06;

const isRead = (line: OcrLine) => line.confidence >= SURE_CONFIDENCE && [...line.text.replace(/\s/g, '')].length >= 2;

/**
 * The status bar (clock, signal, battery): its icons are the rows most often left unread, and they
 * never hold personal data. A row cut by the top edge is a cropped capture's text, not the bar.
 */
function inStatusBar(area: PixelBox, imageHeight: number): boolean {
  return area.y + area.h <= imageHeight * STATUS_BAR_SHARE && area.y > 2;
}

/** A row's ink box is tight: padded like a span's box (line-geometry's boxFor), so no glyph edge stays readable. */
function padded(area: PixelBox): PixelBox {
  const pad = Math.max(3, area.h * 0.4);
  return { x: area.x - pad, y: area.y - pad, w: area.w + 2 * pad, h: area.h + 2 * pad };
}

/** Does `box` share `area`'s row (half its height) and end or start less than a row's height from it? */
function besideOnRow(area: PixelBox, box: PixelBox): boolean {
  const overlap = Math.min(area.y + area.h, box.y + box.h) - Math.max(area.y, box.y);
  const gap = Math.max(box.x - (area.x + area.w), area.x - (box.x + box.w));
  return overlap >= area.h * 0.5 && gap < area.h;
}

/** The rows read again among the page's lines, each before the first line that starts below it. */
function inReadingOrder(lines: readonly OcrLine[], extra: readonly OcrLine[]): OcrLine[] {
  const merged = [...lines];
  for (const line of [...extra].sort((a, b) => a.box.y - b.box.y)) {
    const at = merged.findIndex((other) => other.box.y > line.box.y + line.box.h / 2);
    merged.splice(at < 0 ? merged.length : at, 0, line);
  }
  return merged;
}

/**
 * Tesseract reads dark text on a light ground (it is told not to try inverting), and a row may be
 * white on a coloured bar (a header, a banner) whatever the page's mode: the ground is what the
 * crop's border mostly is.
 */
function darkText(pixels: Buffer, width: number, height: number): boolean {
  let sum = 0;
  let count = 0;
  for (let x = 0; x < width; x++) {
    sum += pixels[x]! + pixels[(height - 1) * width + x]!;
    count += 2;
  }
  for (let y = 0; y < height; y++) {
    sum += pixels[y * width]! + pixels[y * width + width - 1]!;
    count += 2;
  }
  return sum / count >= 128;
}

/**
 * Stretches a crop so its ground is white and its ink black: stacked with white between them, a
 * grey bar's ground would otherwise be what tesseract's threshold takes for ink.
 */
function onWhite(pixels: Buffer, width: number, height: number): Buffer {
  const ground = borderMedianGrey(pixels, width, height);
  let ink = 255;
  for (const value of pixels) ink = Math.min(ink, value);
  const range = Math.max(1, ground - ink);
  const out = Buffer.allocUnsafe(pixels.length);
  for (let i = 0; i < pixels.length; i++) out[i] = Math.max(0, Math.min(255, Math.round(((pixels[i]! - ink) * 255) / range)));
  return out;
}

function negate(pixels: Buffer): Buffer {
  const out = Buffer.allocUnsafe(pixels.length);
  for (let i = 0; i < pixels.length; i++) out[i] = 255 - pixels[i]!;
  return out;
}
