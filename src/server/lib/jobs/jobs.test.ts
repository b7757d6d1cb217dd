import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../clock';
import { type DatabaseHandle, openDatabase } from '../../db/database';
import { testDatabaseTarget } from '../../test/test-database';
import { type JobHandler, type JobHandlers, JobFailure, JobRunner } from './job-runner';
import { type ClaimedJob, JobsRepository } from './jobs.repo';

/**
 * The job mechanism on its own, on the file's database (SQLite, or PostgreSQL with DATABASE_URL):
 * claims, batches, due times, retries with backoff, stale takeover, the final failure, with kinds
 * of its own.
 */

interface TestKinds {
  test_echo: { value: string };
  test_other: { value: string };
}

const MINUTE = 60_000;
const STALE_MS = 10 * MINUTE;
const silent = { info: () => {}, warn: () => {}, error: () => {} };

let database: DatabaseHandle;
let jobs: JobsRepository<TestKinds>;
let clock: ManualClock;

beforeAll(async () => {
  database = openDatabase(await testDatabaseTarget());
  jobs = new JobsRepository<TestKinds>(database.db);
});
afterAll(() => database.destroy());
beforeEach(async () => {
  await database.db.deleteFrom('jobs').where('kind', 'in', ['test_echo', 'test_other']).execute();
  clock = new ManualClock(new Date('2026-11-23T21:00:00Z'));
});

const enqueue = (value: string, options: { runAt?: Date; maxAttempts?: number; kind?: keyof TestKinds } = {}) =>
  jobs.enqueue(options.kind ?? 'test_echo', { value }, { now: clock.now(), ...options });

const claim = (claimedBy: string, limit = 10, repo: JobsRepository<TestKinds> = jobs) => {
  const now = clock.now();
  return repo.claim({ kinds: ['test_echo'], now, staleBefore: new Date(now.getTime() - STALE_MS), limit, claimedBy });
};

const state = async (id: number) => {
  const found = await jobs.find(id);
  if (!found) throw new Error(`no job ${id}`);
  return found;
};

function runner(handler: JobHandler<TestKinds, 'test_echo'>, options: { batchSize?: number; maxAttempts?: number } = {}) {
  const handlers: JobHandlers<TestKinds> = { test_echo: handler };
  return new JobRunner<TestKinds>({
    db: database.db,
    handlers,
    clock,
    logger: silent,
    name: 'test runner',
    pollIntervalMs: MINUTE,
    staleClaimMs: STALE_MS,
    baseBackoffMs: MINUTE,
    maxBackoffMs: 8 * MINUTE,
    ...options,
  });
}

describe('enqueue', () => {
  it('writes in the caller transaction: a rolled-back change leaves no job', async () => {
    await expect(
      database.db.transaction().execute(async (trx) => {
        await new JobsRepository<TestKinds>(trx).enqueue('test_echo', { value: 'rolled back' }, { now: clock.now() });
        throw new Error('the causing change failed');
      }),
    ).rejects.toThrow('the causing change failed');
    expect(await claim('anyone')).toEqual([]);

    const id = await database.db.transaction().execute((trx) => new JobsRepository<TestKinds>(trx).enqueue('test_echo', { value: 'kept' }, { now: clock.now() }));
    expect(await state(id)).toMatchObject({ kind: 'test_echo', payload: { value: 'kept' }, status: 'queued', attempts: 0, maxAttempts: 5, claimedBy: null });
  });
});

