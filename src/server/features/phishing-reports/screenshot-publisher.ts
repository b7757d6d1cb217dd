import sharp from 'sharp';
import type { Clock } from '../../clock';
import { AppError } from '../../errors';
import { type JobContext, JobFailure, JobRunner } from '../../lib/jobs/job-runner';
import { JobLane } from '../../lib/jobs/job-lane';
import type { JobTransaction } from '../../lib/jobs/jobs.repo';
import { randomUrlSafeId } from '../../lib/secret-hash';
import type { FileStorage } from '../../storage/file-storage';
import { renderRedactedCopy } from '../screenshot-ocr/redaction-render';
import type { ScreenshotAnalyzer } from '../screenshot-ocr/screenshot-ocr.types';
import type { PhishingReportsRepository } from './phishing-reports.repo';

/**
 * Storage folders of the only screenshot files ever served. Public copies made before redaction
 * existed lived in `public/screenshots/`, which is no longer served.
 */
export const REDACTED_IMAGE_FOLDER = 'redacted-screenshots';
export const THUMBNAIL_FOLDER = 'screenshot-thumbnails';
/** Private originals of uploads (re-encoded, not redacted), under `private/`; never served. */
export const ORIGINAL_FOLDER = 'screenshot-originals';
/** Every storage folder report screenshots are written to; `public/screenshots` is the pre-redaction one. */
export const REPORT_SCREENSHOT_FOLDERS = [
  `private/${ORIGINAL_FOLDER}`,
  `public/${REDACTED_IMAGE_FOLDER}`,
  `public/${THUMBNAIL_FOLDER}`,
  'public/screenshots',
] as const;

export interface PublisherLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface ScreenshotPublisherOptions {
  repo: PhishingReportsRepository;
  storage: FileStorage;
  analyzer: ScreenshotAnalyzer;
  clock: Clock;
  logger: PublisherLogger;
  /** A claim older than this is taken to belong to a crashed process and is taken over. */
  staleClaimMs?: number;
  /** Caps the runs per report before it is given up as failed (each job stores 3). */
  maxAttempts?: number;
  /** How often leftovers (released, stale or missed claims) are looked for. */
  sweepIntervalMs?: number;
}

const DEFAULT_STALE_CLAIM_MS = 5 * 60_000;
const DEFAULT_SWEEP_INTERVAL_MS = 60_000;

/**
 * Publishes screenshots in the background, inside the server process: the `publish_screenshot`
 * handler on a job runner (lib/jobs), whose claims keep instances sharing one database from taking
 * the same report. It reads the report's private original with OCR, paints the sensitive boxes
 * into the pixels, stores the redacted copy and its thumbnail, and only then marks the report
 * published, in the transaction that completes the job. Nothing public exists before the redacted
 * file is written, and a report that fails is never given an image: any analysis or redaction
 * error fails the job at once; runs cut short by a crash count against its 3 attempts.
 *
 * One report at a time, so the OCR pool stays free for the form's auto-fill requests.
 */
export class ScreenshotPublisher extends JobLane {
  protected readonly runner: JobRunner;

  constructor(private readonly options: ScreenshotPublisherOptions) {
    super();
    this.runner = new JobRunner({
      db: options.repo.db,
      handlers: {
        publish_screenshot: {
          run: (job, context) => this.publish(job.payload.reportId, job.id, context),
          onFailed: (trx, job) => this.giveUp(trx, job.payload.reportId, job.id),
        },
      },
      clock: options.clock,
      logger: options.logger,
      name: 'screenshot publisher',
      pollIntervalMs: options.sweepIntervalMs ?? DEFAULT_SWEEP_INTERVAL_MS,
      staleClaimMs: options.staleClaimMs ?? DEFAULT_STALE_CLAIM_MS,
      batchSize: 1,
      ...(options.maxAttempts === undefined ? {} : { maxAttempts: options.maxAttempts }),
    });
  }





  private async publish(reportId: number, jobId: number, context: JobContext): Promise<void | 'release'> {
    const { repo, storage, analyzer, logger } = this.options;
    const work = await repo.findScreenshotWork(reportId, jobId);
    // Deleted meanwhile (or no longer waiting): nothing to do.
    if (!work) return;
    let written: string[] = [];
    try {
      const original = work.originalKey ? await storage.get(work.originalKey) : null;
      if (!original) throw new Error('the private original is missing');
      const analysis = await analyzer.analyze(original);
      const { width, height } = await sharp(original).metadata();
      if (analysis.width !== width || analysis.height !== height) {
        // Boxes for another geometry could miss what they should cover.
        throw new Error(`analysis is for ${analysis.width}×${analysis.height}, the original is ${width}×${height}`);
      }
      const asJpeg = work.originalKey?.endsWith('.jpg') ?? false;
      const redacted = await renderRedactedCopy(original, analysis.sensitiveBoxes, asJpeg);
      const name = randomUrlSafeId();
      const keys = {
        image: `public/${REDACTED_IMAGE_FOLDER}/${name}.${redacted.extension}`,
        thumbnail: `public/${THUMBNAIL_FOLDER}/${name}.${redacted.extension}`,
      };
      written = [keys.image, keys.thumbnail];
      await storage.put(keys.image, redacted.image);
      await storage.put(keys.thumbnail, redacted.thumbnail);
      if (!(await context.complete((trx) => repo.markScreenshotPublished(trx, reportId, jobId, keys)))) {
        // Deleted meanwhile, or our claim went stale and another process took it over.
        await this.removeFiles(written);
        return;
      }
      written = [];
      await this.removeFiles(work.legacyKeys);
      logger.info({ reportRowId: reportId, boxes: analysis.sensitiveBoxes.length }, 'screenshot published after redaction');
    } catch (error) {
      await this.removeFiles(written);
      // The pool is busy (or the app is stopping): hand the claim back and leave the rest to the next sweep.
      if (this.runner.closed || (error instanceof AppError && error.code === 'SERVICE_UNAVAILABLE')) return 'release';
      logger.error({ err: error, reportRowId: reportId }, 'screenshot redaction failed; no image is published');
      throw new JobFailure(error instanceof Error ? error.message : String(error), true);
    }
  }

  /**
   * The job is given up (an error, or every run cut short): the report never gets an image. Its
   * legacy files were never served and no row names them after this, so they go at once.
   */
  private async giveUp(trx: JobTransaction, reportId: number, jobId: number): Promise<void> {
    await this.removeFiles(await this.options.repo.markScreenshotFailed(trx, reportId, jobId));
  }

  private async removeFiles(keys: readonly string[]): Promise<void> {
    await Promise.all(
      keys.map((key) =>
        this.options.storage.delete(key).catch((error: unknown) => this.options.logger.error({ err: error, key }, 'could not delete a screenshot file')),
      ),
    );
  }
}
