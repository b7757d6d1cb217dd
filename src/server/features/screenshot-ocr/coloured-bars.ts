import { EDGE_STEP } from './ink-edges';

/**
 * Light text on a coloured bar (a carrier's SMS header, a mail app's top bar, a selected list row)
 * is what the page reader loses: tesseract is told not to try inverted text, and a mid-grey bar
 * with white letters thresholds to white letters on black. The page's dark-mode inversion
 * (image-preprocess.ts) cannot help, because the bar is light text whatever the page's mode. Each
 * such bar is found on the prepared page and given the page's own contrast: its ground white, its
 * letters black. The second look does the same for each row it crops (second-look.ts `darkText`);
 * this lets the page reading see the bar in the first place.
 */

/** A row belongs to a bar when this share of its pixels at least is one grey (the bar's ground)… */
const BAR_GROUND_SHARE = 0.5;
/** …within this much grey of that row's commonest grey (JPEG noise, anti-aliasing)… */
const GROUND_TOLERANCE = 12;
/** …and that grey is at least this far from the page's ground (a message bubble's tint is not a bar). */
const MIN_GROUND_CONTRAST = 40;
/** A row is bare page ground when this share of it at least is the page's ground grey (letters on a bar never are). */
const PAGE_ROW_SHARE = 0.9;
/** Rows of one bar differ this much in ground grey at most. */
const SAME_BAR_GREY = 12;
/** A bar is this many prepared text heights tall at least (a rule or a row of separators is not). */
const MIN_BAR_HEIGHT = 1.2;
/** A column belongs to the bar when this share of it (over the bar's rows) is the bar's ground. */
const COLUMN_GROUND_SHARE = 0.3;

export interface Bar {
  x: number;
  y: number;
  w: number;
  h: number;
  /** The bar's ground grey. */
  ground: number;
  /** Its letters are lighter than its ground (then the bar is inverted). */
  lightInk: boolean;
  /** Set once the bar was found square and rewritten. */
  rewritten?: boolean;
}

/**
 * Finds the coloured bars of a prepared page (dark text on light ground, text about `textHeight`
 * tall) and rewrites each in place to dark letters on white. Returns the bars it rewrote.
 */
export function normaliseColouredBars(data: Buffer, width: number, height: number, textHeight: number): Bar[] {
  if (width < 16 || height < 16) return [];
  const pageGround = commonestGrey(histogram(data, 0, data.length, 3)).grey;
  const rowGrounds: Array<number | null> = new Array<number | null>(height);
  const pageRows = new Uint8Array(height);
  for (let y = 0; y < height; y++) {
    const { grey, share } = commonestGrey(histogram(data, y * width, (y + 1) * width, 1));
    rowGrounds[y] = share >= BAR_GROUND_SHARE && Math.abs(grey - pageGround) >= MIN_GROUND_CONTRAST ? grey : null;
    pageRows[y] = share >= PAGE_ROW_SHARE && Math.abs(grey - pageGround) <= GROUND_TOLERANCE ? 1 : 0;
  }
  const bars: Bar[] = [];
  let y = 0;
  while (y < height) {
    const ground = rowGrounds[y];
    if (ground === null || ground === undefined) {
      y++;
      continue;
    }
    // Rows crossing many letters may show less ground than the share: bridged when the bar goes on below them.
    let end = y + 1;
    // A row of bare page ground ends the bar: bridged over, a grey frame just below (a dark page's
    // notice box) joins the bar, and the page's ground inside it then outvotes the bar's letters.
    for (let next = y + 1; next < height && next - end <= textHeight && pageRows[next] !== 1; next++) {
      const other = rowGrounds[next];
      if (other !== null && other !== undefined && Math.abs(other - ground) <= SAME_BAR_GREY) end = next + 1;
    }
    // Not a bar the image's top edge cuts: an app's title or status bar (the clock, the app's name,
    // no personal data), and its text read changed what Outlook's subject was read as below it.
    if (y > 0 && end - y >= textHeight * MIN_BAR_HEIGHT && end - y <= height / 2) bars.push(...barRuns(data, width, y, end, ground, textHeight));
    y = end;
  }
  for (const bar of bars) {
    if (!squareEdges(data, width, height, bar)) continue;
    rewrite(data, width, bar);
    whitenEdge(data, width, height, bar, pageGround);
  }
  return bars.filter((bar) => bar.rewritten);
}

/** Of the row just outside a bar, at most this share is the bar's ground. */
const MAX_EDGE_GROUND_SHARE = 0.1;

/**
 * Does the bar end in straight rows? A bar still slanting after a rotated capture was levelled
 * leaves wedges of its ground outside any rectangle, and a rectangle rewritten on it paints them
 * into black slivers over the text beside them: such a bar is left as it is (the second look still
 * reads its rows, each with its own ground).
 */
function squareEdges(data: Buffer, width: number, height: number, bar: Bar): boolean {
  for (const y of [bar.y - EDGE_WIDTH - 1, bar.y + bar.h + EDGE_WIDTH]) {
    if (y < 0 || y >= height) continue;
    let ground = 0;
    for (let x = bar.x; x < bar.x + bar.w; x++) if (Math.abs(data[y * width + x]! - bar.ground) <= GROUND_TOLERANCE * 2) ground++;
    if (ground > bar.w * MAX_EDGE_GROUND_SHARE) return false;
  }
  bar.rewritten = true;
  return true;
}

