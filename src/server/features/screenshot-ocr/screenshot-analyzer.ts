import { reportMessages } from '../../../common/messages';
import { AppError } from '../../errors';
import { extractFormData } from './form-extraction';
import { prepareForOcr, type PreparedImage } from './image-preprocess';
import { linesFromPage } from './ocr-layout';
import { type OcrPoolOptions, OcrWorkerPool } from './ocr-worker-pool';
import type { ScreenshotAnalysis, ScreenshotAnalyzer } from './screenshot-ocr.types';
import { findSensitiveBoxes } from './sensitive-areas';

export function createScreenshotAnalyzer(options: OcrPoolOptions): ScreenshotAnalyzer {
  const pool = new OcrWorkerPool(options);
  return {
    async analyze(image: Buffer): Promise<ScreenshotAnalysis> {
      let prepared: PreparedImage;
      try {
        prepared = await prepareForOcr(image);
      } catch {
        throw new AppError('VALIDATION_FAILED', reportMessages.analyzeFailed);
      }
      const page = await pool.run(async (worker) => (await worker.recognize(prepared.png, {}, { text: false, blocks: true })).data);
      const lines = linesFromPage(page, prepared.scale);
      return {
        width: prepared.width,
        height: prepared.height,
        formData: extractFormData(lines, prepared),
        sensitiveBoxes: findSensitiveBoxes(lines),
      };
    },
    warmUp: () => pool.start(),
    close: () => pool.close(),
  };
}
