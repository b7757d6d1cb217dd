import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type Download, type LaunchOptions, type Page, chromium } from 'playwright-core';

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 900 };
export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../../test-results/screenshots');

/** Debian's Chromium, headless, with the flags this network-less machine needs. */
export const BROWSER_LAUNCH_OPTIONS = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
} satisfies LaunchOptions;

/** A Chromium of the caller's own (BROWSER_LAUNCH_OPTIONS). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch(BROWSER_LAUNCH_OPTIONS);
}

/**
 * The browser-test run's shared Chromium (launched by tests/e2e/global-setup.ts, reached over its
 * WebSocket endpoint), or one of the caller's own when no endpoint is given. Closing a connected
 * Browser closes the contexts it made and disconnects; the shared Chromium keeps running.
 */
export function connectBrowser(endpoint: string | undefined): Promise<Browser> {
  return endpoint ? chromium.connect(endpoint) : launchBrowser();
}

/**
 * `E2E_SCREENSHOTS=off` skips the pictures (and nothing else): `.ci/run` sets it, because its clean
 * clone is thrown away after the run and the captures were about a quarter of the browser tests'
 * time (docs/performance.md, "CI time, round 6"). Every other run saves them for people to look at.
 */
const SCREENSHOTS_WANTED = process.env.E2E_SCREENSHOTS !== 'off';

/**
 * Full page by default. Pass `{ fullPage: false }` while a modal is open: a full-page capture
 * stretches the page but the modal's fixed backdrop only covers the scrolled-to viewport, so the
 * picture would not show what a visitor sees.
 */
export async function saveScreenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (!SCREENSHOTS_WANTED) return;
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: options.fullPage ?? true });
}

/**
 * The bytes of a finished download. Read through Playwright's stream, not `download.path()`: the
 * browser tests share one Chromium over its WebSocket endpoint (connectBrowser), and a connected
 * client has no local path for the file.
 */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
