import type { Kysely, Transaction } from 'kysely';
import type { ReceiptMethod } from '../../../common/limits';
import { readTimestamp, writeTimestamp } from '../../db/dialect';
import type { Database, NewPhishingReportRow, PhishingReportRow, ScreenshotStatus } from '../../db/schema';

/** Columns a public answer is built from; nothing secret is ever selected for reading. */
const PUBLIC_COLUMNS = [
  'report_id',
  'receipt_method',
  'subject',
  'body',
  'source_email',
  'phone_number',
  'publish_screenshot',
  'screenshot_status',
  'screenshot_key',
  'thumbnail_key',
  'reported_at',
] as const;

/** A new report as the service hands it over; the repository writes the timestamp in its storage format. */
export type NewReport = Omit<NewPhishingReportRow, 'reported_at'> & { reported_at: Date };

export interface StoredReport {
  report_id: string;
  receipt_method: ReceiptMethod;
  subject: string | null;
  body: string;
  source_email: string | null;
  phone_number: string | null;
  publish_screenshot: boolean;
  screenshot_status: ScreenshotStatus;
  screenshot_key: string | null;
  thumbnail_key: string | null;
  reported_at: Date;
}

export interface DeletionState {
  id: number;
  delete_password_hash: string;
  failed_delete_attempts: number;
  delete_locked_until: Date | null;
}

/** A pending screenshot as the publisher sees it when looking for work. */
export interface ScreenshotJobCandidate {
  id: number;
  attempts: number;
  /**
   * Public files left from before redaction existed (never served, since their folder is not);
   * a pending report holds no other public key. Removed once its job ends.
   */
  legacyKeys: string[];
}

/** A screenshot the publisher has claimed; `token` proves the claim is still its own. */
export interface ClaimedScreenshotJob {
  id: number;
  token: string;
  attempts: number;
  originalKey: string | null;
  legacyKeys: string[];
}

type PublicRow = Pick<PhishingReportRow, (typeof PUBLIC_COLUMNS)[number]>;

function toStoredReport(row: PublicRow): StoredReport {
  return { ...row, publish_screenshot: row.publish_screenshot === 1, reported_at: readTimestamp(row.reported_at) };
}

async function adjustCount(trx: Transaction<Database>, method: ReceiptMethod, delta: 1 | -1 | 0): Promise<void> {
  await trx
    .updateTable('phishing_report_counts')
    .set((eb) => ({ total: eb('total', '+', delta), revision: eb('revision', '+', 1) }))
    .where('receipt_method', '=', method)
    .execute();
}

const keysOf = (...keys: Array<string | null>): string[] => keys.filter((key): key is string => key !== null);

export class PhishingReportsRepository {
  /** Asked on every list request, so it is compiled once rather than per call. */
  private readonly countsQuery;

  constructor(private readonly db: Kysely<Database>) {
    this.countsQuery = db
      .selectFrom('phishing_report_counts')
      .select(['receipt_method', 'total', 'revision'])
      .orderBy('receipt_method')
      .compile();
  }

