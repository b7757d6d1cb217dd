import sharp from 'sharp';
import { PSM, type Worker } from 'tesseract.js';
import type { PreparedImage } from './image-preprocess';
import type { OcrLine } from './ocr-layout';
import type { PixelBox } from './screenshot-ocr.types';
import { isPhoneNumber } from './ocr-text';
import { sameText, voteReadings } from './reading-vote';
import { EDGE_STEP } from './ink-edges';
import { findAddressSpans, type MarkedSpan } from './sensitive-areas';

/**
 * Characters of URLs, e-mail addresses and phone numbers, and the brackets around them: a crop
 * takes in the "<" before "order@…" or the "(" before a number, and a reader that may not answer
 * "<" merges it with the next letter and loses the "o".
 */
const ADDRESS_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#@!$&*+,;=%<>()[] ';
/** Crops are read at this text height at least; small text is what the first pass gets wrong. */
const MIN_CROP_HEIGHT = 48;
const CROP_HEIGHT = 64;

/** Reads a crop as one line of address characters on the Latin (eng) reader. */
export async function readLatin(worker: Worker, crop: Buffer): Promise<string> {
  await worker.setParameters({ tessedit_char_whitelist: ADDRESS_ALPHABET, tessedit_pageseg_mode: PSM.SINGLE_LINE });
  return (await worker.recognize(crop, {}, { text: true, blocks: false })).data.text;
}

/**
 * Second pass over URLs, e-mail addresses and numbers: each is cropped and read again as a single
 * line restricted to the characters such addresses consist of. The mixed Japanese reading often
 * turns "/" into "ん" or "@" into "の"; the restricted reading does not.
 *
 * URLs and e-mail addresses (with `latin`, the shared eng reader) are read on their crop by both
 * models, and the three readings vote character by character (reading-vote.ts). Each reader alone
 * gets about half of them exactly right; they rarely miss the same character.
 */
export async function rereadAddresses(worker: Worker, prepared: PreparedImage, lines: OcrLine[], latin?: (crop: Buffer) => Promise<string>): Promise<OcrLine[]> {
  const spans = findAddressSpans(lines).sort((a, b) => a.line - b.line || b.start - a.start);
  if (spans.length === 0) return lines;
  const updated = lines.map((line) => ({ ...line, charBoxes: [...line.charBoxes], charConfidences: [...line.charConfidences] }));
  await worker.setParameters({ tessedit_char_whitelist: ADDRESS_ALPHABET, tessedit_pageseg_mode: PSM.SINGLE_LINE });
  try {
    let lastLine = -1;
    let lastStart = Infinity;
    for (const span of spans) {
      // Overlapping spans of one line (a phone inside a URL run) are read once, as the wider one.
      if (span.line === lastLine && span.end > lastStart) continue;
      const line = updated[span.line]!;
      const letters = latin ? latinPart(line.text, span) : null;
      if (letters && latin) {
        lastLine = span.line;
        lastStart = span.start;
        // Spans read surely on the page are left alone: on fresh11 that skipped 37 % of the crops
        // with the same result (URLs 140 → 141/197, e-mail 85/100); lower bars began to cost URLs.
        if (Math.min(...line.charConfidences.slice(letters.start, letters.end)) >= SURE_CONFIDENCE) continue;
        const area = spanArea(line, letters, true);
        const crop = area && (await cropFor(prepared, area));
        if (!crop) continue;
        const original = line.text.slice(letters.start, letters.end).replace(/\s+/g, '');
        const english = cleanLatin(await latin(crop));
        // A crop that held something else (the avatar's letter beside it, a line above) reads as
        // another text; two readings of the same address share most of their characters. Only
        // then is jpn asked too.
        if (english === original || !sameText(original, english)) continue;
        const japanese = cleanLatin((await worker.recognize(crop, {}, { text: true, blocks: false })).data.text);
        if (!sameText(original, japanese)) continue;
        // A kanji the page read in place of marks that eng read is no reading to vote with: eng's marks stand in for it.
        const voted = voteReadings(withStrayGlyphsRead(original, english, japanese), english, japanese);
        if (voted === original || voted.length < original.length * 0.5 || voted.length > original.length * 2 + 2) continue;
        replaceSpan(line, letters, voted, area);
        continue;
      }
      // Only garbled readings are worth the time; a second reading of a clean one is no better.
      if (plausibility(line.text.slice(span.start, span.end)) >= 0) continue;
      const area = spanArea(line, span);
      if (!area) continue;
      const crop = await cropFor(prepared, area);
      if (!crop) continue;
      const reading = (await worker.recognize(crop, {}, { text: true, blocks: false })).data.text.trim();
      const original = line.text.slice(span.start, span.end);
      const replacement = betterReading(original, reading);
      if (replacement === original) continue;
      replaceSpan(line, span, replacement, area);
      lastLine = span.line;
      lastStart = span.start;
    }
  } finally {
    await worker.setParameters({ tessedit_char_whitelist: '', tessedit_pageseg_mode: PSM.SINGLE_BLOCK });
  }
  return updated;
}

