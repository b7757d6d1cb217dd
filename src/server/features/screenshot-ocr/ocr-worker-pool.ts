import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';
import { commonMessages } from '../../../common/messages';
import { AppError } from '../../errors';
import { WARM_UP_LINE } from './ocr-warm-up';

const require = createRequire(import.meta.url);
/**
 * The page is read in Japanese only. The jpn model reads the Latin letters of URLs and addresses
 * itself. Loading eng beside it for the page (`jpn+eng`, with jpn's missing vertical sub-model
 * switched off so eng really loads) made the dev set worse: recall 97.2%, subjects 80%, URLs 77%
 * against 100%, 93% and 81%.
 */
const PAGE_LANGUAGE = 'jpn';
/**
 * English, for a third reading of addresses only (address-reread.ts): on a crop that holds nothing
 * but a URL or an e-mail address it misreads other characters than jpn does (it keeps "/", "?" and
 * "." that jpn drops, where jpn keeps letters it confuses), so the two and the page's own reading
 * can outvote each other's mistakes.
 */
const LATIN_LANGUAGE = 'eng';
const LANGUAGES = [PAGE_LANGUAGE, LATIN_LANGUAGE] as const;
/**
 * The `4.0.0_best_int` models: on these screenshots they start about 3× faster, use about 200 MB
 * less memory and read far more accurately than the packages' default 4.0.0 data.
 */
const MODEL_FOLDER = '4.0.0_best_int';
const WORKER_START_TIMEOUT_MS = 60_000;
/**
 * Init-only parameters: the LSTM reads without tesseract's word lists. On the 30-image dev set
 * both readings came out character for character the same, for 3–7 % less CPU per image: the
 * lists only rescore the beam search's words, and screenshot text (URLs, numbers, names) is
 * rarely in them anyway.
 */
const WITHOUT_DICTIONARIES = {
  load_system_dawg: '0',
  load_freq_dawg: '0',
  load_punc_dawg: '0',
  load_number_dawg: '0',
  load_unambig_dawg: '0',
  load_bigram_dawg: '0',
};

export interface OcrPoolOptions {
  size: number;
  /** Requests allowed to wait for a worker; more are refused at once instead of queueing forever. */
  queueLimit: number;
  /** Longest a request may wait for a free worker. */
  queueTimeoutMs: number;
  logger?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

interface Waiter {
  resolve(worker: Worker): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

const busy = () => new AppError('SERVICE_UNAVAILABLE', commonMessages.serviceUnavailable);

/** Whether a job's error left its worker unusable, so that it must be replaced. */
const brokeWorker = (error: unknown) => error instanceof Error && /terminated|worker|abort/i.test(error.message);

/**
 * A fixed set of tesseract.js workers (each a worker thread), created once and reused, so
 * recognition never blocks the event loop and memory stays bounded however many requests come.
 */
export class OcrWorkerPool {
  private readonly idle: Worker[] = [];
  private readonly waiting: Waiter[] = [];
  private starting: Promise<void> | null = null;
  private closed = false;
  /** One Latin reader shared by every request: its crops are small, so they take turns. */
  private latin: Promise<Worker> | null = null;
  private latinTurn: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: OcrPoolOptions) {}

  /** Runs `job` on a worker of its own; the worker is replaced if the job breaks it. */
  run<T>(job: (worker: Worker) => Promise<T>): Promise<T> {
    return this.runWide(0, ([worker]) => job(worker!));
  }

  /**
   * Runs `job` on one worker, plus up to `extra` more that are idle right now: an idle pool
   * spends all its workers on one image, a busy one never makes a request wait for a second.
   * `job` hands an extra worker back with `handBack` as soon as it is done with it, so a request
   * arriving meanwhile gets it at once instead of waiting for the whole image.
   */
  async runWide<T>(extra: number, job: (workers: Worker[], handBack: (worker: Worker) => void) => Promise<T>): Promise<T> {
    await this.start();
    const workers = [await this.acquire()];
    while (workers.length <= extra && this.idle.length > 0) workers.push(this.idle.pop()!);
    const held = new Set(workers);
    const handBack = (worker: Worker) => {
      // The first worker stays until the end: the job's last steps run on it.
      if (worker === workers[0] || !held.delete(worker)) return;
      this.release(worker);
    };
    let healthy = true;
    try {
      return await job(workers, handBack);
    } catch (error) {
      healthy = !brokeWorker(error);
      throw error;
    } finally {
      for (const worker of held) {
        if (healthy) this.release(worker);
        else void this.replace(worker);
      }
    }
  }

  start(): Promise<void> {
    this.starting ??= Promise.all([
      ...Array.from({ length: this.options.size }, () => this.spawn(PAGE_LANGUAGE).then((worker) => this.release(worker))),
      // Pages are read without it if it cannot start (addresses then keep their other readings).
      this.latinWorker().then(
        () => undefined,
        (error: unknown) => this.options.logger?.warn({ err: error }, 'the Latin OCR reader did not start'),
      ),
    ]).then(() => undefined);
    return this.starting;
  }

