import { type Kysely, type Selectable, sql } from 'kysely';
import { type RedFlag, TEMPLATE_CATEGORIES, type TemplateCategory, type TemplateFields, type TemplateLanding } from '../../../common/templates.schema';
import { dialectOf, readTimestamp, writeTimestamp } from '../../db/dialect';
import { containsPattern } from '../../db/like-pattern';
import type { Database, TrainingTemplatesTable } from '../../db/schema';
import { enqueueMail } from '../mail/mail-outbox.repo';
import type { OutgoingMail } from '../mail/mail-message';


/** A template as the service reads it: storage format (JSON text, timestamp strings) already undone. */
export interface StoredTemplate extends TemplateFields {
  id: number;
  tenantId: number | null;
  builtinKey: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface TemplateListFilter {
  category?: TemplateCategory;
  difficulty?: number;
  source?: 'builtin' | 'own';
  q?: string;
  limit: number;
  offset: number;
}

export interface PersonValues {
  name: string;
  email: string;
  department: string | null;
}

export interface AdministratorValues {
  name: string;
  email: string;
  companyName: string;
  /** From the people list, when the administrator is registered there too. */
  department: string | null;
}

type TemplateRow = Selectable<TrainingTemplatesTable>;

function toStored(row: TemplateRow): StoredTemplate {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    builtinKey: row.builtin_key,
    name: row.name,
    category: row.category as TemplateCategory,
    difficulty: row.difficulty,
    sender_name: row.sender_name,
    sender_local_part: row.sender_local_part,
    subject: row.subject,
    html_body: row.html_body,
    text_body: row.text_body,
    landing: row.landing as TemplateLanding,
    red_flags: parseRedFlags(row.red_flags),
    createdAt: readTimestamp(row.created_at),
    updatedAt: readTimestamp(row.updated_at),
  };
}

function parseRedFlags(text: string): RedFlag[] {
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return [];
    return value.map((flag: Partial<RedFlag>) => ({ label: String(flag.label ?? ''), explanation: String(flag.explanation ?? ''), excerpt: String(flag.excerpt ?? '') }));
  } catch {
    return [];
  }
}

function toColumns(fields: TemplateFields) {
  return { ...fields, red_flags: JSON.stringify(fields.red_flags) };
}

/**
 * The library's order: themes as the filter shows them, then difficulty, whenever a lure was
 * added to the code (a later one would otherwise sort after every theme by its id). Literals, not
 * parameters: constants of the code, and PostgreSQL cannot type parameters inside CASE here.
 */
const THEME_ORDER = sql`case category ${sql.join(TEMPLATE_CATEGORIES.map((category, index) => sql`when ${sql.lit(category.id)} then ${sql.lit(index)}`), sql` `)} else ${sql.lit(TEMPLATE_CATEGORIES.length)} end`;

/**
 * The only SQL of templates. Tenant data is reached through `forTenant(tenantId)`, whose every
 * query filters on that tenant (built-ins, which have no tenant, are readable by all and writable
 * by none). The preview documents are looked up by their secret token alone: the token is the
 * capability, like a signed URL.
 */
