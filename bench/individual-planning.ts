import fs from 'node:fs';
import path from 'node:path';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { isJapaneseHoliday } from '../src/common/campaign-schedule';
import { INDIVIDUAL_SCHEDULE } from '../src/common/individual-training.schema';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';
import { readTimestamp } from '../src/server/db/dialect';
import { migrateToLatest } from '../src/server/db/migrator';
import { createIndividualDispatch } from '../src/server/features/individual-training/individual-training.feature';
import { nextTokyoMonth, tokyoMonthStart } from '../src/server/lib/time-format';
import { tokyoMonth } from '../src/server/lib/time-format';
import { createBenchDatabase } from './bench-database';
import { allowedDays, randomMinuteIn, seededRandom, seedRegistrants, settleIndividualTables } from './individual-seed';

/**
 * Part 1 of the individual training bench: the monthly plan for every registrant. The dispatcher's
 * pass at 00:00 Tokyo on the 1st calls `planMonth(month, now)`; here it is called the same way, in
 * this process, on `count` active registrations whose only mail went out in the month before, so
 * the 21-day gap rule is in play for every one of them.
 */

export interface PlanningFigures {
  database: string;
  registrants: number;
  month: string;
  seedSeconds: number;
  planned: number;
  seconds: number;
  cpuSeconds: number;
  /** Resident set size in MiB: before planning, and the kernel's high-water mark (VmHWM) during it. */
  rss: { before: number; peak: number; peakSource: string };
  /** V8 heap used in MiB: before planning, and the highest value seen after any query of the planning. */
  heap: { before: number; peak: number; samples: number };
  checks: PlanChecks;
}

export interface PlanChecks {
  rows: number;
  distinctRegistrations: number;
  notWeekday: number;
  outsideHours: number;
  onHoliday: number;
  notWholeMinute: number;
  gapUnder21Days: number;
  sameLureAsPrevious: number;
  wrongSequence: number;
}

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const TOKYO_OFFSET_MS = 9 * 60 * MINUTE_MS;
const MIB = 1024 * 1024;

export async function measurePlanning(workDir: string, postgresUrl: string | undefined, count: number, cleanups: Array<() => Promise<void>>): Promise<PlanningFigures> {
  const folder = path.join(workDir, 'planning');
  fs.mkdirSync(folder, { recursive: true });
  const database = await createBenchDatabase(folder, postgresUrl);
  cleanups.push(() => database.drop());
  const handle = openDatabase(database.target);
  cleanups.push(() => handle.destroy());
  await migrateToLatest(handle);

  // The month before the planned one is the current Tokyo month; the plan is for the next one.
  const previousMonth = tokyoMonth(new Date());
  const month = nextTokyoMonth(previousMonth);
  const days = allowedDays(previousMonth);
  const random = seededRandom(12);
  console.log(`\nPlanning: seeding ${count.toLocaleString('en')} active registrations, each with its first mail sent in ${previousMonth}…`);
  const seedStarted = Date.now();
  await seedRegistrants(handle.db, {
    count,
    sends: () => [{ month: previousMonth, sequence: 1, plannedAt: randomMinuteIn(days[Math.floor(random() * days.length)]!, random), status: 'sent' }],
  });
  await settleIndividualTables(handle);
  const seedSeconds = (Date.now() - seedStarted) / 1000;
  console.log(`  seeded in ${seedSeconds.toFixed(1)} s`);

  // The pass that plans `month` runs when the month begins (the chain queues it for 00:00 Tokyo on the 1st).
  const now = tokyoMonthStart(month);
  const sampler = new MemorySampler();
  const config = loadConfig({
    NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: path.join(folder, 'data'), APP_URL: 'http://127.0.0.1',
    APP_SECRET: 'individual-training-bench-secret-of-32-characters-or-more',
    // Planning sends nothing; production configuration only insists that a server is named.
    SMTP_URL: 'smtp://127.0.0.1:2525',
  });
  const { dispatcher } = createIndividualDispatch(handle.db.withPlugin(sampler), {
    config,
    clock: { now: () => now },
    logger: { info: () => {}, warn: (obj, msg) => console.warn(msg, obj), error: (obj, msg) => console.error(msg, obj) },
    kickMail: () => {},
  });

  console.log(`Planning: planMonth('${month}') at ${now.toISOString()} (00:00 Tokyo on the 1st)…`);
  globalThis.gc?.();
  const peakSource = resetPeakRss() ? 'VmHWM after clear_refs' : 'process maxRSS (whole run so far: clear_refs refused)';
  const rssBefore = process.memoryUsage.rss();
  const heapBefore = process.memoryUsage().heapUsed;
  sampler.reset();
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const planned = await dispatcher.planMonth(month, now);
  if (planned === null) throw new Error('planMonth found no consumer lure: the library was not synced');
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const peakRss = readPeakRss() ?? process.resourceUsage().maxRSS * 1024;
  console.log(`  ${planned.toLocaleString('en')} planned in ${seconds.toFixed(2)} s`);

  const checks = await checkPlan(handle.db, month, previousMonth);
  return {
    database: database.label, registrants: count, month, seedSeconds, planned, seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6,
    rss: { before: rssBefore / MIB, peak: Math.max(peakRss, sampler.peakRss) / MIB, peakSource },
    heap: { before: heapBefore / MIB, peak: Math.max(heapBefore, sampler.peakHeap) / MIB, samples: sampler.samples },
    checks,
  };
}

