import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchGeneratorBrowser } from '../../bench/screenshot-generator/generate';
import { type Rendering, SceneRenderer } from '../../bench/screenshot-generator/render';
import { NOVEL_FAMILIES, conditionsOf, planScenes } from '../../bench/screenshot-generator/scene';
import { finishImage } from '../../bench/screenshot-generator/truth';
import { seededRandom } from '../../src/common/seeded-random';

/**
 * The generator's truth is only as good as its ink measurement: each box must be the ink of its
 * text, black-pixel tight (+1 px), and the saved file's boxes must still hold that ink after the
 * crop, rotation and re-encoding.
 */

/** Bounding box of the pixels darker than the white page in a rectangle of a rendering (x0/y0 inclusive, x1/y1 exclusive). */
async function inkBox(png: Buffer, area: { x0: number; y0: number; x1: number; y1: number }) {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let box: { x0: number; y0: number; x1: number; y1: number } | null = null;
  for (let y = Math.max(0, area.y0); y < Math.min(info.height, area.y1); y++) {
    for (let x = Math.max(0, area.x0); x < Math.min(info.width, area.x1); x++) {
      const i = (y * info.width + x) * 3;
      if (data[i]! > 245 && data[i + 1]! > 245 && data[i + 2]! > 245) continue;
      box = box ? { x0: Math.min(box.x0, x), y0: Math.min(box.y0, y), x1: Math.max(box.x1, x + 1), y1: Math.max(box.y1, y + 1) } : { x0: x, y0: y, x1: x + 1, y1: y + 1 };
    }
  }
  return box;
}

// One browser for the file: both the standard and the novel families render in it.
let browser: Browser;
let renderer: SceneRenderer;

beforeAll(async () => {
  browser = await launchGeneratorBrowser();
  renderer = new SceneRenderer(browser);
});

afterAll(async () => {
  await renderer?.close();
  await browser?.close();
});

