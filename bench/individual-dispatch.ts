import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { type DatabaseHandle, openDatabase } from '../src/server/db/database';
import { readTimestamp, writeTimestamp } from '../src/server/db/dialect';
import { migrateToLatest } from '../src/server/db/migrator';
import type { Database } from '../src/server/db/schema';
import { nextTokyoMonth, tokyoMonthStart } from '../src/server/lib/time-format';
import { enqueueJob } from '../src/server/lib/jobs/jobs.repo';
import { tokyoMonth } from '../src/server/lib/time-format';
import { createBenchDatabase } from './bench-database';
import { ARRIVAL_TIMEOUT_MS, arrivalOutcome, baselineMessage, type DispatchRun, timeBaselineSend } from './campaigns-dispatch';
import { allowedDays, previousTokyoMonth, randomMinuteIn, seededRandom, seedRegistrants, settleIndividualTables, tokyoDay } from './individual-seed';
import { startMailingServer } from './mailing-server';

/**
 * Part 2 of the individual training bench: one day's sends handed to SMTP by the app as it runs
 * (`MAIL_WORKER=1`: the individual training dispatcher and the mail worker in the app's process,
 * production settings), beside the plain nodemailer loop of the campaign bench sending the very
 * messages the app stored.
 *
 * The database holds `count` active registrations: each had its first mail last month and has one
 * this month, spread over the month's weekdays; the mails of days before today are sent, those of
 * later days are planned. `daySends` of them are today's. They are seeded planned for the last
 * minute of the month, so the app starts idle; the bench then makes them due and queues the pass
 * for that moment, as the dispatcher's chain does for its next due send. The timed run starts when
 * the app's job runner claims that pass (its 5 s poll, the wait before, is reported apart) and ends
 * when the SMTP sink has accepted a message for every one of the day's addresses.
 */

export interface DayDispatchFigures {
  database: string;
  registrants: number;
  daySends: number;
  seedSeconds: number;
  app: DispatchRun;
  baseline: DispatchRun;
  /** From due (the pass queued) until the runner claimed it: the dispatcher's poll. */
  pollWaitMs: number;
  /** The claim was seen while the pass ran; false: the run was timed from the due moment instead. */
  claimSeen: boolean;
  /** From the claim until the first message was accepted. */
  firstMessageMs: number;
  /** From the claim until the last of the day's sends was handed to the outbox. */
  handedOverMs: number;
  /** From the claim until the last send was recorded sent (the worker's completion). */
  recordedMs: number;
  recordedSent: number;
}

const MINUTE_MS = 60_000;