describe('claims', () => {
  it('takes due jobs of the asked kinds oldest first, in batches up to the limit, each once', async () => {
    const first = await enqueue('first');
    clock.advance(1_000);
    const second = await enqueue('second');
    await enqueue('other kind', { kind: 'test_other' });
    clock.advance(1_000);
    const third = await enqueue('third');

    const batch = await claim('claimer-a', 2);
    expect(batch.map((job) => [job.id, job.payload.value, job.attempts, job.claimedBy])).toEqual([
      [first, 'first', 1, 'claimer-a'],
      [second, 'second', 1, 'claimer-a'],
    ]);
    expect(await state(first)).toMatchObject({ status: 'running', attempts: 1, claimedBy: 'claimer-a', claimedAt: clock.now() });
    expect((await claim('claimer-b', 2)).map((job) => job.id)).toEqual([third]);
    // Nothing left of this kind; the other kind was never taken.
    expect(await claim('claimer-c', 2)).toEqual([]);
  });

  it('leaves a job alone until its due time', async () => {
    const id = await enqueue('later', { runAt: new Date(clock.now().getTime() + 5 * MINUTE) });
    clock.advance(5 * MINUTE - 1);
    expect(await claim('early')).toEqual([]);
    clock.advance(1);
    expect((await claim('on-time')).map((job) => job.id)).toEqual([id]);
  });

  it('takes over a claim older than the stale limit, but not a fresh one; the old holder can no longer record anything', async () => {
    const id = await enqueue('crashed');
    const [dead] = await claim('dead-process');
    clock.advance(STALE_MS);
    expect(await claim('too-early')).toEqual([]);
    clock.advance(1);
    const [taken] = await claim('new-process');
    expect(taken).toMatchObject({ id, attempts: 2, claimedBy: 'new-process' });
    // The first holder wakes up: its outcome is refused, the new holder's stands.
    expect(await jobs.complete(dead!, clock.now())).toBe(false);
    expect(await jobs.renew(dead!, clock.now())).toBe(false);
    expect(await jobs.complete(taken!, clock.now())).toBe(true);
    expect(await state(id)).toMatchObject({ status: 'done', attempts: 2, claimedBy: null });
  });

  it('records an outcome and the writes that go with it in one transaction', async () => {
    const id = await enqueue('atomic');
    const [job] = await claim('holder');
    await expect(
      jobs.complete(job!, clock.now(), async () => {
        throw new Error('the row it works on could not be written');
      }),
    ).rejects.toThrow();
    expect(await state(id)).toMatchObject({ status: 'running', claimedBy: 'holder' });
    let wrote = false;
    expect(await jobs.complete(job!, clock.now(), async () => void (wrote = true))).toBe(true);
    expect(wrote).toBe(true);
    expect(await state(id)).toMatchObject({ status: 'done', finishedAt: clock.now() });
  });

  it('keeps to the batch limit when two claimers race for the same rows', async () => {
    const second = openDatabase(await testDatabaseTarget());
    try {
      const repos = [jobs, new JobsRepository<TestKinds>(second.db)];
      await claim('warm-up', 1, repos[1]);
      for (let round = 0; round < 8; round += 1) {
        const ids: number[] = [];
        for (let index = 0; index < 16; index += 1) ids.push(await enqueue(`round ${round} job ${index}`));
        const [a, b] = await Promise.all(repos.map((repo, index) => claim(`round-${round}-${index}`, 10, repo)));
        expect(a!.length).toBeLessThanOrEqual(10);
        expect(b!.length).toBeLessThanOrEqual(10);
        expect([...a!, ...b!].map((job) => job.id).sort((x, y) => x - y)).toEqual(ids);
        for (const job of [...a!, ...b!]) await jobs.complete(job, clock.now());
      }
    } finally {
      await second.destroy();
    }
  });

  it('never gives one job to two claimers racing on two connections', async () => {
    const count = 30;
    const ids: number[] = [];
    for (let index = 0; index < count; index += 1) ids.push(await enqueue(`job ${index}`));
    const second = openDatabase(await testDatabaseTarget());
    try {
      // Each pool's three connections open before the race: on a busy machine the second pool's first
      // connection took longer than the first pool's claimers needed for all thirty jobs (the race was
      // then never run, and the SKIP LOCKED check below failed for a reason of no interest).
      await Promise.all([database, second].flatMap((handle) => Array.from({ length: 3 }, () => handle.db.selectFrom('jobs').select('id').limit(1).execute())));
      const repos = [jobs, new JobsRepository<TestKinds>(second.db)];
      const taken: Array<Array<ClaimedJob<TestKinds>>> = [[], []];
      // Six claimers, three per connection, claim three at a time until nothing is left.
      await Promise.all(
        Array.from({ length: 6 }, async (_, index) => {
          for (;;) {
            const batch = await claim(`claimer-${index}`, 3, repos[index % 2]);
            if (batch.length === 0) return;
            expect(batch.length).toBeLessThanOrEqual(3);
            taken[index % 2]!.push(...batch);
            await new Promise((resolve) => setTimeout(resolve, 2));
          }
        }),
      );
      const claimedIds = taken.flat().map((job) => job.id);
      expect(claimedIds.sort((a, b) => a - b)).toEqual(ids);
      if (database.dialect === 'postgres') {
        // SKIP LOCKED: both connections got work, neither waited for the other's rows.
        expect(taken[0]!.length).toBeGreaterThan(0);
        expect(taken[1]!.length).toBeGreaterThan(0);
      }
      for (const job of taken.flat()) {
        expect(job.attempts).toBe(1);
        expect((await state(job.id)).claimedBy).toBe(job.claimedBy);
      }
    } finally {
      await second.destroy();
    }
  });
});

