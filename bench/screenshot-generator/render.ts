import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import sharp from 'sharp';
import type { SensitiveKind } from './content';
import { carrierMail, gmailApp, gmailWeb, iosMail, outlookMobile, outlookWeb, yahooMail } from './mail-families';
import { gmailIos, macosMail, thunderbirdWin, yahooMailWeb } from './novel-mail-families';
import { carrierSms, galaxyMessages } from './novel-sms-families';
import { COLLECT_RUNS, HIDE_TEXT_CSS, SETTLE_BANNER } from './page-script';
import type { Family, Scene } from './scene';
import { googleMessages, iosMessages, lineChat, lineLock, plusMessage } from './sms-families';

const TEMPLATES: Record<Family, (scene: Scene) => string> = {
  'ios-messages': iosMessages,
  'google-messages': googleMessages,
  'plus-message': plusMessage,
  'line-lock': lineLock,
  'line-chat': lineChat,
  'ios-mail': iosMail,
  'gmail-app': gmailApp,
  'gmail-web': gmailWeb,
  'yahoo-mail': yahooMail,
  'outlook-mobile': outlookMobile,
  'outlook-web': outlookWeb,
  'carrier-mail': carrierMail,
  'galaxy-messages': galaxyMessages,
  'macos-mail': macosMail,
  'thunderbird-win': thunderbirdWin,
  'yahoo-mail-web': yahooMailWeb,
  'gmail-ios': gmailIos,
  'carrier-sms': carrierSms,
};

export function sceneHtml(scene: Scene): string {
  return TEMPLATES[scene.family](scene);
}

/** A text run as the page reports it (CSS px). */
export interface PageRun {
  owner: string;
  text: string;
  kind: SensitiveKind | null;
  field: 'source_phone' | 'source_email' | null;
  category: 'body' | 'subject' | 'chrome';
  /** The body paragraph / bubble or subject element the run is in (-1 for chrome), and its text as laid out (innerText: <br> as a line break, wrapping as nothing). */
  block: number;
  blockText: string | null;
  /** The whole text of the sensitive item the run belongs to (null outside one). */
  fullText: string | null;
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Pixel box, x0/y0 inclusive, x1/y1 exclusive. */
export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** A run with its measured ink (device px of the screenshot); ink is null when nothing of it was drawn. */
export interface MeasuredRun extends PageRun {
  /** The run's text box (font content area) in device px. */
  box: Box;
  ink: Box | null;
}

export interface Rendering {
  /** The screenshot with text (PNG, device px). */
  png: Buffer;
  width: number;
  height: number;
  runs: MeasuredRun[];
}

/** A pixel counts as ink when some channel differs by more than this between the renderings with and without text. */
const INK_DIFF = 10;

/**
 * One rendering lane: a page per device scale factor (a context fixes the scale), reused from
 * scene to scene, since opening a context costs more than rendering a page.
 */
export class SceneRenderer {
  private readonly pages = new Map<number, Promise<{ context: BrowserContext; page: Page; cdp: CDPSession }>>();

  constructor(private readonly browser: Browser) {}