export class TemplatesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  forTenant(tenantId: number): TenantTemplatesRepository {
    return new TenantTemplatesRepository(this.db, tenantId);
  }

  async findPreviewDocument(tokenHash: string, now: Date): Promise<string | null> {
    const row = await this.db
      .selectFrom('template_previews')
      .select('document')
      .where('token_hash', '=', tokenHash)
      .where('expires_at', '>', writeTimestamp(now))
      .executeTakeFirst();
    return row?.document ?? null;
  }

  /** Built-in rows by key (sync reads them all: a few dozen). */
  async builtinRows(): Promise<Array<StoredTemplate & { retired: boolean }>> {
    const rows = await this.db.selectFrom('training_templates').selectAll().where('tenant_id', 'is', null).where('builtin_key', 'is not', null).execute();
    return rows.map((row) => ({ ...toStored(row), retired: row.retired_at !== null }));
  }

  /** Inserts a built-in; another instance syncing at the same moment may have inserted it first. */
  async insertBuiltin(key: string, fields: TemplateFields, now: Date): Promise<void> {
    const at = writeTimestamp(now);
    await this.db
      .insertInto('training_templates')
      .values({ ...toColumns(fields), tenant_id: null, builtin_key: key, created_at: at, updated_at: at, retired_at: null })
      .onConflict((conflict) => conflict.column('builtin_key').doNothing())
      .execute();
  }

  async updateBuiltin(key: string, fields: TemplateFields, now: Date): Promise<void> {
    await this.db
      .updateTable('training_templates')
      .set({ ...toColumns(fields), updated_at: writeTimestamp(now), retired_at: null })
      .where('builtin_key', '=', key)
      .where('tenant_id', 'is', null)
      .execute();
  }

  async retireBuiltins(keys: readonly string[], now: Date): Promise<void> {
    if (keys.length === 0) return;
    await this.db
      .updateTable('training_templates')
      .set({ retired_at: writeTimestamp(now) })
      .where('builtin_key', 'in', keys)
      .where('tenant_id', 'is', null)
      .where('retired_at', 'is', null)
      .execute();
  }
}

export class TenantTemplatesRepository {
  constructor(
    private readonly db: Kysely<Database>,
    readonly tenantId: number,
  ) {}

  /** Built-ins still in the library and this tenant's own: own first (newest first), then the library in its order. */
  async list(filter: TemplateListFilter): Promise<{ templates: StoredTemplate[]; total: number }> {
    let query = this.db.selectFrom('training_templates').where((eb) => {
      const own = eb('tenant_id', '=', this.tenantId);
      const library = eb.and([eb('tenant_id', 'is', null), eb('retired_at', 'is', null)]);
      if (filter.source === 'own') return own;
      if (filter.source === 'builtin') return library;
      return eb.or([own, library]);
    });
    if (filter.category) query = query.where('category', '=', filter.category);
    if (filter.difficulty) query = query.where('difficulty', '=', filter.difficulty);
    if (filter.q) {
      const pattern = containsPattern(filter.q);
      query = query.where((eb) =>
        eb.or([
          eb(sql`lower(name)`, 'like', sql`${pattern} escape '\\'`),
          eb(sql`lower(subject)`, 'like', sql`${pattern} escape '\\'`),
          eb(sql`lower(sender_name)`, 'like', sql`${pattern} escape '\\'`),
        ]),
      );
    }
    const [count, rows] = await Promise.all([
      query.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
      query
        .selectAll()
        .orderBy(sql`case when tenant_id is null then 1 else 0 end`)
        .orderBy(sql`case when tenant_id is null then ${THEME_ORDER} else 0 end`)
        .orderBy(sql`case when tenant_id is null then difficulty else 0 end`)
        .orderBy(sql`case when tenant_id is null then id else -id end`)
        .limit(filter.limit)
        .offset(filter.offset)
        .execute(),
    ]);
    return { templates: rows.map(toStored), total: Number(count.total) };
  }

  /** This tenant's own template or a built-in; another tenant's is never found. */
  async find(id: number): Promise<StoredTemplate | null> {
    const row = await this.db
      .selectFrom('training_templates')
      .selectAll()
      .where('id', '=', id)
      .where((eb) => eb.or([eb('tenant_id', '=', this.tenantId), eb('tenant_id', 'is', null)]))
      .executeTakeFirst();
    return row ? toStored(row) : null;
  }

  async insert(fields: TemplateFields, now: Date): Promise<StoredTemplate> {
    const at = writeTimestamp(now);
    const row = await this.db
      .insertInto('training_templates')
      .values({ ...toColumns(fields), tenant_id: this.tenantId, builtin_key: null, created_at: at, updated_at: at, retired_at: null })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toStored(row);
  }

  /** Null when the template is not this tenant's own (a built-in or another tenant's). */
  async update(id: number, fields: TemplateFields, now: Date): Promise<StoredTemplate | null> {
    const row = await this.db
      .updateTable('training_templates')
      .set({ ...toColumns(fields), updated_at: writeTimestamp(now) })
      .where('id', '=', id)
      .where('tenant_id', '=', this.tenantId)
      .returningAll()
      .executeTakeFirst();
    return row ? toStored(row) : null;
  }