describe('screenshot generator truth', () => {
  const page = (lineHeight: number) => `<!doctype html><html><body style="margin:0;background:#fff;font:18px/${lineHeight} 'Noto Sans CJK JP';width:200px;padding:10px">
      <p>お届け先の確認 <span data-s="url">https://delivery-check.example/redeliv/?id=Q83Tm2xyz</span> 期限：12月3日</p></body></html>`;

  it('measures each line of an item as the bounding box of its own ink', async () => {
    // Black text on white, one sensitive URL wrapping over lines, nothing else drawn, and lines
    // far enough apart that a line's text box holds its own ink only.
    for (const scale of [1, 2, 3]) {
      const rendering: Rendering = await renderer.renderHtml(page(1.9), { width: 240, height: 260 }, scale);
      const url = rendering.runs.filter((run) => run.kind === 'url');
      expect(url.length, 'the URL wraps over several lines').toBeGreaterThanOrEqual(2);
      expect(url.map((run) => run.text).join('')).toBe('https://delivery-check.example/redeliv/?id=Q83Tm2xyz');
      for (const run of rendering.runs) {
        const expected = await inkBox(rendering.png, run.box);
        expect({ scale, text: run.text, ink: run.ink }).toEqual({ scale, text: run.text, ink: expected });
      }
    }
  });

  it('gives every inked pixel to a line when lines are tight (descenders reach into the next line box)', async () => {
    for (const scale of [1, 2, 3]) {
      const rendering: Rendering = await renderer.renderHtml(page(1.15), { width: 240, height: 200 }, scale);
      const all = await inkBox(rendering.png, { x0: 0, y0: 0, x1: rendering.width, y1: rendering.height });
      const union = rendering.runs.reduce(
        (box, run) => ({ x0: Math.min(box.x0, run.ink!.x0), y0: Math.min(box.y0, run.ink!.y0), x1: Math.max(box.x1, run.ink!.x1), y1: Math.max(box.y1, run.ink!.y1) }),
        { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity },
      );
      expect(union).toEqual(all);
      // Each line's ink starts below the previous line's ink top and ends below its end: no line swallowed its neighbour.
      const urlRuns = rendering.runs.filter((run) => run.kind === 'url');
      for (let index = 1; index < urlRuns.length; index++) {
        const [above, below] = [urlRuns[index - 1]!.ink!, urlRuns[index]!.ink!];
        expect(below.y0, `scale ${scale}: line ${index + 1} starts below line ${index}'s top`).toBeGreaterThan(above.y0 + (above.y1 - above.y0) / 2);
      }
    }
  });

  it('keeps every saved box over its ink after a crop and a rotation', async () => {
    const [scene] = planScenes(seededRandom(77), 1, 't');
    Object.assign(scene!, { rotation: 1.7, crop: 'none', format: { kind: 'png' }, banner: false, theme: 'light' });
    const rendering = await renderer.render(scene!);
    const { image, entry } = await finishImage(scene!, rendering);
    const meta = await sharp(image).metadata();
    expect({ width: entry.width, height: entry.height }).toEqual({ width: meta.width, height: meta.height });
    expect(entry.sensitive.length).toBeGreaterThan(0);

    // Each run's ink box, turned the way sharp turns the image, must lie inside one of its item's saved rects.
    const radians = (scene!.rotation * Math.PI) / 180;
    const turn = (x: number, y: number) => {
      const dx = x - rendering.width / 2;
      const dy = y - rendering.height / 2;
      return [dx * Math.cos(radians) - dy * Math.sin(radians) + entry.width / 2, dx * Math.sin(radians) + dy * Math.cos(radians) + entry.height / 2] as const;
    };
    let checked = 0;
    for (const item of entry.sensitive) {
      for (const run of rendering.runs.filter((candidate) => candidate.kind === item.kind && candidate.ink && item.text.includes(candidate.text))) {
        const { x0, y0, x1, y1 } = run.ink!;
        const corners = [turn(x0, y0), turn(x1, y0), turn(x0, y1), turn(x1, y1)];
        const inside = item.rects.some((rect) => corners.every(([x, y]) => x >= rect.x && x <= rect.x + rect.w && y >= rect.y && y <= rect.y + rect.h));
        expect(inside, `${item.kind} ${JSON.stringify(run.text)}: turned ink box ${JSON.stringify(corners)} inside one of ${JSON.stringify(item.rects)}`).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });
});

describe('screenshot generator varieties', () => {
  const committedDir = path.resolve(import.meta.dirname, '../fixtures/generated-screenshots');

  it('plans the committed set exactly as it was made: --variety novel leaves the standard plan of a seed alone', () => {
    // The committed set and every documented seed depend on the standard plan drawing the same numbers.
    const committed = JSON.parse(fs.readFileSync(path.join(committedDir, 'truth.json'), 'utf8')) as Array<{ file: string; family: string; conditions: string[] }>;
    const { seed, count } = JSON.parse(fs.readFileSync(path.join(committedDir, 'generator.json'), 'utf8')) as { seed: number; count: number };
    const scenes = planScenes(seededRandom(seed), count, 'g');
    expect(scenes.map((scene) => ({ file: scene.name, family: scene.family, conditions: conditionsOf(scene) }))).toEqual(committed.map(({ file, family, conditions }) => ({ file, family, conditions })));
  });

  it('makes half of a novel split from the novel families, with the novel content in it', () => {
    const scenes = planScenes(seededRandom(20261350), 80, 'n', 'novel');
    const novel = scenes.filter((scene) => (NOVEL_FAMILIES as readonly string[]).includes(scene.family));
    expect(novel.length).toBe(40);
    expect(new Set(novel.map((scene) => scene.family))).toEqual(new Set(NOVEL_FAMILIES));
    const urls = scenes.map((scene) => scene.lure.email.flat().find((segment) => typeof segment !== 'string' && segment.kind === 'url'));
    const urlTexts = urls.map((segment) => (typeof segment === 'string' || !segment ? '' : segment.text));
    expect(urlTexts.some((url) => /^https?:\/\/\d+\.\d+\.\d+\.\d+[/:]/.test(url)), 'an IP-address host').toBe(true);
    expect(urlTexts.some((url) => /^https?:\/\/[^/]+:\d+\//.test(url)), 'a port').toBe(true);
    expect(urlTexts.some((url) => /%[0-9A-F]{2}/.test(url)), 'percent-encoding').toBe(true);
    expect(urlTexts.some((url) => url.includes('#')), 'a fragment').toBe(true);
    expect(urlTexts.some((url) => /^https:\/\/[a-z]{2,3}\.[a-z]{2}\/\w{4,7}$/.test(url)), 'a shortener-like link').toBe(true);
    expect(urlTexts.every((url) => !/\.(example|test)\b/.test(url)), 'hosts on other TLDs').toBe(true);
    expect(scenes.some((scene) => scene.lure.fromAddress.includes('+')), 'a plus-tagged sender').toBe(true);
    expect(scenes.some((scene) => /[Ａ-Ｚａ-ｚ]/.test(scene.lure.fromName)), 'a full-width display name').toBe(true);
    expect(scenes.some((scene) => /[◆［]/.test(scene.lure.subject)), 'a ◆ or ［］ subject').toBe(true);
    expect(scenes.some((scene) => /\d,\d{3}円/.test(scene.lure.email.flat().join(''))), 'an amount with a comma and 円').toBe(true);
  });

  describe('novel families', () => {
    it('fills the sender, subject, body and items of every novel family, light and dark', async () => {
      const scenes = planScenes(seededRandom(4141), 48, 'v', 'novel');
      for (const family of NOVEL_FAMILIES) {
        for (const theme of ['light', 'dark'] as const) {
          const scene = scenes.find((candidate) => candidate.family === family)!;
          // Clean conditions, sender shown: every field must come out of the template's markers.
          Object.assign(scene, { theme, crop: 'none', banner: false, rotation: 0, format: { kind: 'png' }, variant: 0 });
          if (scene.type === 'sms') Object.assign(scene, { senderForm: 'hyphen', sender: '090-1234-5678' });
          const { entry } = await finishImage(scene, await renderer.render(scene));
          const label = `${family} ${theme}`;
          expect(entry.family, label).toBe(family);
          expect(entry.sensitive.some((item) => item.kind === 'url'), `${label}: the URL is an item`).toBe(true);
          expect(entry.body.length, `${label}: a body`).toBeGreaterThan(20);
          expect(entry.plain.length, `${label}: app chrome lines`).toBeGreaterThan(3);
          if (scene.type === 'sms') expect(entry.source_phone, label).toBe('090-1234-5678');
          else {
            expect(entry.subject, label).toBe(scene.lure.subject);
            expect(entry.source_email, label).toBe(scene.lure.fromAddress);
          }
        }
      }
    });
  });
});
