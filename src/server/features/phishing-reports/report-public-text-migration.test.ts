import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useMigrationDatabase } from '../../test/migration-database';
import { PhishingReportsRepository } from './phishing-reports.repo';
import { PUBLIC_TEXT_VERSION, renderPublicText } from './report-public-text';

/**
 * 20261130090000_report_public_text on an empty database of its own: reports stored before it have
 * no public text; they are listed and shown right all the same (rendered from their columns), the
 * refresh gives them the text, and down and up again keep every report.
 */

const BEFORE = '20261129100000_usage_plan';
const REPORTS = 450; // more than two refresh batches of 200
const migration = useMigrationDatabase();
const { expectMigrated } = migration;

const reportIdOf = (index: number) => `old-report-${String(index).padStart(8, '0')}`;
const reportedAtOf = (index: number) => new Date(Date.UTC(2026, 10, 1) + index * 60_000);

describe('20261130090000_report_public_text', () => {
  it('leaves existing reports without public text, serves them from their columns, and the refresh fills it', async () => {
    await expectMigrated(() => migration.migrator.migrateTo(BEFORE));
    const db = migration.handle.db;
    for (let first = 0; first < REPORTS; first += 150) {
      const indexes = Array.from({ length: 150 }, (_, offset) => first + offset);
      await sql`insert into phishing_reports (report_id, receipt_method, subject, body, source_email, phone_number, publish_screenshot, delete_password_hash, reported_at)
        values ${sql.join(indexes.map((index) => sql`(${reportIdOf(index)}, 'email', ${`件名 https://s${index}.example`}, ${`本文 http://b${index}.example/login`}, 'x@a.example', null, 0, 'hash', ${reportedAtOf(index).toISOString()})`))}`.execute(db);
    }
    await sql`update phishing_report_counts set total = (select count(*) from phishing_reports p where p.receipt_method = phishing_report_counts.receipt_method)`.execute(db);

    await expectMigrated(() => migration.migrator.migrateToLatest());

    const untouched = await db.selectFrom('phishing_reports').select(['public_text', 'public_text_version']).execute();
    expect(untouched).toHaveLength(REPORTS);
    expect(untouched.every((row) => row.public_text === null && row.public_text_version === null)).toBe(true);

    const repo = new PhishingReportsRepository(db);
    const expectedText = (index: number) => renderPublicText({
      report_id: reportIdOf(index), receipt_method: 'email', subject: `件名 https://s${index}.example`, body: `本文 http://b${index}.example/login`,
      source_email: 'x@a.example', phone_number: null, publish_screenshot: false, reported_at: reportedAtOf(index),
    });
    const page = await repo.listPage({ limit: 20, offset: 0, total: REPORTS });
    expect(page.map((card) => card.public_text)).toEqual(Array.from({ length: 20 }, (_, offset) => expectedText(REPORTS - 1 - offset)));
    expect((await repo.findCardByReportId(reportIdOf(7)))?.public_text).toBe(expectedText(7));

    expect(await repo.refreshPublicTexts(200)).toBe(200);
    expect(await repo.refreshPublicTexts(200)).toBe(200);
    expect(await repo.refreshPublicTexts(200)).toBe(REPORTS - 400);
    expect(await repo.refreshPublicTexts(200)).toBe(0);
    const refreshed = await db.selectFrom('phishing_reports').select(['report_id', 'public_text', 'public_text_version']).execute();
    for (const row of refreshed) {
      expect(row.public_text_version).toBe(PUBLIC_TEXT_VERSION);
      expect(row.public_text).toBe(expectedText(Number(row.report_id.slice('old-report-'.length))));
    }
  });

  it('migrates down and up again keeping every report', async () => {
    await expectMigrated(() => migration.migrator.migrateTo(BEFORE));
    const { rows } = await sql<{ count: number | string }>`select count(*) as count from phishing_reports`.execute(migration.handle.db);
    expect(Number(rows[0]?.count)).toBe(REPORTS);
    await expectMigrated(() => migration.migrator.migrateToLatest());
    const repo = new PhishingReportsRepository(migration.handle.db);
    expect(await repo.listPage({ limit: 5, offset: REPORTS - 5, total: REPORTS })).toHaveLength(5);
  });
});