  /** Deletes one of the tenant's templates; 'in_use' while a campaign draws from it (its lesson pages need it). */
  async delete(id: number): Promise<boolean | 'in_use'> {
    const used = await this.db
      .selectFrom('campaign_templates')
      .select('template_id')
      .where('template_id', '=', id)
      .union(this.db.selectFrom('campaign_recipients').select('template_id').where('template_id', '=', id))
      .limit(1)
      .executeTakeFirst();
    if (used) return 'in_use';
    const result = await this.db.deleteFrom('training_templates').where('id', '=', id).where('tenant_id', '=', this.tenantId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** One of this tenant's people (the `people` table of features/people), for preview values. */
  async findPerson(personId: number): Promise<PersonValues | null> {
    const row = await this.db
      .selectFrom('people')
      .select(['name', 'email', 'department'])
      .where('id', '=', personId)
      .where('tenant_id', '=', this.tenantId)
      .executeTakeFirst();
    return row ?? null;
  }

  /** The signed-in administrator and the company, for a test send. */
  async findAdministrator(userId: number): Promise<AdministratorValues | null> {
    const row = await this.db
      .selectFrom('users')
      .innerJoin('tenants', 'tenants.id', 'users.tenant_id')
      .select(['users.name as name', 'users.email as email', 'tenants.company_name as companyName'])
      .where('users.id', '=', userId)
      .where('users.tenant_id', '=', this.tenantId)
      .executeTakeFirst();
    if (!row) return null;
    const person = await this.db
      .selectFrom('people')
      .select('department')
      .where('tenant_id', '=', this.tenantId)
      .where('email_key', '=', row.email.toLowerCase())
      .executeTakeFirst();
    return { ...row, department: person?.department ?? null };
  }

  async companyName(): Promise<string> {
    const row = await this.db.selectFrom('tenants').select('company_name').where('id', '=', this.tenantId).executeTakeFirst();
    return row?.company_name ?? '';
  }

  /**
   * Stores a rendered preview document. Expired ones (of any tenant) are cleared on the way, and a
   * tenant keeps only its newest `keep`, so a live preview typed into for hours stays bounded.
   */
  async savePreview(tokenHash: string, document: string, expiresAt: Date, now: Date, keep: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('template_previews').where('expires_at', '<=', writeTimestamp(now)).execute();
      await trx
        .insertInto('template_previews')
        .values({ token_hash: tokenHash, tenant_id: this.tenantId, document, expires_at: writeTimestamp(expiresAt), created_at: writeTimestamp(now) })
        .execute();
      await trx
        .deleteFrom('template_previews')
        .where('tenant_id', '=', this.tenantId)
        .where('token_hash', 'not in', (eb) =>
          eb.selectFrom('template_previews').select('token_hash').where('tenant_id', '=', this.tenantId).orderBy('created_at', 'desc').orderBy('token_hash').limit(keep),
        )
        .execute();
    });
  }

  /**
   * Records a test send and queues its mail in one transaction, unless the account already sent
   * `limit` since `since`. The account's row is locked on PostgreSQL so parallel sends are
   * counted one after another (SQLite runs one write transaction at a time anyway).
   */
  async recordTestSend(input: { userId: number; templateId: number; mail: OutgoingMail; now: Date; since: Date; limit: number }): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      if (dialectOf(this.db as Kysely<unknown>) === 'postgres') {
        await trx.selectFrom('users').select('id').where('id', '=', input.userId).where('tenant_id', '=', this.tenantId).forUpdate().execute();
      }
      const sent = await trx
        .selectFrom('template_test_sends')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('user_id', '=', input.userId)
        .where('tenant_id', '=', this.tenantId)
        .where('created_at', '>', writeTimestamp(input.since))
        .executeTakeFirstOrThrow();
      if (Number(sent.count) >= input.limit) return false;
      await trx
        .insertInto('template_test_sends')
        .values({ tenant_id: this.tenantId, user_id: input.userId, template_id: input.templateId, created_at: writeTimestamp(input.now) })
        .execute();
      await enqueueMail(trx, input.mail, input.now);
      return true;
    });
  }
}