export async function measureDayDispatch(workDir: string, postgresUrl: string | undefined, count: number, daySends: number, cleanups: Array<() => Promise<void>>): Promise<DayDispatchFigures> {
  const folder = path.join(workDir, 'dispatch');
  fs.mkdirSync(folder, { recursive: true });
  const database = await createBenchDatabase(folder, postgresUrl);
  cleanups.push(() => database.drop());
  const handle = openDatabase(database.target);
  cleanups.push(() => handle.destroy());
  await migrateToLatest(handle);

  const now = new Date();
  const month = tokyoMonth(now);
  const lastMonth = previousTokyoMonth(month);
  const today = tokyoDay(now);
  const lastMonthDays = allowedDays(lastMonth);
  const otherDays = allowedDays(month).filter((day) => tokyoDay(day.from) !== today);
  // Today's sends wait here until the bench makes them due: nothing is due when the app starts.
  const parked = new Date(tokyoMonthStart(nextTokyoMonth(month)).getTime() - MINUTE_MS);
  const random = seededRandom(26);
  // Exactly `daySends` of the registrants, evenly spread over the ids.
  const isToday = (index: number) => Math.floor((index * daySends) / count) !== Math.floor(((index + 1) * daySends) / count);
  console.log(`\nDispatch: seeding ${count.toLocaleString('en')} active registrations (first mail in ${lastMonth}, one mail each in ${month}; ${daySends.toLocaleString('en')} of them today, ${today})…`);
  const seedStarted = Date.now();
  await seedRegistrants(handle.db, {
    count,
    sends: (index) => {
      const first = { month: lastMonth, sequence: 1, plannedAt: randomMinuteIn(lastMonthDays[Math.floor(random() * lastMonthDays.length)]!, random), status: 'sent' as const };
      if (isToday(index)) return [first, { month, sequence: 2, plannedAt: parked, status: 'scheduled' }];
      const at = randomMinuteIn(otherDays[Math.floor(random() * otherDays.length)]!, random);
      return [first, { month, sequence: 2, plannedAt: at, status: at < now ? 'sent' : 'scheduled' }];
    },
  });
  await settleIndividualTables(handle);
  const seedSeconds = (Date.now() - seedStarted) / 1000;
  console.log(`  seeded in ${seedSeconds.toFixed(1)} s`);
  const addresses = (await handle.db
    .selectFrom('individual_sends as s')
    .innerJoin('individual_registrations as r', 'r.id', 's.registration_id')
    .select('r.email')
    .where('s.planned_at', '=', writeTimestamp(parked))
    .where('s.status', '=', 'scheduled')
    .execute()).map((row) => row.email);
  if (addresses.length !== daySends) throw new Error(`expected ${daySends} sends for today, found ${addresses.length}`);

  const { sink } = await startMailingServer(folder, database, cleanups);
  await untilIdle(handle.db);

  const { arrived } = await sink.expect(daySends, ARRIVAL_TIMEOUT_MS);
  console.log(`Dispatch: ${daySends.toLocaleString('en')} sends come due; the app's pass hands them over…`);
  const due = new Date();
  const passId = await handle.db.transaction().execute(async (trx) => {
    await trx.updateTable('individual_sends').set({ planned_at: writeTimestamp(due) }).where('planned_at', '=', writeTimestamp(parked)).where('status', '=', 'scheduled').execute();
    return enqueueJob(trx, 'individual_training_pass', {}, { now: due, runAt: due });
  });
  const claim = await passClaim(handle.db, passId);
  const started = claim?.getTime() ?? due.getTime();
  const { first, last } = await arrived;
  const app: DispatchRun = { label: 'app: individual pass → outbox → mail worker → SMTP', ...(await arrivalOutcome(sink, started, last, addresses)) };
  console.log(`  ${app.seconds.toFixed(2)} s, ${app.rate.toFixed(0)} msg/s, ${app.duplicates} duplicates, ${app.missing} missing`);
  const stored = await recordedOutcome(handle, due, daySends);

  console.log('Dispatch: the baseline loop sends the same messages…');
  const rows = await handle.db
    .selectFrom('mail_outbox')
    .select(['to_address', 'subject', 'text_body', 'html_body', 'headers', 'from_name', 'from_address'])
    .where('individual_send_id', 'is not', null)
    .orderBy('id')
    .execute();
  const baseline = await timeBaselineSend(sink, sink.url, rows.map(baselineMessage), addresses);
  console.log(`  ${baseline.seconds.toFixed(2)} s, ${baseline.rate.toFixed(0)} msg/s, ${baseline.duplicates} duplicates, ${baseline.missing} missing`);

  return {
    database: database.label, registrants: count, daySends, seedSeconds, app, baseline,
    pollWaitMs: started - due.getTime(), claimSeen: claim !== null, firstMessageMs: first - started,
    handedOverMs: stored.lastQueuedAt - started, recordedMs: stored.lastSentAt - started, recordedSent: stored.sent,
  };
}

/** Waits until the app's first pass has run and the chain's next pass is queued for later. */
async function untilIdle(db: Kysely<Database>): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const passes = await db.selectFrom('jobs').select(['status', 'run_at']).where('kind', '=', 'individual_training_pass').where('status', 'in', ['queued', 'running']).execute();
    const now = Date.now();
    if (passes.length > 0 && passes.every((pass) => pass.status === 'queued' && readTimestamp(pass.run_at).getTime() > now)) return;
    if (now > deadline) throw new Error(`the app's first individual training pass did not settle: ${JSON.stringify(passes)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The moment the app's runner claimed the pass, watched every few ms; null if it finished unseen. */
async function passClaim(db: Kysely<Database>, jobId: number): Promise<Date | null> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const job = await db.selectFrom('jobs').select(['status', 'claimed_at']).where('id', '=', jobId).executeTakeFirstOrThrow();
    if (job.status === 'running' && job.claimed_at !== null) return readTimestamp(job.claimed_at);
    if (job.status !== 'queued') return null;
    if (Date.now() > deadline) throw new Error('the app did not claim the individual training pass within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** The day's sends as the database records them once the worker has recorded every acceptance. */
async function recordedOutcome(handle: DatabaseHandle, due: Date, expected: number): Promise<{ sent: number; lastQueuedAt: number; lastSentAt: number }> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const row = await handle.db
      .selectFrom('individual_sends')
      .select((eb) => [
        eb.fn.count<number>('sent_at').as('sent'),
        eb.fn.max('queued_at').as('last_queued'),
        eb.fn.max('sent_at').as('last_sent'),
      ])
      .where('planned_at', '=', writeTimestamp(due))
      .executeTakeFirstOrThrow();
    if (Number(row.sent) >= expected || Date.now() > deadline) {
      const time = (value: unknown) => (value ? readTimestamp(value as string | Date).getTime() : Number.NaN);
      return { sent: Number(row.sent), lastQueuedAt: time(row.last_queued), lastSentAt: time(row.last_sent) };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
