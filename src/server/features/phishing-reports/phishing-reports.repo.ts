import type { CompiledQuery, ExpressionBuilder, Kysely, Transaction } from 'kysely';
import type { ReceiptMethod } from '../../../common/limits';
import { dialectOf, preparedStatement, readTimestamp, writeTimestamp } from '../../db/dialect';
import type { Database, NewPhishingReportRow, PhishingReportRow, ScreenshotStatus } from '../../db/schema';
import { enqueueJob } from '../../lib/jobs/jobs.repo';
import { type Anchor, ListAnchors } from './report-list-anchors.repo';
import { type ReportFilter, reportSearchQueries, SEARCH_MATCH_LIMIT } from './report-search.repo';
import { PUBLIC_TEXT_VERSION, type PublicState, renderPublicText } from './report-public-text';
import { reportGroupKey, reportSearchText } from './report-search-text';
import { rarestTrigrams, TrigramSample, withoutCommonWords } from './report-search-trigrams.repo';

/** Columns a public answer is built from; nothing secret is ever selected for reading. */
export const PUBLIC_COLUMNS = [
  'phishing_reports.report_id',
  'phishing_reports.receipt_method',
  'phishing_reports.subject',
  'phishing_reports.body',
  'phishing_reports.source_email',
  'phishing_reports.phone_number',
  'phishing_reports.publish_screenshot',
  'phishing_reports.screenshot_status',
  'phishing_reports.screenshot_key',
  'phishing_reports.thumbnail_key',
  'phishing_reports.reported_at',
  'phishing_reports.hidden_at',
] as const;

/**
 * What a public JSON answer reads of a report: its stored public text (report-public-text.ts) and
 * the short columns of the changing part. Decoding and defanging the text itself is what made an
 * uncached list page slow.
 */
const CARD_COLUMNS = [
  'phishing_reports.id',
  'phishing_reports.report_id',
  'phishing_reports.public_text',
  'phishing_reports.public_text_version',
  'phishing_reports.publish_screenshot',
  'phishing_reports.screenshot_status',
  'phishing_reports.screenshot_key',
  'phishing_reports.thumbnail_key',
  'phishing_reports.hidden_at',
] as const;

/**
 * A new report as the service hands it over; the repository writes the timestamp in its storage
 * format and derives the search text, group key and public text itself, so no insert can miss them.
 */
export type NewReport = Omit<NewPhishingReportRow, 'reported_at' | 'hidden_at' | 'hidden_reason' | 'search_text' | 'group_key' | 'public_text' | 'public_text_version'> & { reported_at: Date };

/** A public report ready for a JSON answer: publicReportJson(public_text, card, mediaPath). */
export interface ReportCard extends PublicState {
  report_id: string;
  public_text: string;
}

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
  /** The number of OTHER public reports in its group (0 when none). */
  similar_count: number;
}

export interface DeletionState {
  id: number;
  delete_password_hash: string;
  failed_delete_attempts: number;
  delete_locked_until: Date | null;
}

/** What the publisher needs of a report waiting for redaction. */
export interface ScreenshotWork {
  originalKey: string | null;
  /**
   * Public files left from before redaction existed (never served, since their folder is not);
   * a pending report holds no other public key. Removed once its job ends.
   */
  legacyKeys: string[];
}

type CardRow = Pick<PhishingReportRow, 'id' | 'report_id' | 'public_text' | 'public_text_version' | 'publish_screenshot' | 'screenshot_status' | 'screenshot_key' | 'thumbnail_key' | 'hidden_at'> & {
  group_total: number | string | null;
};

type PublicRow = Pick<PhishingReportRow, 'id' | 'report_id' | 'receipt_method' | 'subject' | 'body' | 'source_email' | 'phone_number' | 'publish_screenshot' | 'screenshot_status' | 'screenshot_key' | 'thumbnail_key' | 'reported_at' | 'hidden_at'> & {
  group_total: number | string | null;
};

