import type { Kysely } from 'kysely';
import { foreignIdColumnType, serialColumnType, timestampColumnType } from './migration-dialect-v1';

/**
 * Issue 10, training part 1:
 * - `people`: the people a tenant registers to receive training mail (not login accounts),
 *   unique per tenant on the lower-cased address (`email_key`);
 * - `people_groups` and `people_group_members`: groups (departments and the like); a person can be
 *   in several, and deleting a group leaves its people;
 * - `sending_domains`: domains a tenant may send training mail to, proved by a DNS TXT record;
 * - `training_templates`: lures. Built-ins have no tenant and a `builtin_key` (synced from code at
 *   start-up); a tenant's own have its tenant_id.
 * Every tenant-owned row carries tenant_id, and every index a tenant query uses starts with it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampColumnType(db);
  const ref = foreignIdColumnType(db);

  await db.schema
    .createTable('people')
    .addColumn('id', serialColumnType(db), (column) => column.primaryKey())
    .addColumn('tenant_id', ref, (column) => column.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('email', 'varchar(254)', (column) => column.notNull())
    // lower(email): the uniqueness key, so Taro@Example.jp and taro@example.jp are one person.
    .addColumn('email_key', 'varchar(254)', (column) => column.notNull())
    .addColumn('department', 'text')
    .addColumn('created_at', ts, (column) => column.notNull())
    .addColumn('updated_at', ts, (column) => column.notNull())
    .execute();
  await db.schema.createIndex('people_tenant_email_key_unique').on('people').columns(['tenant_id', 'email_key']).unique().execute();
  await db.schema.createIndex('people_tenant_id_idx').on('people').columns(['tenant_id', 'id']).execute();

  await db.schema
    .createTable('people_groups')
    .addColumn('id', serialColumnType(db), (column) => column.primaryKey())
    .addColumn('tenant_id', ref, (column) => column.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('name', 'text', (column) => column.notNull())
    // The normalised name (NFKC, trimmed, lower-cased): 営業部 and ＊営業部＊ variants are one group.
    .addColumn('name_key', 'text', (column) => column.notNull())
    .addColumn('created_at', ts, (column) => column.notNull())
    .addColumn('updated_at', ts, (column) => column.notNull())
    .execute();
  await db.schema.createIndex('people_groups_tenant_name_unique').on('people_groups').columns(['tenant_id', 'name_key']).unique().execute();

  await db.schema
    .createTable('people_group_members')
    .addColumn('tenant_id', ref, (column) => column.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('group_id', ref, (column) => column.notNull().references('people_groups.id').onDelete('cascade'))
    .addColumn('person_id', ref, (column) => column.notNull().references('people.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('people_group_members_pk', ['group_id', 'person_id'])
    .execute();
  await db.schema.createIndex('people_group_members_person_idx').on('people_group_members').columns(['person_id', 'group_id']).execute();

  await db.schema
    .createTable('sending_domains')
    .addColumn('id', serialColumnType(db), (column) => column.primaryKey())
    .addColumn('tenant_id', ref, (column) => column.notNull().references('tenants.id').onDelete('cascade'))
    // Lower-case ASCII (punycode for IDN).
    .addColumn('domain', 'varchar(253)', (column) => column.notNull())
    // The value after `kizuki-verification=` in the TXT record.
    .addColumn('verification_token', 'varchar(64)', (column) => column.notNull())
    .addColumn('verified_at', ts)
    .addColumn('last_checked_at', ts)
    .addColumn('created_at', ts, (column) => column.notNull())
    .execute();
  await db.schema.createIndex('sending_domains_tenant_domain_unique').on('sending_domains').columns(['tenant_id', 'domain']).unique().execute();

  await db.schema
    .createTable('training_templates')
    .addColumn('id', serialColumnType(db), (column) => column.primaryKey())
    // Null for a built-in lure.
    .addColumn('tenant_id', ref, (column) => column.references('tenants.id').onDelete('cascade'))
    .addColumn('builtin_key', 'varchar(64)', (column) => column.unique())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('category', 'varchar(32)', (column) => column.notNull())
    .addColumn('difficulty', 'integer', (column) => column.notNull())
    .addColumn('sender_name', 'text', (column) => column.notNull())
    .addColumn('sender_local_part', 'varchar(64)', (column) => column.notNull())
    .addColumn('subject', 'text', (column) => column.notNull())
    .addColumn('html_body', 'text', (column) => column.notNull())
    .addColumn('text_body', 'text', (column) => column.notNull())
    .addColumn('landing', 'varchar(16)', (column) => column.notNull())
    // JSON array of { label, explanation, excerpt }, in order.
    .addColumn('red_flags', 'text', (column) => column.notNull())
    .addColumn('created_at', ts, (column) => column.notNull())
    .addColumn('updated_at', ts, (column) => column.notNull())
    .execute();
  await db.schema.createIndex('training_templates_tenant_idx').on('training_templates').columns(['tenant_id', 'category', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('training_templates').execute();
  await db.schema.dropTable('sending_domains').execute();
  await db.schema.dropTable('people_group_members').execute();
  await db.schema.dropTable('people_groups').execute();
  await db.schema.dropTable('people').execute();
}