/**
 * Samples the process's memory after every query result of the planning. On SQLite the driver
 * never yields to timers (better-sqlite3 is synchronous), so a timer would see nothing during the
 * run; after each result is where a batch of rows, or a batch of sends to insert, is alive.
 */
class MemorySampler implements KyselyPlugin {
  peakHeap = 0;
  peakRss = 0;
  samples = 0;

  reset(): void {
    this.peakHeap = 0;
    this.peakRss = 0;
    this.samples = 0;
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const usage = process.memoryUsage();
    this.peakHeap = Math.max(this.peakHeap, usage.heapUsed);
    this.peakRss = Math.max(this.peakRss, usage.rss);
    this.samples += 1;
    return args.result;
  }
}

/** Linux: writing 5 to clear_refs resets the peak resident set size (VmHWM) of the process. */
function resetPeakRss(): boolean {
  try {
    fs.writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
}

function readPeakRss(): number | null {
  try {
    const match = /^VmHWM:\s+(\d+) kB$/m.exec(fs.readFileSync('/proc/self/status', 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** Reads every planned send back with the registration's previous one and counts each rule broken. */
async function checkPlan(db: ReturnType<typeof openDatabase>['db'], month: string, previousMonth: string): Promise<PlanChecks> {
  const rows = await db
    .selectFrom('individual_sends as s')
    .innerJoin('individual_sends as p', (join) => join.onRef('p.registration_id', '=', 's.registration_id').on('p.month', '=', previousMonth))
    .select(['s.registration_id', 's.planned_at', 's.sequence', 's.template_id', 'p.planned_at as previous_at', 'p.template_id as previous_template_id'])
    .where('s.month', '=', month)
    .execute();
  const checks: PlanChecks = {
    rows: rows.length, distinctRegistrations: new Set(rows.map((row) => row.registration_id)).size,
    notWeekday: 0, outsideHours: 0, onHoliday: 0, notWholeMinute: 0, gapUnder21Days: 0, sameLureAsPrevious: 0, wrongSequence: 0,
  };
  for (const row of rows) {
    const at = readTimestamp(row.planned_at);
    const tokyo = new Date(at.getTime() + TOKYO_OFFSET_MS);
    const weekday = tokyo.getUTCDay();
    const minuteOfDay = tokyo.getUTCHours() * 60 + tokyo.getUTCMinutes();
    if (weekday === 0 || weekday === 6) checks.notWeekday += 1;
    if (minuteOfDay < INDIVIDUAL_SCHEDULE.startHour * 60 || minuteOfDay >= INDIVIDUAL_SCHEDULE.endHour * 60) checks.outsideHours += 1;
    if (isJapaneseHoliday(at)) checks.onHoliday += 1;
    if (at.getTime() % MINUTE_MS !== 0) checks.notWholeMinute += 1;
    if (at.getTime() - readTimestamp(row.previous_at).getTime() < INDIVIDUAL_SCHEDULE.minGapDays * DAY_MS) checks.gapUnder21Days += 1;
    if (row.template_id === row.previous_template_id) checks.sameLureAsPrevious += 1;
    if (row.sequence !== 2) checks.wrongSequence += 1;
  }
  return checks;
}

/** Every rule held and exactly one send per registrant. */
export function planPassed(figures: PlanningFigures): boolean {
  const { checks } = figures;
  return figures.planned === figures.registrants && checks.rows === figures.registrants && checks.distinctRegistrations === figures.registrants
    && checks.notWeekday + checks.outsideHours + checks.onHoliday + checks.notWholeMinute + checks.gapUnder21Days + checks.sameLureAsPrevious + checks.wrongSequence === 0;
}
