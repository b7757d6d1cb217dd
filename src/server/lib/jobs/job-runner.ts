import type { Clock } from '../../clock';
import { BackgroundLoop } from '../background-loop';
import { randomUrlSafeId } from '../secret-hash';
import type { JobKinds } from './job-kinds';
import { type ClaimedJob, type JobOutcomeWrite, JobsRepository, type JobTransaction, type JobWriter } from './jobs.repo';

export interface JobLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Thrown by a handler: `permanent` gives the job up at once, otherwise it is retried with backoff. */
export class JobFailure extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'JobFailure';
  }
}

/** What a handler can do with the job in hand besides returning or throwing. */
export interface JobContext {
  /**
   * Records success now, with `write` in the same transaction, only while the claim is still ours
   * (a stale claim may have been taken over). False: the claim was lost, or `write` answered false.
   * Without it, the runner records success when `run` returns.
   */
  complete(write?: JobOutcomeWrite): Promise<boolean>;
}

export interface JobHandler<M extends object, K extends keyof M & string> {
  /**
   * Does the work. Return: done (unless `complete` was called); return `'release'`: hand the job back
   * uncounted and stop this pass (busy or stopping); throw: retry with backoff, or fail (see JobFailure).
   */
  run(job: ClaimedJob<M, K>, context: JobContext): Promise<void | 'release'>;
  /** Writes that go with the job's final failure, in its transaction (e.g. the report becomes `failed`). */
  onFailed?(trx: JobTransaction, job: ClaimedJob<M, K>, reason: string): Promise<void>;
}

export type JobHandlers<M extends object> = { [K in keyof M & string]?: JobHandler<M, K> };

export interface JobRunnerOptions<M extends object> {
  db: JobWriter;
  handlers: JobHandlers<M>;
  clock: Clock;
  logger: JobLogger;
  /** Name in log lines ("mail worker", "screenshot publisher"). */
  name: string;
  /** How often due jobs are looked for besides the kicks. */
  pollIntervalMs: number;
  /** A running claim older than this belongs to a process that stopped, and is taken over. */
  staleClaimMs: number;
  /** Jobs taken per claim. */
  batchSize?: number;
  /** Jobs of a batch run at once (default 1: one after another), e.g. one per SMTP connection. */
  concurrency?: number;
  /** First retry delay (default 1 minute), doubled per try up to `maxBackoffMs` (default 1 hour). */
  baseBackoffMs?: number;
  maxBackoffMs?: number;
  /** Caps every job's stored max_attempts (operators and tests lower it). */
  maxAttempts?: number;
}

const DEFAULT_BASE_BACKOFF_MS = 60_000;
const DEFAULT_MAX_BACKOFF_MS = 60 * 60_000;

