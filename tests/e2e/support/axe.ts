import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import type { AxeResults, Result, RunOptions } from 'axe-core';
import { expect } from 'vitest';
import { saveScreenshot } from './browser';

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * WCAG 2.0–2.2 level A and AA, plus axe's best practices (landmarks, one h1, unique landmark
 * names, …). No rule is switched off: a violation is fixed in the page, not here.
 */
const AXE_OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'] },
  resultTypes: ['violations'],
};

declare global {
  interface Window {
    axe?: { run(context: Document, options: RunOptions): Promise<AxeResults> };
  }
}

function describeViolation(violation: Result): string {
  const nodes = violation.nodes
    .slice(0, 5)
    .map((node) => `    ${node.target.join(' ')}\n      ${(node.failureSummary ?? '').replace(/\n/g, '\n      ')}`)
    .join('\n');
  return `  [${violation.impact ?? 'unknown'}] ${violation.id}: ${violation.help} (${violation.nodes.length} element(s))\n${nodes}`;
}

/**
 * Runs axe-core on the page as it is now and fails with a readable list when anything violates.
 * Injected through the DevTools protocol (page.evaluate), which the page's CSP does not govern,
 * so the check itself never causes the CSP violations the tests also watch for.
 */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  // What a visitor looks at is the settled state: a button fading from disabled to enabled is
  // half-way between two colours for 150 ms. Endless animations (spinners) are not waited for.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]),
  );
  if (!(await page.evaluate(() => window.axe !== undefined))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(async (options) => {
    if (!window.axe) throw new Error('axe-core did not load');
    const { violations } = await window.axe.run(document, options);
    // Only what the report needs crosses back (nodes carry no DOM references).
    return violations.map(({ id, impact, help, nodes }) => ({ id, impact, help, nodes: nodes.map(({ target, failureSummary }) => ({ target, failureSummary })) }));
  }, AXE_OPTIONS);
  const report = (results as unknown as Result[]).map(describeViolation).join('\n');
  expect(results.length === 0 ? '' : `axe found ${results.length} violation(s) on ${label} (${page.url()}):\n${report}`, `axe on ${label}`).toBe('');
}

/** A state a test looks at: axe finds nothing to fix in it, and its screenshot is saved for review. */
export async function checkScreen(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  await expectNoAxeViolations(page, name);
  await saveScreenshot(page, name, options);
}
