import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { type AppOptions, buildApp } from '../app';
import { ManualClock } from '../clock';
import { type AppConfig, loadConfig } from '../config';
import { type DatabaseHandle, openDatabase } from '../db/database';
import { LocalFileStorage } from '../storage/file-storage';
import { testDatabaseTarget } from './test-database';

export interface TestContext {
  app: FastifyInstance;
  clock: ManualClock;
  database: DatabaseHandle;
  storage: LocalFileStorage;
  dataDir: string;
  config: AppConfig;
  /** A cookie + CSRF header pair as a browser that loaded one of our pages would send. */
  csrf: { cookie: string; header: Record<string, string> };
  close(): Promise<void>;
}

/** Builds an app on this test file's own migrated database (test-database.ts) with its own data folder and a controllable clock. */
export async function createTestApp(overrides: Record<string, string> = {}, appOptions: Partial<AppOptions> = {}): Promise<TestContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kizuki-data-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', APP_SECRET: 'test-secret-that-is-long-enough-0123456789', ...overrides });
  const database = openDatabase(await testDatabaseTarget());
  const clock = new ManualClock(new Date('2026-11-21T03:00:00Z'));
  const storage = new LocalFileStorage(path.join(dataDir, 'storage'));
  // One message at a time unless a test asks for more: tests read mails in the order they were
  // queued (the mail worker's own tests and the benches run it with several in flight).
  const mailWorkerOptions = { concurrency: 1, ...appOptions.mailWorkerOptions };
  const app = await buildApp(config, { database, clock, storage, logger: false, webDistDir: fixtureWebDist(dataDir), ...appOptions, mailWorkerOptions });
  await app.ready();
  const csrf = await obtainCsrf(app);
  return {
    app, clock, database, storage, dataDir, config, csrf,
    close: async () => {
      await app.close();
      await database.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Asks the Laravel-style endpoint for a token exactly as a client would. */
export async function obtainCsrf(app: FastifyInstance): Promise<TestContext['csrf']> {
  const response = await app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
  const cookies = response.cookies as Array<{ name: string; value: string }>;
  const token = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const cookie = cookies.map((entry) => `${entry.name}=${entry.value}`).join('; ');
  return { cookie, header: { 'x-xsrf-token': token } };
}

/** Adds the CSRF cookie and header to a state-changing request. */
export function withCsrf(context: TestContext, options: InjectOptions): InjectOptions {
  return {
    ...options,
    headers: { ...(options.headers ?? {}), cookie: context.csrf.cookie, ...context.csrf.header },
  };
}

/** A minimal Vite manifest so page tests do not depend on a web build. */
function fixtureWebDist(dataDir: string): string {
  const dist = path.join(dataDir, 'web-dist');
  fs.mkdirSync(path.join(dist, '.vite'), { recursive: true });
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'assets', 'main-test.js'), 'console.log("test");');
  fs.writeFileSync(
    path.join(dist, '.vite', 'manifest.json'),
    JSON.stringify({ 'src/web/main.tsx': { file: 'assets/main-test.js', isEntry: true, css: ['assets/main-test.css'] } }),
  );
  return dist;
}
