import sharp from 'sharp';
import { PSM, type Worker } from 'tesseract.js';
import type { PreparedImage } from './image-preprocess';
import type { OcrLine } from './ocr-layout';
import type { PixelBox } from './screenshot-ocr.types';
import { isPhoneNumber } from './ocr-text';
import { findAddressSpans, type MarkedSpan } from './sensitive-areas';

/** Characters of URLs, e-mail addresses and phone numbers. */
const ADDRESS_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#@!$&*+,;=% ';
/** Crops are read at this text height at least; small text is what the first pass gets wrong. */
const MIN_CROP_HEIGHT = 48;
const CROP_HEIGHT = 64;

/**
 * Second pass over URLs, e-mail addresses and numbers: each is cropped and read again as a single
 * line restricted to the characters such addresses consist of. The mixed Japanese reading often
 * turns "/" into "ん" or "@" into "の"; the restricted reading does not.
 */
export async function rereadAddresses(worker: Worker, prepared: PreparedImage, lines: OcrLine[]): Promise<OcrLine[]> {
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

const EDGE_NOISE = /^[_:*~!;,.'"\s]+|[_:*~!;,.'"\s]+$/g;
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

function spanArea(line: OcrLine, span: MarkedSpan): PixelBox | null {
  const boxes = line.charBoxes.slice(span.start, span.end).filter((box) => box.w > 0);
  if (boxes.length === 0) return null;
  const x0 = Math.min(...boxes.map((box) => box.x));
  const x1 = Math.max(...boxes.map((box) => box.x + box.w));
  return { x: x0, y: line.box.y, w: x1 - x0, h: line.box.h };
}

async function cropFor(prepared: PreparedImage, area: PixelBox): Promise<Buffer | null> {
  // From the full-resolution upload: the downscaled page loses the detail that tells "?" from "7".
  const grey = prepared.fullGrey;
  const scale = 1;
  const padY = area.h * scale * 0.3;
  const padX = area.h * scale * 0.25;
  const left = Math.max(0, Math.floor(area.x * scale - padX));
  const top = Math.max(0, Math.floor(area.y * scale - padY));
  const right = Math.min(grey.width, Math.ceil((area.x + area.w) * scale + padX));
  const bottom = Math.min(grey.height, Math.ceil((area.y + area.h) * scale + padY));
  if (right - left < 4 || bottom - top < 4) return null;
  let crop = sharp(grey.data, { raw: { width: grey.width, height: grey.height, channels: 1 } }).extract({ left, top, width: right - left, height: bottom - top });
  if (prepared.dark) crop = crop.negate();
  const height = bottom - top;
  const targetHeight = Math.min(Math.max(height, MIN_CROP_HEIGHT), CROP_HEIGHT);
  if (targetHeight !== height) crop = sharp(await crop.png().toBuffer()).resize({ height: targetHeight, kernel: targetHeight > height ? 'cubic' : 'lanczos3' });
  return crop.png({ compressionLevel: 1 }).toBuffer();
}

/** Puts the new reading in place, sharing the span's width evenly among its characters. */
function replaceSpan(line: OcrLine, span: MarkedSpan, replacement: string, area: PixelBox): void {
  const step = area.w / replacement.length;
  const boxes = [...replacement].map((_, i) => ({ x: area.x + i * step, y: area.y, w: step, h: area.h }));
  line.text = line.text.slice(0, span.start) + replacement + line.text.slice(span.end);
  line.charBoxes.splice(span.start, span.end - span.start, ...boxes);
  line.charConfidences.splice(span.start, span.end - span.start, ...boxes.map(() => 90));
}
