import type { Clock } from '../../clock';
import type { FileStorage } from '../../storage/file-storage';
import type { PhishingReportsRepository } from './phishing-reports.repo';
import type { PublisherLogger } from './screenshot-publisher';

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
 * Deletes private screenshot originals once they are older than the retention period the privacy
 * policy states: the file first, then the key (so a failure is retried by the next sweep rather
 * than leaving an unreferenced file behind). Reports still waiting for redaction keep theirs
 * until the publisher is done with them. Runs on start-up and then periodically.
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

  /** Deletes every expired original; answers how many. Concurrent calls share one sweep. */
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
}
