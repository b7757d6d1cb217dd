import { type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import type { ReceiptMethod } from '../../../common/limits';
import { dialectOf } from '../../db/dialect';
import type { Database } from '../../db/schema';

/**
 * The conditions of a report search (GET /api/phishing-reports?q=&similar_to=, and the operator's
 * list), over the normalised `search_text` (report-search-text.ts) and `group_key` the migration
 * 20261127100000 added.
 *
 * Terms of three characters or more go through the trigram index: SQLite's FTS5 trigram table
 * (`phishing_reports_fts`, kept by triggers), PostgreSQL's pg_trgm GIN index serving LIKE (the
 * same LIKE runs, by a scan, where the extension could not be created). A trigram index cannot
 * find one or two characters; such a term only filters the rows the other terms found, and a query
 * made of short terms alone looks at the newest SHORT_QUERY_WINDOW reports (bounded cost).
 */
export const SHORT_QUERY_WINDOW = 10_000;

export interface ReportFilter {
  method?: ReceiptMethod;
  /** Normalised words (searchTerms()); every one must match. */
  terms?: readonly string[];
  /** The reports of this group (groupOf() resolves a report id to it). */
  group?: { key: string | null; id: number };
  /** The operator's view: hidden reports too. */
  includeHidden?: boolean;
}

type Builder = ExpressionBuilder<Database, 'phishing_reports'>;

const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, '\\$&')}%`;
const contains = (term: string) => sql<SqlBool>`phishing_reports.search_text like ${likePattern(term)} escape '\\'`;
/** FTS5 query of quoted strings (a quoted string is matched as it is, whatever characters it holds). */
const ftsQuery = (terms: readonly string[]) => terms.map((term) => `"${term.replace(/"/g, '""')}"`).join(' AND ');

/** The WHERE of a filtered report list, for both dialects. */
export function reportFilterConditions(db: Kysely<Database>, filter: ReportFilter) {
  const terms = filter.terms ?? [];
  const indexed = terms.filter((term) => [...term].length >= 3);
  const short = terms.filter((term) => [...term].length < 3);
  const postgres = dialectOf(db as unknown as Kysely<unknown>) === 'postgres';

  return (eb: Builder) => {
    const conditions = [];
    // The partial indexes hold public reports only; `hidden_at is null` is what lets them serve.
    if (!filter.includeHidden) conditions.push(eb('phishing_reports.hidden_at', 'is', null));
    if (filter.method) conditions.push(eb('phishing_reports.receipt_method', '=', filter.method));
    if (filter.group) {
      conditions.push(
        filter.group.key === null ? eb('phishing_reports.id', '=', filter.group.id) : eb('phishing_reports.group_key', '=', filter.group.key),
      );
    }
    if (indexed.length > 0) {
      if (postgres) conditions.push(...indexed.map(contains));
      else conditions.push(sql<SqlBool>`phishing_reports.id in (select rowid from phishing_reports_fts where phishing_reports_fts match ${ftsQuery(indexed)})`);
    }
    conditions.push(...short.map(contains));
    if (indexed.length === 0 && short.length > 0 && !filter.group) {
      let window = db.selectFrom('phishing_reports').select('id');
      if (!filter.includeHidden) window = window.where('hidden_at', 'is', null);
      if (filter.method) window = window.where('receipt_method', '=', filter.method);
      conditions.push(eb('phishing_reports.id', 'in', window.orderBy('reported_at', 'desc').orderBy('id', 'desc').limit(SHORT_QUERY_WINDOW)));
    }
    return eb.and(conditions);
  };
}
