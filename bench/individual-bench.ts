import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runBench } from './bench-support';
import type { DispatchRun } from './campaigns-dispatch';
import { type DayDispatchFigures, measureDayDispatch } from './individual-dispatch';
import { measurePlanning, planPassed, type PlanningFigures } from './individual-planning';
import { loadAverage, machineDescription, table } from './summary';

/**
 * `npm run bench:individual` (and the last part of `npm run bench`): individual training of issue 12
 * on the database BENCH_DATABASE_URL names (SQLite when unset).
 * - Planning: `planMonth` for the next month over 100,000 active registrations (time, rows/s, peak
 *   memory), and the plan checked: one send each, weekdays 9:00–17:00 Tokyo, no holiday, 21-day gap;
 * - Dispatch: one day's sends (5,000 of 100,000 registrants) handed by the running app to an SMTP
 *   sink on loopback, beside the campaign bench's plain nodemailer loop sending the same messages.
 * It measures and prints; it never fails on a missed target.
 */

/** The 100,000; BENCH_INDIVIDUAL_REGISTRANTS shortens a trial run. */
const REGISTRANTS = Number(process.env.BENCH_INDIVIDUAL_REGISTRANTS || 100_000);
/** 100,000 registrants over the 20 weekdays of a typical month; BENCH_INDIVIDUAL_DAY_SENDS changes it. */
const DAY_SENDS = Number(process.env.BENCH_INDIVIDUAL_DAY_SENDS || Math.round(REGISTRANTS / 20));
/** BENCH_INDIVIDUAL_PARTS=planning or =dispatch runs one part only. */
const PARTS = process.env.BENCH_INDIVIDUAL_PARTS || 'planning,dispatch';
const TARGETS = { dispatchShareOfBaseline: 0.8 };

async function main(cleanups: Array<() => Promise<void>>): Promise<void> {
  console.log(`\nKizuki individual training benchmark — ${new Date().toISOString()}`);
  console.log(`Machine: ${machineDescription()}`);
  console.log(`Before the run: ${loadAverage()}`);
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kizuki-individual-bench-'));
  cleanups.push(async () => fs.rmSync(workDir, { recursive: true, force: true }));
  const postgresUrl = process.env.BENCH_DATABASE_URL || undefined;

  const planning = PARTS.includes('planning') ? await measurePlanning(workDir, postgresUrl, REGISTRANTS, cleanups) : null;
  // The planning part's database and handle go before the dispatch part starts its own.
  for (const cleanup of cleanups.splice(1).reverse()) await cleanup();
  const dispatch = PARTS.includes('dispatch') ? await measureDayDispatch(workDir, postgresUrl, REGISTRANTS, DAY_SENDS, cleanups) : null;
  printSummary(planning, dispatch);
}

const seconds = (value: number) => `${value.toFixed(2)} s`;
const mib = (value: number) => `${value.toFixed(0)} MiB`;
const verdict = (met: boolean) => (met ? 'met' : 'MISSED');

function printSummary(planning: PlanningFigures | null, dispatch: DayDispatchFigures | null): void {
  const label = planning?.database ?? dispatch?.database ?? '';
  console.log(`\n=== Summary: individual training, ${label}, ${new Date().toISOString()} ===`);
  console.log(`Machine: ${machineDescription()}`);
  console.log(`After the run: ${loadAverage()}\n`);

  if (planning) {
    const { checks } = planning;
    console.log(`Planning ${planning.month} for ${planning.registrants.toLocaleString('en')} active registrations (each with one mail the month before; seeded in ${seconds(planning.seedSeconds)}):\n`);
    console.log(table(
      ['planMonth', 'planned', 'time', 'rows/s', 'CPU (this process)', 'RSS before → peak', 'heap used before → peak'],
      [[
        planning.database, planning.planned.toLocaleString('en'), seconds(planning.seconds), Math.round(planning.planned / planning.seconds).toLocaleString('en'), seconds(planning.cpuSeconds),
        `${mib(planning.rss.before)} → ${mib(planning.rss.peak)}`, `${mib(planning.heap.before)} → ${mib(planning.heap.peak)}`,
      ]],
    ));
    console.log(`  peak RSS: ${planning.rss.peakSource}; peak heap: the highest of ${planning.heap.samples} samples, one after each query result`);
    console.log(`  checked: ${checks.rows.toLocaleString('en')} sends for ${checks.distinctRegistrations.toLocaleString('en')} registrations; not a weekday ${checks.notWeekday}, outside 9–17 JST ${checks.outsideHours}, on a holiday ${checks.onHoliday}, not a whole minute ${checks.notWholeMinute}, under 21 days after the previous mail ${checks.gapUnder21Days}, same lure as the previous mail ${checks.sameLureAsPrevious}, sequence not 2 ${checks.wrongSequence}`);
    console.log(`  plan: ${planPassed(planning) ? 'correct' : 'WRONG'} (exactly one send per registrant, every rule kept)\n`);
  }

  if (dispatch) {
    const share = dispatch.app.rate / dispatch.baseline.rate;
    console.log(`Dispatch of one day's ${dispatch.daySends.toLocaleString('en')} sends among ${dispatch.registrants.toLocaleString('en')} registrants (seeded in ${seconds(dispatch.seedSeconds)}; target ≥ ${TARGETS.dispatchShareOfBaseline * 100}% of the baseline's rate, 0 duplicates, 0 missing):\n`);
    console.log(table(['run', 'time', 'msg/s', 'duplicates', 'missing'], [dispatch.app, dispatch.baseline].map((run: DispatchRun) => [run.label, seconds(run.seconds), run.rate.toFixed(0), String(run.duplicates), String(run.missing)])));
    console.log(`\n  app/baseline: ${(share * 100).toFixed(0)}% — ${verdict(share >= TARGETS.dispatchShareOfBaseline && dispatch.app.duplicates === 0 && dispatch.app.missing === 0)}`);
    console.log(`  timed from the runner's claim of the pass${dispatch.claimSeen ? '' : ' (NOT SEEN: timed from the due moment)'}, ${dispatch.pollWaitMs} ms after the sends came due (the dispatcher's 5 s poll, not counted)`);
    console.log(`  after the claim: first message accepted ${dispatch.firstMessageMs} ms, all handed to the outbox ${dispatch.handedOverMs} ms, last recorded sent ${dispatch.recordedMs} ms; ${dispatch.recordedSent.toLocaleString('en')} sends recorded sent`);
  }
}

await runBench(main);
