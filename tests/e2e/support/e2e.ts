import { type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { ApiClient } from './api';
import { connectBrowser } from './browser';
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
  /**
   * Content-Security-Policy violations (the page's `securitypolicyviolation` events and Chromium's
   * console errors about CSP or Permissions-Policy) of every page of the context; checked to be empty
   * after each test.
   */
  policyViolations: string[];
}

/** Chromium's console wording when a policy blocks something or a policy header is malformed. */
const POLICY_CONSOLE_ERROR = /Content Security Policy|Permissions[- ]Policy|Cross-Origin-Opener-Policy/i;

export interface E2EEnvironment {
  readonly server: RunningServer;
  readonly api: ApiClient;
  readonly browser: Browser;
  /** A fresh browser context (own cookies) in Japanese, Japan time, at the given viewport. */
  open(viewport: Viewport, options?: BrowserContextOptions): Promise<OpenedPage>;
}

/**
 * Registers beforeAll/afterAll hooks that start the real server on a fresh database for the
 * calling test file and connect to the run's Chromium (global-setup.ts; each test opens contexts
 * of its own in it), and afterEach hooks that close the test's contexts and fail the test if any
 * page threw an uncaught error, opened a JavaScript dialog or broke the Content-Security-Policy.
 */
export function useE2EEnvironment(serverEnv: Record<string, string> = {}): E2EEnvironment {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let api: ApiClient | undefined;
  let opened: OpenedPage[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer(serverEnv, { bundledEntry: inject('e2eServerEntry') }),
      connectBrowser(inject('e2eBrowserEndpoint')),
    ]);
    api = new ApiClient(server.baseUrl);
  });

  afterEach(async () => {
    const pages = opened;
    opened = [];
    await Promise.all(pages.map(({ context }) => context.close()));
    for (const { pageErrors, dialogs, policyViolations } of pages) {
      expect(pageErrors, 'uncaught errors in the page').toEqual([]);
      expect(dialogs, 'JavaScript dialogs opened by the page').toEqual([]);
      expect(policyViolations, 'Content-Security-Policy violations').toEqual([]);
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
      const policyViolations: string[] = [];
      // Every page and frame of the context reports what its CSP blocked (the binding and init script run
      // through the DevTools protocol, outside the page's CSP).
      await context.exposeBinding('__kizukiPolicyViolation', (_source, text: string) => policyViolations.push(text));
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const report = (window as unknown as { __kizukiPolicyViolation?: (text: string) => void }).__kizukiPolicyViolation;
          report?.(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber}) on ${document.location.href}`);
        });
      });
      context.on('console', (message) => {
        if (message.type() === 'error' && POLICY_CONSOLE_ERROR.test(message.text())) policyViolations.push(`console: ${message.text()}`);
      });
      const page = await context.newPage();
      const entry: OpenedPage = { page, context, pageErrors: [], dialogs: [], policyViolations };
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
