import type { Page } from 'tesseract.js';
import type { PixelBox } from './screenshot-ocr.types';

/** One recognised text line, with a box for every character of `text`. */
export interface OcrLine {
  text: string;
  charBoxes: PixelBox[];
  box: PixelBox;
  confidence: number;
}

const isWide = (char: string) => /[^\x00-\x7f]/.test(char);

/**
 * Flattens tesseract's block tree into lines in upload coordinates. Tesseract separates Japanese
 * characters with spaces; a space is kept only between two words that are both half-width.
 */
export function linesFromPage(page: Page, scale: number): OcrLine[] {
  const lines: OcrLine[] = [];
  for (const block of page.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        let text = '';
        const charBoxes: PixelBox[] = [];
        let previousWordEnd: PixelBox | null = null;
        for (const word of line.words) {
          const symbols = word.symbols.filter((symbol) => symbol.text.trim() !== '');
          if (symbols.length === 0) continue;
          const first = symbols[0]!;
          if (previousWordEnd && text.length > 0 && !(isWide(text.at(-1)!) || isWide(first.text[0]!))) {
            const start = toBox(first.bbox, scale);
            text += ' ';
            charBoxes.push({ x: previousWordEnd.x + previousWordEnd.w, y: start.y, w: Math.max(0, start.x - previousWordEnd.x - previousWordEnd.w), h: start.h });
          }
          for (const symbol of symbols) {
            const box = toBox(symbol.bbox, scale);
            for (const char of symbol.text) {
              text += char;
              charBoxes.push(box);
            }
            previousWordEnd = box;
          }
        }
        if (text.trim() === '') continue;
        lines.push({ text, charBoxes, box: toBox(line.bbox, scale), confidence: line.confidence });
      }
    }
  }
  return lines;
}

function toBox(bbox: { x0: number; y0: number; x1: number; y1: number }, scale: number): PixelBox {
  return { x: bbox.x0 / scale, y: bbox.y0 / scale, w: (bbox.x1 - bbox.x0) / scale, h: (bbox.y1 - bbox.y0) / scale };
}