describe('the runner', () => {
  it('runs due jobs with their typed payload and marks them done', async () => {
    const seen: string[] = [];
    const ids = [await enqueue('a'), await enqueue('b'), await enqueue('c')];
    await enqueue('not yet', { runAt: new Date(clock.now().getTime() + MINUTE) });
    await runner({ run: async (job) => void seen.push(job.payload.value) }, { batchSize: 2 }).drain();
    expect(seen).toEqual(['a', 'b', 'c']);
    for (const id of ids) expect(await state(id)).toMatchObject({ status: 'done', attempts: 1, lastError: null, finishedAt: clock.now() });
  });

  it('retries a failure with exponential backoff, then succeeds', async () => {
    const id = await enqueue('flaky');
    let calls = 0;
    const flaky = runner({
      run: async () => {
        calls += 1;
        if (calls <= 2) throw new Error(`temporary trouble ${calls}`);
      },
    });
    const start = clock.now().getTime();
    await flaky.drain();
    expect(await state(id)).toMatchObject({ status: 'queued', attempts: 1, lastError: 'temporary trouble 1', runAt: new Date(start + MINUTE) });

    // Not due yet: not run.
    clock.advance(MINUTE - 1);
    await flaky.drain();
    expect(calls).toBe(1);

    clock.advance(1);
    await flaky.drain();
    // The second wait is twice the first.
    expect(await state(id)).toMatchObject({ status: 'queued', attempts: 2, lastError: 'temporary trouble 2', runAt: new Date(start + MINUTE + 2 * MINUTE) });

    clock.advance(2 * MINUTE);
    await flaky.drain();
    expect(await state(id)).toMatchObject({ status: 'done', attempts: 3, lastError: null });
    expect(calls).toBe(3);
  });

  it('caps the backoff', async () => {
    const id = await enqueue('always failing', { maxAttempts: 10 });
    const failing = runner({ run: async () => Promise.reject(new Error('down')) });
    const waits: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      await failing.drain();
      const { runAt } = await state(id);
      waits.push((runAt.getTime() - clock.now().getTime()) / MINUTE);
      clock.set(runAt);
    }
    expect(waits).toEqual([1, 2, 4, 8, 8, 8]);
  });

  it('gives a job up with its reason after the last attempt, and at once on a permanent failure', async () => {
    const retried = await enqueue('retried', { maxAttempts: 2 });
    const permanent = await enqueue('permanent');
    const failed: string[] = [];
    const failing = runner({
      run: async (job) => {
        if (job.payload.value === 'permanent') throw new JobFailure('550 no such user', true);
        throw new Error('421 try later');
      },
      onFailed: async (trx, job, reason) => {
        // In the failing transaction: a read through it sees the job already failed.
        const row = await trx.selectFrom('jobs').select('status').where('id', '=', job.id).executeTakeFirstOrThrow();
        failed.push(`${job.payload.value} (${row.status}): ${reason}`);
      },
    });
    await failing.drain();
    expect(await state(permanent)).toMatchObject({ status: 'failed', attempts: 1, lastError: '550 no such user', claimedBy: null });
    expect(await state(retried)).toMatchObject({ status: 'queued', attempts: 1 });

    clock.advance(MINUTE);
    await failing.drain();
    expect(await state(retried)).toMatchObject({ status: 'failed', attempts: 2, lastError: 'gave up after 2 attempts: 421 try later' });
    expect(failed).toEqual(['permanent (failed): 550 no such user', 'retried (failed): gave up after 2 attempts: 421 try later']);

    // A failed job is never run again.
    clock.advance(24 * 60 * MINUTE);
    await failing.drain();
    expect((await state(retried)).attempts).toBe(2);
  });

  it('takes over a stale claim, and gives up without running a job whose every claim went stale', async () => {
    const doomed = await enqueue('doomed', { maxAttempts: 2 });
    const revived = await enqueue('revived', { maxAttempts: 2 });
    const ran: string[] = [];
    const failedReasons: string[] = [];
    const handler: JobHandler<TestKinds, 'test_echo'> = {
      run: async (job) => void ran.push(job.payload.value),
      onFailed: async (_trx, job, reason) => void failedReasons.push(`${job.payload.value}: ${reason}`),
    };
    // Two processes died holding `doomed`, one holding `revived`.
    expect((await claim('dead-1', 2)).map((job) => job.id)).toEqual([doomed, revived]);
    clock.advance(STALE_MS + 1);
    expect((await claim('dead-2', 1)).map((job) => job.id)).toEqual([doomed]);
    clock.advance(STALE_MS + 1);

    await runner(handler).drain();
    expect(ran).toEqual(['revived']);
    expect(await state(revived)).toMatchObject({ status: 'done', attempts: 2 });
    expect(await state(doomed)).toMatchObject({ status: 'failed', attempts: 2, lastError: 'gave up after 2 attempts: the claim went stale each time' });
    expect(failedReasons).toEqual(['doomed: gave up after 2 attempts: the claim went stale each time']);
  });

  it('hands a job back uncounted when the handler is busy, and stops the pass', async () => {
    const first = await enqueue('first');
    const second = await enqueue('second');
    let busy = true;
    const seen: string[] = [];
    const lane = runner({
      run: async (job) => {
        seen.push(job.payload.value);
        return busy ? 'release' : undefined;
      },
    }, { batchSize: 2 });
    await lane.drain();
    expect(seen).toEqual(['first']);
    for (const id of [first, second]) expect(await state(id)).toMatchObject({ status: 'queued', attempts: 0, claimedBy: null });

    busy = false;
    await lane.drain();
    expect(seen).toEqual(['first', 'first', 'second']);
    for (const id of [first, second]) expect(await state(id)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('restamps each claim of a batch when its turn comes, and skips one taken over meanwhile', async () => {
    const ids = [await enqueue('one'), await enqueue('two'), await enqueue('three')];
    const seen: string[] = [];
    const lane = runner(
      {
        run: async (job) => {
          seen.push(job.payload.value);
          if (job.payload.value === 'one') {
            // `one` runs long: `two` waits in the batch past the stale limit, and `three` is taken over meanwhile.
            clock.advance(STALE_MS + 1);
            await database.db.updateTable('jobs').set({ claimed_by: 'other-process', claimed_at: clock.now().toISOString() }).where('id', '=', ids[2]!).execute();
          }
          if (job.payload.value === 'two') {
            // Restamped when its turn came, so no other process sees it as stale.
            expect(await claim('thief')).toEqual([]);
          }
        },
      },
      { batchSize: 3 },
    );
    await lane.drain();
    expect(seen).toEqual(['one', 'two']);
    expect(await state(ids[0]!)).toMatchObject({ status: 'done' });
    expect(await state(ids[1]!)).toMatchObject({ status: 'done' });
    expect(await state(ids[2]!)).toMatchObject({ status: 'running', claimedBy: 'other-process' });
  });

  it('stops claiming on close and waits for the job in hand', async () => {
    await enqueue('in hand');
    await enqueue('never started');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started = false;
    const lane = runner({
      run: async () => {
        started = true;
        await gate;
      },
    }, { batchSize: 2 });
    lane.kick();
    while (!started) await new Promise((resolve) => setTimeout(resolve, 5));
    const closing = lane.close();
    release();
    await closing;
    const rows = await database.db.selectFrom('jobs').select(['status', 'attempts']).where('kind', '=', 'test_echo').orderBy('id').execute();
    expect(rows).toEqual([{ status: 'done', attempts: 1 }, { status: 'queued', attempts: 0 }]);
  });
});
