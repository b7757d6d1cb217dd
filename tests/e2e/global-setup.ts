import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { ensureWebAssets } from '../../scripts/web-build';
import { BROWSER_LAUNCH_OPTIONS } from './support/browser';
import { buildServerBundle } from './support/server-bundle';

/**
 * Once per browser-test run, whatever files it runs: the real built web assets (built when stale),
 * the server compiled into one module that each file's own server process starts from, and one
 * Chromium every file connects to (a launch per file cost about as much as the file's server
 * start). Files stay apart: each has its own server, data folder and database, and its own
 * browser contexts.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const [, bundle, chromiumServer] = await Promise.all([ensureWebAssets(), buildServerBundle(), chromium.launchServer(BROWSER_LAUNCH_OPTIONS)]);
  project.provide('e2eServerEntry', bundle.entry);
  project.provide('e2eBrowserEndpoint', chromiumServer.wsEndpoint());
  return async () => {
    await chromiumServer.close();
    bundle.remove();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The bundled server (support/server-bundle.ts). */
    e2eServerEntry: string | undefined;
    /** The shared Chromium's WebSocket endpoint (support/browser.ts connectBrowser). */
    e2eBrowserEndpoint: string | undefined;
  }
}
