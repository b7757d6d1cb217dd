import { type Kysely, sql } from 'kysely';
import type { Database, NewPhishingReportRow } from '../src/server/db/schema';
import { derivedReportColumns } from '../src/server/features/phishing-reports/phishing-reports.repo';
import { hashSecret } from '../src/server/lib/secret-hash';
import { SampleReports } from './sample-reports';

const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;
/** ~16 columns × 500 rows stays well under SQLite's and PostgreSQL's bound-parameter limits. */
const ROWS_PER_INSERT = 500;
const ROWS_PER_TRANSACTION = 10_000;

export interface SeedOptions {
  count: number;
  now: Date;
  onProgress?: (inserted: number) => void;
}

/**
 * Fills the report table through Kysely with multi-row inserts inside transactions. Reports are
 * dated oldest first over the past year, as the live app stores them (reported_at is the time of
 * the insert), and the per-method counters are set from the rows actually stored.
 */
export async function seedReports(db: Kysely<Database>, { count, now, onProgress }: SeedOptions): Promise<void> {
  // scrypt is deliberately slow; one hash shared by every row keeps seeding to seconds.
  const samples = new SampleReports(20261121, await hashSecret('1234'));
  const start = now.getTime() - ONE_YEAR_MS;
  const step = ONE_YEAR_MS / count;
  const reportedAt = (index: number) => new Date(Math.floor(start + (index + Math.random()) * step));

  for (let first = 0; first < count; first += ROWS_PER_TRANSACTION) {
    const last = Math.min(first + ROWS_PER_TRANSACTION, count);
    await db.transaction().execute(async (trx) => {
      for (let batchStart = first; batchStart < last; batchStart += ROWS_PER_INSERT) {
        const rows: NewPhishingReportRow[] = [];
        for (let index = batchStart; index < Math.min(batchStart + ROWS_PER_INSERT, last); index += 1) {
          const at = reportedAt(index);
          const row = samples.row(index, at);
          // What the repository's insert derives; the bulk load writes it the same way.
          rows.push({ ...row, ...derivedReportColumns({ ...row, reported_at: at }) });
        }
        await trx.insertInto('phishing_reports').values(rows).execute();
      }
    });
    onProgress?.(last);
  }
  await resetCounters(db);
}

/** The app keeps these in step per insert; a bulk load has to set them once itself. */
async function resetCounters(db: Kysely<Database>): Promise<void> {
  await sql`update phishing_report_counts set total = (
    select count(*) from phishing_reports
    where phishing_reports.receipt_method = phishing_report_counts.receipt_method and hidden_at is null
  )`.execute(db);
  await sql`delete from phishing_report_groups`.execute(db);
  await sql`insert into phishing_report_groups (group_key, total)
    select group_key, count(*) from phishing_reports where group_key is not null and hidden_at is null group by group_key`.execute(db);
}
