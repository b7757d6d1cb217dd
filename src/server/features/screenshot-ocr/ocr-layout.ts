import type { Page, Word } from 'tesseract.js';
import type { PixelBox } from './screenshot-ocr.types';

/** One recognised run of text on one line, with a box for every character of `text`. */
export interface OcrLine {
  text: string;
  charBoxes: PixelBox[];
  /** Tesseract's confidence (0–100) in each character of `text`. */
  charConfidences: number[];
  box: PixelBox;
  confidence: number;
}

const isWide = (char: string) => char.charCodeAt(0) > 0x7f;
/** Words further apart than this many character heights belong to different columns. */
const COLUMN_GAP = 2.4;

/**
 * Flattens tesseract's block tree into lines in upload coordinates. A tesseract line spanning a
 * wide gap (a mail app's folder list beside the message, a time beside a name) is split into
 * separate lines. Tesseract separates Japanese characters with spaces; a space is kept only
 * between two half-width words.
 */
export function linesFromPage(page: Page, scale: number, offsetY = 0): OcrLine[] {
  const lines: OcrLine[] = [];
  for (const block of page.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        const words = line.words.filter((word) => word.symbols.some((symbol) => symbol.text.trim() !== ''));
        const heights = words.flatMap((word) => word.symbols.map((symbol) => symbol.bbox.y1 - symbol.bbox.y0)).sort((a, b) => a - b);
        const charHeight = heights[Math.floor(heights.length / 2)] ?? 0;
        let segment: Word[] = [];
        for (const word of words) {
          const previous = segment.at(-1);
          if (previous && word.bbox.x0 - previous.bbox.x1 > charHeight * COLUMN_GAP) {
            pushLine(lines, segment, scale, offsetY);
            segment = [];
          }
          segment.push(word);
        }
        pushLine(lines, segment, scale, offsetY);
      }
    }
  }
  return lines;
}

function pushLine(lines: OcrLine[], words: Word[], scale: number, offsetY: number): void {
  let text = '';
  const charBoxes: PixelBox[] = [];
  const charConfidences: number[] = [];
  let previousEnd: PixelBox | null = null;
  let confidence = 0;
  for (const word of words) {
    const symbols = word.symbols.filter((symbol) => symbol.text.trim() !== '');
    const first = toBox(symbols[0]!.bbox, scale, offsetY);
    if (previousEnd && !(isWide(text.at(-1)!) || isWide(symbols[0]!.text[0]!))) {
      text += ' ';
      const gapStart = previousEnd.x + previousEnd.w;
      charBoxes.push({ x: gapStart, y: first.y, w: Math.max(0, first.x - gapStart), h: first.h });
      charConfidences.push(100);
    }
    for (const symbol of symbols) {
      const box = toBox(symbol.bbox, scale, offsetY);
      for (const char of symbol.text) {
        text += char;
        charBoxes.push(box);
        charConfidences.push(symbol.confidence);
      }
      previousEnd = box;
    }
    confidence += word.confidence * symbols.length;
  }
  if (text.trim() === '') return;
  const real = charBoxes.filter((box) => box.w > 0);
  const x0 = Math.min(...real.map((box) => box.x));
  const y0 = Math.min(...real.map((box) => box.y));
  const x1 = Math.max(...real.map((box) => box.x + box.w));
  const y1 = Math.max(...real.map((box) => box.y + box.h));
  lines.push({ text, charBoxes, charConfidences, box: { x: x0, y: y0, w: x1 - x0, h: y1 - y0 }, confidence: confidence / Math.max(1, real.length) });
}

function toBox(bbox: { x0: number; y0: number; x1: number; y1: number }, scale: number, offsetY: number): PixelBox {
  return { x: bbox.x0 / scale, y: (bbox.y0 + offsetY) / scale, w: (bbox.x1 - bbox.x0) / scale, h: (bbox.y1 - bbox.y0) / scale };
}
