import type { JobRunner } from './job-runner';

/**
 * A lane of background work (the mail worker, the campaign dispatcher, screenshot publishing): its
 * own job handlers on one JobRunner, started with the process that runs it. The lane's controls
 * are the runner's.
 */
export abstract class JobLane {
  protected abstract readonly runner: Pick<JobRunner, 'started' | 'start' | 'kick' | 'drain' | 'close'>;

  get started(): boolean {
    return this.runner.started;
  }

  /** Runs now, then every poll interval. */
  start(): void {
    this.runner.start();
  }

  /** Asks for a run (after an enqueue, or from the timer); never waits for it. */
  kick(): void {
    this.runner.kick();
  }

  /** Runs every job that is due now, then resolves (tests, and the first run). */
  drain(): Promise<void> {
    return this.runner.drain();
  }

  /** Stops taking work and waits for the job in hand; unfinished claims go stale and are taken over. */
  close(): Promise<void> {
    return this.runner.close();
  }
}
