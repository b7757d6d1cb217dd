import type { OcrLine } from '../features/screenshot-ocr/ocr-layout';

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
