import sharp from 'sharp';
import type { ScreenshotAnalysis, ScreenshotAnalyzer } from '../features/screenshot-ocr/screenshot-ocr.types';

/**
 * Stand-ins for the OCR analyzer where a test is about something else (formats, deletion) and
 * needs no tesseract workers. Real OCR is exercised by the tests that share a real analyzer.
 */

/** Finds nothing to black out: the published copy is the re-encoded picture. */
export function blankAnalyzer(): ScreenshotAnalyzer {
  return {
    analyze: async (image: Buffer): Promise<ScreenshotAnalysis> => {
      const { width = 0, height = 0 } = await sharp(image).metadata();
      return { width, height, formData: { source_email: null, source_phone: null, subject: null, body: null }, sensitiveBoxes: [] };
    },
    warmUp: async () => undefined,
    close: async () => undefined,
  };
}

/** Fails every analysis, as an OCR engine that breaks would. */
export function failingAnalyzer(message = 'OCR engine exploded'): ScreenshotAnalyzer {
  return {
    analyze: async () => {
      throw new Error(message);
    },
    warmUp: async () => undefined,
    close: async () => undefined,
  };
}
