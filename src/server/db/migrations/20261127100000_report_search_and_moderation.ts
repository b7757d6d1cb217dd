import { type Kysely, sql } from 'kysely';
import { dialectOf, timestampColumnType } from './migration-dialect-v1';

/**
 * Kizuki DB search, grouping and moderation (issue 13).
 *
 * - `hidden_at` / `hidden_reason`: an operator hides a report; a hidden report is in no public
 *   answer. The public list walks partial indexes that hold public reports only, and the counter
 *   rows (`phishing_report_counts.total`) count public reports only.
 * - `search_text`: subject, body, sender address and number, normalised (NFKC, lower case, phone
 *   numbers as digits, defanged URLs undone). SQLite indexes it with an FTS5 trigram table kept in
 *   step by triggers; PostgreSQL with a pg_trgm GIN index when the extension can be created (the
 *   search query is the same LIKE either way, so without it the search still works, by a scan).
 * - `group_key` and `phishing_report_groups`: similar reports (same number, else address, else URL
 *   host) and the number of public reports in each group, kept by the repository with every insert,
 *   delete, hide and restore.
 *
 * Existing rows are backfilled here in chunks with a frozen copy of the normalisation rules
 * (report-search-text.ts holds the live ones; report-search-migration.test.ts checks they agree).
 */

const CHUNK = 500;

export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  const table = () => db.schema.alterTable('phishing_reports');
  // SQLite adds one column per statement.
  await table().addColumn('hidden_at', timestampColumnType(db)).execute();
  await table().addColumn('hidden_reason', 'text').execute();
  await table().addColumn('search_text', 'text').execute();
  await table().addColumn('group_key', 'varchar(320)').execute();

  await db.schema
    .createTable('phishing_report_groups')
    .addColumn('group_key', 'varchar(320)', (column) => column.primaryKey())
    .addColumn('total', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();

  await backfill(db);

  await sql`
    insert into phishing_report_groups (group_key, total)
    select group_key, count(*) from phishing_reports
    where group_key is not null and hidden_at is null
    group by group_key`.execute(db);
  // No report is hidden yet, but the counters mean "public reports" from now on.
  await sql`update phishing_report_counts set revision = revision + 1, total = (
    select count(*) from phishing_reports
    where phishing_reports.receipt_method = phishing_report_counts.receipt_method and hidden_at is null
  )`.execute(db);

  // The public list walks public reports only. The full (reported_at, id) index stays for the
  // operator's list of everything and the retention sweep.
  await db.schema.dropIndex('phishing_reports_method_reported_at_idx').execute();
  await db.schema
    .createIndex('phishing_reports_public_reported_at_idx')
    .on('phishing_reports')
    .columns(['reported_at', 'id'])
    .where(sql<boolean>`hidden_at is null`)
    .execute();
  await db.schema
    .createIndex('phishing_reports_public_method_reported_at_idx')
    .on('phishing_reports')
    .columns(['receipt_method', 'reported_at', 'id'])
    .where(sql<boolean>`hidden_at is null`)
    .execute();
  await db.schema
    .createIndex('phishing_reports_public_group_reported_at_idx')
    .on('phishing_reports')
    .columns(['group_key', 'reported_at', 'id'])
    .where(sql<boolean>`hidden_at is null`)
    .execute();

  if (dialect === 'sqlite') await createSqliteSearchIndex(db);
  else await createPostgresSearchIndex(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'sqlite') {
    for (const trigger of ['phishing_reports_fts_insert', 'phishing_reports_fts_delete', 'phishing_reports_fts_update']) {
      await sql`drop trigger if exists ${sql.raw(trigger)}`.execute(db);
    }
    await sql`drop table if exists phishing_reports_fts`.execute(db);
  } else {
    // The extension stays: other schemas of the database may use it.
    await sql`drop index if exists phishing_reports_search_trgm_idx`.execute(db);
  }
  for (const index of ['phishing_reports_public_group_reported_at_idx', 'phishing_reports_public_method_reported_at_idx', 'phishing_reports_public_reported_at_idx']) {
    await db.schema.dropIndex(index).execute();
  }
  await db.schema
    .createIndex('phishing_reports_method_reported_at_idx')
    .on('phishing_reports')
    .columns(['receipt_method', 'reported_at', 'id'])
    .execute();
  // Hidden reports become public again (the counters count every row, as before).
  await sql`update phishing_report_counts set revision = revision + 1, total = (
    select count(*) from phishing_reports where phishing_reports.receipt_method = phishing_report_counts.receipt_method
  )`.execute(db);
  await db.schema.dropTable('phishing_report_groups').execute();
  for (const column of ['group_key', 'search_text', 'hidden_reason', 'hidden_at']) {
    await db.schema.alterTable('phishing_reports').dropColumn(column).execute();
  }
}

