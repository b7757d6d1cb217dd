import { type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import type { ReceiptMethod } from '../../../common/limits';
import { dialectOf } from '../../db/dialect';
import type { Database } from '../../db/schema';
import type { TrigramPicker } from './report-search-trigrams.repo';

/**
 * The queries of a report search (GET /api/phishing-reports?q=&similar_to=, and the operator's
 * list), over the normalised `search_text` (report-search-text.ts) and `group_key` that migration
 * 20261127100000 added.
 *
 * Terms of three characters or more go through the trigram index: SQLite's FTS5 trigram table
 * (`phishing_reports_fts`, kept by triggers), which also hands the matches over newest (highest
 * id) first so a page stops early; PostgreSQL's pg_trgm GIN index serving LIKE (the same LIKE
 * runs, by a scan, where the extension could not be created). A trigram index cannot find one or
 * two characters: such a term only filters the rows the other terms found, and a query made of
 * short terms alone looks at the newest SHORT_QUERY_WINDOW reports.
 *
 * A search counts and pages through its newest SEARCH_MATCH_LIMIT matches only, so a word found in
 * half the reports costs what a rare one does (an exact count of 50,000 matches takes PostgreSQL a
 * third of a second).
 */
export const SHORT_QUERY_WINDOW = 2_000;
export const SEARCH_MATCH_LIMIT = 200;

export interface ReportFilter {
  method?: ReceiptMethod;
  /** Normalised words (searchTerms()); every one must match. */
  terms?: readonly string[];
  /** The reports of this group (groupOf() resolves a report id to it). */
  group?: { key: string | null; id: number };
  /** The operator's view: hidden reports too. */
  includeHidden?: boolean;
}

/** A type alias, not an interface: withTables needs the implicit index signature. */
type FtsTable = {
  phishing_reports_fts: { rowid: number; phishing_reports_fts: string };
};
type SearchDatabase = Database & FtsTable;

const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, '\\$&')}%`;
const contains = (term: string) => sql<SqlBool>`phishing_reports.search_text like ${likePattern(term)} escape '\\'`;
/** FTS5 query of quoted strings (a quoted string is matched as it is, whatever characters it holds). */
const ftsQuery = (strings: readonly string[]) => strings.map((text) => `"${text.replace(/"/g, '""')}"`).join(' AND ');

/**
 * The queries of a filtered list's ids (newest first) and of how many match. With `pickTrigrams`
 * a long term is asked of the trigram index by a few of its trigrams, and the rows found are tested
 * for the whole term (report-search-trigrams.repo.ts); without it the index gets every trigram.
 */
export function reportSearchQueries(db: Kysely<Database>, filter: ReportFilter, pickTrigrams?: TrigramPicker) {
  const terms = filter.terms ?? [];
  const indexed = terms.filter((term) => [...term].length >= 3);
  const short = terms.filter((term) => [...term].length < 3);
  const searchDb = db.withTables<FtsTable>();
  const sqlite = dialectOf(db as unknown as Kysely<unknown>) === 'sqlite';
  const viaFts = indexed.length > 0 && sqlite;
  // What the FTS index is asked for, and the terms it then cannot vouch for.
  // What the trigram index is asked for (the FTS query's strings, or LIKE patterns), and the
  // terms it then cannot vouch for, tested on the rows found.
  const indexStrings: string[] = [];
  const recheck: string[] = [];
  for (const term of indexed) {
    const picked = pickTrigrams?.(term) ?? null;
    indexStrings.push(...(picked ?? [term]));
    if (picked) recheck.push(term);
  }
  // A short term filters rows already found (or the window): a plain substring test is cheaper
  // than LIKE there, and the text is lower-cased already.
  const includes = (term: string) =>
    sqlite ? sql<SqlBool>`instr(phishing_reports.search_text, ${term}) > 0` : sql<SqlBool>`strpos(phishing_reports.search_text, ${term}) > 0`;

  const conditions = (eb: ExpressionBuilder<SearchDatabase, 'phishing_reports'>) => {
    const all = [];
    // The partial indexes hold public reports only; `hidden_at is null` is what lets them serve.
    if (!filter.includeHidden) all.push(eb('phishing_reports.hidden_at', 'is', null));
    if (filter.method) all.push(eb('phishing_reports.receipt_method', '=', filter.method));
    if (filter.group) {
      all.push(filter.group.key === null ? eb('phishing_reports.id', '=', filter.group.id) : eb('phishing_reports.group_key', '=', filter.group.key));
    }
    if (!viaFts) all.push(...indexStrings.map(contains));
    all.push(...recheck.map(includes), ...short.map(includes));
    if (indexed.length === 0 && short.length > 0 && !filter.group) {
      let window = searchDb.selectFrom('phishing_reports').select('id');
      if (!filter.includeHidden) window = window.where('hidden_at', 'is', null);
      if (filter.method) window = window.where('receipt_method', '=', filter.method);
      all.push(eb('phishing_reports.id', 'in', window.orderBy('reported_at', 'desc').orderBy('id', 'desc').limit(SHORT_QUERY_WINDOW)));
    }
    return eb.and(all);
  };

  const matches = () =>
    viaFts
      ? searchDb
          .selectFrom('phishing_reports_fts')
          .innerJoin('phishing_reports', 'phishing_reports.id', 'phishing_reports_fts.rowid')
          .where(sql<SqlBool>`phishing_reports_fts match ${ftsQuery(indexStrings)}`)
          .where(conditions)
      : searchDb.selectFrom('phishing_reports').where(conditions);
  return {
    /** True with search terms: then `matchingIds` and `newestPage`; without, `count` and `page`. */
    capped: terms.length > 0,
    /**
     * Up to `limit` matching ids in no particular order: the whole answer of a search with fewer
     * matches than that (the caller sorts them), and its count.
     */
    matchingIds: (limit: number) => matches().select('phishing_reports.id').limit(limit),
    /** A page of a search's ids, the trigram index handing them over newest (highest id) first. */
    newestPage: (limit: number, offset: number) =>
      matches()
        .select('phishing_reports.id')
        .orderBy(viaFts ? sql`phishing_reports_fts.rowid` : sql`phishing_reports.id`, 'desc')
        .limit(limit)
        .offset(offset),
    /** A page without search terms, in the list's order, on the (group|method, reported_at, id) index. */
    page: (limit: number, offset: number) =>
      matches().select('phishing_reports.id').orderBy('phishing_reports.reported_at', 'desc').orderBy('phishing_reports.id', 'desc').limit(limit).offset(offset),
    count: () => matches().select((eb) => eb.fn.countAll<number | string>().as('total')),
  };
}
