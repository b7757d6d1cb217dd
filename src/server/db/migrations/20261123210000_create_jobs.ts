import { type Kysely, sql } from 'kysely';
import { foreignIdColumnType, serialColumnType, timestampColumnType } from './migration-dialect-v1';

/**
 * One table of background jobs (src/server/lib/jobs/) replaces the two hand-written claim loops:
 * the mail outbox's and screenshot publishing's. A job is claimed, retried and given up here;
 * the row it works on (a mail, a report) only points at it.
 *
 * Existing rows: every outbox message gets its job with its state carried over (pending → queued,
 * sending → running with its claim, sent → done, failed → failed with its reason), and every
 * report waiting for redaction gets a `publish_screenshot` job with its claims so far. The claim
 * columns of both tables are then dropped: nothing reads them any more.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', serialColumnType(db), (column) => column.primaryKey())
    .addColumn('kind', 'varchar(64)', (column) => column.notNull())
    // JSON; its shape is the kind's payload type (lib/jobs/job-kinds.ts).
    .addColumn('payload', 'text', (column) => column.notNull().defaultTo('{}'))
    .addColumn('status', 'varchar(16)', (column) =>
      column.notNull().defaultTo('queued').check(sql`status in ('queued', 'running', 'done', 'failed')`),
    )
    // When the job is due (first run, or the next retry).
    .addColumn('run_at', timestampColumnType(db), (column) => column.notNull())
    // Claims so far (each run is one claim).
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (column) => column.notNull())
    // The last failure's reason; for a `failed` job, why it was given up.
    .addColumn('last_error', 'text')
    // A token unique to the claim: only its holder may record the outcome.
    .addColumn('claimed_by', 'varchar(64)')
    .addColumn('claimed_at', timestampColumnType(db))
    .addColumn('created_at', timestampColumnType(db), (column) => column.notNull())
    .addColumn('updated_at', timestampColumnType(db), (column) => column.notNull())
    .addColumn('finished_at', timestampColumnType(db))
    .execute();

  // Claims look only at unfinished jobs of their kinds: queued ones by due time, running ones by
  // claim time (stale takeover). Finished jobs stay out of both indexes.
  await db.schema
    .createIndex('jobs_queued_idx')
    .on('jobs')
    .columns(['kind', 'run_at', 'id'])
    .where(sql<boolean>`status = 'queued'`)
    .execute();
  await db.schema
    .createIndex('jobs_running_idx')
    .on('jobs')
    .columns(['kind', 'claimed_at'])
    .where(sql<boolean>`status = 'running'`)
    .execute();

  await db.schema.alterTable('mail_outbox').addColumn('job_id', foreignIdColumnType(db)).execute();
  await db.schema.alterTable('phishing_reports').addColumn('screenshot_job_id', foreignIdColumnType(db)).execute();

  // The payload text is exactly what JSON.stringify writes ({"mailId":1}), so the row finds its job back.
  await sql`
    insert into jobs (kind, payload, status, run_at, attempts, max_attempts, last_error, claimed_by, claimed_at, created_at, updated_at, finished_at)
    select 'send_mail',
      '{"mailId":' || id || '}',
      case status when 'pending' then 'queued' when 'sending' then 'running' when 'sent' then 'done' else 'failed' end,
      next_attempt_at, attempts, 8, last_error,
      case when status = 'sending' then claim_token end,
      case when status = 'sending' then claimed_at end,
      created_at, coalesce(sent_at, created_at), sent_at
    from mail_outbox order by id`.execute(db);
  await sql`
    update mail_outbox set job_id = (
      select jobs.id from jobs where jobs.kind = 'send_mail' and jobs.payload = '{"mailId":' || mail_outbox.id || '}'
    )`.execute(db);

  await sql`
    insert into jobs (kind, payload, status, run_at, attempts, max_attempts, claimed_by, claimed_at, created_at, updated_at)
    select 'publish_screenshot',
      '{"reportId":' || id || '}',
      case when screenshot_claimed_at is null then 'queued' else 'running' end,
      reported_at, screenshot_attempts, 3, screenshot_claim_token, screenshot_claimed_at, reported_at, reported_at
    from phishing_reports where screenshot_status = 'pending' order by id`.execute(db);
  await sql`
    update phishing_reports set screenshot_job_id = (
      select jobs.id from jobs where jobs.kind = 'publish_screenshot' and jobs.payload = '{"reportId":' || phishing_reports.id || '}'
    ) where screenshot_status = 'pending'`.execute(db);

  // SQLite drops one column per statement, and none an index still names.
  await db.schema.dropIndex('mail_outbox_due_idx').execute();
  for (const column of ['status', 'attempts', 'next_attempt_at', 'claimed_at', 'claim_token', 'last_error']) {
    await db.schema.alterTable('mail_outbox').dropColumn(column).execute();
  }
  for (const column of ['screenshot_attempts', 'screenshot_claimed_at', 'screenshot_claim_token']) {
    await db.schema.alterTable('phishing_reports').dropColumn(column).execute();
  }
}

/** Puts the claim columns back, filled from the jobs, and drops the jobs. */
export async function down(db: Kysely<unknown>): Promise<void> {
  const outbox = () => db.schema.alterTable('mail_outbox');
  await outbox()
    .addColumn('status', 'varchar(16)', (column) =>
      column.notNull().defaultTo('pending').check(sql`status in ('pending', 'sending', 'sent', 'failed')`),
    )
    .execute();
  await outbox().addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0)).execute();
  // SQLite adds a NOT NULL column only with a default; every row gets its real value just below.
  await outbox().addColumn('next_attempt_at', timestampColumnType(db), (column) => column.notNull().defaultTo('1970-01-01T00:00:00.000Z')).execute();
  await outbox().addColumn('claimed_at', timestampColumnType(db)).execute();
  await outbox().addColumn('claim_token', 'varchar(64)').execute();
  await outbox().addColumn('last_error', 'text').execute();
  await sql`
    update mail_outbox set
      status = coalesce((select case jobs.status when 'queued' then 'pending' when 'running' then 'sending' when 'done' then 'sent' else 'failed' end
        from jobs where jobs.id = mail_outbox.job_id), 'pending'),
      attempts = coalesce((select jobs.attempts from jobs where jobs.id = mail_outbox.job_id), 0),
      next_attempt_at = coalesce((select jobs.run_at from jobs where jobs.id = mail_outbox.job_id), created_at),
      claimed_at = (select jobs.claimed_at from jobs where jobs.id = mail_outbox.job_id and jobs.status = 'running'),
      claim_token = (select jobs.claimed_by from jobs where jobs.id = mail_outbox.job_id and jobs.status = 'running'),
      last_error = (select jobs.last_error from jobs where jobs.id = mail_outbox.job_id)`.execute(db);
  await db.schema
    .createIndex('mail_outbox_due_idx')
    .on('mail_outbox')
    .columns(['next_attempt_at', 'id'])
    .where(sql<boolean>`status in ('pending', 'sending')`)
    .execute();

  const reports = () => db.schema.alterTable('phishing_reports');
  await reports().addColumn('screenshot_attempts', 'integer', (column) => column.notNull().defaultTo(0)).execute();
  await reports().addColumn('screenshot_claimed_at', timestampColumnType(db)).execute();
  await reports().addColumn('screenshot_claim_token', 'varchar(64)').execute();
  await sql`
    update phishing_reports set
      screenshot_attempts = coalesce((select jobs.attempts from jobs where jobs.id = phishing_reports.screenshot_job_id), 0),
      screenshot_claimed_at = (select jobs.claimed_at from jobs where jobs.id = phishing_reports.screenshot_job_id and jobs.status = 'running'),
      screenshot_claim_token = (select jobs.claimed_by from jobs where jobs.id = phishing_reports.screenshot_job_id and jobs.status = 'running')
    where screenshot_job_id is not null`.execute(db);

  await outbox().dropColumn('job_id').execute();
  await reports().dropColumn('screenshot_job_id').execute();
  await db.schema.dropTable('jobs').execute();
}
