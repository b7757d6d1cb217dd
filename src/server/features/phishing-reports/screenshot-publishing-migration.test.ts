import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../clock';
import { LocalFileStorage } from '../../storage/file-storage';
import { blankAnalyzer } from '../../test/screenshot-analyzer-doubles';
import { useMigrationDatabase } from '../../test/migration-database';
import { PhishingReportsRepository } from './phishing-reports.repo';
import { ScreenshotPublisher } from './screenshot-publisher';

/**
 * The screenshot-publishing migration on a database of its own (a fresh SQLite file, or a fresh
 * PostgreSQL schema when the run is on PostgreSQL): how rows written before it are mapped.
 */

const migration = useMigrationDatabase();
const { expectMigrated } = migration;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kizuki-migration-'));

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('20261121120000_add_screenshot_publishing', () => {
  it('maps existing reports, and a legacy unredacted copy is replaced by a redacted one', async () => {
    await expectMigrated(() => migration.migrator.migrateTo('20261121000000_create_phishing_reports'));
    const storage = new LocalFileStorage(path.join(dir, 'storage'));
    const png = await sharp({ create: { width: 40, height: 80, channels: 3, background: '#ffffff' } }).png().toBuffer();
    await storage.put('private/screenshot-originals/originalAAAAAAAAAAAAAAA.png', png);
    await storage.put('public/screenshots/legacyAAAAAAAAAAAAAAAAAA.png', png);
    const row = (reportId: string, publish: number, screenshotKey: string | null, originalKey: string | null) =>
      sql`insert into phishing_reports (report_id, receipt_method, body, publish_screenshot, screenshot_key, original_key, delete_password_hash, reported_at)
          values (${reportId}, 'sms', 'body', ${publish}, ${screenshotKey}, ${originalKey}, 'hash', ${'2026-11-20T00:00:00.000Z'})`.execute(migration.handle.db);
    await row('no-screenshot-aaaaaa', 0, null, null);
    await row('published-legacy-aaa', 1, 'public/screenshots/legacyAAAAAAAAAAAAAAAAAA.png', 'private/screenshot-originals/originalAAAAAAAAAAAAAAA.png');
    await row('kept-private-aaaaaaa', 0, null, 'private/screenshot-originals/otherAAAAAAAAAAAAAAAAAA.png');
    await row('no-original-aaaaaaaa', 1, 'public/screenshots/orphanAAAAAAAAAAAAAAAAAA.png', null);

    await expectMigrated(() => migration.migrator.migrateToLatest());
    // Claims live in the jobs table since 20261123210000_create_jobs: the pending report has an unclaimed job.
    const statuses = await migration.handle.db
      .selectFrom('phishing_reports')
      .leftJoin('jobs', 'jobs.id', 'phishing_reports.screenshot_job_id')
      .select(['report_id', 'screenshot_status', 'jobs.attempts as screenshot_attempts', 'jobs.claimed_at as screenshot_claimed_at', 'thumbnail_key'])
      .orderBy('report_id')
      .execute();
    expect(statuses).toEqual([
      { report_id: 'kept-private-aaaaaaa', screenshot_status: 'private', screenshot_attempts: null, screenshot_claimed_at: null, thumbnail_key: null },
      { report_id: 'no-original-aaaaaaaa', screenshot_status: 'failed', screenshot_attempts: null, screenshot_claimed_at: null, thumbnail_key: null },
      { report_id: 'no-screenshot-aaaaaa', screenshot_status: 'none', screenshot_attempts: null, screenshot_claimed_at: null, thumbnail_key: null },
      { report_id: 'published-legacy-aaa', screenshot_status: 'pending', screenshot_attempts: 0, screenshot_claimed_at: null, thumbnail_key: null },
    ]);
    await expect(sql`update phishing_reports set screenshot_status = 'shown'`.execute(migration.handle.db)).rejects.toThrow();

    // The publisher redacts the pending one and removes the unredacted legacy file.
    const publisher = new ScreenshotPublisher({
      repo: new PhishingReportsRepository(migration.handle.db),
      storage,
      analyzer: blankAnalyzer(),
      clock: new ManualClock(new Date('2026-11-21T00:00:00Z')),
      logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
    });
    await publisher.drain();
    await publisher.close();
    const published = await migration.handle.db
      .selectFrom('phishing_reports')
      .select(['screenshot_status', 'screenshot_key', 'thumbnail_key'])
      .where('report_id', '=', 'published-legacy-aaa')
      .executeTakeFirstOrThrow();
    expect(published.screenshot_status).toBe('published');
    expect(published.screenshot_key).toMatch(/^public\/redacted-screenshots\//);
    expect(published.thumbnail_key).toMatch(/^public\/screenshot-thumbnails\//);
    expect(await storage.get('public/screenshots/legacyAAAAAAAAAAAAAAAAAA.png')).toBeNull();
    expect(await storage.get(published.screenshot_key!)).not.toBeNull();
  });

  it('migrates down and up again', async () => {
    // Down to the migration before it (later migrations, such as the mail outbox, go down first).
    await expectMigrated(() => migration.migrator.migrateTo('20261121000000_create_phishing_reports'));
    const tables = await migration.handle.db.introspection.getTables();
    const reports = tables.find((table) => table.name === 'phishing_reports' && (!migration.handle.schema || table.schema === migration.handle.schema));
    expect(reports).toBeDefined();
    expect(reports?.columns.map((column) => column.name)).not.toContain('screenshot_status');
    await expectMigrated(() => migration.migrator.migrateToLatest());
  });
});