async function createSqliteSearchIndex(db: Kysely<unknown>): Promise<void> {
  // External content: the text lives once, in phishing_reports.search_text; the FTS table holds
  // only the trigram index. Built after the backfill, then kept in step by triggers (an external
  // content index must be told the old text of a row to forget it).
  await sql`create virtual table phishing_reports_fts using fts5(
    search_text, content='phishing_reports', content_rowid='id', tokenize='trigram'
  )`.execute(db);
  await sql`insert into phishing_reports_fts (phishing_reports_fts) values ('rebuild')`.execute(db);
  await sql`create trigger phishing_reports_fts_insert after insert on phishing_reports
    when new.search_text is not null begin
      insert into phishing_reports_fts (rowid, search_text) values (new.id, new.search_text);
    end`.execute(db);
  await sql`create trigger phishing_reports_fts_delete after delete on phishing_reports
    when old.search_text is not null begin
      insert into phishing_reports_fts (phishing_reports_fts, rowid, search_text) values ('delete', old.id, old.search_text);
    end`.execute(db);
  await sql`create trigger phishing_reports_fts_update after update of search_text on phishing_reports begin
      insert into phishing_reports_fts (phishing_reports_fts, rowid, search_text)
        select 'delete', old.id, old.search_text where old.search_text is not null;
      insert into phishing_reports_fts (rowid, search_text)
        select new.id, new.search_text where new.search_text is not null;
    end`.execute(db);
}

async function createPostgresSearchIndex(db: Kysely<unknown>): Promise<void> {
  // The extension is database-wide. It goes into `public` (not into the schema being migrated,
  // which may be dropped with everything in it); a role that may not create it leaves the search
  // without an index, and a savepoint keeps the failure from aborting the migration.
  await sql`savepoint pg_trgm_install`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    await sql`release savepoint pg_trgm_install`.execute(db);
  } catch {
    await sql`rollback to savepoint pg_trgm_install`.execute(db);
  }
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) return;
  await sql`create index phishing_reports_search_trgm_idx on phishing_reports
    using gin (search_text ${sql.id(schema)}.gin_trgm_ops)`.execute(db);
}

interface BackfillRow {
  id: number | string;
  subject: string | null;
  body: string;
  source_email: string | null;
  phone_number: string | null;
}

async function backfill(db: Kysely<unknown>): Promise<void> {
  let after: number | string = 0;
  for (;;) {
    const { rows }: { rows: BackfillRow[] } = await sql<BackfillRow>`
      select id, subject, body, source_email, phone_number from phishing_reports
      where id > ${after} order by id limit ${CHUNK}`.execute(db);
    if (rows.length === 0) return;
    if (dialectOf(db) === 'postgres') {
      // One statement per chunk: a round trip per row would make a large table take minutes.
      const values = rows.map((row) => sql`(${String(row.id)}::bigint, ${searchText(row)}, ${groupKey(row)})`);
      await sql`update phishing_reports set search_text = v.search_text, group_key = v.group_key
        from (values ${sql.join(values)}) as v(id, search_text, group_key)
        where phishing_reports.id = v.id`.execute(db);
    } else {
      for (const row of rows) {
        await sql`update phishing_reports set search_text = ${searchText(row)}, group_key = ${groupKey(row)}
          where id = ${row.id}`.execute(db);
      }
    }
    after = rows[rows.length - 1]!.id;
  }
}

// ---- Frozen copy of report-search-text.ts as of this migration ----

const DASH_BETWEEN_DIGITS = /(?<=\d)[‐‑‒–—―−ー](?=\d)/g;
const COUNTRY_CODE = /\+81[\s-]*(?:\(0\)|0)?(?=\d)/g;
const DIGIT_GROUPS = /(?<!\d)\d{1,6}(?:[ -]\d{1,6}){1,4}(?!\d)/g;
const DOMESTIC_PHONE = /^0\d{9,10}$/;
const FIRST_URL_HOST =
  /\b(?:https?|ftps?):\/\/([^\s/?#\\<>"'()（）「」【】]+)|(?<![\w.@/-])(www\.[^\s/?#\\<>"'()（）「」【】]+|(?:[a-z0-9-]+\.)+[a-z]{2,}(?=\/))/;

function undoDefang(text: string): string {
  return text.replace(/\[\.\]|\(\.\)|\[dot\]/gi, '.').replace(/\bhxxp/g, 'http').replace(/\bfxp/g, 'ftp');
}

function normalize(text: string): string {
  return undoDefang(text.normalize('NFKC').toLowerCase())
    .replace(DASH_BETWEEN_DIGITS, '-')
    .replace(COUNTRY_CODE, '0')
    .replace(DIGIT_GROUPS, (run) => {
      const digits = run.replace(/[ -]/g, '');
      return DOMESTIC_PHONE.test(digits) ? digits : run.replace(/-/g, '');
    });
}

function searchText(row: BackfillRow): string {
  return [row.subject, row.body, row.source_email, row.phone_number]
    .filter((part): part is string => part !== null && part !== '')
    .map(normalize)
    .join('\n');
}

function groupKey(row: BackfillRow): string | null {
  const phone = row.phone_number ? normalize(row.phone_number).replace(/[^0-9+]/g, '') : '';
  if (phone !== '') return `tel:${phone}`;
  const email = row.source_email ? row.source_email.normalize('NFKC').trim().toLowerCase() : '';
  if (email !== '') return `mail:${email}`;
  const match = FIRST_URL_HOST.exec(undoDefang(row.body.normalize('NFKC').toLowerCase()));
  if (!match) return null;
  const host = (match[1] ?? match[2] ?? '').replace(/^[^@]*@/, '').replace(/:\d*$/, '').replace(/\.+$/, '').replace(/^www\./, '');
  return host === '' ? null : `host:${host}`;
}
