import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useMigrationDatabase } from '../../test/migration-database';
import { PhishingReportsRepository } from './phishing-reports.repo';
import { reportGroupKey, reportSearchText } from './report-search-text';

/**
 * 20261127100000_report_search_and_moderation on an empty database of its own: reports stored
 * before it get the search text and group key the app would give them today (the migration holds a
 * frozen copy of the rules), more than one backfill chunk of them; the group and public totals are
 * set; the search index covers them; down and up again keep the rows.
 */

const BEFORE = '20261126200000_individual_training';
const REPORTS = 1_203; // more than two backfill chunks of 500
const migration = useMigrationDatabase();
const { expectMigrated } = migration;

/** Varied senders and bodies, some sharing a number, address or URL host. */
function oldReport(index: number) {
  const kind = index % 4;
  return {
    report_id: `old-report-${String(index).padStart(8, '0')}`,
    receipt_method: kind === 0 || kind === 3 ? 'email' : 'sms',
    subject: kind === 0 || kind === 3 ? `【重要】Ａｍａｚｏｎ アカウント確認 ${index}` : null,
    body:
      kind === 2
        ? `お荷物のお届けについて hxxps://www.Sagawa-${index % 7}[.]example/r?${index} をご確認ください`
        : `ご利用確認 ０９０－１２３４－${String(index % 10).padStart(4, '0')} までご連絡ください https://example-${index % 5}.test/login`,
    source_email: kind === 0 || kind === 3 ? `No-Reply${index % 3}@Amaz0n.Example` : null,
    phone_number: kind === 1 ? `090-1111-${String(index % 6).padStart(4, '0')}` : null,
    publish_screenshot: 0,
    delete_password_hash: 'hash',
    reported_at: new Date(Date.UTC(2026, 10, 1) + index * 60_000).toISOString(),
  };
}

describe('20261127100000_report_search_and_moderation', () => {
  it('backfills search text, group keys and group totals of existing reports', async () => {
    await expectMigrated(() => migration.migrator.migrateTo(BEFORE));
    for (let first = 0; first < REPORTS; first += 200) {
      const rows = Array.from({ length: Math.min(200, REPORTS - first) }, (_, offset) => oldReport(first + offset));
      await sql`insert into phishing_reports (report_id, receipt_method, subject, body, source_email, phone_number, publish_screenshot, delete_password_hash, reported_at)
        values ${sql.join(rows.map((row) => sql`(${row.report_id}, ${row.receipt_method}, ${row.subject}, ${row.body}, ${row.source_email}, ${row.phone_number}, 0, 'hash', ${row.reported_at})`))}`.execute(migration.handle.db);
    }
    await sql`update phishing_report_counts set total = (select count(*) from phishing_reports p where p.receipt_method = phishing_report_counts.receipt_method)`.execute(migration.handle.db);

    await expectMigrated(() => migration.migrator.migrateToLatest());

    const stored = await migration.handle.db.selectFrom('phishing_reports').select(['report_id', 'search_text', 'group_key']).orderBy('report_id').execute();
    expect(stored).toHaveLength(REPORTS);
    for (const row of stored) {
      const original = oldReport(Number(row.report_id.slice('old-report-'.length)));
      expect(row.search_text).toBe(reportSearchText(original));
      expect(row.group_key).toBe(reportGroupKey(original));
    }
    expect(stored.every((row) => row.group_key !== null)).toBe(true);

    const expectedGroups = new Map<string, number>();
    for (const row of stored) expectedGroups.set(row.group_key!, (expectedGroups.get(row.group_key!) ?? 0) + 1);
    const groups = await migration.handle.db.selectFrom('phishing_report_groups').select(['group_key', 'total']).execute();
    expect(new Map(groups.map((group) => [group.group_key, Number(group.total)]))).toEqual(expectedGroups);
    expect(expectedGroups.get('host:sagawa-3.example')).toBeGreaterThan(1);

    const repo = new PhishingReportsRepository(migration.handle.db);
    const counts = await repo.counts();
    expect(counts.total.email + counts.total.sms).toBe(REPORTS);
    const first = await repo.findByReportId('old-report-00000002');
    expect(first?.similar_count).toBe((expectedGroups.get('host:sagawa-2.example') ?? 0) - 1);

    // The search index covers the backfilled rows (SQLite's FTS table is rebuilt after the backfill).
    const sagawa = await repo.searchPage({ terms: ['sagawa-3.example'], limit: 5, offset: 0 });
    expect(sagawa.total).toBe(expectedGroups.get('host:sagawa-3.example'));
    const phone = await repo.searchPage({ terms: ['09012340007', 'amazon'], limit: 500, offset: 0 });
    expect(phone.reports.map((report) => report.report_id).sort()).toEqual(
      stored.filter((row) => Number(row.report_id.slice(-8)) % 10 === 7 && Number(row.report_id.slice(-8)) % 4 !== 1 && Number(row.report_id.slice(-8)) % 4 !== 2).map((row) => row.report_id),
    );
  });

  it('migrates down and up again keeping every report', async () => {
    await expectMigrated(() => migration.migrator.migrateTo(BEFORE));
    const { rows } = await sql<{ count: number | string }>`select count(*) as count from phishing_reports`.execute(migration.handle.db);
    expect(Number(rows[0]?.count)).toBe(REPORTS);
    await expectMigrated(() => migration.migrator.migrateToLatest());
    const keys = await migration.handle.db.selectFrom('phishing_reports').select('group_key').where('group_key', 'is', null).execute();
    expect(keys).toEqual([]);
  });
});
