import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { MailOutboxRepository } from '../../features/mail/mail-outbox.repo';
import { useMigrationDatabase } from '../../test/migration-database';
import { JobsRepository } from './jobs.repo';

/**
 * 20261123210000_create_jobs on an empty database of its own (migrated here step by step): queued mail and pending screenshots written by the two
 * old claim loops become jobs with their state, and down puts the old columns back.
 */

const BEFORE = '20261123200000_create_people_domains_templates';
const migration = useMigrationDatabase();
const { expectMigrated } = migration;
const iso = (value: unknown) => (value === null ? null : new Date(value as string | Date).toISOString());

describe('20261123210000_create_jobs', () => {
  it('gives every outbox message and every pending screenshot its job, with its state and claim', async () => {
    await expectMigrated(() => migration.migrator.migrateTo(BEFORE));
    const mail = (subject: string, status: string, attempts: number, extra: { claimedAt?: string; token?: string; error?: string; sentAt?: string }) =>
      sql`insert into mail_outbox (to_address, subject, text_body, html_body, headers, status, attempts, next_attempt_at, claimed_at, claim_token, last_error, created_at, sent_at)
          values ('taro@example.jp', ${subject}, 'text', '<p>html</p>', '{}', ${status}, ${attempts}, ${'2026-11-23T10:05:00.000Z'},
                  ${extra.claimedAt ?? null}, ${extra.token ?? null}, ${extra.error ?? null}, ${'2026-11-23T10:00:00.000Z'}, ${extra.sentAt ?? null})`.execute(migration.handle.db);
    await mail('pending', 'pending', 1, { error: '451 try later' });
    await mail('sending', 'sending', 2, { claimedAt: '2026-11-23T10:06:00.000Z', token: 'old-worker' });
    await mail('sent', 'sent', 1, { sentAt: '2026-11-23T10:01:00.000Z' });
    await mail('failed', 'failed', 1, { error: '550 no such user' });
    const report = (reportId: string, status: string, attempts: number, claimedAt: string | null, token: string | null) =>
      sql`insert into phishing_reports (report_id, receipt_method, body, publish_screenshot, original_key, delete_password_hash, reported_at,
                                        screenshot_status, screenshot_attempts, screenshot_claimed_at, screenshot_claim_token)
          values (${reportId}, 'sms', 'body', 1, 'private/screenshot-originals/x.png', 'hash', ${'2026-11-23T09:00:00.000Z'},
                  ${status}, ${attempts}, ${claimedAt}, ${token})`.execute(migration.handle.db);
    await report('waiting-aaaaaaaaaaaa', 'pending', 0, null, null);
    await report('claimed-aaaaaaaaaaaa', 'pending', 1, '2026-11-23T09:30:00.000Z', 'old-publisher');
    await report('published-aaaaaaaaaa', 'published', 1, null, null);

    await expectMigrated(() => migration.migrator.migrateToLatest());
    const outbox = new MailOutboxRepository(migration.handle.db);
    const ids = (await migration.handle.db.selectFrom('mail_outbox').select('id').orderBy('id').execute()).map((row) => row.id);
    const deliveries = await Promise.all(ids.map((id) => outbox.findById(id)));
    expect(deliveries.map((row) => [row?.subject, row?.status, row?.attempts, row?.claimed_by, row?.last_error, iso(row?.next_attempt_at)])).toEqual([
      ['pending', 'pending', 1, null, '451 try later', '2026-11-23T10:05:00.000Z'],
      ['sending', 'sending', 2, 'old-worker', null, '2026-11-23T10:05:00.000Z'],
      ['sent', 'sent', 1, null, null, '2026-11-23T10:05:00.000Z'],
      ['failed', 'failed', 1, null, '550 no such user', '2026-11-23T10:05:00.000Z'],
    ]);
    const jobs = new JobsRepository(migration.handle.db);
    for (const delivery of deliveries) {
      expect((await jobs.find(delivery!.job_id!))?.payload).toEqual({ mailId: delivery!.id });
    }

    const reports = await migration.handle.db
      .selectFrom('phishing_reports')
      .leftJoin('jobs', 'jobs.id', 'phishing_reports.screenshot_job_id')
      .select(['report_id', 'phishing_reports.id', 'jobs.kind', 'jobs.payload', 'jobs.status', 'jobs.attempts', 'jobs.max_attempts', 'jobs.claimed_by', 'jobs.claimed_at'])
      .orderBy('report_id')
      .execute();
    expect(reports.map((row) => ({ ...row, claimed_at: iso(row.claimed_at), payload: row.payload && JSON.parse(row.payload) }))).toEqual([
      {
        report_id: 'claimed-aaaaaaaaaaaa', id: reports[0]!.id, kind: 'publish_screenshot', payload: { reportId: reports[0]!.id },
        status: 'running', attempts: 1, max_attempts: 3, claimed_by: 'old-publisher', claimed_at: '2026-11-23T09:30:00.000Z',
      },
      { report_id: 'published-aaaaaaaaaa', id: reports[1]!.id, kind: null, payload: null, status: null, attempts: null, max_attempts: null, claimed_by: null, claimed_at: null },
      {
        report_id: 'waiting-aaaaaaaaaaaa', id: reports[2]!.id, kind: 'publish_screenshot', payload: { reportId: reports[2]!.id },
        status: 'queued', attempts: 0, max_attempts: 3, claimed_by: null, claimed_at: null,
      },
    ]);

    // Due queued jobs are claimable at once, an old claim only once stale (the claim is rolled back after).
    const byReport = Object.fromEntries(reports.map((row) => [row.report_id, row.id]));
    const claimed = await migration.handle.db
      .transaction()
      .execute(async (trx) => {
        const taken = await new JobsRepository(trx).claim({
          kinds: ['send_mail', 'publish_screenshot'],
          now: new Date('2026-11-23T10:10:00.000Z'),
          staleBefore: new Date('2026-11-23T10:00:00.000Z'),
          limit: 10,
          claimedBy: 'new',
        });
        throw Object.assign(new Error('roll back'), { taken });
      })
      .catch((error: { taken: Array<{ payload: unknown; attempts: number }> }) => error.taken);
    expect(claimed.map((job) => [job.payload, job.attempts])).toEqual([
      [{ reportId: byReport['waiting-aaaaaaaaaaaa'] }, 1],
      [{ reportId: byReport['claimed-aaaaaaaaaaaa'] }, 2],
      [{ mailId: ids[0] }, 2],
    ]);
  });

  it('migrates down to the old claim columns, with their values, and up again', async () => {
    await expectMigrated(() => migration.migrator.migrateTo(BEFORE));
    const mails = await sql<{ subject: string; status: string; attempts: number; claim_token: string | null; last_error: string | null }>`
      select subject, status, attempts, claim_token, last_error from mail_outbox order by id`.execute(migration.handle.db);
    expect(mails.rows.map((row) => [row.subject, row.status, Number(row.attempts), row.claim_token, row.last_error])).toEqual([
      ['pending', 'pending', 1, null, '451 try later'],
      ['sending', 'sending', 2, 'old-worker', null],
      ['sent', 'sent', 1, null, null],
      ['failed', 'failed', 1, null, '550 no such user'],
    ]);
    const reports = await sql<{ report_id: string; screenshot_attempts: number; screenshot_claim_token: string | null }>`
      select report_id, screenshot_attempts, screenshot_claim_token from phishing_reports order by report_id`.execute(migration.handle.db);
    expect(reports.rows.map((row) => [row.report_id, Number(row.screenshot_attempts), row.screenshot_claim_token])).toEqual([
      ['claimed-aaaaaaaaaaaa', 1, 'old-publisher'],
      ['published-aaaaaaaaaa', 0, null],
      ['waiting-aaaaaaaaaaaa', 0, null],
    ]);
    const tables = await migration.handle.db.introspection.getTables();
    expect(tables.some((table) => table.name === 'jobs' && (!migration.handle.schema || table.schema === migration.handle.schema))).toBe(false);
    await expectMigrated(() => migration.migrator.migrateToLatest());
  });
});
