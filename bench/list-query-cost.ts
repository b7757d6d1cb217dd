import { CompiledQuery, type Kysely, type KyselyPlugin } from 'kysely';
import type { DatabaseTarget } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';
import type { Database } from '../src/server/db/schema';
import { PhishingReportsRepository } from '../src/server/features/phishing-reports/phishing-reports.repo';

export interface ListQueryCost {
  offset: number;
  /** Mean time of one repository listPage call (the page query only, no HTTP, no count). */
  meanMs: number;
  /** The database's own account of how it runs the page query at this offset. */
  plan: string[];
}

const WARMUP_CALLS = 5;
const MEASURED_CALLS = 50;
const PAGE_SIZE = 20;

/**
 * Times the repository's page query directly at each offset and asks the database for its plan,
 * so the HTTP figures can be told apart from the query's own cost. The SQL is the repository's
 * own: it is captured from the query builder as the repository runs, never rewritten here.
 */
export async function measureListQueryCost(target: DatabaseTarget, offsets: number[], total: number): Promise<ListQueryCost[]> {
  const handle = openDatabase(target);
  try {
    const captured: CompiledQuery[] = [];
    const db = handle.db.withPlugin(capturingPlugin(handle.db, captured));
    // The page queries are compiled once with placeholders (the plugin sees only those) and run
    // through executeQuery with their values: that is where the SQL actually sent is captured.
    const execute = db.executeQuery.bind(db);
    db.executeQuery = ((query: CompiledQuery, queryId?: Parameters<typeof execute>[1]) => {
      if (query instanceof Object && 'sql' in query) captured.push(query);
      return execute(query, queryId);
    }) as typeof db.executeQuery;
    const repo = new PhishingReportsRepository(db);
    const costs: ListQueryCost[] = [];
    for (const offset of offsets) {
      const page = () => repo.listPage({ limit: PAGE_SIZE, offset, total });
      for (let call = 0; call < WARMUP_CALLS; call += 1) await page();
      const started = performance.now();
      for (let call = 0; call < MEASURED_CALLS; call += 1) await page();
      const meanMs = (performance.now() - started) / MEASURED_CALLS;
      const query = captured.at(-1);
      costs.push({ offset, meanMs, plan: query ? await explain(handle.db, target, query) : [] });
    }
    return costs;
  } finally {
    await handle.destroy();
  }
}

function capturingPlugin(db: Kysely<Database>, captured: CompiledQuery[]): KyselyPlugin {
  return {
    transformQuery: ({ node, queryId }) => {
      captured.push(db.getExecutor().compileQuery(node, queryId));
      return node;
    },
    transformResult: async ({ result }) => result,
  };
}

/** SQLite: EXPLAIN QUERY PLAN. PostgreSQL: EXPLAIN ANALYZE, which also shows the rows each step really read. */
async function explain(db: Kysely<Database>, target: DatabaseTarget, query: CompiledQuery): Promise<string[]> {
  const prefix = target.dialect === 'sqlite' ? 'explain query plan ' : 'explain (analyze, costs off, timing off, summary off) ';
  const result = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(prefix + query.sql, [...query.parameters]));
  return result.rows.map((row) => String(row.detail ?? row['QUERY PLAN'] ?? JSON.stringify(row)));
}