/** Rows whose public text is missing or was made under another PUBLIC_TEXT_VERSION. */
const madeUnderOtherRules = (eb: ExpressionBuilder<Database, 'phishing_reports'>) =>
  eb.or([eb('public_text_version', 'is', null), eb('public_text_version', '!=', PUBLIC_TEXT_VERSION)]);

/** The group's total counts public reports, this one included unless it is hidden. */
function similarCount(row: { group_total: number | string | null; hidden_at: unknown }): number {
  return Math.max(Number(row.group_total ?? 0) - (row.hidden_at === null ? 1 : 0), 0);
}

/** The stored text as it is (''), when it was made under the current rules; see currentCards. */
function toReportCard(row: CardRow): ReportCard {
  return {
    report_id: row.report_id,
    public_text: row.public_text_version === PUBLIC_TEXT_VERSION && row.public_text !== null ? row.public_text : '',
    publish_screenshot: row.publish_screenshot === 1,
    screenshot_status: row.screenshot_status,
    screenshot_key: row.screenshot_key,
    thumbnail_key: row.thumbnail_key,
    similar_count: similarCount(row),
  };
}

/** Field by field rather than rest and spread. */
function toStoredReport(row: PublicRow): StoredReport {
  return {
    report_id: row.report_id,
    receipt_method: row.receipt_method,
    subject: row.subject,
    body: row.body,
    source_email: row.source_email,
    phone_number: row.phone_number,
    publish_screenshot: row.publish_screenshot === 1,
    screenshot_status: row.screenshot_status,
    screenshot_key: row.screenshot_key,
    thumbnail_key: row.thumbnail_key,
    reported_at: readTimestamp(row.reported_at),
    similar_count: similarCount(row),
  };
}

/**
 * The columns a report's insert derives from it: search text, group key and public text. The
 * bench's bulk load (bench/seed-reports.ts) writes them through this too.
 */
export function derivedReportColumns(report: NewReport): { search_text: string; group_key: string | null; public_text: string; public_text_version: number } {
  const searchable = { subject: report.subject ?? null, body: report.body, source_email: report.source_email ?? null, phone_number: report.phone_number ?? null };
  return {
    search_text: reportSearchText(searchable),
    group_key: reportGroupKey(searchable),
    public_text: renderPublicText({ ...searchable, report_id: report.report_id, receipt_method: report.receipt_method, publish_screenshot: report.publish_screenshot === 1, reported_at: report.reported_at }),
    public_text_version: PUBLIC_TEXT_VERSION,
  };
}

async function adjustCount(trx: Transaction<Database>, method: ReceiptMethod, delta: 1 | -1 | 0): Promise<void> {
  await trx
    .updateTable('phishing_report_counts')
    .set((eb) => ({ total: eb('total', '+', delta), revision: eb('revision', '+', 1) }))
    .where('receipt_method', '=', method)
    .execute();
}

/** Keeps a group's public total in step; a group row appears with its first report. */
async function adjustGroup(trx: Transaction<Database>, groupKey: string | null, delta: 1 | -1): Promise<void> {
  if (groupKey === null) return;
  if (delta === 1) {
    await trx
      .insertInto('phishing_report_groups')
      .values({ group_key: groupKey, total: 1 })
      .onConflict((conflict) => conflict.column('group_key').doUpdateSet((eb) => ({ total: eb('phishing_report_groups.total', '+', 1) })))
      .execute();
  } else {
    await trx
      .updateTable('phishing_report_groups')
      .set((eb) => ({ total: eb('total', '-', 1) }))
      .where('group_key', '=', groupKey)
      .execute();
  }
}

/** Stands for the index-th value of a prepared query; no report or filter holds a NUL character. */
const SLOT = '\u0000slot:';
const slot = <T>(index: number) => `${SLOT}${index}` as unknown as T;

