import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { BenchDatabase } from './bench-database';
import { BENCH_SCHEMA_ENV } from './bench-protocol';
import { BenchServerProcess } from './server-process';
import { SmtpSinkProcess } from './smtp-sink-process';

/**
 * The app in its own process as `npm start` builds it in production, with the mail worker and the
 * dispatchers in-process at their production timings, delivering to the SMTP sink (its own
 * process). Both are stopped by the bench's cleanups.
 */
export async function startMailingServer(
  dataDir: string,
  database: Pick<BenchDatabase, 'serverEnv'>,
  cleanups: Array<() => Promise<void>>,
): Promise<{ sink: SmtpSinkProcess; server: BenchServerProcess }> {
  const sink = await SmtpSinkProcess.start();
  cleanups.push(() => sink.stop());
  const server = await BenchServerProcess.start({
    NODE_ENV: 'production',
    DATA_DIR: path.join(dataDir, 'data'),
    // BENCH_LOG_LEVEL=info shows the worker's and the dispatchers' lines when a run goes wrong.
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL || 'silent',
    APP_SECRET: randomBytes(32).toString('base64url'),
    APP_URL: 'http://127.0.0.1',
    SMTP_URL: sink.url,
    MAIL_WORKER: '1',
    REDIS_URL: '',
    [BENCH_SCHEMA_ENV]: '',
    ...database.serverEnv,
  });
  cleanups.push(() => server.stop());
  return { sink, server };
}
