import type { ExpressionBuilder, Kysely, Transaction, Updateable } from 'kysely';
import { dialectOf, readTimestamp, writeTimestamp } from '../../db/dialect';
import type { Database, JobRow, JobStatus, JobsTable } from '../../db/schema';
import { JOB_MAX_ATTEMPTS, type JobKind, type JobKinds } from './job-kinds';

/** Where a job is written: the caller's transaction, so the job exists if and only if its cause commits. */
export type JobWriter = Kysely<Database> | Transaction<Database>;

/** The transaction that records a job's outcome; repositories write their part of it. */
export type JobTransaction = Transaction<Database>;

/** Writes that must commit together with a job's outcome (see `JobsRepository.complete`/`fail`). */
export type JobOutcomeWrite = (trx: JobTransaction) => Promise<boolean | void>;

/** A job a runner holds: only the holder of `claimedBy` may record its outcome. */
export interface ClaimedJob<M extends object = JobKinds, K extends keyof M & string = keyof M & string> {
  id: number;
  kind: K;
  payload: M[K];
  /** Claims so far, this one included. */
  attempts: number;
  maxAttempts: number;
  claimedBy: string;
  runAt: Date;
}

/** A job as stored (tests, and views of the rows that own a job). */
export interface JobState {
  id: number;
  kind: string;
  payload: unknown;
  status: JobStatus;
  runAt: Date;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  claimedBy: string | null;
  claimedAt: Date | null;
  finishedAt: Date | null;
}

export interface EnqueueOptions {
  /** When the job was caused (created_at, and the due time unless `runAt` is given). */
  now: Date;
  /** Not before this instant. */
  runAt?: Date;
  maxAttempts?: number;
}

export interface ClaimRequest<M extends object> {
  kinds: ReadonlyArray<keyof M & string>;
  now: Date;
  /** A running job claimed before this instant belongs to a process that stopped, and is taken over. */
  staleBefore: Date;
  /** At most this many jobs in one claim. */
  limit: number;
  /** Token of this claim, stored on every job it takes. */
  claimedBy: string;
}

const DEFAULT_MAX_ATTEMPTS = 5;
const REASON_LIMIT = 2000;

/**
 * Writes an app job inside the caller's transaction (the change that causes it). The runner of its
 * kind takes it once due; kick that runner after the commit to start at once.
 */
export async function enqueueJob<K extends JobKind>(
  db: JobWriter,
  kind: K,
  payload: JobKinds[K],
  options: EnqueueOptions,
): Promise<number> {
  return new JobsRepository(db).enqueue(kind, payload, { maxAttempts: JOB_MAX_ATTEMPTS[kind], ...options });
}

/**
 * The only SQL of the jobs table. Claims are safe between any number of runners: on PostgreSQL the
 * due rows are picked with `FOR UPDATE SKIP LOCKED` inside the claiming UPDATE, so runners on
 * several machines take different jobs without waiting for each other; on SQLite that one UPDATE
 * statement is atomic (a single writer at a time). An outcome is recorded only while the job is
 * still `running` under the same claim token, so a runner whose claim was taken over changes
 * nothing.
 */
export class JobsRepository<M extends object = JobKinds> {
  constructor(private readonly db: JobWriter) {}

