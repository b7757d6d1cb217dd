import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Browser, chromium } from 'playwright-core';
import { seededRandom } from '../../src/common/seeded-random';
import { SceneRenderer } from './render';
import { type Scene, type Variety, FAMILIES, NOVEL_FAMILIES, VARIETIES, planScenes } from './scene';
import { type TruthEntry, finishImage } from './truth';

/**
 * `npm run screenshots:generate -- [--count 320] [--seed N] [--out DIR] [--single --prefix g] [--variety novel]`
 *
 * Renders varied Japanese phishing screenshots with exact ground truth (README.md here). By
 * default it writes two splits, tune/ (¾) and holdout/ (¼), each with its own truth.json, under
 * .cache/generated-screenshots/. --single writes one set (the committed test set). --variety
 * novel adds app families and content the OCR rules were never tuned on; without it the files
 * of a seed and count are the same as before it existed.
 */

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
export const DEFAULT_OUT = path.join(REPO_ROOT, '.cache', 'generated-screenshots');
export const DEFAULT_SEED = 20261126;
export const DEFAULT_COUNT = 320;
/** Pages rendering at once: the browser and this process's ink measurement share two cores. */
const PAGES = 3;

export function launchGeneratorBrowser(): Promise<Browser> {
  // The flags of tests/e2e/support/browser.ts (a network-less machine).
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic', '--font-render-hinting=none'],
  });
}

/**
 * A hash of the generator's own sources: the bench regenerates its splits when the generator has
 * changed since they were made (they live in the git-ignored .cache/).
 */
export function generatorVersion(): string {
  const hash = createHash('sha256');
  for (const file of fs.readdirSync(import.meta.dirname).filter((name) => name.endsWith('.ts')).sort()) hash.update(file).update(fs.readFileSync(path.join(import.meta.dirname, file)));
  hash.update(fs.readFileSync(path.join(REPO_ROOT, 'src', 'common', 'seeded-random.ts')));
  return hash.digest('hex').slice(0, 16);
}

/** What made a folder of images: written beside its truth.json. */
export interface GeneratorStamp {
  version: string;
  seed: number;
  count: number;
  /** Written only for a variety other than `standard`, so standard stamps keep their shape. */
  variety?: Variety;
}

export function readStamp(dir: string): GeneratorStamp | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, 'generator.json'), 'utf8')) as GeneratorStamp;
  } catch {
    return null;
  }
}

export interface SplitPlan {
  dir: string;
  scenes: Scene[];
}

/** Tune and holdout from one seed: separate generators, so neither shares a text with the other. */
export function planSplits(out: string, count: number, seed: number, variety: Variety = 'standard'): SplitPlan[] {
  const holdout = Math.max(1, Math.round(count / 4));
  return [
    { dir: path.join(out, 'tune'), scenes: planScenes(seededRandom(seed), count - holdout, 't', variety) },
    { dir: path.join(out, 'holdout'), scenes: planScenes(seededRandom(seed ^ 0x5bd1e995), holdout, 'h', variety) },
  ];
}

export async function generateSets(plans: SplitPlan[], stamp: Omit<GeneratorStamp, 'version'>, log: (line: string) => void = console.log): Promise<void> {
  const browser = await launchGeneratorBrowser();
  try {
    for (const plan of plans) {
      fs.mkdirSync(plan.dir, { recursive: true });
      for (const file of fs.readdirSync(plan.dir)) if (/\.(png|jpg)$/.test(file) || file === 'truth.json' || file === 'generator.json') fs.rmSync(path.join(plan.dir, file));
      const entries: TruthEntry[] = new Array(plan.scenes.length);
      let next = 0;
      let done = 0;
      const started = performance.now();
      const lane = async () => {
        const renderer = new SceneRenderer(browser);
        try {
          for (let index = next++; index < plan.scenes.length; index = next++) {
          const scene = plan.scenes[index]!;
          const rendering = await renderer.render(scene);
          const { image, entry } = await finishImage(scene, rendering);
          fs.writeFileSync(path.join(plan.dir, scene.name), image);
          entries[index] = entry;
          done++;
          if (process.stdout.isTTY) process.stdout.write(`\r  ${path.basename(plan.dir)}: ${done}/${plan.scenes.length}`);
          }
        } finally {
          await renderer.close();
        }
      };
      await Promise.all(Array.from({ length: PAGES }, lane));
      if (process.stdout.isTTY) process.stdout.write('\n');
      fs.writeFileSync(path.join(plan.dir, 'truth.json'), `${JSON.stringify(entries, null, 1)}\n`);
      fs.writeFileSync(path.join(plan.dir, 'generator.json'), `${JSON.stringify({ version: generatorVersion(), ...stamp }, null, 1)}\n`);
      log(`  ${plan.dir}: ${entries.length} images in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      log(countsTable(entries));
    }
  } finally {
    await browser.close();
  }
}

/** Images per family and per condition, with the sensitive items per kind. */
export function countsTable(entries: TruthEntry[]): string {
  const novel = NOVEL_FAMILIES.filter((family) => entries.some((entry) => entry.family === family));
  const families = [...FAMILIES, ...novel].map((family) => `${family} ${entries.filter((entry) => entry.family === family).length}`);
  const conditions = new Map<string, number>();
  for (const entry of entries) for (const condition of entry.conditions) conditions.set(condition, (conditions.get(condition) ?? 0) + 1);
  const kinds = new Map<string, number>();
  for (const entry of entries) for (const item of entry.sensitive) kinds.set(item.kind, (kinds.get(item.kind) ?? 0) + 1);
  return [
    `    families:   ${families.join(', ')}`,
    `    conditions: ${[...conditions].sort().map(([name, n]) => `${name} ${n}`).join(', ')}`,
    `    sensitive items: ${[...kinds].map(([name, n]) => `${name} ${n}`).join(', ')}; plain lines ${entries.reduce((sum, entry) => sum + entry.plain.length, 0)}`,
  ].join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      count: { type: 'string' },
      seed: { type: 'string' },
      out: { type: 'string' },
      single: { type: 'boolean', default: false },
      prefix: { type: 'string', default: 'g' },
      variety: { type: 'string', default: 'standard' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(`npm run screenshots:generate -- [--count 320] [--seed N] [--out DIR] [--single [--prefix g]] [--variety ${VARIETIES.join('|')}]`);
    return;
  }
  const count = Number(values.count ?? DEFAULT_COUNT);
  const seed = Number(values.seed ?? DEFAULT_SEED);
  if (!Number.isInteger(count) || count < 1) throw new Error(`--count must be a positive integer, got ${values.count}`);
  if (!Number.isInteger(seed)) throw new Error(`--seed must be an integer, got ${values.seed}`);
  const variety = VARIETIES.find((name) => name === values.variety);
  if (!variety) throw new Error(`--variety must be one of ${VARIETIES.join(', ')}, got ${values.variety}`);
  const out = path.resolve(values.out ?? DEFAULT_OUT);
  const plans = values.single ? [{ dir: out, scenes: planScenes(seededRandom(seed), count, values.prefix, variety) }] : planSplits(out, count, seed, variety);
  console.log(`Generating ${count} screenshots (seed ${seed}${variety === 'standard' ? '' : `, variety ${variety}`}) into ${out}`);
  await generateSets(plans, variety === 'standard' ? { seed, count } : { seed, count, variety });
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) await main();
