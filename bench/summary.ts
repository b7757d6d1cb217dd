import os from 'node:os';
import type { ListQueryCost } from './list-query-cost';
import type { LoadFigures } from './load-test';
import type { Scenario, ScenarioKey } from './scenarios';
import type { BundleReport } from './web-bundle-size';

/** The targets of the issue; the "no cliff" share is this bench's reading of "must not fall off a cliff". */
export const TARGETS = {
  listShareOfBare: 0.4,
  listP99Ms: 20,
  deepShareOfFirstPage: 0.5,
  /** Issue 13: a search (and a similar-reports list) answers at p99 under 50 ms with 100,000 reports. */
  searchP99Ms: 50,
  /** Issue 13: the paths the answer cache hides (uncached list page, one report) at ≥ 40 % of bare. */
  uncachedShareOfBare: 0.4,
  /** 120 KB read as 120,000 bytes, the stricter of the two readings. */
  firstPaintJsGzipBytes: 120_000,
};

export interface Measurement {
  scenario: Scenario;
  app: LoadFigures;
  bare: LoadFigures;
}

export function machineDescription(): string {
  const cpus = os.cpus();
  const memoryGiB = (os.totalmem() / 1024 ** 3).toFixed(1);
  return `${cpus[0]?.model ?? 'unknown CPU'} × ${cpus.length}, ${memoryGiB} GiB RAM, ${os.type()} ${os.release()}, Node ${process.version}`;
}

/** Other work on the machine skews every figure; printed so a reader can tell a quiet run from a busy one. */
export function loadAverage(): string {
  const [one = 0, five = 0] = os.loadavg();
  return `load average ${one.toFixed(2)} (1 min), ${five.toFixed(2)} (5 min) on ${os.cpus().length} CPUs`;
}

const number = (value: number, digits = 0) => value.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });
// autocannon reports latency in whole milliseconds; only computed means carry decimals.
const ms = (value: number) => `${number(value, Number.isInteger(value) ? 0 : value < 10 ? 2 : 1)} ms`;

export function table(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  // The first column is text (left-aligned); the rest are figures (right-aligned).
  const line = (cells: string[]) =>
    cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join('  ');
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}

export function measurementTable(measurements: Measurement[]): string {
  const rows = measurements.map(({ scenario, app, bare }) => [
    `${scenario.name} [${scenario.settings.connections} conn]`,
    number(app.requestsPerSecond),
    ms(app.p50Ms),
    ms(app.p99Ms),
    number(bare.requestsPerSecond),
    ms(bare.p50Ms),
    ms(bare.p99Ms),
    `${number((app.requestsPerSecond / bare.requestsPerSecond) * 100)}%`,
    `${number(app.p99Ms / Math.max(bare.p99Ms, 0.01), 1)}×`,
    `${number(Buffer.byteLength(scenario.bareRoute.body))} B`,
    `${app.failures}/${bare.failures}`,
  ]);
  return table(
    ['endpoint', 'app req/s', 'app p50', 'app p99', 'bare req/s', 'bare p50', 'bare p99', 'req/s app/bare', 'p99 app/bare', 'body', 'failed app/bare'],
    rows,
  );
}

export function bundleTable(bundle: BundleReport): string {
  const rows = bundle.files.map((file) => [file.path, number(file.rawBytes), number(file.gzipBytes), file.foundBy.join(', ')]);
  return table(['file', 'bytes', 'gzip -9', 'found by'], rows);
}

export function listQueryCostTable(costs: ListQueryCost[], { withPlans = true } = {}): string {
  const rows = costs.map((cost) => [number(cost.offset), ms(cost.meanMs)]);
  const plans = withPlans ? costs.map((cost) => `\nplan at offset ${number(cost.offset)}:\n  ${cost.plan.join('\n  ')}`).join('') : '';
  return table(['offset', 'mean per page query'], rows) + plans;
}

type Verdict = { target: string; figure: string; met: boolean };

