import sharp from 'sharp';
import type { SensitiveKind } from './content';
import type { Box, MeasuredRun, Rendering } from './render';
import { type Scene, conditionsOf } from './scene';

/**
 * From a measured rendering to the saved image and its truth entry: crop, rotate, encode, and
 * carry every ink box into the saved file's coordinates.
 *
 * Crops cut through one text line on purpose. A line whose text box (the font's content area)
 * keeps less than half of its height in the image is gone: its text leaves the body, subject and
 * sender fields, and its boxes are dropped. A line keeping half or more stays, with its boxes
 * clipped to the image. Banners never cut a line (render.ts settles them into a gap); text under
 * them is not in the runs at all.
 */

export interface TruthRect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface TruthEntry {
  file: string;
  type: 'sms' | 'email';
  width: number;
  height: number;
  source_email: string | null;
  source_phone: string | null;
  subject: string | null;
  body: string;
  sensitive: Array<{ kind: SensitiveKind; text: string; rects: TruthRect[] }>;
  /** Extension: non-sensitive text lines (app chrome, body text around the items) for over-redaction. */
  plain: Array<{ text: string; rects: TruthRect[] }>;
  /** Extension: the app family and the condition labels (scene.ts conditionsOf). */
  family: string;
  conditions: string[];
}

/** Ink boxes grow by this many pixels on every side (README of tests/fixtures/screenshots: "+1 px"). */
const MARGIN = 1;
/** A line keeping less than this share of its text box after a crop counts as gone. */
const KEEP_LINE = 0.5;

interface Placed {
  run: MeasuredRun;
  rect: TruthRect;
}

function chooseCrop(scene: Scene, rendering: Rendering): { top: number; bottom: number } {
  const { height } = rendering;
  if (scene.crop === 'none') return { top: 0, bottom: height };
  const inked = rendering.runs.filter((run) => run.ink);
  const inBand = (from: number, to: number, runs: MeasuredRun[]) => runs.filter((run) => run.box.y0 >= from * height && run.box.y1 <= to * height);
  const pickOne = (runs: MeasuredRun[]) => runs[Math.floor(scene.random() * runs.length)];
  const body = inked.filter((run) => run.category === 'body');
  if (scene.crop === 'top') {
    // Mostly a line of the app's header (status bar, title bar) above the subject, sender and
    // body is cut; now and then the first body line.
    const firstImportant = Math.min(height, ...inked.filter((run) => run.category !== 'chrome' || run.kind).map((run) => run.box.y0));
    const header = inked.filter((run) => run.box.y1 <= firstImportant && run.box.y0 >= 0.02 * height);
    const line = (scene.random() < 0.3 ? body[0] : pickOne(header)) ?? pickOne(inBand(0.05, 0.4, inked));
    if (!line) return { top: 0, bottom: height };
    return { top: Math.round(line.box.y0 + (1 - scene.cropKeep) * (line.box.y1 - line.box.y0)), bottom: height };
  }
  // A body line in the last third of the visible body, so most of the message stays.
  const onScreen = body.filter((run) => run.box.y1 <= height);
  const line = pickOne(onScreen.slice(Math.floor((onScreen.length * 2) / 3))) ?? pickOne(inBand(0.3, 0.92, inked));
  if (!line) return { top: 0, bottom: height };
  return { top: 0, bottom: Math.round(line.box.y0 + scene.cropKeep * (line.box.y1 - line.box.y0)) };
}

/** Clockwise rotation about the centre, as sharp's rotate(angle) does, onto a canvas of the output's size. */
function rotator(angle: number, from: { width: number; height: number }, to: { width: number; height: number }) {
  const radians = (angle * Math.PI) / 180;
  const cos = Math.cos(radians);
  const sin = Math.sin(radians);
  return (x: number, y: number): [number, number] => {
    const dx = x - from.width / 2;
    const dy = y - from.height / 2;
    return [dx * cos - dy * sin + to.width / 2, dx * sin + dy * cos + to.height / 2];
  };
}