/** The stretches of the rows [top, bottom) whose columns are mostly the bar's ground, each with its letters' side. */
function barRuns(data: Buffer, width: number, top: number, bottom: number, ground: number, textHeight: number): Bar[] {
  const rows = bottom - top;
  const isGround = new Uint8Array(width);
  for (let x = 0; x < width; x++) {
    let count = 0;
    for (let y = top; y < bottom; y++) if (Math.abs(data[y * width + x]! - ground) <= GROUND_TOLERANCE * 2) count++;
    isGround[x] = count >= rows * COLUMN_GROUND_SHARE ? 1 : 0;
  }
  // Gaps narrower than two text heights are letters (or an icon) standing on the bar.
  const bridge = Math.round(textHeight * 2);
  const runs: Bar[] = [];
  let start = -1;
  let last = -1;
  const close = () => {
    if (start < 0) return;
    const w = last + 1 - start;
    if (w >= textHeight * 2) {
      let light = 0;
      let dark = 0;
      for (let y = top; y < bottom; y++) {
        for (let x = start; x <= last; x++) {
          const value = data[y * width + x]!;
          if (value >= ground + EDGE_STEP) light++;
          else if (value <= ground - EDGE_STEP) dark++;
        }
      }
      runs.push({ x: start, y: top, w, h: rows, ground, lightInk: light > dark });
    }
  };
  for (let x = 0; x < width; x++) {
    if (isGround[x] !== 1) continue;
    if (start >= 0 && x - last > bridge) close();
    if (start < 0 || x - last > bridge) start = x;
    last = x;
  }
  close();
  return runs;
}

/** Maps the bar's ground to white and its strongest ink to black. */
function rewrite(data: Buffer, width: number, bar: Bar): void {
  let extreme = bar.ground;
  for (let y = bar.y; y < bar.y + bar.h; y++) {
    for (let x = bar.x; x < bar.x + bar.w; x++) {
      const value = data[y * width + x]!;
      extreme = bar.lightInk ? Math.max(extreme, value) : Math.min(extreme, value);
    }
  }
  const range = Math.max(EDGE_STEP, Math.abs(extreme - bar.ground));
  for (let y = bar.y; y < bar.y + bar.h; y++) {
    for (let x = bar.x; x < bar.x + bar.w; x++) {
      const i = y * width + x;
      const inkward = bar.lightInk ? data[i]! - bar.ground : bar.ground - data[i]!;
      data[i] = Math.max(0, Math.min(255, Math.round(255 - (inkward * 255) / range)));
    }
  }
}

/** The bar's edge is a few rows and columns of grey between the two grounds (scaling, JPEG): left, it reads as a rule of glyphs. */
const EDGE_WIDTH = 3;

/** Makes the frame just outside a bar page ground, keeping only ink darker than both grounds. */
function whitenEdge(data: Buffer, width: number, height: number, bar: Bar, pageGround: number): void {
  const floor = Math.min(bar.ground, pageGround) - GROUND_TOLERANCE;
  const x0 = Math.max(0, bar.x - EDGE_WIDTH);
  const x1 = Math.min(width, bar.x + bar.w + EDGE_WIDTH);
  const y0 = Math.max(0, bar.y - EDGE_WIDTH);
  const y1 = Math.min(height, bar.y + bar.h + EDGE_WIDTH);
  for (let y = y0; y < y1; y++) {
    const inside = y >= bar.y && y < bar.y + bar.h;
    for (let x = x0; x < x1; x++) {
      if (inside && x >= bar.x && x < bar.x + bar.w) continue;
      const i = y * width + x;
      if (data[i]! >= floor) data[i] = pageGround;
    }
  }
}

function histogram(data: Buffer, from: number, to: number, step: number): Uint32Array {
  const counts = new Uint32Array(256);
  for (let i = from; i < to; i += step) counts[data[i]!]!++;
  return counts;
}

/** The commonest grey of the densest window of greys (GROUND_TOLERANCE either side), and that window's share of all pixels. */
function commonestGrey(counts: Uint32Array): { grey: number; share: number } {
  let total = 0;
  for (const count of counts) total += count;
  let window = 0;
  for (let g = 0; g <= GROUND_TOLERANCE && g < 256; g++) window += counts[g]!;
  let best = window;
  let bestGrey = 0;
  for (let grey = 1; grey < 256; grey++) {
    const enter = grey + GROUND_TOLERANCE;
    const leave = grey - GROUND_TOLERANCE - 1;
    if (enter < 256) window += counts[enter]!;
    if (leave >= 0) window -= counts[leave]!;
    if (window > best) {
      best = window;
      bestGrey = grey;
    }
  }
  // The window's own commonest grey is the ground (the window's first grey would sit at its edge).
  let ground = bestGrey;
  for (let grey = Math.max(0, bestGrey - GROUND_TOLERANCE); grey <= Math.min(255, bestGrey + GROUND_TOLERANCE); grey++) {
    if (counts[grey]! > counts[ground]!) ground = grey;
  }
  return { grey: ground, share: total ? best / total : 0 };
}