/** `bundle` undefined: the JavaScript was not part of this run (reports-bench --only), so it gets no verdict. */
export function verdicts(measurements: Measurement[], bundle: BundleReport | null | undefined): Verdict[] {
  const byKey = (key: ScenarioKey) => measurements.find((measurement) => measurement.scenario.key === key);
  const results: Verdict[] = [];
  const first = byKey('list-first');
  if (first) {
    const share = first.app.requestsPerSecond / first.bare.requestsPerSecond;
    results.push({
      target: `list offset 0 ≥ ${TARGETS.listShareOfBare * 100}% of bare req/s`,
      figure: `${number(share * 100)}% (${number(first.app.requestsPerSecond)} vs ${number(first.bare.requestsPerSecond)})`,
      met: share >= TARGETS.listShareOfBare,
    });
    results.push({
      target: `list offset 0 p99 < ${TARGETS.listP99Ms} ms at ${first.scenario.settings.connections} connections`,
      figure: ms(first.app.p99Ms),
      met: first.app.p99Ms < TARGETS.listP99Ms,
    });
    for (const deep of [byKey('list-middle'), byKey('list-last')]) {
      if (!deep) continue;
      const share = deep.app.requestsPerSecond / first.app.requestsPerSecond;
      results.push({
        target: `${deep.scenario.name}: no cliff (≥ ${TARGETS.deepShareOfFirstPage * 100}% of offset 0 req/s)`,
        figure: `${number(share * 100)}% (${number(deep.app.requestsPerSecond)} req/s, p99 ${ms(deep.app.p99Ms)})`,
        met: share >= TARGETS.deepShareOfFirstPage,
      });
    }
  }
  // Every round of a scenario gets its verdict (reports-bench.ts --rounds).
  const allOf = (key: ScenarioKey) => measurements.filter((measurement) => measurement.scenario.key === key);
  for (const measured of [...allOf('search'), ...allOf('similar')]) {
    const key = measured.scenario.key;
    results.push({
      target: `${key === 'search' ? 'search (q)' : 'similar_to'} p99 < ${TARGETS.searchP99Ms} ms at ${measured.scenario.settings.connections} connections`,
      figure: `${ms(measured.app.p99Ms)} (p50 ${ms(measured.app.p50Ms)}, ${number(measured.app.requestsPerSecond)} req/s)`,
      met: measured.app.p99Ms < TARGETS.searchP99Ms,
    });
  }
  for (const measured of [...allOf('list-uncached'), ...allOf('detail')]) {
    const share = measured.app.requestsPerSecond / measured.bare.requestsPerSecond;
    results.push({
      target: `${measured.scenario.name} ≥ ${TARGETS.uncachedShareOfBare * 100}% of bare req/s`,
      figure: `${number(share * 100)}% (${number(measured.app.requestsPerSecond)} vs ${number(measured.bare.requestsPerSecond)}, p99 ${ms(measured.app.p99Ms)})`,
      met: share >= TARGETS.uncachedShareOfBare,
    });
  }
  if (bundle === undefined) return results;
  results.push(
    bundle
      ? {
          target: `JS before first paint ≤ ${number(TARGETS.firstPaintJsGzipBytes)} B gzip`,
          figure: `${number(bundle.totalGzipBytes)} B (${number(bundle.totalGzipBytes / 1024, 1)} KiB)`,
          met: bundle.totalGzipBytes <= TARGETS.firstPaintJsGzipBytes,
        }
      : { target: `JS before first paint ≤ ${number(TARGETS.firstPaintJsGzipBytes)} B gzip`, figure: 'not measured', met: false },
  );
  return results;
}

export function verdictTable(results: Verdict[]): string {
  return table(['target', 'measured', 'result'], results.map(({ target, figure, met }) => [target, figure, met ? 'MET' : 'MISSED']));
}

/** A run where more than 1% of answers failed measured error handling, not the endpoint. */
export function invalidRuns(measurements: Measurement[]): string[] {
  const problems: string[] = [];
  for (const { scenario, app, bare } of measurements) {
    for (const [side, figures] of [['app', app], ['bare', bare]] as const) {
      if (figures.failures > figures.requests * 0.01) {
        problems.push(`${scenario.name} (${side}): ${figures.failures} failures, statuses ${JSON.stringify(figures.statusCounts)}`);
      }
    }
  }
  return problems;
}