export async function finishImage(scene: Scene, rendering: Rendering): Promise<{ image: Buffer; entry: TruthEntry }> {
  const crop = chooseCrop(scene, rendering);
  const cropped = { width: rendering.width, height: crop.bottom - crop.top };
  let image = rendering.png;
  if (crop.top !== 0 || crop.bottom !== rendering.height) {
    image = await sharp(image).extract({ left: 0, top: crop.top, width: cropped.width, height: cropped.height }).png().toBuffer();
  }
  let size = cropped;
  if (scene.rotation !== 0) {
    const { data, info } = await sharp(image)
      .rotate(scene.rotation, { background: scene.theme === 'dark' ? '#000000' : '#ffffff' })
      .png()
      .toBuffer({ resolveWithObject: true });
    image = data;
    size = { width: info.width, height: info.height };
  }
  const rotate = rotator(scene.rotation, cropped, size);
  const encoded = scene.format.kind === 'jpeg' ? await sharp(image).jpeg({ quality: scene.format.quality }).toBuffer() : await sharp(image).png({ compressionLevel: 9 }).toBuffer();

  const placed: Placed[] = [];
  for (const run of rendering.runs) {
    if (!run.ink) continue;
    const boxHeight = run.box.y1 - run.box.y0;
    const kept = Math.min(run.box.y1, crop.bottom) - Math.max(run.box.y0, crop.top);
    if (boxHeight <= 0 || kept / boxHeight < KEEP_LINE) continue;
    const ink: Box = { x0: run.ink.x0 - MARGIN, y0: Math.max(run.ink.y0 - MARGIN, crop.top), x1: run.ink.x1 + MARGIN, y1: Math.min(run.ink.y1 + MARGIN, crop.bottom) };
    if (ink.y1 <= ink.y0) continue;
    const corners = [rotate(ink.x0, ink.y0 - crop.top), rotate(ink.x1, ink.y0 - crop.top), rotate(ink.x0, ink.y1 - crop.top), rotate(ink.x1, ink.y1 - crop.top)];
    const x0 = Math.max(0, Math.floor(Math.min(...corners.map(([x]) => x))));
    const y0 = Math.max(0, Math.floor(Math.min(...corners.map(([, y]) => y))));
    const x1 = Math.min(size.width, Math.ceil(Math.max(...corners.map(([x]) => x))));
    const y1 = Math.min(size.height, Math.ceil(Math.max(...corners.map(([, y]) => y))));
    if (x1 <= x0 || y1 <= y0) continue;
    placed.push({ run, rect: { x: x0, y: y0, w: x1 - x0, h: y1 - y0 } });
  }
  return { image: encoded, entry: truthEntry(scene, rendering, placed, size) };
}

/** The runs of one element (one sensitive item, one field), in order: its visible text. */
function textOf(all: MeasuredRun[], visible: Placed[], owner: string): string {
  const ownRuns = all.filter((run) => run.owner === owner);
  const shown = visible.filter((entry) => entry.run.owner === owner);
  if (shown.length === 0) return '';
  // Wholly visible: the element's own text (keeps a space where a line wrapped at one).
  if (shown.length === ownRuns.length && ownRuns[0]!.fullText !== null) return ownRuns[0]!.fullText.trim();
  return shown.map((entry) => entry.run.text).join('');
}

function sameLine(a: MeasuredRun, b: MeasuredRun): boolean {
  return Math.abs(a.top - b.top) < (a.bottom - a.top) / 2;
}

function truthEntry(scene: Scene, rendering: Rendering, placed: Placed[], size: { width: number; height: number }): TruthEntry {
  const all = rendering.runs;
  const field = (name: 'source_phone' | 'source_email') => {
    const owner = all.find((run) => run.field === name)?.owner;
    if (!owner) return null;
    return textOf(all, placed, owner) || null;
  };

  // Body and subject as a person would retype them: a paragraph or bubble wholly in view is its
  // text as laid out (wrapped lines run on, <br> is a line break); one cut by a crop is the text
  // of its lines still in view; paragraphs and bubbles are separated by a line break.
  const blocks = (category: 'body' | 'subject') => {
    const texts: string[] = [];
    for (const block of new Set(all.filter((run) => run.category === category).map((run) => run.block))) {
      const runs = all.filter((run) => run.block === block);
      const shown = placed.filter((entry) => entry.run.block === block);
      if (shown.length === 0) continue;
      texts.push(shown.length === runs.length && runs[0]!.blockText !== null ? runs[0]!.blockText.trim() : shown.map((entry) => entry.run.text).join(''));
    }
    return texts;
  };
  const body = blocks('body').join('\n');
  const subjectText = blocks('subject').join('');

  const sensitive: TruthEntry['sensitive'] = [];
  const owners = [...new Set(placed.filter((entry) => entry.run.kind).map((entry) => entry.run.owner))];
  for (const owner of owners) {
    const entries = placed.filter((entry) => entry.run.owner === owner);
    const kind = entries[0]!.run.kind!;
    const text = textOf(all, placed, owner);
    // One rect per line: runs of one item on one line (split by nothing but a banner edge) merge.
    const rects: TruthRect[] = [];
    entries.forEach((entry, index) => {
      const previous = entries[index - 1];
      const last = rects.at(-1);
      if (previous && last && sameLine(previous.run, entry.run)) {
        const x0 = Math.min(last.x, entry.rect.x);
        const y0 = Math.min(last.y, entry.rect.y);
        const x1 = Math.max(last.x + last.w, entry.rect.x + entry.rect.w);
        const y1 = Math.max(last.y + last.h, entry.rect.y + entry.rect.h);
        rects[rects.length - 1] = { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
      } else rects.push({ ...entry.rect });
    });
    const same = sensitive.find((item) => item.kind === kind && item.text === text);
    if (same) same.rects.push(...rects);
    else sensitive.push({ kind, text, rects });
  }

  const plain = placed
    // 様 alone (after a name) may be covered with the name (tests/fixtures/screenshots/README.md), so it is not counted.
    .filter((entry) => !entry.run.kind && /[\p{L}\p{N}]/u.test(entry.run.text) && entry.run.text !== '様')
    .map((entry) => ({ text: entry.run.text, rects: [entry.rect] }));

  return {
    file: scene.name,
    type: scene.type,
    width: size.width,
    height: size.height,
    source_email: field('source_email'),
    source_phone: scene.type === 'sms' ? field('source_phone') : null,
    subject: scene.type === 'email' ? subjectText || null : null,
    body,
    sensitive,
    plain,
    family: scene.family,
    conditions: conditionsOf(scene),
  };
}
