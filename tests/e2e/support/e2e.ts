import { type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { ApiClient } from './api';
import { launchBrowser } from './browser';
import { type RunningServer, startServer } from './server';

export interface Viewport {
  width: number;
  height: number;
}

export interface OpenedPage {
  page: Page;
  context: BrowserContext;
  /** Uncaught script errors of this page; checked to be empty after each test. */
  pageErrors: string[];
  /** alert/confirm/prompt dialogs this page opened (dismissed at once); checked to be empty after each test. */
  dialogs: string[];
}

export interface E2EEnvironment {
  readonly server: RunningServer;
  readonly api: ApiClient;
  readonly browser: Browser;
  /** A fresh browser context (own cookies) in Japanese, Japan time, at the given viewport. */
  open(viewport: Viewport, options?: BrowserContextOptions): Promise<OpenedPage>;
}

/**
 * Registers beforeAll/afterAll hooks that start the real server on a fresh database and one
 * Chromium for the calling test file, and afterEach hooks that close the test's contexts and
 * fail the test if any page threw an uncaught error or opened a JavaScript dialog.
 */
export function useE2EEnvironment(serverEnv: Record<string, string> = {}): E2EEnvironment {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let api: ApiClient | undefined;
  let opened: OpenedPage[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(serverEnv), launchBrowser()]);
    api = new ApiClient(server.baseUrl);
  });

  afterEach(async () => {
    const pages = opened;
    opened = [];
    await Promise.all(pages.map(({ context }) => context.close()));
    for (const { pageErrors, dialogs } of pages) {
      expect(pageErrors, 'uncaught errors in the page').toEqual([]);
      expect(dialogs, 'JavaScript dialogs opened by the page').toEqual([]);
    }
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const required = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not ready (beforeAll failed?)`);
    return value;
  };

  return {
    get server() {
      return required(server, 'server');
    },
    get api() {
      return required(api, 'api client');
    },
    get browser() {
      return required(browser, 'browser');
    },
    async open(viewport, options = {}) {
      const context = await required(browser, 'browser').newContext({
        baseURL: required(server, 'server').baseUrl,
        viewport,
        locale: 'ja-JP',
        timezoneId: 'Asia/Tokyo',
        ...options,
      });
      context.setDefaultTimeout(10_000);
      const page = await context.newPage();
      const entry: OpenedPage = { page, context, pageErrors: [], dialogs: [] };
      page.on('pageerror', (error) => entry.pageErrors.push(error.message));
      page.on('dialog', (dialog) => {
        entry.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
        void dialog.dismiss().catch(() => undefined);
      });
      opened.push(entry);
      return entry;
    },
  };
}

export const viewportName = (viewport: Viewport): string => `${viewport.width}px`;
