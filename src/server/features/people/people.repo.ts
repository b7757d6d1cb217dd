import { type Kysely, sql } from 'kysely';
import { isUniqueViolation, readTimestamp, writeTimestamp } from '../../db/dialect';
import { containsPattern } from '../../db/like-pattern';
import type { Database } from '../../db/schema';
import { withTenantLock } from '../../db/tenant-lock';
import { recordPeopleCount } from '../billing-usage/usage.repo';
import { TenantOwnership } from './tenant-ownership.repo';

export interface PersonGroupRef {
  id: number;
  name: string;
}

export interface PersonRecord {
  id: number;
  name: string;
  email: string;
  department: string | null;
  groups: PersonGroupRef[];
  createdAt: Date;
}

export interface GroupRecord {
  id: number;
  name: string;
  memberCount: number;
  createdAt: Date;
}

export interface PersonFields {
  name: string;
  email: string;
  department: string | null;
}

export interface PeopleQuery {
  q?: string;
  groupId?: number;
  limit: number;
  offset: number;
}

/** Ids in one `in (…)` list, well under SQLite's bound-parameter limit. */
const SLICE = 500;

/** The uniqueness key of an address: the address in lower case (the migration's `email_key`). */
export const emailKey = (email: string): string => email.trim().toLowerCase();

/** The uniqueness key of a group name: NFKC (full-width → half-width), spaces collapsed, lower case. */
export const groupNameKey = (name: string): string => name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Whether `error` is a unique index refusing a second person at one address (or a second group
 * of one name): the repository knows its storage's error codes, services only ask this.
 */
export const isDuplicateEntry = (error: unknown): boolean => isUniqueViolation(error);

/** Entry point: every query goes through a repository bound to one tenant. */
export class PeopleRepository {
  constructor(private readonly db: Kysely<Database>) {}

  forTenant(tenantId: number): TenantPeople {
    return new TenantPeople(this.db, tenantId);
  }
}

/**
 * The only SQL of people and groups, bound to one tenant: every query filters on its id (a row of
 * another tenant is simply not found). The repository owns the storage format (timestamps, keys).
 */
export class TenantPeople {
  readonly ownership: TenantOwnership;

  constructor(
    private readonly db: Kysely<Database>,
    readonly tenantId: number,
  ) {
    this.ownership = new TenantOwnership(db, tenantId);
  }

  /** Runs `work` holding the tenant's lock (db/tenant-lock.ts): checks such as the plan's people limit and the inserts they allow never interleave. */
  async withTenantLock<T>(work: (locked: TenantPeople) => Promise<T>): Promise<T> {
    return withTenantLock(this.db, this.tenantId, (locked) => work(new TenantPeople(locked, this.tenantId)));
  }

