import { AUTH_TOKEN_STORAGE_KEY } from '../src/common/training-routes';
import { launchBrowser } from '../tests/e2e/support/browser';

export type PageRender =
  | { measured: true; contentMs: number; firstContentfulPaintMs: number | null }
  | { measured: false; reason: string };

/** How long the page may take before it counts as not rendering the campaign at all. */
const GIVE_UP_MS = 15_000;

/**
 * The campaign page's first render in Chromium, signed in (the bearer token in localStorage, as
 * after a sign-in): from navigation start until the campaign's name is on the page, the moment a
 * person sees their campaign rather than a shell or a spinner. The second of two loads is kept,
 * so the figure is the page's, not the first compile of a cold browser.
 */
export async function measureCampaignPage(appUrl: string, token: string, campaignId: number, campaignName: string): Promise<PageRender> {
  let browser;
  try {
    browser = await launchBrowser();
  } catch (error) {
    return { measured: false, reason: `Chromium did not start: ${String(error)}` };
  }
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [AUTH_TOKEN_STORAGE_KEY, token] as const);
    const page = await context.newPage();
    let figures: PageRender = { measured: false, reason: 'no load' };
    for (let load = 0; load < 2; load += 1) {
      await page.goto(`${appUrl}/campaigns/${campaignId}`, { waitUntil: 'commit' });
      const shown = await page
        .waitForFunction((name) => (document.body?.innerText.includes(name) ? performance.now() : false), campaignName, { polling: 'raf', timeout: GIVE_UP_MS })
        .then((handle) => handle.jsonValue() as Promise<number>)
        .catch(() => null);
      if (shown === null) {
        const text = (await page.evaluate(() => document.body?.innerText ?? '')).replace(/\s+/g, ' ').slice(0, 160);
        return { measured: false, reason: `the campaign's name did not appear on /campaigns/${campaignId} within ${GIVE_UP_MS / 1000} s (the page showed: "${text}")` };
      }
      const paint = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null);
      figures = { measured: true, contentMs: shown, firstContentfulPaintMs: paint };
    }
    return figures;
  } finally {
    await browser.close();
  }
}
