import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../../scripts/free-port';

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  stop(): Promise<void>;
}

export interface StartServerOptions {
  /**
   * The run's bundle of src/server/main.ts (server-bundle.ts, built once by the e2e global setup),
   * started with plain node; without it the sources run through tsx, as `npm start` does.
   */
  bundledEntry?: string | undefined;
}

/**
 * Starts the real server (src/server/main.ts, as `npm start` does after building) on a free
 * port with its own data folder and SQLite file, so each test file starts from an empty Kizuki DB.
 * A `PORT` in `env` is used instead of a free one (for a caller that needs the address first,
 * e.g. to set APP_URL so mailed links point at this server).
 */
export async function startServer(env: Record<string, string> = {}, options: StartServerOptions = {}): Promise<RunningServer> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kizuki-e2e-'));
  const entry = options.bundledEntry ? ['--enable-source-maps', options.bundledEntry] : ['--import', 'tsx', 'src/server/main.ts'];
  const child: ChildProcess = spawn(process.execPath, entry, {
    cwd: path.resolve(import.meta.dirname, '../../..'),
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_REPORT_SUBMIT: '1000',
      RATE_LIMIT_REPORT_DELETE: '1000',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not start within 30 s');
    // Polled often: the wait ends each file's start (24 files, two at a time).
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    baseUrl,
    dataDir,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
