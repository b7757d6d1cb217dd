import type { DatabaseTarget } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';
import { PhishingReportsRepository } from '../src/server/features/phishing-reports/phishing-reports.repo';
import type { ReportFilter } from '../src/server/features/phishing-reports/report-search.repo';
import { searchTerms } from '../src/server/features/phishing-reports/report-search-text';
import { table } from './summary';

export interface SearchQueryCost {
  name: string;
  total: number;
  p50Ms: number;
  p99Ms: number;
}

const CALLS = 60;

/**
 * Times the repository's search (searchPage: the page's ids, the count and the rows; no HTTP, no
 * cache) for each kind of question a visitor asks, one call at a time, so the search's own cost
 * can be told apart from the load test's queueing on a shared machine.
 */
export async function measureSearchQueryCost(target: DatabaseTarget): Promise<SearchQueryCost[]> {
  const handle = openDatabase(target);
  try {
    const repo = new PhishingReportsRepository(handle.db);
    const sms = await handle.db.selectFrom('phishing_reports').select(['report_id', 'phone_number']).where('phone_number', 'is not', null).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    const email = await handle.db.selectFrom('phishing_reports').select('report_id').where('source_email', 'is not', null).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    const kinds: Array<[string, ReportFilter]> = [
      ['phone number (one match)', { terms: searchTerms(sms.phone_number ?? '') }],
      ['URL host (a few matches)', { terms: searchTerms('sagawa-exp-123.example') }],
      ['brand 楽天カード (5 % of reports)', { terms: searchTerms('楽天カード') }],
      ['brand, SMS only', { terms: searchTerms('ヤマト運輸'), method: 'sms' }],
      ['common word 再配達 (half the reports)', { terms: searchTerms('再配達') }],
      ['two words 楽天カード 停止', { terms: searchTerms('楽天カード 停止') }],
      ['two characters 楽天', { terms: searchTerms('楽天') }],
      ['no match', { terms: searchTerms('存在しない言葉') }],
      ['similar_to, sender address group', { group: (await repo.groupOf(email.report_id)) ?? undefined }],
      ['similar_to, phone number group', { group: (await repo.groupOf(sms.report_id)) ?? undefined }],
    ];
    const costs: SearchQueryCost[] = [];
    for (const [name, filter] of kinds) {
      const run = () => repo.searchPage({ ...filter, limit: 20, offset: 0 });
      for (let call = 0; call < 5; call += 1) await run();
      const times: number[] = [];
      let total = 0;
      for (let call = 0; call < CALLS; call += 1) {
        const started = performance.now();
        total = (await run()).total;
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      costs.push({ name, total, p50Ms: times[Math.floor(CALLS / 2)] ?? 0, p99Ms: times[Math.ceil(CALLS * 0.99) - 1] ?? 0 });
    }
    return costs;
  } finally {
    await handle.destroy();
  }
}

export function searchQueryCostTable(costs: SearchQueryCost[]): string {
  return table(
    ['question', 'matches (total)', 'p50', 'p99'],
    costs.map((cost) => [cost.name, cost.total.toLocaleString('en'), `${cost.p50Ms.toFixed(2)} ms`, `${cost.p99Ms.toFixed(2)} ms`]),
  );
}
