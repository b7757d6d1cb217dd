import type { OcrLine } from '../features/screenshot-ocr/ocr-layout';
import type { PixelBox } from '../features/screenshot-ocr/screenshot-ocr.types';

export interface OcrLineOptions {
  x?: number;
  /** Character height; Japanese characters are square, ASCII half as wide. */
  h?: number;
  /** Tesseract's word confidence for the line. */
  confidence?: number;
  /** Each character's confidence (defaults to the line's): tesseract keeps these high even on garbage. */
  charConfidence?: number;
}

/** A recognised line as tesseract would give it: one box per character, Japanese square, ASCII half width. */
export function ocrLine(text: string, y: number, options: OcrLineOptions = {}): OcrLine {
  const { x = 40, h = 20, confidence = 95, charConfidence = confidence } = options;
  let cursor = x;
  const charBoxes = [...text].map((char) => {
    const w = char.charCodeAt(0) > 0x7f ? h : h / 2;
    const box = { x: cursor, y, w, h };
    cursor += w;
    return box;
  });
  return { text, charBoxes, charConfidences: charBoxes.map(() => charConfidence), box: { x, y, w: cursor - x, h }, confidence };
}

/** Is the area fully inside the union of the boxes (checked on a 1-px grid)? */
export function covered(boxes: readonly PixelBox[], area: PixelBox): boolean {
  for (let y = Math.ceil(area.y); y < area.y + area.h; y++) {
    for (let x = Math.ceil(area.x); x < area.x + area.w; x++) {
      if (!boxes.some((b) => b.x <= x && x + 1 <= b.x + b.w && b.y <= y && y + 1 <= b.y + b.h)) return false;
    }
  }
  return true;
}

/** Does any box overlap the area at all? */
export const touches = (boxes: readonly PixelBox[], area: PixelBox) =>
  boxes.some((b) => b.x < area.x + area.w && area.x < b.x + b.w && b.y < area.y + area.h && area.y < b.y + b.h);