  /** Runs `work` in one transaction (no tenant lock). */
  async transaction<T>(work: (trx: TenantPeople) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new TenantPeople(trx, this.tenantId)));
  }

  /** The tenant's plan id (`free` by default), or null when the tenant is gone. */
  async plan(): Promise<string | null> {
    return (await this.planAndRevision())?.plan ?? null;
  }

  /** The plan and the people revision (bumped by every change to people and groups), in one read. */
  async planAndRevision(): Promise<{ plan: string; revision: number } | null> {
    const row = await this.db.selectFrom('tenants').select(['plan', 'people_revision']).where('id', '=', this.tenantId).executeTakeFirst();
    return row ? { plan: row.plan, revision: Number(row.people_revision) } : null;
  }

  /** Marks the tenant's people as changed; call in the transaction of the change. */
  async bumpRevision(): Promise<void> {
    await this.db.updateTable('tenants').set((eb) => ({ people_revision: eb('people_revision', '+', 1) })).where('id', '=', this.tenantId).execute();
  }

  /** The address of one of the tenant's accounts (the signed-in administrator's own). */
  async accountAddress(userId: number): Promise<string | null> {
    const row = await this.db.selectFrom('users').select('email').where('id', '=', userId).where('tenant_id', '=', this.tenantId).executeTakeFirst();
    return row?.email ?? null;
  }

  async count(): Promise<number> {
    const row = await this.db.selectFrom('people').select((eb) => eb.fn.countAll<number>().as('count')).where('tenant_id', '=', this.tenantId).executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** A page of people, newest first, with the total that matches. */
  async list(query: PeopleQuery): Promise<{ people: PersonRecord[]; total: number }> {
    let filtered = this.db.selectFrom('people').where('people.tenant_id', '=', this.tenantId);
    if (query.groupId !== undefined) {
      const groupId = query.groupId;
      filtered = filtered.where('people.id', 'in', (eb) =>
        eb.selectFrom('people_group_members').select('person_id').where('tenant_id', '=', this.tenantId).where('group_id', '=', groupId));
    }
    const q = query.q?.trim();
    if (q) {
      const pattern = containsPattern(q);
      filtered = filtered.where((eb) => eb.or([
        eb(sql`lower(people.name)`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`people.email_key`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(people.department)`, 'like', sql`${pattern} escape '\\'`),
      ]));
    }
    const [rows, total] = await Promise.all([
      filtered.select(['people.id', 'people.name', 'people.email', 'people.department', 'people.created_at'])
        .orderBy('people.id', 'desc').limit(query.limit).offset(query.offset).execute(),
      filtered.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    ]);
    return { people: await this.withGroups(rows), total: Number(total.count) };
  }

  /** Every person, oldest first (the export). */
  async all(): Promise<PersonRecord[]> {
    const rows = await this.db.selectFrom('people').select(['id', 'name', 'email', 'department', 'created_at'])
      .where('tenant_id', '=', this.tenantId).orderBy('id', 'asc').execute();
    return this.withGroups(rows);
  }

  async find(id: number): Promise<PersonRecord | null> {
    const row = await this.db.selectFrom('people').select(['id', 'name', 'email', 'department', 'created_at'])
      .where('tenant_id', '=', this.tenantId).where('id', '=', id).executeTakeFirst();
    return row ? ((await this.withGroups([row]))[0] ?? null) : null;
  }

  /** The people registered at the given addresses, by address key. */
  async findByEmails(emails: readonly string[]): Promise<Map<string, PersonFields & { id: number }>> {
    const keys = [...new Set(emails.map(emailKey))];
    const found = new Map<string, PersonFields & { id: number }>();
    for (let start = 0; start < keys.length; start += SLICE) {
      const rows = await this.db.selectFrom('people').select(['id', 'name', 'email', 'email_key', 'department'])
        .where('tenant_id', '=', this.tenantId).where('email_key', 'in', keys.slice(start, start + SLICE)).execute();
      for (const row of rows) found.set(row.email_key, { id: row.id, name: row.name, email: row.email, department: row.department });
    }
    return found;
  }

  async insert(fields: PersonFields, now: Date): Promise<number> {
    const at = writeTimestamp(now);
    const row = await this.db.insertInto('people')
      .values({ tenant_id: this.tenantId, ...fields, email_key: emailKey(fields.email), created_at: at, updated_at: at })
      .returning('id').executeTakeFirstOrThrow();
    await recordPeopleCount(this.db, this.tenantId, now);
    return row.id;
  }

  /** Many people at once (an import), in slices; answers their ids by address key. */
  async insertMany(people: readonly PersonFields[], now: Date): Promise<Map<string, number>> {
    const at = writeTimestamp(now);
    const ids = new Map<string, number>();
    for (let start = 0; start < people.length; start += 100) {
      const rows = await this.db.insertInto('people')
        .values(people.slice(start, start + 100).map((fields) => ({ tenant_id: this.tenantId, ...fields, email_key: emailKey(fields.email), created_at: at, updated_at: at })))
        .returning(['id', 'email_key']).execute();
      for (const row of rows) ids.set(row.email_key, row.id);
    }
    if (people.length > 0) await recordPeopleCount(this.db, this.tenantId, now);
    return ids;
  }

  async update(id: number, fields: PersonFields, now: Date): Promise<boolean> {
    const result = await this.db.updateTable('people')
      .set({ ...fields, email_key: emailKey(fields.email), updated_at: writeTimestamp(now) })
      .where('tenant_id', '=', this.tenantId).where('id', '=', id).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Many updates in one statement per slice (an import updates thousands; one round trip each is
   * seconds on PostgreSQL). `WITH … AS (VALUES …) UPDATE … FROM` reads the same on both dialects.
   */
  async updateMany(people: ReadonlyArray<PersonFields & { id: number }>, now: Date): Promise<void> {
    const at = writeTimestamp(now);
    for (let start = 0; start < people.length; start += SLICE) {
      const values = people.slice(start, start + SLICE).map((person) =>
        sql`(cast(${person.id} as bigint), cast(${person.name} as text), cast(${person.email} as text), cast(${emailKey(person.email)} as text), cast(${person.department} as text))`);
      await sql`with changed (id, name, email, email_key, department) as (values ${sql.join(values)})
        update people set name = changed.name, email = changed.email, email_key = changed.email_key, department = changed.department, updated_at = ${at}
        from changed where people.id = changed.id and people.tenant_id = ${this.tenantId}`.execute(this.db);
    }
  }

  /** Every insert or delete records the month's people count (features/billing-usage: usage by month). */
  async delete(id: number, now: Date): Promise<boolean> {
    const result = await this.db.deleteFrom('people').where('tenant_id', '=', this.tenantId).where('id', '=', id).executeTakeFirst();
    const deleted = Number(result.numDeletedRows) > 0;
    if (deleted) await recordPeopleCount(this.db, this.tenantId, now);
    return deleted;
  }

  /** Makes `groupIds` the person's groups (ids the caller checked through `ownership`). */
  async replaceMemberships(personId: number, groupIds: readonly number[]): Promise<void> {
    await this.db.deleteFrom('people_group_members').where('tenant_id', '=', this.tenantId).where('person_id', '=', personId).execute();
    await this.addMemberships([...new Set(groupIds)].map((groupId) => ({ personId, groupId })));
  }

  /** Adds memberships, leaving those that exist. */
  async addMemberships(pairs: ReadonlyArray<{ personId: number; groupId: number }>): Promise<void> {
    for (let start = 0; start < pairs.length; start += 200) {
      const values = pairs.slice(start, start + 200).map((pair) => ({ tenant_id: this.tenantId, person_id: pair.personId, group_id: pair.groupId }));
      await this.db.insertInto('people_group_members').values(values).onConflict((oc) => oc.columns(['group_id', 'person_id']).doNothing()).execute();
    }
  }

  /** Ends memberships: one statement per group and slice of people (an import moves thousands). */
  async removeMemberships(pairs: ReadonlyArray<{ personId: number; groupId: number }>): Promise<void> {
    const peopleByGroup = new Map<number, number[]>();
    for (const pair of pairs) {
      const personIds = peopleByGroup.get(pair.groupId) ?? [];
      personIds.push(pair.personId);
      peopleByGroup.set(pair.groupId, personIds);
    }
    for (const [groupId, personIds] of peopleByGroup) {
      for (let start = 0; start < personIds.length; start += SLICE) {
        await this.db.deleteFrom('people_group_members')
          .where('tenant_id', '=', this.tenantId).where('group_id', '=', groupId).where('person_id', 'in', personIds.slice(start, start + SLICE)).execute();
      }
    }
  }

  async listGroups(): Promise<GroupRecord[]> {
    const rows = await this.db.selectFrom('people_groups as g')
      .leftJoin('people_group_members as m', 'm.group_id', 'g.id')
      .select((eb) => ['g.id', 'g.name', 'g.created_at', eb.fn.count<number>('m.person_id').as('member_count')])
      .where('g.tenant_id', '=', this.tenantId)
      .groupBy(['g.id', 'g.name', 'g.created_at'])
      .orderBy('g.name').orderBy('g.id')
      .execute();
    return rows.map((row) => ({ id: row.id, name: row.name, memberCount: Number(row.member_count), createdAt: readTimestamp(row.created_at) }));
  }

  async findGroup(id: number): Promise<GroupRecord | null> {
    return (await this.listGroupsWhere(id))[0] ?? null;
  }

  /** Group ids by name key, for the given names. */
  async groupsByName(names: readonly string[]): Promise<Map<string, number>> {
    const keys = [...new Set(names.map(groupNameKey))];
    const found = new Map<string, number>();
    for (let start = 0; start < keys.length; start += SLICE) {
      const rows = await this.db.selectFrom('people_groups').select(['id', 'name_key'])
        .where('tenant_id', '=', this.tenantId).where('name_key', 'in', keys.slice(start, start + SLICE)).execute();
      for (const row of rows) found.set(row.name_key, row.id);
    }
    return found;
  }

  async insertGroup(name: string, now: Date): Promise<number> {
    const at = writeTimestamp(now);
    const row = await this.db.insertInto('people_groups')
      .values({ tenant_id: this.tenantId, name, name_key: groupNameKey(name), created_at: at, updated_at: at })
      .returning('id').executeTakeFirstOrThrow();
    await recordPeopleCount(this.db, this.tenantId, now);
    return row.id;
  }

  async renameGroup(id: number, name: string, now: Date): Promise<boolean> {
    const result = await this.db.updateTable('people_groups')
      .set({ name, name_key: groupNameKey(name), updated_at: writeTimestamp(now) })
      .where('tenant_id', '=', this.tenantId).where('id', '=', id).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Deletes the group and its memberships; its people stay. */
  async deleteGroup(id: number): Promise<boolean> {
    await this.db.deleteFrom('people_group_members').where('tenant_id', '=', this.tenantId).where('group_id', '=', id).execute();
    const result = await this.db.deleteFrom('people_groups').where('tenant_id', '=', this.tenantId).where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  private async listGroupsWhere(id: number): Promise<GroupRecord[]> {
    const rows = await this.db.selectFrom('people_groups as g')
      .select((eb) => ['g.id', 'g.name', 'g.created_at', eb.selectFrom('people_group_members as m').select((inner) => inner.fn.countAll<number>().as('c'))
        .whereRef('m.group_id', '=', 'g.id').as('member_count')])
      .where('g.tenant_id', '=', this.tenantId).where('g.id', '=', id).execute();
    return rows.map((row) => ({ id: row.id, name: row.name, memberCount: Number(row.member_count ?? 0), createdAt: readTimestamp(row.created_at) }));
  }

  /** Attaches each person's groups (by name), one query per slice of people. */
  private async withGroups(rows: ReadonlyArray<{ id: number; name: string; email: string; department: string | null; created_at: string | Date }>): Promise<PersonRecord[]> {
    const groups = new Map<number, PersonGroupRef[]>();
    const ids = rows.map((row) => row.id);
    for (let start = 0; start < ids.length; start += SLICE) {
      const memberships = await this.db.selectFrom('people_group_members as m')
        .innerJoin('people_groups as g', 'g.id', 'm.group_id')
        .select(['m.person_id', 'g.id', 'g.name'])
        .where('m.tenant_id', '=', this.tenantId).where('m.person_id', 'in', ids.slice(start, start + SLICE))
        .orderBy('g.name').orderBy('g.id')
        .execute();
      for (const membership of memberships) {
        const list = groups.get(membership.person_id) ?? [];
        list.push({ id: membership.id, name: membership.name });
        groups.set(membership.person_id, list);
      }
    }
    return rows.map((row) => ({
      id: row.id, name: row.name, email: row.email, department: row.department, groups: groups.get(row.id) ?? [], createdAt: readTimestamp(row.created_at),
    }));
  }
}
