import sharp from 'sharp';
import type { Clock } from '../../clock';
import { AppError } from '../../errors';
import { BackgroundLoop } from '../../lib/background-loop';
import { randomUrlSafeId } from '../../lib/secret-hash';
import type { FileStorage } from '../../storage/file-storage';
import { renderRedactedCopy } from '../screenshot-ocr/redaction-render';
import type { ScreenshotAnalyzer } from '../screenshot-ocr/screenshot-ocr.types';
import type { ClaimedScreenshotJob, PhishingReportsRepository } from './phishing-reports.repo';

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
  /** Claims per report before it is given up as failed. */
  maxAttempts?: number;
  /** How often leftovers (released, stale or missed claims) are looked for. */
  sweepIntervalMs?: number;
}

const DEFAULT_STALE_CLAIM_MS = 5 * 60_000;
const DEFAULT_MAX_ATTEMPTS = 3;
const DEFAULT_SWEEP_INTERVAL_MS = 60_000;
const CANDIDATE_BATCH = 10;

type Outcome = 'published' | 'failed' | 'dropped' | 'released';

/**
 * Publishes screenshots in the background, inside the server process: claims a pending report
 * (compare-and-set, so instances sharing one database never take the same one), reads its private
 * original with OCR, paints the sensitive boxes into the pixels, stores the redacted copy and its
 * thumbnail, and only then marks the report published. Nothing public exists before the redacted
 * file is written, and a report that fails is never given an image.
 *
 * One report at a time, so the OCR pool stays free for the form's auto-fill requests.
 */
export class ScreenshotPublisher {
  private readonly staleClaimMs: number;
  private readonly maxAttempts: number;
  private readonly loop: BackgroundLoop;

  constructor(private readonly options: ScreenshotPublisherOptions) {
    this.staleClaimMs = options.staleClaimMs ?? DEFAULT_STALE_CLAIM_MS;
    this.maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    this.loop = new BackgroundLoop(() => this.publishPending(), options.sweepIntervalMs ?? DEFAULT_SWEEP_INTERVAL_MS);
  }

  /** Sweeps for leftovers now and then periodically. */
  start(): void {
    this.loop.start();
  }

  /** Asks for a run (after a submit, or from the sweep timer); never waits for it. */
  kick(): void {
    this.loop.kick();
  }

  /** Runs until no claimable screenshot is left (or the OCR pool is busy), then resolves. */
  drain(): Promise<void> {
    return this.loop.drain();
  }

  /** Stops taking work and waits for the report in hand; an unfinished claim goes stale and is retried. */
  close(): Promise<void> {
    return this.loop.close();
  }

  private async publishPending(): Promise<void> {
    try {
      while (!this.loop.closed) {
        const job = await this.claimNext();
        if (!job) break;
        // The pool is busy (or closing): leave the rest to the next sweep rather than spin.
        if ((await this.process(job)) === 'released') return;
      }
    } catch (error) {
      // The database is unreachable: the next sweep tries again.
      this.options.logger.error({ err: error }, 'screenshot publisher could not look for work');
    }
  }

  private async claimNext(): Promise<ClaimedScreenshotJob | null> {
    const { repo, clock, logger } = this.options;
    for (;;) {
      const now = clock.now();
      const staleBefore = new Date(now.getTime() - this.staleClaimMs);
      const candidates = await repo.findScreenshotJobs(staleBefore, CANDIDATE_BATCH);
      if (candidates.length === 0) return null;
      for (const candidate of candidates) {
        if (this.loop.closed) return null;
        if (candidate.attempts >= this.maxAttempts) {
          if (await repo.abandonScreenshotJob(candidate)) {
            logger.error({ reportRowId: candidate.id, attempts: candidate.attempts }, 'screenshot redaction never finished; gave up, no image is published');
            await this.removeFiles(candidate.legacyKeys);
          }
          continue;
        }
        const job = await repo.claimScreenshotJob(candidate, now, staleBefore, randomUrlSafeId());
        if (job) return job;
      }
      // Every candidate was taken by another claimer or given up: look again.
    }
  }

  private async process(job: ClaimedScreenshotJob): Promise<Outcome> {
    const { repo, storage, analyzer, logger } = this.options;
    let written: string[] = [];
    try {
      const original = job.originalKey ? await storage.get(job.originalKey) : null;
      if (!original) throw new Error('the private original is missing');
      const analysis = await analyzer.analyze(original);
      const { width, height } = await sharp(original).metadata();
      if (analysis.width !== width || analysis.height !== height) {
        // Boxes for another geometry could miss what they should cover.
        throw new Error(`analysis is for ${analysis.width}×${analysis.height}, the original is ${width}×${height}`);
      }
      const asJpeg = job.originalKey?.endsWith('.jpg') ?? false;
      const redacted = await renderRedactedCopy(original, analysis.sensitiveBoxes, asJpeg);
      const name = randomUrlSafeId();
      const keys = {
        image: `public/${REDACTED_IMAGE_FOLDER}/${name}.${redacted.extension}`,
        thumbnail: `public/${THUMBNAIL_FOLDER}/${name}.${redacted.extension}`,
      };
      written = [keys.image, keys.thumbnail];
      await storage.put(keys.image, redacted.image);
      await storage.put(keys.thumbnail, redacted.thumbnail);
      if (!(await repo.markScreenshotPublished(job, keys))) {
        // Deleted meanwhile, or our claim went stale and another process took it over.
        await this.removeFiles(written);
        return 'dropped';
      }
      written = [];
      await this.removeFiles(job.legacyKeys);
      logger.info({ reportRowId: job.id, boxes: analysis.sensitiveBoxes.length }, 'screenshot published after redaction');
      return 'published';
    } catch (error) {
      await this.removeFiles(written);
      if (this.loop.closed || (error instanceof AppError && error.code === 'SERVICE_UNAVAILABLE')) {
        await repo.releaseScreenshotJob(job).catch((releaseError: unknown) =>
          logger.warn({ err: releaseError, reportRowId: job.id }, 'could not release a screenshot claim; it will be retried once stale'),
        );
        return 'released';
      }
      logger.error({ err: error, reportRowId: job.id }, 'screenshot redaction failed; no image is published');
      try {
        if (await repo.markScreenshotFailed(job)) await this.removeFiles(job.legacyKeys);
      } catch (markError) {
        logger.error({ err: markError, reportRowId: job.id }, 'could not mark a screenshot as failed; it will be retried once stale');
      }
      return 'failed';
    }
  }

  private async removeFiles(keys: readonly string[]): Promise<void> {
    await Promise.all(
      keys.map((key) =>
        this.options.storage.delete(key).catch((error: unknown) => this.options.logger.error({ err: error, key }, 'could not delete a screenshot file')),
      ),
    );
  }
}