/** Retry delay after the `attempts`-th failed try: base, 2×base, 4×base, … capped. */
export function backoffDelay(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * The one loop that runs background jobs: on every kick and every `pollIntervalMs` it claims due
 * jobs of its handlers' kinds (a batch at a time), runs them one after another, and records each
 * outcome under its claim: done, retried after an exponential backoff, or failed with its reason
 * once the attempts run out. Each lane of work (mail, screenshots, …) is one runner with its own
 * handlers, timings and process placement; they all share the `jobs` table and this code.
 *
 * At least once: a job is done only after its work; if the process dies in between, the claim goes
 * stale and another runner does it again. `close` stops claiming and waits for the job in hand.
 */
export class JobRunner<M extends object = JobKinds> {
  private readonly repo: JobsRepository<M>;
  private readonly loop: BackgroundLoop;
  private readonly kinds: Array<keyof M & string>;

  constructor(private readonly options: JobRunnerOptions<M>) {
    this.repo = new JobsRepository<M>(options.db);
    this.kinds = Object.keys(options.handlers) as Array<keyof M & string>;
    this.loop = new BackgroundLoop(() => this.runDue(), options.pollIntervalMs);
  }

  get started(): boolean {
    return this.loop.started;
  }

  get closed(): boolean {
    return this.loop.closed;
  }

  /** Runs now and then every `pollIntervalMs`. */
  start(): void {
    this.loop.start();
  }

  /** Asks for a pass (after an enqueue, or from the timer); never waits for it. */
  kick(): void {
    this.loop.kick();
  }

  /** Runs every job that is due now, then resolves (tests, and the first run). */
  drain(): Promise<void> {
    return this.loop.drain();
  }

  /** Stops claiming and waits for the job in hand; claimed jobs not started are handed back. */
  close(): Promise<void> {
    return this.loop.close();
  }

  private async runDue(): Promise<void> {
    const { clock, logger, name, staleClaimMs } = this.options;
    try {
      while (!this.loop.closed) {
        const now = clock.now();
        const batch = await this.repo.claim({
          kinds: this.kinds,
          now,
          staleBefore: new Date(now.getTime() - staleClaimMs),
          limit: this.options.batchSize ?? 1,
          claimedBy: randomUrlSafeId(),
        });
        if (batch.length === 0) return;
        if ((await this.runBatch(batch, now)) === 'stop') return;
      }
    } catch (error) {
      // The database is unreachable: the next poll tries again, and unfinished claims go stale.
      logger.error({ err: error }, `${name} could not claim or record jobs`);
    }
  }

  /**
   * Runs a claimed batch, `concurrency` jobs at a time (one after another by default). A job that
   * answers 'release', or closing, hands the jobs not yet started back. 'stop': end this pass.
   */
  private async runBatch(batch: Array<ClaimedJob<M>>, claimedAt: Date): Promise<'stop' | void> {
    const { clock, staleClaimMs } = this.options;
    let next = 0;
    let stop = false;
    const lane = async () => {
      while (!stop && next < batch.length) {
        const index = next++;
        const job = batch[index]!;
        if (this.loop.closed) {
          stop = true;
          await this.repo.release(job, clock.now());
          continue;
        }
        // A claim younger than half the stale time cannot have been taken over; an older one is
        // restamped when its turn comes (so it never goes stale waiting), or skipped if it was.
        const age = clock.now().getTime() - claimedAt.getTime();
        if (index > 0 && age > staleClaimMs / 2 && !(await this.repo.renew(job, clock.now()))) continue;
        if ((await this.runOne(job)) === 'release') stop = true;
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(this.options.concurrency ?? 1, batch.length)) }, lane));
    if (stop || this.loop.closed) {
      await this.releaseAll(batch.slice(next));
      return 'stop';
    }
  }

  private async runOne(job: ClaimedJob<M>): Promise<'release' | void> {
    const { clock, logger, name } = this.options;
    const handler = this.options.handlers[job.kind] as JobHandler<M, typeof job.kind> | undefined;
    if (!handler) return;
    const maxAttempts = Math.min(job.maxAttempts, this.options.maxAttempts ?? job.maxAttempts);
    if (job.attempts > maxAttempts) {
      // Earlier claims all went stale (their process stopped mid-run): never run it again.
      await this.fail(job, handler, `gave up after ${job.attempts - 1} attempts: the claim went stale each time`, false);
      return;
    }
    let finished = false;
    const context: JobContext = {
      complete: (write) => {
        finished = true;
        return this.repo.complete(job, clock.now(), write);
      },
    };
    let outcome: void | 'release';
    try {
      outcome = await handler.run(job, context);
    } catch (error) {
      if (finished) {
        logger.error({ err: error, jobId: job.id, kind: job.kind }, `${name}: a job failed after recording its outcome`);
        return;
      }
      const reason = error instanceof Error ? error.message : String(error);
      if (error instanceof JobFailure && error.permanent) {
        await this.fail(job, handler, reason, true);
      } else if (job.attempts >= maxAttempts) {
        await this.fail(job, handler, `gave up after ${job.attempts} attempts: ${reason}`, true);
      } else {
        const delay = backoffDelay(job.attempts, this.options.baseBackoffMs ?? DEFAULT_BASE_BACKOFF_MS, this.options.maxBackoffMs ?? DEFAULT_MAX_BACKOFF_MS);
        await this.repo.retry(job, new Date(clock.now().getTime() + delay), reason, clock.now());
        logger.warn({ jobId: job.id, kind: job.kind, reason, attempts: job.attempts, retryInMs: delay }, `${name}: job failed; will retry`);
      }
      return;
    }
    if (outcome === 'release') {
      if (!finished) await this.repo.release(job, clock.now());
      return 'release';
    }
    if (!finished && !(await this.repo.complete(job, clock.now()))) {
      logger.warn({ jobId: job.id, kind: job.kind }, `${name}: job done, but its claim had been taken over (it may run twice)`);
    }
  }

  private async fail(job: ClaimedJob<M>, handler: JobHandler<M, keyof M & string>, reason: string, countAttempt: boolean): Promise<void> {
    const { clock, logger, name } = this.options;
    const write = handler.onFailed ? (trx: JobTransaction) => handler.onFailed!(trx, job, reason) : undefined;
    if (await this.repo.fail(job, reason, clock.now(), { write, countAttempt })) {
      logger.error({ jobId: job.id, kind: job.kind, reason, attempts: job.attempts }, `${name}: job given up`);
    }
  }

  private async releaseAll(jobs: Array<ClaimedJob<M>>): Promise<void> {
    for (const job of jobs) await this.repo.release(job, this.options.clock.now());
  }
}
