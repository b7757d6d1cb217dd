/** Pixel box in the coordinates of the uploaded image (top-left origin). */
export interface PixelBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

import type { ScreenshotFormData } from '../../../common/phishing-report.schema';

export type { ScreenshotFormData };

export interface ScreenshotAnalysis {
  width: number;
  height: number;
  formData: ScreenshotFormData;
  /** Every area that must be blacked out before the image may be published. */
  sensitiveBoxes: PixelBox[];
}

/**
 * Reads screenshots with OCR on a fixed pool of workers. `analyze` rejects with an AppError:
 * SCREENSHOT_UNREADABLE (422) for an image it cannot decode, OCR_BUSY (503) when the bounded
 * queue is full; anything else is an internal failure.
 */
export interface ScreenshotAnalyzer {
  analyze(image: Buffer): Promise<ScreenshotAnalysis>;
  /** Starts the workers now instead of on first use. */
  warmUp(): Promise<void>;
  close(): Promise<void>;
}