const EDGE_NOISE = /^[_:*~!;,.'"<>()[\]\s]+|[_:*~!;,.'"<>()[\]\s]+$/g;

/** One or two characters no address holds, inside the page's reading of an address. */
const STRAY_GLYPHS = /[\u0080-\uffff]{1,2}/g;
/** What each reading must share on either side of a stray glyph to tell where it stood. */
const CONTEXT_BEFORE = 3;
const CONTEXT_AFTER = 2;

/**
 * The page's reading holds a kanji where the address has marks (「index.php幸orm」 for 「index.php#form」, 「/抵op」
 * for 「/#top」): the eng reading of the crop read them (「#form」), jpn mostly not at all (「phporm」), and the vote,
 * where the two crop readings differ, kept nothing there. The kanji is what tells that glyphs stood there, and no
 * address holds one: before the vote, the eng reading's characters take its place when they stand between the
 * same neighbours, are one to three address characters, and the jpn reading has nothing there or begins as
 * they do.
 */
export function withStrayGlyphsRead(voted: string, english: string, japanese: string): string {
  return voted.replace(STRAY_GLYPHS, (stray: string, offset: number) => {
    const before = voted.slice(Math.max(0, offset - CONTEXT_BEFORE), offset);
    const after = voted.slice(offset + stray.length, offset + stray.length + CONTEXT_AFTER);
    if (before.length < CONTEXT_BEFORE || after.length < CONTEXT_AFTER || /[^\x21-\x7e]/.test(before + after)) return stray;
    const englishMarks = between(english, before, after);
    const japaneseMarks = between(japanese, before, after);
    if (englishMarks === null || japaneseMarks === null || !/^[\x21-\x7e]{1,3}$/.test(englishMarks)) return stray;
    return japaneseMarks === '' || japaneseMarks[0] === englishMarks[0] ? englishMarks : stray;
  });
}

/** What a reading has between `before` and `after`, each found once, at most three characters apart; or null. */
function between(reading: string, before: string, after: string): string | null {
  const start = reading.indexOf(before);
  if (start < 0 || reading.indexOf(before, start + 1) >= 0) return null;
  const from = start + before.length;
  const end = reading.indexOf(after, from);
  return end < 0 || end - from > 3 ? null : reading.slice(from, end);
}

/** The page's confidence in every character of a span above which it is not read again. */
const SURE_CONFIDENCE = 98;

/** A URL or an e-mail address has letters; a phone number has none and keeps the plausibility test. */
const MIN_LATIN_LETTERS = 4;
/** Two or more characters no address holds: the address ended before them ("…/info 詳しくは"). */
const AFTER_ADDRESS = /[^\x20-\x7e]{2,}/;

/** The part of a span to read on the Latin reader: up to where the line goes on in Japanese. */
function latinPart(text: string, span: MarkedSpan): MarkedSpan | null {
  const slice = text.slice(span.start, span.end);
  const after = AFTER_ADDRESS.exec(slice);
  const end = span.start + (after ? after.index : slice.length);
  const part = text.slice(span.start, end).trimEnd();
  if ((part.match(/[A-Za-z]/g) ?? []).length < MIN_LATIN_LETTERS) return null;
  return { ...span, end: span.start + part.length };
}

function cleanLatin(reading: string): string {
  return reading.trim().replace(EDGE_NOISE, '').replace(/\s+/g, '');
}
const FULL_URL = /^https?:\/\/[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+/;
const FULL_EMAIL = /^[A-Za-z0-9][A-Za-z0-9._%+-]*@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

/** How much a reading looks like a well-formed address; misreads lose points. */
function plausibility(text: string): number {
  let score = 0;
  if (FULL_URL.test(text)) score += 3;
  else if (/^h?t?tps?\W/i.test(text)) score -= 2;
  if (FULL_EMAIL.test(text)) score += 3;
  if (/^\+?[\d\s-]+$/.test(text) && isPhoneNumber(text)) score += 3;
  // A number-like reading that is not a valid number ("aig0-6243-1198").
  else if (/\d{3,}/.test(text) && /[A-Za-z]/.test(text) && /^\W*[A-Za-z]{0,4}\d/.test(text)) score -= 1;
  for (const char of text) {
    if (/[^\x20-\x7e]/.test(char)) score -= 3;
    else if (/[_*~!;,'"\s]/.test(char)) score -= 1;
  }
  return score;
}

/**
 * Keeps the first reading unless the restricted one is more plausible, or equally plausible and
 * of the same length (a character-for-character correction such as "rvokin" → "ryokin").
 */
function betterReading(original: string, reading: string): string {
  const cleaned = reading.trim().replace(EDGE_NOISE, '');
  const candidate = /[A-Za-z]/.test(cleaned) ? cleaned.replace(/\s+/g, '') : cleaned.replace(/\s+/g, ' ');
  if (candidate.length === 0 || candidate.length > original.length * 2 + 2 || candidate.length < original.length * 0.5) return original;
  const gain = plausibility(candidate) - plausibility(original);
  if (gain > 0 || (gain === 0 && candidate.length === original.length)) return candidate;
  return original;
}

/**
 * The span's area; with `ownHeight`, as tall as its own characters rather than its line, whose box
 * also holds whatever tesseract read with it (an avatar's letter three text lines tall).
 */
function spanArea(line: OcrLine, span: MarkedSpan, ownHeight = false): PixelBox | null {
  const boxes = line.charBoxes.slice(span.start, span.end).filter((box) => box.w > 0);
  if (boxes.length === 0) return null;
  const x0 = Math.min(...boxes.map((box) => box.x));
  const x1 = Math.max(...boxes.map((box) => box.x + box.w));
  if (!ownHeight) return { x: x0, y: line.box.y, w: x1 - x0, h: line.box.h };
  const y0 = Math.min(...boxes.map((box) => box.y));
  const y1 = Math.max(...boxes.map((box) => box.y + box.h));
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}

async function cropFor(prepared: PreparedImage, area: PixelBox): Promise<Buffer | null> {
  // From the full-resolution upload: the downscaled page loses the detail that tells "?" from "7".
  const grey = prepared.fullGrey;
  const scale = 1;
  const padY = area.h * scale * 0.3;
  const padX = area.h * scale * 0.25;
  const top = Math.max(0, Math.floor(area.y * scale - padY));
  const bottom = Math.min(grey.height, Math.ceil((area.y + area.h) * scale + padY));
  const edges = glyphEdges(grey, area, padX);
  const left = Math.max(0, Math.floor(edges.left));
  const right = Math.min(grey.width, Math.ceil(edges.right));
  if (right - left < 4 || bottom - top < 4) return null;
  let crop = sharp(grey.data, { raw: { width: grey.width, height: grey.height, channels: 1 } }).extract({ left, top, width: right - left, height: bottom - top });
  if (prepared.dark) crop = crop.negate();
  const height = bottom - top;
  const targetHeight = Math.min(Math.max(height, MIN_CROP_HEIGHT), CROP_HEIGHT);
  if (targetHeight !== height) crop = sharp(await crop.png().toBuffer()).resize({ height: targetHeight, kernel: targetHeight > height ? 'cubic' : 'lanczos3' });
  return crop.png({ compressionLevel: 1 }).toBuffer();
}

/** How far a blank column is looked for beside a span, in line heights. */
const GLYPH_SEARCH = 1;
/** How far left of its box a span's first glyph may begin, in line heights. */
const LATE_START = 0.35;

/**
 * Where a crop of `area` should start and end. Tesseract's character boxes are loose: the first box
 * of "order@…" began past the ink of its "o", so a crop at the box lost the "o", and one a little
 * wider took half of the "<" before it. The crop goes out to the nearest column without ink, and
 * on over blank columns up to the usual margin, so it holds whole glyphs and no neighbour's part.
 * Where no blank column is near (letters touching), the usual margin stands.
 */
export function glyphEdges(grey: PreparedImage['fullGrey'], area: PixelBox, margin: number): { left: number; right: number } {
  const y0 = Math.max(0, Math.floor(area.y));
  const y1 = Math.min(grey.height, Math.ceil(area.y + area.h));
  const x0 = Math.max(0, Math.floor(area.x));
  const x1 = Math.min(grey.width, Math.ceil(area.x + area.w));
  if (y1 <= y0 || x1 <= x0) return { left: area.x - margin, right: area.x + area.w + margin };
  const ground = groundGrey(grey, x0, x1, y0, y1);
  const blank = (x: number) => {
    if (x < 0 || x >= grey.width) return true;
    for (let y = y0; y < y1; y++) if (Math.abs(grey.data[y * grey.width + x]! - ground) >= EDGE_STEP) return false;
    return true;
  };
  const reach = area.h * GLYPH_SEARCH;
  const outward = (from: number, step: 1 | -1, fallback: number): number => {
    let x = from;
    while (Math.abs(x - from) <= reach && !blank(x)) x += step;
    if (Math.abs(x - from) > reach) return fallback;
    const end = x + step * margin;
    while (x !== Math.round(end) && blank(x + step) && x + step >= 0 && x + step < grey.width) x += step;
    return step < 0 ? x : x + 1;
  };
  // Boxes start late rather than early (the "o" above stood a third of a line height left of its box).
  return { left: outward(x0 - 1 - Math.round(area.h * LATE_START), -1, area.x - margin), right: outward(x1, 1, area.x + area.w + margin) };
}

/** The commonest grey of the area: its ground, light or dark. */
function groundGrey(grey: PreparedImage['fullGrey'], x0: number, x1: number, y0: number, y1: number): number {
  const counts = new Uint32Array(256);
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) counts[grey.data[y * grey.width + x]!]!++;
  let best = 0;
  for (let value = 1; value < 256; value++) if (counts[value]! > counts[best]!) best = value;
  return best;
}

/** The confidence a replaced span's characters get (address-glyphs.ts tells their shared-out boxes by it). */
export const REREAD_CONFIDENCE = 90;

/** Puts the new reading in place, sharing the span's width evenly among its characters. */
function replaceSpan(line: OcrLine, span: MarkedSpan, replacement: string, area: PixelBox): void {
  const step = area.w / replacement.length;
  const boxes = [...replacement].map((_, i) => ({ x: area.x + i * step, y: area.y, w: step, h: area.h }));
  line.text = line.text.slice(0, span.start) + replacement + line.text.slice(span.end);
  line.charBoxes.splice(span.start, span.end - span.start, ...boxes);
  line.charConfidences.splice(span.start, span.end - span.start, ...boxes.map(() => REREAD_CONFIDENCE));
}
