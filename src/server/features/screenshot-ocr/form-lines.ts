import type { OcrLine } from './ocr-layout';
import { isCjk } from './ocr-text';

/** Size of the uploaded image, in its own pixels. */
export interface ImageSize {
  width: number;
  height: number;
}

/** An OCR line with its text folded to half width and its spaces collapsed: what the auto-fill rules read. */
export interface TextLine {
  text: string;
  line: OcrLine;
}

/** Letters, digits and Japanese characters: what tells a line of text from icons read as marks. */
export function meaningfulChars(text: string): number {
  return [...text].filter((char) => isCjk(char) || /[A-Za-z0-9]/.test(char)).length;
}

/** Font size from the width of Japanese characters, which are square; heights vary with the glyph. */
export function glyphSize(line: OcrLine): number {
  const widths = line.charBoxes.filter((box, i) => box.w > 0 && isCjk(line.text[i])).map((box) => box.w).sort((a, b) => a - b);
  return widths.length ? widths[Math.floor(widths.length / 2)]! : line.box.h * 0.8;
}
