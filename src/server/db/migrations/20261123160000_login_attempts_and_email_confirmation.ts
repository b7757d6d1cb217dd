import { type Kysely, sql } from 'kysely';
import { dialectOf, foreignIdColumnType, serialColumnType, timestampColumnType } from './migration-dialect-v1';

const PURPOSES_BEFORE = "('corporate_registration', 'password_reset', 'email_change')";
const PURPOSES_AFTER = "('corporate_registration', 'password_reset', 'email_change', 'email_confirmation')";

/**
 * Issue 9: the sign-in lockout moves from `users` to `login_attempts`, one row per keyed digest
 * of a normalised address, so an address without an account is counted and locked exactly like
 * one with an account, and an attempt is reserved in one statement before the password is
 * compared. Mailed links gain the purpose `email_confirmation` (confirming a directly registered
 * account's address).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampColumnType(db);
  await db.schema
    .createTable('login_attempts')
    // HMAC-SHA-256 (APP_SECRET) of the normalised address: the address itself is never stored here.
    .addColumn('address_key', 'varchar(64)', (column) => column.primaryKey())
    // Attempts reserved since the last success or the end of the last lock.
    .addColumn('failed_count', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('locked_until', ts)
    .addColumn('updated_at', ts, (column) => column.notNull())
    .execute();

  await db.schema.alterTable('users').dropColumn('failed_login_count').execute();
  await db.schema.alterTable('users').dropColumn('login_locked_until').execute();

  await setTokenPurposes(db, PURPOSES_AFTER);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.deleteFrom('account_tokens' as never).where(sql`purpose`, '=', 'email_confirmation').execute();
  await setTokenPurposes(db, PURPOSES_BEFORE);
  const ts = timestampColumnType(db);
  await db.schema.alterTable('users').addColumn('failed_login_count', 'integer', (column) => column.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('users').addColumn('login_locked_until', ts).execute();
  await db.schema.dropTable('login_attempts').execute();
}

/** Replaces the CHECK on account_tokens.purpose: in place on PostgreSQL, by rebuilding the table on SQLite. */
async function setTokenPurposes(db: Kysely<unknown>, purposes: string): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`alter table account_tokens drop constraint account_tokens_purpose_check`.execute(db);
    await sql`alter table account_tokens add constraint account_tokens_purpose_check check (purpose in ${sql.raw(purposes)})`.execute(db);
    return;
  }
  // SQLite cannot alter a CHECK: copy into a table with the new one (same columns and index).
  const ts = timestampColumnType(db);
  await db.schema
    .createTable('account_tokens_next')
    .addColumn('id', serialColumnType(db), (column) => column.primaryKey())
    .addColumn('purpose', 'varchar(32)', (column) => column.notNull().check(sql`purpose in ${sql.raw(purposes)}`))
    .addColumn('token_hash', 'varchar(64)', (column) => column.notNull().unique())
    .addColumn('email', 'varchar(254)', (column) => column.notNull())
    .addColumn('user_id', foreignIdColumnType(db), (column) => column.references('users.id').onDelete('cascade'))
    .addColumn('created_at', ts, (column) => column.notNull())
    .addColumn('expires_at', ts, (column) => column.notNull())
    .addColumn('used_at', ts)
    .execute();
  await sql`insert into account_tokens_next (id, purpose, token_hash, email, user_id, created_at, expires_at, used_at)
    select id, purpose, token_hash, email, user_id, created_at, expires_at, used_at from account_tokens`.execute(db);
  await db.schema.dropTable('account_tokens').execute();
  await db.schema.alterTable('account_tokens_next').renameTo('account_tokens').execute();
  await db.schema.createIndex('account_tokens_address_idx').on('account_tokens').columns(['purpose', 'email', 'created_at']).execute();
}
