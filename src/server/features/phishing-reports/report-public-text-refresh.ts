import type { PhishingReportsRepository } from './phishing-reports.repo';
import type { PublisherLogger } from './screenshot-publisher';

const BATCH = 200;

/**
 * Rewrites, once after start-up, every report's public text made under other rules than the
 * current PUBLIC_TEXT_VERSION (or before the column existed), a batch at a time, yielding to
 * requests between batches. Until it is done, reads render those reports from their columns
 * (PhishingReportsRepository.currentCards), so answers are right either way: this only brings the
 * fast path back. A new version comes with a deploy, hence a start, so once per start is enough.
 */
export class PublicTextRefresher {
  private running: Promise<number> | null = null;
  private closed = false;

  constructor(private readonly options: { repo: PhishingReportsRepository; logger: PublisherLogger }) {}

  start(): void {
    this.running ??= this.refreshAll().catch((error: unknown) => {
      this.options.logger.error({ err: error }, 'refreshing the public text of reports failed');
      return 0;
    });
  }

  /** Stops after the batch in hand; answers how many reports were rewritten. */
  async close(): Promise<number> {
    this.closed = true;
    return (await this.running) ?? 0;
  }

  private async refreshAll(): Promise<number> {
    let rewritten = 0;
    while (!this.closed) {
      const done = await this.options.repo.refreshPublicTexts(BATCH);
      rewritten += done;
      if (done < BATCH) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (rewritten > 0) this.options.logger.info({ rewritten }, 'rewrote the public text of reports made under older rules');
    return rewritten;
  }
}