/**
 * A query compiled once with slot(i) in place of its values; each run swaps the real values in.
 * Building and compiling a Kysely query per request cost as much as running it on SQLite. On
 * PostgreSQL it is also a named prepared statement (database.ts): parsed and planned once per
 * connection, which the detail's and the list's own round trips otherwise paid on every call.
 */
function prepare<O>(compiled: CompiledQuery<O>): (values: readonly unknown[]) => CompiledQuery<O> {
  const positions = compiled.parameters.map((value) => (typeof value === 'string' && value.startsWith(SLOT) ? Number(value.slice(SLOT.length)) : -1));
  const sqlText = preparedStatement(compiled.sql);
  return (values) => ({ ...compiled, sql: sqlText, parameters: positions.map((at, index) => (at < 0 ? compiled.parameters[index] : values[at])) });
}

/** How a list page finds its ids: from the newest, from the oldest, or from an anchor. */
type PageWalk = 'desc' | 'asc' | 'anchor';

const keysOf = (...keys: Array<string | null>): string[] => keys.filter((key): key is string => key !== null);

export class PhishingReportsRepository {
  /** Asked on every list request, so it is compiled once rather than per call. */
  private readonly countsQuery;
  private readonly anchors: ListAnchors;
  private readonly detailQuery;
  private readonly detailCardQuery;
  /** The list page's query per walk and filter shape, compiled on first use. */
  private readonly pageQueries = new Map<string, ReturnType<PhishingReportsRepository['preparePage']>>();
  /** A long term is looked up by its rare parts only (report-search-trigrams.repo.ts). */
  private readonly trigrams: TrigramSample;

  constructor(readonly db: Kysely<Database>) {
    this.trigrams = new TrigramSample(db, dialectOf(db as unknown as Kysely<unknown>) === 'postgres' ? withoutCommonWords : rarestTrigrams);
    this.countsQuery = prepare(db
      .selectFrom('phishing_report_counts')
      .select(['receipt_method', 'total', 'revision'])
      .orderBy('receipt_method')
      .compile())([]);
    this.anchors = new ListAnchors(db);
    this.detailQuery = prepare(this.selectReports()
      .where('phishing_reports.report_id', '=', slot<string>(0))
      .where('phishing_reports.hidden_at', 'is', null)
      .compile());
    this.detailCardQuery = prepare(this.selectCards()
      .where('phishing_reports.report_id', '=', slot<string>(0))
      .where('phishing_reports.hidden_at', 'is', null)
      .compile());
  }