  async insert(report: NewReport): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('phishing_reports').values({ ...report, reported_at: writeTimestamp(report.reported_at) }).execute();
      await adjustCount(trx, report.receipt_method, 1);
    });
  }

  /**
   * Totals come from the counter rows kept in step with every insert and delete: one lookup, not
   * a scan. `revision` changes with every insert and delete of any report.
   */
  async counts(): Promise<{ total: Record<ReceiptMethod, number>; revision: string }> {
    const { rows } = await this.db.executeQuery(this.countsQuery);
    const total: Record<ReceiptMethod, number> = { email: 0, sms: 0 };
    for (const row of rows) total[row.receipt_method] = Number(row.total);
    return { total, revision: rows.map((row) => row.revision).join('.') };
  }

  /**
   * Newest first. The page's ids are picked from the (reported_at, id) index alone, and only
   * those rows are read in full. Past the middle of the list the walk starts from the oldest
   * end instead, so the last page costs what the first does.
   */
  async listPage(options: { limit: number; offset: number; method?: ReceiptMethod; total: number }): Promise<StoredReport[]> {
    const { limit, offset, method, total } = options;
    if (offset >= total) return [];
    const fromOldest = offset + limit / 2 > total / 2;
    const pageLimit = fromOldest ? Math.min(limit, total - offset) : limit;
    const pageOffset = fromOldest ? Math.max(total - offset - limit, 0) : offset;
    const direction = fromOldest ? 'asc' : 'desc';

    let ids = this.db.selectFrom('phishing_reports').select('id');
    if (method) ids = ids.where('receipt_method', '=', method);
    const pageIds = ids.orderBy('reported_at', direction).orderBy('id', direction).limit(pageLimit).offset(pageOffset);

    // `id in (…)` keeps SQLite from turning the join around into a full scan when LIMIT is a
    // bound parameter; the 20 rows are then read by primary key and sorted.
    const rows = await this.db
      .selectFrom('phishing_reports')
      .select(PUBLIC_COLUMNS)
      .where('id', 'in', pageIds)
      .orderBy('reported_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map(toStoredReport);
  }

  async findByReportId(reportId: string): Promise<StoredReport | null> {
    const row = await this.db
      .selectFrom('phishing_reports')
      .select(PUBLIC_COLUMNS)
      .where('report_id', '=', reportId)
      .executeTakeFirst();
    return row ? toStoredReport(row) : null;
  }

  async findDeletionState(reportId: string): Promise<DeletionState | null> {
    const row = await this.db
      .selectFrom('phishing_reports')
      .select(['id', 'delete_password_hash', 'failed_delete_attempts', 'delete_locked_until'])
      .where('report_id', '=', reportId)
      .executeTakeFirst();
    if (!row) return null;
    return {
      ...row,
      id: Number(row.id),
      delete_locked_until: row.delete_locked_until === null ? null : readTimestamp(row.delete_locked_until),
    };
  }

  /**
   * Records one delete attempt only if nobody else recorded one since `seen` was read
   * (compare-and-set), so parallel guesses cannot slip past the three-attempt limit.
   */
  async recordDeleteAttempt(
    seen: DeletionState,
    next: { attempts: number; lockedUntil: Date | null },
  ): Promise<boolean> {
    let query = this.db
      .updateTable('phishing_reports')
      .set({
        failed_delete_attempts: next.attempts,
        delete_locked_until: next.lockedUntil ? writeTimestamp(next.lockedUntil) : null,
      })
      .where('id', '=', seen.id)
      .where('failed_delete_attempts', '=', seen.failed_delete_attempts);
    query = seen.delete_locked_until
      ? query.where('delete_locked_until', '=', writeTimestamp(seen.delete_locked_until))
      : query.where('delete_locked_until', 'is', null);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Deletes the report and answers the storage keys it held at that instant (null when it was
   * already gone), so files a background job attached a moment earlier are removed too.
   */
  async deleteById(id: number): Promise<string[] | null> {
    return this.db.transaction().execute(async (trx) => {
      const deleted = await trx
        .deleteFrom('phishing_reports')
        .where('id', '=', id)
        .returning(['receipt_method', 'screenshot_key', 'thumbnail_key', 'original_key'])
        .executeTakeFirst();
      if (!deleted) return null;
      await adjustCount(trx, deleted.receipt_method, -1);
      return keysOf(deleted.screenshot_key, deleted.thumbnail_key, deleted.original_key);
    });
  }

  // ---- Screenshot publishing (see screenshot-publisher.ts) ----

  /** Pending screenshots nobody holds: never claimed, released, or claimed before `staleBefore`. */
  async findScreenshotJobs(staleBefore: Date, limit: number): Promise<ScreenshotJobCandidate[]> {
    const rows = await this.db
      .selectFrom('phishing_reports')
      .select(['id', 'screenshot_attempts', 'screenshot_key', 'thumbnail_key'])
      .where('screenshot_status', '=', 'pending')
      .where((eb) => eb.or([eb('screenshot_claimed_at', 'is', null), eb('screenshot_claimed_at', '<', writeTimestamp(staleBefore))]))
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      id: Number(row.id),
      attempts: row.screenshot_attempts,
      legacyKeys: keysOf(row.screenshot_key, row.thumbnail_key),
    }));
  }

  /**
   * Claims a candidate with a compare-and-set on its attempt counter, which every claim raises:
   * of any number of claimers (processes, instances) that saw the same candidate, one wins.
   */
  async claimScreenshotJob(candidate: ScreenshotJobCandidate, now: Date, staleBefore: Date, token: string): Promise<ClaimedScreenshotJob | null> {
    const row = await this.db
      .updateTable('phishing_reports')
      .set({
        screenshot_attempts: candidate.attempts + 1,
        screenshot_claimed_at: writeTimestamp(now),
        screenshot_claim_token: token,
      })
      .where('id', '=', candidate.id)
      .where('screenshot_status', '=', 'pending')
      .where('screenshot_attempts', '=', candidate.attempts)
      .where((eb) => eb.or([eb('screenshot_claimed_at', 'is', null), eb('screenshot_claimed_at', '<', writeTimestamp(staleBefore))]))
      .returning('original_key')
      .executeTakeFirst();
    if (!row) return null;
    return { id: candidate.id, token, attempts: candidate.attempts + 1, originalKey: row.original_key, legacyKeys: candidate.legacyKeys };
  }

  /**
   * Publishes the redacted copy if the claim is still ours and the report still exists, and bumps
   * the list revision so cached list pages pick up the new image. False: nothing was changed.
   */
  async markScreenshotPublished(job: ClaimedScreenshotJob, keys: { image: string; thumbnail: string }): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('phishing_reports')
        .set({
          screenshot_status: 'published',
          screenshot_key: keys.image,
          thumbnail_key: keys.thumbnail,
          screenshot_claimed_at: null,
          screenshot_claim_token: null,
        })
        .where('id', '=', job.id)
        .where('screenshot_status', '=', 'pending')
        .where('screenshot_claim_token', '=', job.token)
        .returning('receipt_method')
        .executeTakeFirst();
      if (!updated) return false;
      await adjustCount(trx, updated.receipt_method, 0);
      return true;
    });
  }

  /** Gives up on a claimed screenshot: it will never be published. */
  async markScreenshotFailed(job: ClaimedScreenshotJob): Promise<boolean> {
    const result = await this.db
      .updateTable('phishing_reports')
      .set({ screenshot_status: 'failed', screenshot_key: null, thumbnail_key: null, screenshot_claimed_at: null, screenshot_claim_token: null })
      .where('id', '=', job.id)
      .where('screenshot_status', '=', 'pending')
      .where('screenshot_claim_token', '=', job.token)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Gives up on an unclaimed (or stale) candidate that has used up its attempts. */
  async abandonScreenshotJob(candidate: ScreenshotJobCandidate): Promise<boolean> {
    const result = await this.db
      .updateTable('phishing_reports')
      .set({ screenshot_status: 'failed', screenshot_key: null, thumbnail_key: null, screenshot_claimed_at: null, screenshot_claim_token: null })
      .where('id', '=', candidate.id)
      .where('screenshot_status', '=', 'pending')
      .where('screenshot_attempts', '=', candidate.attempts)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Hands a claim back untouched (the OCR pool was busy or the app is stopping): the attempt is
   * not counted and the next sweep takes it again.
   */
  async releaseScreenshotJob(job: ClaimedScreenshotJob): Promise<void> {
    await this.db
      .updateTable('phishing_reports')
      .set({ screenshot_attempts: job.attempts - 1, screenshot_claimed_at: null, screenshot_claim_token: null })
      .where('id', '=', job.id)
      .where('screenshot_status', '=', 'pending')
      .where('screenshot_claim_token', '=', job.token)
      .execute();
  }

  // ---- Retention of private originals ----

  /** Reports reported before `cutoff` that still hold an original and are not waiting for redaction. */
  async findExpiredOriginals(cutoff: Date, limit: number): Promise<Array<{ id: number; originalKey: string }>> {
    const rows = await this.db
      .selectFrom('phishing_reports')
      .select(['id', 'original_key'])
      .where('original_key', 'is not', null)
      .where('reported_at', '<', writeTimestamp(cutoff))
      .where('screenshot_status', '!=', 'pending')
      .orderBy('reported_at')
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ id: Number(row.id), originalKey: row.original_key as string }));
  }

  /**
   * Those of `keys` that some report names, as its original, redacted copy or thumbnail (the
   * orphan sweep deletes the rest). One lookup per key column, each on its partial index.
   */
  async referencedStorageKeys(keys: readonly string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const wanted = [...keys];
    const rows = await this.db
      .selectFrom('phishing_reports')
      .select(['original_key', 'screenshot_key', 'thumbnail_key'])
      .where((eb) => eb.or([eb('original_key', 'in', wanted), eb('screenshot_key', 'in', wanted), eb('thumbnail_key', 'in', wanted)]))
      .execute();
    return new Set(rows.flatMap((row) => keysOf(row.original_key, row.screenshot_key, row.thumbnail_key)));
  }

  /** Forgets an original whose file has been deleted (only if it still names that file). */
  async clearOriginalKey(id: number, originalKey: string): Promise<void> {
    await this.db
      .updateTable('phishing_reports')
      .set({ original_key: null })
      .where('id', '=', id)
      .where('original_key', '=', originalKey)
      .execute();
  }
}