  async enqueue<K extends keyof M & string>(kind: K, payload: M[K], options: EnqueueOptions): Promise<number> {
    const now = writeTimestamp(options.now);
    const row = await this.db
      .insertInto('jobs')
      .values({
        kind,
        payload: JSON.stringify(payload),
        status: 'queued',
        run_at: writeTimestamp(options.runAt ?? options.now),
        attempts: 0,
        max_attempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * Claims up to `limit` jobs of the given kinds, oldest due first: queued ones whose time has
   * come, and running ones whose claim is stale. Each claim raises `attempts`.
   */
  async claim(request: ClaimRequest<M>): Promise<Array<ClaimedJob<M>>> {
    if (request.kinds.length === 0 || request.limit < 1) return [];
    const now = writeTimestamp(request.now);
    const staleBefore = writeTimestamp(request.staleBefore);
    const picked = this.db
      .selectFrom('jobs')
      .select('id')
      .where('kind', 'in', [...request.kinds])
      .where((eb) => claimable(eb, now, staleBefore))
      .orderBy('run_at')
      .orderBy('id')
      .limit(request.limit);
    const changes = (eb: ExpressionBuilder<Database, 'jobs'>) => ({
      status: 'running' as const,
      attempts: eb('attempts', '+', 1),
      claimed_by: request.claimedBy,
      claimed_at: now,
      updated_at: now,
    });
    const rows =
      dialectOf(this.db as Kysely<unknown>) === 'postgres'
        ? // A materialised CTE runs the locking pick once; as a plain `IN (subquery)` PostgreSQL may
          // run it again per row, each run skipping the rows just locked, and so claim past the limit.
          await this.db
            .with((cte) => cte('picked').materialized(), () => picked.forUpdate().skipLocked())
            .updateTable('jobs')
            .set(changes)
            .where('id', 'in', (eb) => eb.selectFrom('picked').select('picked.id'))
            .returningAll()
            .execute()
        : // One statement is atomic on SQLite (a single writer), so it is its own compare-and-set.
          await this.db.updateTable('jobs').set(changes).where('id', 'in', picked).returningAll().execute();
    return rows
      .map((row) => toClaimed<M>(row, request.claimedBy))
      .sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || a.id - b.id);
  }

  /** Restamps a claim when its turn in a batch comes, so waiting in the batch never makes it stale. False: it was taken over. */
  async renew(job: ClaimedJob<M>, now: Date): Promise<boolean> {
    return this.update(this.db, job, { claimed_at: writeTimestamp(now), updated_at: writeTimestamp(now) });
  }

  /**
   * Marks the job done and runs `write` in the same transaction, only while the claim is still
   * ours. False: the claim was lost (nothing was written), or `write` answered false.
   */
  async complete(job: ClaimedJob<M>, now: Date, write?: JobOutcomeWrite): Promise<boolean> {
    const at = writeTimestamp(now);
    return this.finish(job, write, { status: 'done', finished_at: at, updated_at: at, claimed_by: null, claimed_at: null, last_error: null });
  }

  /** Queues the job again for `runAt`, keeping the reason of this failure. */
  async retry(job: ClaimedJob<M>, runAt: Date, reason: string, now: Date): Promise<boolean> {
    return this.update(this.db, job, {
      status: 'queued',
      run_at: writeTimestamp(runAt),
      last_error: reason.slice(0, REASON_LIMIT),
      claimed_by: null,
      claimed_at: null,
      updated_at: writeTimestamp(now),
    });
  }

  /**
   * Gives the job up for good with its reason, and runs `write` in the same transaction.
   * `countAttempt: false` when this claim never ran it (a stale job out of attempts).
   */
  async fail(job: ClaimedJob<M>, reason: string, now: Date, options: { write?: JobOutcomeWrite; countAttempt?: boolean } = {}): Promise<boolean> {
    const at = writeTimestamp(now);
    return this.finish(job, options.write, {
      status: 'failed',
      last_error: reason.slice(0, REASON_LIMIT),
      finished_at: at,
      updated_at: at,
      claimed_by: null,
      claimed_at: null,
      ...(options.countAttempt === false ? { attempts: job.attempts - 1 } : {}),
    });
  }

  /** Hands the claim back untouched (the runner is busy or stopping): the attempt does not count. */
  async release(job: ClaimedJob<M>, now: Date): Promise<boolean> {
    return this.update(this.db, job, { status: 'queued', attempts: job.attempts - 1, claimed_by: null, claimed_at: null, updated_at: writeTimestamp(now) });
  }

  async find(id: number): Promise<JobState | undefined> {
    const row = await this.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toState(row) : undefined;
  }

  /** Changes the job only while this claim still holds it. */
  private async update(db: JobWriter, job: ClaimedJob<M>, changes: Updateable<JobsTable>): Promise<boolean> {
    const result = await db
      .updateTable('jobs')
      .set(changes)
      .where('id', '=', job.id)
      .where('claimed_by', '=', job.claimedBy)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  private async finish(job: ClaimedJob<M>, write: JobOutcomeWrite | undefined, changes: Updateable<JobsTable>): Promise<boolean> {
    const run = async (trx: Transaction<Database>) => {
      if (!(await this.update(trx, job, changes))) return false;
      return write ? (await write(trx)) !== false : true;
    };
    return this.db.isTransaction ? run(this.db as Transaction<Database>) : this.db.transaction().execute(run);
  }
}

function claimable(eb: ExpressionBuilder<Database, 'jobs'>, now: string, staleBefore: string) {
  return eb.or([
    eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', now)]),
    eb.and([eb('status', '=', 'running'), eb('claimed_at', '<', staleBefore)]),
  ]);
}

function toClaimed<M extends object>(row: JobRow, claimedBy: string): ClaimedJob<M> {
  return {
    id: row.id,
    kind: row.kind as keyof M & string,
    payload: JSON.parse(row.payload) as M[keyof M & string],
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    claimedBy,
    runAt: readTimestamp(row.run_at),
  };
}

function toState(row: JobRow): JobState {
  return {
    id: row.id,
    kind: row.kind,
    payload: JSON.parse(row.payload) as unknown,
    status: row.status,
    runAt: readTimestamp(row.run_at),
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    lastError: row.last_error,
    claimedBy: row.claimed_by,
    claimedAt: row.claimed_at === null ? null : readTimestamp(row.claimed_at),
    finishedAt: row.finished_at === null ? null : readTimestamp(row.finished_at),
  };
}
