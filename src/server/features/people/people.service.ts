import type { z } from 'zod';
import { peopleMessages } from '../../../common/messages';
import type { Group, PeopleList, PeopleUsage, Person, personInputSchema } from '../../../common/people.schema';
import { maxPeopleOf } from '../../../common/plans';
import type { Clock } from '../../clock';
import { AppError } from '../../errors';
import { LruCache } from '../../lib/lru-cache';
import { toJstIsoString } from '../../lib/time-format';
import type { SendingDomainPolicy } from '../sending-domains/sending-domain-policy';
import { isDuplicateEntry, emailKey, type GroupRecord, type PeopleQuery, type PeopleRepository, type PersonRecord, type TenantPeople } from './people.repo';

export type PersonInput = z.output<typeof personInputSchema>;

/** Who acts: the tenant, and the signed-in account (whose own address is always allowed). */
export interface Actor {
  tenantId: number;
  userId: number;
}

export interface PeopleServiceDeps {
  repo: PeopleRepository;
  policy: SendingDomainPolicy;
  clock: Clock;
}

export function toPerson(record: PersonRecord): Person {
  return {
    user_id: record.id, name: record.name, email: record.email, department: record.department,
    groups: record.groups.map((group) => ({ group_id: group.id, name: group.name })), created_at: toJstIsoString(record.createdAt),
  };
}

export function toGroup(record: GroupRecord): Group {
  return { group_id: record.id, name: record.name, member_count: record.memberCount, created_at: toJstIsoString(record.createdAt) };
}

/** List pages kept per instance (about 5 KB each). */
const LIST_CACHE_PAGES = 500;

const notFound = () => new AppError('NOT_FOUND', peopleMessages.personNotFound);
const emailTaken = () => AppError.validation({ email: [peopleMessages.emailTaken] });

/**
 * People a tenant registers to receive training mail (issue 10 part 1): one by one here; the CSV
 * import is people-import.service.ts. Every rule that guards a new person lives here: the plan's
 * limit (under the tenant lock, so parallel adds cannot overshoot), one person per address in the
 * tenant, groups the tenant owns, and addresses only at domains the tenant controls.
 */
export class PeopleService {
  private readonly listCache = new LruCache<string>(LIST_CACHE_PAGES);

  constructor(private readonly deps: PeopleServiceDeps) {}

  /**
   * The list answer `{ success, data }` as JSON text. Pages are cached per (tenant, people
   * revision, plan, query): the revision is bumped in the transaction of every change to the
   * tenant's people and groups and read on every request, so a cached page is served only while
   * nothing changed, on any instance. The tenant id leads the key: a page is only ever served to
   * its own tenant.
   */
  async listJson(tenantId: number, query: PeopleQuery): Promise<string> {
    const people = this.deps.repo.forTenant(tenantId);
    const state = await people.planAndRevision();
    const key = JSON.stringify([tenantId, state?.revision ?? -1, state?.plan ?? null, query.q?.trim() ?? '', query.groupId ?? 0, query.limit, query.offset]);
    const cached = this.listCache.get(key);
    if (cached !== undefined) return cached;
    const json = JSON.stringify({ success: true, data: await this.list(people, query, state?.plan ?? null) });
    this.listCache.set(key, json);
    return json;
  }

  private async list(people: TenantPeople, query: PeopleQuery, plan: string | null): Promise<PeopleList> {
    const unfiltered = !query.q?.trim() && query.groupId === undefined;
    const [{ people: page, total }, registered] = await Promise.all([
      people.list(query),
      // Without a filter the list's total is the number registered: one count instead of two.
      unfiltered ? null : people.count(),
    ]);
    return {
      users: page.map(toPerson),
      pagination: { total, limit: query.limit, offset: query.offset, has_more: query.offset + page.length < total },
      usage: { registered: registered ?? total, max: maxPeopleOf(plan) },
    };
  }

  async get(tenantId: number, id: number): Promise<Person> {
    const record = await this.deps.repo.forTenant(tenantId).find(id);
    if (!record) throw notFound();
    return toPerson(record);
  }

  async create(actor: Actor, input: PersonInput): Promise<Person> {
    const people = this.deps.repo.forTenant(actor.tenantId);
    await this.checkGroups(people, input.group_ids);
    await this.checkDomain(people, actor, input.email);
    const id = await people.withTenantLock(async (locked) => {
      if ((await locked.findByEmails([input.email])).size > 0) throw emailTaken();
      const usage = await this.usageOf(locked);
      if (usage.max !== null && usage.registered >= usage.max) throw planLimitError(usage.max, 0);
      const personId = await locked.insert(fieldsOf(input), this.deps.clock.now());
      if (input.group_ids?.length) await locked.replaceMemberships(personId, input.group_ids);
      await locked.bumpRevision();
      return personId;
    });
    return this.get(actor.tenantId, id);
  }

  async update(actor: Actor, id: number, input: PersonInput): Promise<Person> {
    const people = this.deps.repo.forTenant(actor.tenantId);
    // Ownership first: another tenant's person is 404 whatever the body says.
    const current = await people.find(id);
    if (!current) throw notFound();
    await this.checkGroups(people, input.group_ids);
    if (emailKey(current.email) !== emailKey(input.email)) await this.checkDomain(people, actor, input.email);
    try {
      await people.transaction(async (trx) => {
        // The tenant row first, as every write does (a fixed lock order: no deadlock with an import).
        await trx.bumpRevision();
        const holder = (await trx.findByEmails([input.email])).get(emailKey(input.email));
        if (holder && holder.id !== id) throw emailTaken();
        if (!(await trx.update(id, fieldsOf(input), this.deps.clock.now()))) throw notFound();
        if (input.group_ids !== undefined) await trx.replaceMemberships(id, input.group_ids);
      });
    } catch (error) {
      // Two edits racing to the same address: the unique index decides, the answer is the same.
      if (isDuplicateEntry(error)) throw emailTaken();
      throw error;
    }
    return this.get(actor.tenantId, id);
  }

  async remove(tenantId: number, id: number): Promise<void> {
    await this.deps.repo.forTenant(tenantId).transaction(async (trx) => {
      await trx.bumpRevision();
      if (!(await trx.delete(id, this.deps.clock.now()))) throw notFound();
    });
  }

  async usageOf(people: TenantPeople): Promise<PeopleUsage> {
    const [registered, plan] = await Promise.all([people.count(), people.plan()]);
    return { registered, max: maxPeopleOf(plan) };
  }

  /** 422 under `group_ids` when any id is not one of the tenant's groups. */
  private async checkGroups(people: TenantPeople, groupIds: readonly number[] | undefined): Promise<void> {
    if (!groupIds?.length) return;
    if ((await people.ownership.foreign('people_groups', groupIds)).length > 0) throw AppError.validation({ group_ids: [peopleMessages.groupUnknown] });
  }

  /** 422 under `email` when the address is at a domain the tenant has not proved (anti-abuse). */
  private async checkDomain(people: TenantPeople, actor: Actor, email: string): Promise<void> {
    const own = await people.accountAddress(actor.userId);
    const refusal = (await this.deps.policy.refusals(actor.tenantId, [email], own ?? undefined)).get(email);
    if (refusal) throw AppError.validation({ email: [refusal] });
  }
}

export function planLimitError(max: number, remaining: number): AppError {
  return new AppError('VALIDATION_FAILED', peopleMessages.planLimitReached(max, remaining));
}

function fieldsOf(input: PersonInput) {
  return { name: input.name, email: input.email, department: input.department ?? null };
}