  /** A report waiting for redaction gets its `publish_screenshot` job in the same transaction. */
  async insert(report: NewReport): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const derived = derivedReportColumns(report);
      const groupKey = derived.group_key;
      const { id } = await trx
        .insertInto('phishing_reports')
        .values({ ...report, reported_at: writeTimestamp(report.reported_at), ...derived })
        .returning('id')
        .executeTakeFirstOrThrow();
      await adjustCount(trx, report.receipt_method, 1);
      await adjustGroup(trx, groupKey, 1);
      if (report.screenshot_status === 'pending') {
        const jobId = await enqueueJob(trx, 'publish_screenshot', { reportId: id }, { now: report.reported_at });
        await trx.updateTable('phishing_reports').set({ screenshot_job_id: jobId }).where('id', '=', id).execute();
      }
    });
  }

  /**
   * Totals of public reports come from the counter rows kept in step with every insert, delete,
   * hide and restore: one lookup, not a scan. `revision` changes with each of those and with
   * every published screenshot.
   */
  async counts(): Promise<{ total: Record<ReceiptMethod, number>; revision: string }> {
    const { rows } = await this.db.executeQuery(this.countsQuery);
    const total: Record<ReceiptMethod, number> = { email: 0, sms: 0 };
    for (const row of rows) total[row.receipt_method] = Number(row.total);
    return { total, revision: rows.map((row) => row.revision).join('.') };
  }

  /**
   * Newest first. The page's ids are picked from the (reported_at, id) index alone, and only
   * those rows are read in full. Given the list revision, a deep page starts from the anchor
   * before it (report-list-anchors.repo.ts) and walks at most ANCHOR_STEP entries. Otherwise, past
   * the middle of the list the walk starts from the oldest end, so the last page costs what the
   * first does.
   */
  async listPage(options: { limit: number; offset: number; method?: ReceiptMethod; total: number; revision?: string }): Promise<ReportCard[]> {
    const { limit, offset, method, total, revision } = options;
    if (offset >= total) return [];
    const start = revision === undefined ? null : await this.anchors.pageStart(revision, method, offset);
    if (start) return this.readPage('anchor', method, limit, start.offset, start.anchor);

    const fromOldest = offset + limit / 2 > total / 2;
    const pageLimit = fromOldest ? Math.min(limit, total - offset) : limit;
    const pageOffset = fromOldest ? Math.max(total - offset - limit, 0) : offset;
    return this.readPage(fromOldest ? 'asc' : 'desc', method, pageLimit, pageOffset, null);
  }

  /**
   * A filtered page, newest first, and how many reports match: search terms, a group, a receipt
   * method (report-search.repo.ts). A search pages through its newest SEARCH_MATCH_LIMIT matches.
   */
  async searchPage(filter: ReportFilter & { limit: number; offset: number }): Promise<{ reports: ReportCard[]; total: number; capped: boolean }> {
    const { limit, offset } = filter;
    const pickTrigrams = filter.terms?.length ? await this.trigrams.current() : undefined;
    const queries = reportSearchQueries(this.db, filter, pickTrigrams);
    let total: number;
    let ids: number[];
    if (queries.capped) {
      // One query finds the matches of all but the commonest words, and their count; only a
      // word with SEARCH_MATCH_LIMIT matches or more needs a second, newest-first page query.
      const found = (await queries.matchingIds(SEARCH_MATCH_LIMIT).execute()).map((row) => Number(row.id));
      total = found.length;
      const pageLimit = Math.min(limit, SEARCH_MATCH_LIMIT - offset);
      if (pageLimit <= 0) ids = [];
      else if (total < SEARCH_MATCH_LIMIT) ids = found.sort((a, b) => b - a).slice(offset, offset + pageLimit);
      else ids = (await queries.newestPage(pageLimit, offset).execute()).map((row) => Number(row.id));
    } else {
      // A whole public group is counted already, by the row kept with every write (adjustGroup).
      const groupKey = filter.group?.key;
      const counter = groupKey && !filter.method && !filter.includeHidden
        ? this.db.selectFrom('phishing_report_groups').select('total').where('group_key', '=', groupKey).executeTakeFirst()
        : null;
      const [counted, page] = await Promise.all([counter ?? queries.count().executeTakeFirst(), queries.page(limit, offset).execute()]);
      total = Number(counted?.total ?? 0);
      ids = page.map((row) => Number(row.id));
    }
    // A search that reached the limit found at least that many: older matches are not paged through.
    return { reports: await this.readByIds(ids), total, capped: queries.capped && total >= SEARCH_MATCH_LIMIT };
  }

  /** Reports by primary key, in the order of `ids`. */
  private async readByIds(ids: number[]): Promise<ReportCard[]> {
    if (ids.length === 0) return [];
    const rows = await this.selectCards().where('phishing_reports.id', 'in', ids).execute();
    const byId = new Map(rows.map((row) => [Number(row.id), row]));
    return this.currentCards(ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [row] : [];
    }));
  }

  /**
   * Cards from rows, in their order. A row whose public text is missing or was made under other
   * rules (before the column existed, or before a change of PUBLIC_TEXT_VERSION) is rendered from
   * its columns now, with one more query for all such rows of the page; the start-up refresh
   * rewrites them, so this is rare.
   */
  private async currentCards(rows: CardRow[]): Promise<ReportCard[]> {
    const cards = rows.map(toReportCard);
    const stale = rows.filter((_, index) => cards[index]!.public_text === '').map((row) => Number(row.id));
    if (stale.length === 0) return cards;
    const sources = await this.publicTextSources(stale);
    for (const [index, row] of rows.entries()) {
      const source = cards[index]!.public_text === '' ? sources.get(Number(row.id)) : undefined;
      if (source) cards[index]!.public_text = renderPublicText(source);
    }
    return cards;
  }

  /** What renderPublicText needs of these reports, by id. */
  private async publicTextSources(ids: number[]): Promise<Map<number, StoredReport>> {
    const rows = await this.selectReports().where('phishing_reports.id', 'in', ids).execute();
    return new Map(rows.map((row) => [Number(row.id), toStoredReport(row)]));
  }

  /**
   * Rewrites up to `limit` public texts made under other rules (or none) with the current ones;
   * answers how many. The start-up refresh calls it until it answers 0. Each row is written only
   * if it is still stale, so two instances refreshing at once do no harm.
   */
  async refreshPublicTexts(limit: number): Promise<number> {
    const stale = await this.db
      .selectFrom('phishing_reports')
      .select('id')
      .where(madeUnderOtherRules)
      .orderBy('id')
      .limit(limit)
      .execute();
    if (stale.length === 0) return 0;
    const sources = await this.publicTextSources(stale.map((row) => Number(row.id)));
    await this.db.transaction().execute(async (trx) => {
      for (const [id, source] of sources) {
        await trx
          .updateTable('phishing_reports')
          .set({ public_text: renderPublicText(source), public_text_version: PUBLIC_TEXT_VERSION })
          .where('id', '=', id)
          .where(madeUnderOtherRules)
          .execute();
      }
    });
    return stale.length;
  }

  /** The group a report is in, for `similar_to` (null: no such public report). */
  async groupOf(reportId: string, options: { includeHidden?: boolean } = {}): Promise<{ key: string | null; id: number } | null> {
    let query = this.db.selectFrom('phishing_reports').select(['id', 'group_key']).where('report_id', '=', reportId);
    if (!options.includeHidden) query = query.where('hidden_at', 'is', null);
    const row = await query.executeTakeFirst();
    return row ? { key: row.group_key, id: Number(row.id) } : null;
  }

  /** A public report (a hidden one is not found). */
  async findByReportId(reportId: string): Promise<StoredReport | null> {
    const [row] = (await this.db.executeQuery(this.detailQuery([reportId]))).rows;
    return row ? toStoredReport(row) : null;
  }

  /** A public report for a JSON answer (a hidden one is not found). */
  async findCardByReportId(reportId: string): Promise<ReportCard | null> {
    const [row] = (await this.db.executeQuery(this.detailCardQuery([reportId]))).rows;
    return row ? ((await this.currentCards([row]))[0] ?? null) : null;
  }

  /**
   * Hides a report from every public answer (`hidden` given) or makes it public again (null), with
   * the public totals, its group's total and the list revision in the same transaction. False when
   * there is no such report or it already is in that state. `within`: the caller's transaction
   * (the operator console writes its audit entry in the same one).
   */
  async setHidden(reportId: string, hidden: { at: Date; reason: string } | null, within?: Transaction<Database>): Promise<boolean> {
    const run = async (trx: Transaction<Database>) => {
      const updated = await trx
        .updateTable('phishing_reports')
        .set(hidden ? { hidden_at: writeTimestamp(hidden.at), hidden_reason: hidden.reason } : { hidden_at: null, hidden_reason: null })
        .where('report_id', '=', reportId)
        .where('hidden_at', hidden ? 'is' : 'is not', null)
        .returning(['receipt_method', 'group_key'])
        .executeTakeFirst();
      if (!updated) return false;
      const delta = hidden ? -1 : 1;
      await adjustCount(trx, updated.receipt_method, delta);
      await adjustGroup(trx, updated.group_key, delta);
      return true;
    };
    return within ? run(within) : this.db.transaction().execute(run);
  }

  /**
   * Moves the list revision (cached list pages are no longer served) when a report's public image
   * changes outside publishing: the operator console withdrawing an image to redact it again.
   */
  async bumpRevision(trx: Transaction<Database>, method: ReceiptMethod): Promise<void> {
    await adjustCount(trx, method, 0);
  }

  /** Cards with their group's public total, for toReportCard. */
  private selectCards() {
    return this.db
      .selectFrom('phishing_reports')
      .leftJoin('phishing_report_groups', 'phishing_report_groups.group_key', 'phishing_reports.group_key')
      .select([...CARD_COLUMNS, 'phishing_report_groups.total as group_total']);
  }

  /** Reports with their group's public total, for toStoredReport. */
  private selectReports() {
    return this.db
      .selectFrom('phishing_reports')
      .leftJoin('phishing_report_groups', 'phishing_report_groups.group_key', 'phishing_reports.group_key')
      .select([...PUBLIC_COLUMNS, 'phishing_reports.id', 'phishing_report_groups.total as group_total']);
  }

  /** The page's rows, newest first; `anchor` is given with the 'anchor' walk only. */
  private async readPage(walk: PageWalk, method: ReceiptMethod | undefined, limit: number, offset: number, anchor: Anchor | null): Promise<ReportCard[]> {
    const key = `${walk}|${method === undefined ? '*' : 'method'}`;
    let query = this.pageQueries.get(key);
    if (!query) {
      query = this.preparePage(walk, method !== undefined);
      this.pageQueries.set(key, query);
    }
    const { rows } = await this.db.executeQuery(query([method, limit, offset, anchor?.reported_at, anchor?.id]));
    return this.currentCards(rows);
  }

  /**
   * The page's keys come from the (reported_at, id) index alone, then their rows are read by
   * primary key. The keys are the outer side of a CROSS JOIN, which SQLite never reorders: it
   * reads them as a co-routine and the rows in their order, so the newest-first walk needs no
   * sort (`id in (…)` read the rows in id order and sorted them in a temporary b-tree, about
   * 12 % of the page query), and a bound LIMIT cannot turn the join around into a full scan.
   * Slots: method, limit, offset, anchor's reported_at, anchor's id.
   */
  private preparePage(walk: PageWalk, filtered: boolean) {
    const method = filtered ? slot<ReceiptMethod>(0) : undefined;
    let keys;
    if (walk === 'anchor') {
      keys = this.anchors.publicIds(method, { reported_at: slot<string>(3), id: slot<number>(4) }).select(['id', 'reported_at']);
    } else {
      // The partial indexes hold public reports only; `hidden_at is null` is what lets them serve.
      let base = this.db.selectFrom('phishing_reports').select(['id', 'reported_at']).where('hidden_at', 'is', null);
      if (method) base = base.where('receipt_method', '=', method);
      keys = base.orderBy('reported_at', walk).orderBy('id', walk);
    }
    return prepare(this.db
      .selectFrom(keys.limit(slot<number>(1)).offset(slot<number>(2)).as('page'))
      .crossJoin('phishing_reports')
      .leftJoin('phishing_report_groups', 'phishing_report_groups.group_key', 'phishing_reports.group_key')
      .select([...CARD_COLUMNS, 'phishing_report_groups.total as group_total'])
      .whereRef('phishing_reports.id', '=', 'page.id')
      .orderBy('page.reported_at', 'desc')
      .orderBy('page.id', 'desc')
      .compile());
  }

  async findDeletionState(reportId: string): Promise<DeletionState | null> {
    const row = await this.db
      .selectFrom('phishing_reports')
      .select(['id', 'delete_password_hash', 'failed_delete_attempts', 'delete_locked_until'])
      .where('report_id', '=', reportId)
      // A hidden report is in no public answer, this one included (an operator deletes it with deleteById).
      .where('hidden_at', 'is', null)
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
   * Deletes the report (public or hidden) and answers the storage keys it held at that instant
   * (null when it was already gone), so files a background job attached a moment earlier are
   * removed too. A hidden report was in no total, so only the revision moves. `within`: the
   * caller's transaction (the operator console writes its audit entry in the same one).
   */
  async deleteById(id: number, within?: Transaction<Database>): Promise<string[] | null> {
    const run = async (trx: Transaction<Database>) => {
      const deleted = await trx
        .deleteFrom('phishing_reports')
        .where('id', '=', id)
        .returning(['receipt_method', 'group_key', 'hidden_at', 'screenshot_key', 'thumbnail_key', 'original_key'])
        .executeTakeFirst();
      if (!deleted) return null;
      const wasPublic = deleted.hidden_at === null;
      await adjustCount(trx, deleted.receipt_method, wasPublic ? -1 : 0);
      if (wasPublic) await adjustGroup(trx, deleted.group_key, -1);
      return keysOf(deleted.screenshot_key, deleted.thumbnail_key, deleted.original_key);
    };
    return within ? run(within) : this.db.transaction().execute(run);
  }

  // ---- Screenshot publishing (see screenshot-publisher.ts; claims are the jobs table's) ----

  /**
   * The report's original and legacy files while it waits for redaction by this job; null once it
   * does not (deleted, or done). The job must be the report's own: SQLite may give a deleted
   * report's id to a new one.
   */
  async findScreenshotWork(id: number, jobId: number): Promise<ScreenshotWork | null> {
    const row = await this.db
      .selectFrom('phishing_reports')
      .select(['original_key', 'screenshot_key', 'thumbnail_key'])
      .where('id', '=', id)
      .where('screenshot_job_id', '=', jobId)
      .where('screenshot_status', '=', 'pending')
      .executeTakeFirst();
    return row ? { originalKey: row.original_key, legacyKeys: keysOf(row.screenshot_key, row.thumbnail_key) } : null;
  }

  /**
   * Publishes the redacted copy if the report still exists and waits for it, in the transaction
   * that completes its job, and bumps the list revision so cached list pages pick up the new
   * image. False: nothing was changed.
   */
  async markScreenshotPublished(trx: Transaction<Database>, id: number, jobId: number, keys: { image: string; thumbnail: string }): Promise<boolean> {
    const updated = await trx
      .updateTable('phishing_reports')
      .set({ screenshot_status: 'published', screenshot_key: keys.image, thumbnail_key: keys.thumbnail })
      .where('id', '=', id)
      .where('screenshot_job_id', '=', jobId)
      .where('screenshot_status', '=', 'pending')
      .returning('receipt_method')
      .executeTakeFirst();
    if (!updated) return false;
    await adjustCount(trx, updated.receipt_method, 0);
    return true;
  }

  /**
   * Gives up on a screenshot, in the transaction that fails its job: it will never be published.
   * Answers the legacy keys it held (their files can go).
   */
  async markScreenshotFailed(trx: Transaction<Database>, id: number, jobId: number): Promise<string[]> {
    const row = await trx
      .selectFrom('phishing_reports')
      .select(['screenshot_key', 'thumbnail_key'])
      .where('id', '=', id)
      .where('screenshot_job_id', '=', jobId)
      .where('screenshot_status', '=', 'pending')
      .executeTakeFirst();
    if (!row) return [];
    const updated = await trx
      .updateTable('phishing_reports')
      .set({ screenshot_status: 'failed', screenshot_key: null, thumbnail_key: null })
      .where('id', '=', id)
      .where('screenshot_job_id', '=', jobId)
      .where('screenshot_status', '=', 'pending')
      .returning('receipt_method')
      .executeTakeFirst();
    // Cached list pages said "being redacted"; the new revision makes them say it failed.
    if (updated) await adjustCount(trx, updated.receipt_method, 0);
    return keysOf(row.screenshot_key, row.thumbnail_key);
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
