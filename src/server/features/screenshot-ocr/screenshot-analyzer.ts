import { reportMessages } from '../../../common/messages';
import { AppError } from '../../errors';
import { imageWork } from '../../lib/image-work-queue';
import { extractFormData } from './form-extraction';
import { prepareForOcr, type PreparedImage } from './image-preprocess';
import { linesFromPage } from './ocr-layout';
import { rereadAddresses } from './address-reread';
import { bandImage, splitIntoBands } from './page-bands';
import { type OcrPoolOptions, OcrWorkerPool } from './ocr-worker-pool';
import type { ScreenshotAnalysis, ScreenshotAnalyzer } from './screenshot-ocr.types';
import { findSensitiveBoxes } from './sensitive-areas';

export function createScreenshotAnalyzer(options: OcrPoolOptions): ScreenshotAnalyzer {
  const pool = new OcrWorkerPool(options);
  return {
    async analyze(image: Buffer): Promise<ScreenshotAnalysis> {
      // Images reach here already inspected: uploads by the analyze route, originals at submit.
      // Decoding and scaling wait in the image queue (see image-work-queue.ts); OCR itself runs
      // on the pool's worker threads, outside libuv's thread pool.
      const prepared = await imageWork.run(async (): Promise<PreparedImage> => {
        try {
          return await prepareForOcr(image);
        } catch {
          throw new AppError('VALIDATION_FAILED', reportMessages.analyzeFailed);
        }
      });
      const { firstReading, lines } = await pool.runWide(options.size - 1, async (workers) => {
        // Bands of one page go to the idle workers side by side, in reading order.
        const bands = splitIntoBands(prepared, workers.length);
        const pages = await Promise.all(bands.map(async (band, i) => {
          const image = bandImage(prepared, band);
          return linesFromPage((await workers[i]!.recognize(image, {}, { text: false, blocks: true })).data, prepared.scale, band.top);
        }));
        const firstReading = pages.flat();
        return { firstReading, lines: await rereadAddresses(workers[0]!, prepared, firstReading) };
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
