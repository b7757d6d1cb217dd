import type { Kysely, Transaction } from 'kysely';
import type { ReceiptMethod } from '../../../common/limits';
import { readTimestamp, writeTimestamp } from '../../db/dialect';
import type { Database, NewPhishingReportRow } from '../../db/schema';

/** Columns a public answer is built from; nothing secret is ever selected for reading. */
const PUBLIC_COLUMNS = [
  'report_id',
  'receipt_method',
  'subject',
  'body',
  'source_email',
  'phone_number',
  'publish_screenshot',
  'screenshot_key',
  'reported_at',
] as const;

export interface StoredReport {
  report_id: string;
  receipt_method: ReceiptMethod;
  subject: string | null;
  body: string;
  source_email: string | null;
  phone_number: string | null;
  publish_screenshot: boolean;
  screenshot_key: string | null;
  reported_at: Date;
}

export interface DeletionState {
  id: number;
  delete_password_hash: string;
  failed_delete_attempts: number;
  delete_locked_until: Date | null;
  screenshot_key: string | null;
  original_key: string | null;
}

type PublicRow = Pick<Database['phishing_reports'], (typeof PUBLIC_COLUMNS)[number]>;

function toStoredReport(row: PublicRow): StoredReport {
  return { ...row, publish_screenshot: row.publish_screenshot === 1, reported_at: readTimestamp(row.reported_at) };
}

async function adjustCount(trx: Transaction<Database>, method: ReceiptMethod, delta: 1 | -1): Promise<void> {
  await trx
    .updateTable('phishing_report_counts')
    .set((eb) => ({ total: eb('total', '+', delta), revision: eb('revision', '+', 1) }))
    .where('receipt_method', '=', method)
    .execute();
}

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

  async insert(row: NewPhishingReportRow): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('phishing_reports').values(row).execute();
      await adjustCount(trx, row.receipt_method, 1);
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
      .select(['id', 'delete_password_hash', 'failed_delete_attempts', 'delete_locked_until', 'screenshot_key', 'original_key'])
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

  async deleteById(id: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const deleted = await trx
        .deleteFrom('phishing_reports')
        .where('id', '=', id)
        .returning('receipt_method')
        .executeTakeFirst();
      if (!deleted) return false;
      await adjustCount(trx, deleted.receipt_method, -1);
      return true;
    });
  }
}
