import { reportMessages } from '../../../common/messages';
import { AppError } from '../../errors';
import { imageWork } from '../../lib/image-work-queue';
import { withPageBoxes } from './address-glyphs';
import { extractFormData } from './form-extraction';
import { prepareForOcr, type PreparedImage } from './image-preprocess';
import { linesFromPage, type OcrLine } from './ocr-layout';
import { readLatin, rereadAddresses } from './address-reread';
import { bandImage, splitIntoBands } from './page-bands';
import { boxOnUpload, type PageTurn } from './page-skew';
import { type OcrPoolOptions, OcrWorkerPool } from './ocr-worker-pool';
import type { ScreenshotAnalysis, ScreenshotAnalyzer } from './screenshot-ocr.types';
import { readUnreadRows, type SecondLook, secondLookBoxes } from './second-look';
import { findSensitiveBoxes } from './sensitive-areas';

/**
 * Bands a page is read in. Two halves read side by side halve an idle server's latency; the count
 * is fixed (not the number of idle workers) because where a page is cut changes what tesseract reads.
 */
const PAGE_BANDS = 2;

/**
 * What OCR read of one image: everything the rules (auto-fill, sensitive areas) work from. Plain
 * data, so the OCR bench can keep readings and re-score rule changes without reading again.
 */
export interface ScreenshotReadings {
  /** The size of the page as read (the levelled upload when `turn` is set). */
  width: number;
  height: number;
  /** How a slanting upload was turned level before it was read; absent when it was read as it is. */
  turn?: PageTurn | null;
  /** The page as tesseract read it. */
  firstReading: OcrLine[];
  /** The same with garbled addresses read again (see address-reread.ts). */
  lines: OcrLine[];
  /** Rows of ink neither reading covers, read a second time (see second-look.ts); absent in readings kept before it. */
  secondLook?: SecondLook[];
}

/** The rules' answer for one reading; the analyzer's own second half. */
export function analysisFromReadings({ width, height, turn, firstReading, lines, secondLook = [] }: ScreenshotReadings): ScreenshotAnalysis {
  // Both readings: an address either one recognises gets covered; and what the second look found.
  const boxes = [
    ...findSensitiveBoxes(firstReading, { width, height, turn }),
    ...findSensitiveBoxes(lines, { width, height, turn }),
    ...secondLookBoxes(lines, secondLook, { width, height, turn }),
  ];
  return {
    width: turn ? turn.width : width,
    height: turn ? turn.height : height,
    // Auto-fill reads glyph shapes in addresses (address-glyphs.ts): from the page's boxes where the rereading lost them.
    formData: extractFormData(withPageBoxes(lines, firstReading), { width, height }, secondLook),
    // The published copy is the upload itself: boxes found on a levelled page are turned back onto it.
    sensitiveBoxes: turn ? boxes.map((box) => boxOnUpload(box, turn)) : boxes,
  };
}

export interface ScreenshotReader extends ScreenshotAnalyzer {
  /** OCR only: the readings `analyze` applies the rules to. */
  read(image: Buffer): Promise<ScreenshotReadings>;
}

export function createScreenshotAnalyzer(options: OcrPoolOptions): ScreenshotReader {
  const pool = new OcrWorkerPool(options);
  // An address the Latin reader could not read keeps the page's reading (no vote without it).
  const latin = (crop: Buffer) =>
    pool.runLatin((worker) => readLatin(worker, crop)).catch((error: unknown) => {
      options.logger?.warn({ err: error }, 'the Latin OCR reader failed');
      return '';
    });
  /** Requests still decoding their image: each will want a worker of its own in a moment. */
  let preparing = 0;
  const read = async (image: Buffer): Promise<ScreenshotReadings> => {
    // Images reach here already inspected: uploads by the analyze route, originals at submit.
    // Decoding and scaling wait in the image queue (see image-work-queue.ts); OCR itself runs
    // on the pool's worker threads, outside libuv's thread pool.
    preparing++;
    let prepared: PreparedImage;
    try {
      // Only a decoding failure is the image's fault (422); a full queue keeps its own 503.
      prepared = await imageWork.run(async () => {
        try {
          return await prepareForOcr(image);
        } catch {
          throw new AppError('VALIDATION_FAILED', reportMessages.analyzeFailed);
        }
      });
    } finally {
      preparing--;
    }
    // Spreading one image over several workers only pays while nobody else is about to need one;
    // under load every request reads on a worker of its own, which keeps every core busy.
    const extra = preparing > 0 ? 0 : Math.min(options.size, PAGE_BANDS) - 1;
    const { firstReading, lines, secondLook } = await pool.runWide(extra, async (workers, handBack) => {
      // The page is always cut the same way, so its reading does not depend on how busy the pool
      // is; the workers this request holds take the bands one after another, side by side.
      const bands = splitIntoBands(prepared, PAGE_BANDS);
      const pages: OcrLine[][] = new Array(bands.length);
      let next = 0;
      await Promise.all(workers.map(async (worker) => {
        for (let i = next++; i < bands.length; i = next++) {
          const band = bands[i]!;
          const page = (await worker.recognize(bandImage(prepared, band), {}, { text: false, blocks: true })).data;
          pages[i] = linesFromPage(page, prepared.scale, band.top);
        }
      }));
      const firstReading = pages.flat();
      // The second look needs only the first reading: with a second worker still held it runs
      // beside the address rereading (an idle server's latency), otherwise after it.
      const [second] = workers.slice(1);
      // (Handed back only when it worked: a broken worker stays held, and the pool replaces it.)
      const secondLook = second
        ? readUnreadRows(second, prepared, firstReading).then((looks) => {
            handBack(second);
            return looks;
          })
        : null;
      for (const worker of workers.slice(2)) handBack(worker);
      let lines: OcrLine[];
      try {
        lines = await rereadAddresses(workers[0]!, prepared, firstReading, latin);
      } catch (error) {
        // Not before the second worker is done: the pool takes back what this request holds.
        await secondLook?.catch(() => undefined);
        throw error;
      }
      return { firstReading, lines, secondLook: await (secondLook ?? readUnreadRows(workers[0]!, prepared, firstReading)) };
    });
    return { width: prepared.width, height: prepared.height, turn: prepared.turn, firstReading, lines, secondLook };
  };
  return {
    read,
    analyze: async (image: Buffer): Promise<ScreenshotAnalysis> => analysisFromReadings(await read(image)),
    warmUp: () => pool.start(),
    close: () => pool.close(),
  };
}
