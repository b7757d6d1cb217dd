import { reportMessages } from '../../../common/messages';
import { AppError } from '../../errors';
import { extractFormData } from './form-extraction';
import { prepareForOcr, type PreparedImage } from './image-preprocess';
import { linesFromPage } from './ocr-layout';
import { rereadAddresses } from './address-reread';
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
      const { firstReading, lines } = await pool.run(async (worker) => {
        const page = (await worker.recognize(prepared.png, {}, { text: false, blocks: true })).data;
        const firstReading = linesFromPage(page, prepared.scale);
        return { firstReading, lines: await rereadAddresses(worker, prepared, firstReading) };
      });
      return {
        width: prepared.width,
        height: prepared.height,
        formData: extractFormData(lines, prepared),
        // Both readings: an address either one recognises gets covered.
        sensitiveBoxes: [...findSensitiveBoxes(firstReading), ...findSensitiveBoxes(lines)],
      };
    },
    warmUp: () => pool.start(),
    close: () => pool.close(),
  };
}
