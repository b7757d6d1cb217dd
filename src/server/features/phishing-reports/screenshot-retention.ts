import type { Clock } from '../../clock';
import type { FileStorage } from '../../storage/file-storage';
import type { PhishingReportsRepository } from './phishing-reports.repo';
import { type PublisherLogger, REPORT_SCREENSHOT_FOLDERS } from './screenshot-publisher';

export interface OriginalRetentionOptions {
  repo: PhishingReportsRepository;
  storage: FileStorage;
  clock: Clock;
  logger: PublisherLogger;
  /** Originals are deleted this many days after their report's reported_at. */
  retentionDays: number;
  sweepIntervalMs?: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const DEFAULT_SWEEP_INTERVAL_MS = 60 * 60 * 1000;
const BATCH = 100;
/**
 * A screenshot file no report names is an orphan once it is this old. Files are written a moment
 * before the row that names them commits (an upload's original before its report is inserted, a
 * redacted copy before it is marked published), so a younger one may simply not be named *yet*.
 */
export const ORPHAN_MIN_AGE_MS = 60 * 60 * 1000;
const ORPHAN_BATCH = 500;

/**
 * Deletes private screenshot originals once they are older than the retention period the privacy
 * policy states: the file first, then the key (so a failure is retried by the next sweep rather
 * than leaving an unreferenced file behind). Reports still waiting for redaction keep theirs
 * until the publisher is done with them.
 *
 * The same sweep deletes orphans: screenshot files that no report names and that are over an hour
 * old, and half-written temporary files as old. A process killed between writing an upload and
 * inserting its report (or mid-write, or between a deletion's commit and its file removal) leaves
 * such files, unredacted originals among them, and no row would ever lead the retention to them.
 * Runs on start-up and then periodically.
 */
export class OriginalRetentionSweeper {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private closed = false;

  constructor(private readonly options: OriginalRetentionOptions) {}

  start(): void {
    if (this.closed || this.timer) return;
    const sweepInBackground = () => void this.sweep().catch((error: unknown) => this.options.logger.error({ err: error }, 'screenshot retention sweep failed'));
    this.timer = setInterval(sweepInBackground, this.options.sweepIntervalMs ?? DEFAULT_SWEEP_INTERVAL_MS);
    this.timer.unref();
    sweepInBackground();
  }

  /** Deletes every expired original and every orphan; answers how many files. Concurrent calls share one sweep. */
  sweep(): Promise<number> {
    this.running ??= this.sweepOnce().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  private async sweepOnce(): Promise<number> {
    return (await this.deleteExpiredOriginals()) + (await this.deleteOrphans());
  }

  private async deleteExpiredOriginals(): Promise<number> {
    const { repo, storage, clock, logger, retentionDays } = this.options;
    const cutoff = new Date(clock.now().getTime() - retentionDays * DAY_MS);
    let deleted = 0;
    while (!this.closed) {
      const expired = await repo.findExpiredOriginals(cutoff, BATCH);
      for (const { id, originalKey } of expired) {
        await storage.delete(originalKey);
        await repo.clearOriginalKey(id, originalKey);
        deleted += 1;
      }
      if (expired.length < BATCH) break;
    }
    if (deleted > 0) logger.info({ deleted, retentionDays }, 'deleted expired screenshot originals');
    return deleted;
  }

  private async deleteOrphans(): Promise<number> {
    const { storage, clock, logger } = this.options;
    const writtenBefore = new Date(clock.now().getTime() - ORPHAN_MIN_AGE_MS);
    let orphans = 0;
    let unfinished = 0;
    for (const folder of REPORT_SCREENSHOT_FOLDERS) {
      if (this.closed) break;
      unfinished += await storage.deleteUnfinishedWrites(folder, writtenBefore);
      let batch: string[] = [];
      for await (const file of storage.list(folder)) {
        if (this.closed) break;
        if (file.writtenAt >= writtenBefore) continue;
        batch.push(file.key);
        if (batch.length === ORPHAN_BATCH) {
          orphans += await this.deleteUnreferenced(batch);
          batch = [];
        }
      }
      if (!this.closed) orphans += await this.deleteUnreferenced(batch);
    }
    if (orphans + unfinished > 0) logger.warn({ orphans, unfinished }, 'deleted screenshot files that no report names (left by a crash)');
    return orphans + unfinished;
  }

  private async deleteUnreferenced(keys: string[]): Promise<number> {
    const referenced = await this.options.repo.referencedStorageKeys(keys);
    const orphans = keys.filter((key) => !referenced.has(key));
    for (const key of orphans) await this.options.storage.delete(key);
    return orphans.length;
  }
}