  private pageFor(scale: number) {
    let entry = this.pages.get(scale);
    if (!entry) {
      entry = (async () => {
        const context = await this.browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: scale });
        const page = await context.newPage();
        return { context, page, cdp: await context.newCDPSession(page) };
      })();
      this.pages.set(scale, entry);
    }
    return entry;
  }

  /**
   * Renders a scene and measures the ink of every text run: the page is shot once as it is and
   * once with every glyph transparent (same layout), and each pixel that differs is given to the
   * run whose text box holds it (the nearest line centre where two boxes overlap, as ascenders and
   * descenders of neighbouring lines can share rows).
   */
  render(scene: Scene): Promise<Rendering> {
    return this.renderHtml(sceneHtml(scene), scene.viewport, scene.scale, scene.name);
  }

  async renderHtml(html: string, viewport: { width: number; height: number }, scale: number, name = 'page'): Promise<Rendering> {
    const { page, cdp } = await this.pageFor(scale);
    // A fresh document at the new size: laid out over the previous scene's, a page can come out a
    // pixel or two different, and the same seed must give the same files.
    await page.goto('about:blank');
    await page.setViewportSize(viewport);
    await page.setContent(html, { waitUntil: 'load' });
    await page.evaluate('document.fonts.ready.then(() => true)');
    await page.evaluate(SETTLE_BANNER);
    const runs = (await page.evaluate(COLLECT_RUNS)) as PageRun[];
    // Straight through the DevTools protocol: its fast PNG encoder is lossless too.
    const shoot = async () =>
      Buffer.from(
        (
          (await cdp.send('Page.captureScreenshot', {
            format: 'png',
            optimizeForSpeed: true,
            clip: { x: 0, y: 0, width: viewport.width, height: viewport.height, scale },
          })) as { data: string }
        ).data,
        'base64',
      );
    const withText = await shoot();
    await page.addStyleTag({ content: HIDE_TEXT_CSS });
    const withoutText = await shoot();
    const [a, b] = await Promise.all([rawRgb(withText), rawRgb(withoutText)]);
    if (a.width !== b.width || a.height !== b.height) throw new Error(`${name}: the two renderings differ in size`);
    const expected = { width: Math.round(viewport.width * scale), height: Math.round(viewport.height * scale) };
    if (a.width !== expected.width || a.height !== expected.height) throw new Error(`${name}: screenshot is ${a.width}×${a.height}, expected ${expected.width}×${expected.height}`);
    return { png: withText, width: a.width, height: a.height, runs: measureInk(runs, a, b, scale) };
  }

  async close(): Promise<void> {
    for (const entry of this.pages.values()) await (await entry).context.close();
    this.pages.clear();
  }
}

async function rawRgb(png: Buffer): Promise<{ width: number; height: number; data: Buffer }> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data };
}

export function measureInk(runs: PageRun[], a: { width: number; height: number; data: Buffer }, b: { data: Buffer }, scale: number): MeasuredRun[] {
  const { width, height } = a;
  const measured: MeasuredRun[] = runs.map((run) => ({
    ...run,
    box: {
      // Not clipped to the viewport: a line running off the edge keeps its full height, so the
      // "less than half left is gone" rule of truth.ts applies at the screen edge too.
      x0: Math.floor(run.left * scale),
      y0: Math.floor(run.top * scale),
      x1: Math.ceil(run.right * scale),
      y1: Math.ceil(run.bottom * scale),
    },
    ink: null,
  }));
  // Candidates per row: runs whose box, grown by a little, spans the row (glyphs may overhang their box).
  const grow = (run: MeasuredRun) => Math.max(1, Math.round((run.box.y1 - run.box.y0) * 0.12));
  const rows: number[][] = Array.from({ length: height }, () => []);
  measured.forEach((run, index) => {
    const g = grow(run);
    for (let y = Math.max(0, run.box.y0 - g); y < Math.min(height, run.box.y1 + g); y++) rows[y]!.push(index);
  });
  for (let y = 0; y < height; y++) {
    const candidates = rows[y]!;
    if (candidates.length === 0) continue;
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      if (Math.abs(a.data[i]! - b.data[i]!) <= INK_DIFF && Math.abs(a.data[i + 1]! - b.data[i + 1]!) <= INK_DIFF && Math.abs(a.data[i + 2]! - b.data[i + 2]!) <= INK_DIFF) continue;
      let best = -1;
      let bestScore = Infinity;
      for (const index of candidates) {
        const run = measured[index]!;
        const g = grow(run);
        if (x < run.box.x0 - g || x >= run.box.x1 + g) continue;
        const outside = Math.max(run.box.x0 - x, x - (run.box.x1 - 1), run.box.y0 - y, y - (run.box.y1 - 1), 0);
        const score = outside * 10_000 + Math.abs(y + 0.5 - (run.box.y0 + run.box.y1) / 2);
        if (score < bestScore) {
          bestScore = score;
          best = index;
        }
      }
      if (best < 0) continue;
      const run = measured[best]!;
      if (!run.ink) run.ink = { x0: x, y0: y, x1: x + 1, y1: y + 1 };
      else {
        run.ink.x0 = Math.min(run.ink.x0, x);
        run.ink.y0 = Math.min(run.ink.y0, y);
        run.ink.x1 = Math.max(run.ink.x1, x + 1);
        run.ink.y1 = Math.max(run.ink.y1, y + 1);
      }
    }
  }
  return measured;
}
