import os from 'node:os';
import sharp from 'sharp';
import { reportMessages } from '../../common/messages';
import { AppError } from '../errors';

export interface WorkQueueOptions {
  /** Jobs running at once. */
  slots: number;
  /** Jobs allowed to wait for a slot; more are refused at once instead of piling up. */
  waitLimit: number;
  /** Longest a job may wait for a slot before it is refused. */
  waitTimeoutMs: number;
  /** The error a refused job rejects with. */
  refusal: () => Error;
}

interface Waiter {
  start(): void;
  refuse(): void;
  timer: NodeJS.Timeout;
}

/**
 * Runs at most `slots` jobs at once, first come first served; up to `waitLimit` more wait, each at
 * most `waitTimeoutMs`, and anything beyond is refused at once with `refusal()`.
 */
export class BoundedWorkQueue {
  private running = 0;
  private readonly waiting: Waiter[] = [];

  constructor(private readonly options: WorkQueueOptions) {}

  /** Jobs running now. */
  get active(): number {
    return this.running;
  }

  /** Jobs waiting for a slot now. */
  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await job();
    } finally {
      this.release();
    }
  }

  private acquire(): Promise<void> {
    if (this.running < this.options.slots) {
      this.running += 1;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.options.waitLimit) return Promise.reject(this.options.refusal());
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        start: resolve,
        refuse: () => reject(this.options.refusal()),
        timer: setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(waiter), 1);
          waiter.refuse();
        }, this.options.waitTimeoutMs),
      };
      this.waiting.push(waiter);
    });
  }

  private release(): void {
    const next = this.waiting.shift();
    if (!next) {
      this.running -= 1;
      return;
    }
    // The slot passes straight to the next job, so a newcomer cannot overtake the waiting ones.
    clearTimeout(next.timer);
    next.start();
  }
}

/**
 * Why image work has a queue of its own: sharp runs every pipeline (decode, resize, encode) as one
 * job on libuv's thread pool, which also runs crypto.scrypt (sign-in, account passwords, report
 * delete passwords), fs and dns. The pool has UV_THREADPOOL_SIZE threads (4 by default), and a job
 * holds its thread until it ends: four slow images (a 1 × 39,000,000 PNG took 11 s) used to take
 * every thread, and an ordinary submit waited a minute behind them for its password hash.
 *
 * So every decode or resize of an upload runs through `imageWork`, whose jobs use one pool thread
 * at a time (their sharp calls run one after another), and at most IMAGE_WORK_SLOTS of them run at
 * once: at least two threads are always left for scrypt and the file system however many images
 * arrive. Images beyond that wait here, in memory we bound, rather than inside libuv's own queue,
 * where sign-ins would queue behind them; when even this queue is full the caller answers 503.
 * Raising UV_THREADPOOL_SIZE does not raise the slots beyond two: on small machines more images at
 * once only share the same cores.
 *
 * Left outside: reading a header (`metadata()`), which touches the first bytes only and, done
 * first, lets an impossible image be refused without waiting behind real work; and the OCR's
 * second reading of a few small crops (address-reread.ts), which runs while OCR workers are held.
 */
// Two slots at most, fewer when that would leave scrypt fewer than two threads or no core of its own.
const LIBUV_THREADS = Number(process.env.UV_THREADPOOL_SIZE) || 4;
const THREADS_KEPT_FOR_OTHERS = 2;
export const IMAGE_WORK_SLOTS = Math.max(1, Math.min(2, LIBUV_THREADS - THREADS_KEPT_FOR_OTHERS, os.availableParallelism() - 1));

/**
 * libvips' own worker threads per pipeline (sharp's default is one per core). One keeps each image
 * job to one core, so image work cannot take every core from hashing and the event loop either
 * (the slots above leave one core free); re-encoding the dev-set screenshots and preparing them for OCR
 * took the same 60–300 ms with one thread as with two, since PNG and JPEG decoding are sequential.
 */
sharp.concurrency(1);

/** Images allowed to wait: a few seconds' worth of screenshots (each takes 0.1–0.3 s). */
export const IMAGE_WORK_WAIT_LIMIT = 16;

export const imageWork = new BoundedWorkQueue({
  slots: IMAGE_WORK_SLOTS,
  waitLimit: IMAGE_WORK_WAIT_LIMIT,
  waitTimeoutMs: 20_000,
  refusal: () => new AppError('SERVICE_UNAVAILABLE', reportMessages.screenshotBusy),
});