  /**
   * Runs `job` on the shared Latin (eng) reader, after the jobs queued before it. A job that breaks
   * the reader gets a new one made for the next.
   */
  runLatin<T>(job: (worker: Worker) => Promise<T>): Promise<T> {
    if (this.closed) return Promise.reject(busy());
    const turn = this.latinTurn.then(async () => {
      const worker = await this.latinWorker();
      try {
        return await job(worker);
      } catch (error) {
        if (brokeWorker(error)) {
          this.latin = null;
          void worker.terminate().catch(() => undefined);
        }
        throw error;
      }
    });
    this.latinTurn = turn.catch(() => undefined);
    return turn;
  }

  private latinWorker(): Promise<Worker> {
    if (!this.latin) {
      const spawning = this.spawn(LATIN_LANGUAGE);
      // A reader that failed to start is tried again by the next job, not remembered as broken.
      spawning.catch(() => {
        if (this.latin === spawning) this.latin = null;
      });
      this.latin = spawning;
    }
    return this.latin;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const waiter of this.waiting.splice(0)) {
      clearTimeout(waiter.timer);
      waiter.reject(busy());
    }
    await this.starting?.catch(() => undefined);
    await Promise.all(this.idle.splice(0).map((worker) => worker.terminate().catch(() => undefined)));
    const latin = this.latin;
    this.latin = null;
    await latin?.then((worker) => worker.terminate()).catch(() => undefined);
  }

  private acquire(): Promise<Worker> {
    if (this.closed) return Promise.reject(busy());
    const worker = this.idle.pop();
    if (worker) return Promise.resolve(worker);
    if (this.waiting.length >= this.options.queueLimit) return Promise.reject(busy());
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        resolve,
        reject,
        timer: setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(waiter), 1);
          reject(busy());
        }, this.options.queueTimeoutMs),
      };
      this.waiting.push(waiter);
    });
  }

  private release(worker: Worker): void {
    if (this.closed) {
      void worker.terminate().catch(() => undefined);
      return;
    }
    const waiter = this.waiting.shift();
    if (!waiter) {
      this.idle.push(worker);
      return;
    }
    clearTimeout(waiter.timer);
    waiter.resolve(worker);
  }

  private async replace(broken: Worker): Promise<void> {
    await broken.terminate().catch(() => undefined);
    try {
      this.release(await this.spawn(PAGE_LANGUAGE));
    } catch (error) {
      this.options.logger?.error({ err: error }, 'could not replace an OCR worker');
    }
  }

  private async spawn(language: (typeof LANGUAGES)[number]): Promise<Worker> {
    let startError: unknown = null;
    const created = createWorker(language, OEM.LSTM_ONLY, {
      langPath: modelFolder(),
      gzip: true,
      // Nothing may be written to the working directory, and the models are read-only anyway.
      cacheMethod: 'none',
      // Without a handler a failed load throws inside the worker thread and takes the process down.
      errorHandler: (error: unknown) => {
        startError = error;
        this.options.logger?.warn({ err: error }, 'OCR worker reported an error');
      },
    }, WITHOUT_DICTIONARIES);
    const worker = await withTimeout(created, WORKER_START_TIMEOUT_MS, () => startError);
    await worker.setParameters({
      tessedit_pageseg_mode: PSM.SINGLE_BLOCK,
      preserve_interword_spaces: '1',
      // Screenshots carry no meaningful DPI; this is the value tesseract falls back to anyway, minus its warning on every page.
      user_defined_dpi: '70',
      // Tesseract re-reads doubtful lines inverted, costing about a fifth of the time; dark-mode
      // screenshots are inverted beforehand instead.
      tessedit_do_invert: '0',
    });
    await worker.recognize(WARM_UP_LINE, {}, { text: true });
    return worker;
  }
}

async function withTimeout<T>(promise: Promise<T>, ms: number, reason: () => unknown): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`OCR worker did not start within ${ms} ms: ${String(reason() ?? 'no error reported')}`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

let preparedFolder: string | null = null;

/**
 * tesseract.js reads every language from one `langPath`, but each language ships in its own npm
 * package, so the two model files are linked side by side in a folder of ours. (Passing the data
 * in memory instead hits a tesseract.js 7 bug that joins the bytes into the language name.)
 */
function modelFolder(): string {
  if (preparedFolder) return preparedFolder;
  const folder = path.join(os.tmpdir(), `kizuki-ocr-models-${MODEL_FOLDER}`);
  fs.mkdirSync(folder, { recursive: true });
  for (const language of LANGUAGES) {
    const source = path.join(path.dirname(require.resolve(`@tesseract.js-data/${language}/package.json`)), MODEL_FOLDER, `${language}.traineddata.gz`);
    const target = path.join(folder, `${language}.traineddata.gz`);
    if (fs.existsSync(target) && fs.statSync(target).size === fs.statSync(source).size) continue;
    fs.rmSync(target, { force: true });
    try {
      fs.symlinkSync(source, target);
    } catch {
      fs.copyFileSync(source, target);
    }
  }
  preparedFolder = folder;
  return folder;
}
