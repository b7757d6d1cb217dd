import { peopleMessages } from '../../../common/messages';
import type { Group } from '../../../common/people.schema';
import type { Clock } from '../../clock';
import { AppError } from '../../errors';
import { groupNameKey, isDuplicateEntry, type PeopleRepository } from './people.repo';
import { toGroup } from './people.service';

const notFound = () => new AppError('NOT_FOUND', peopleMessages.groupNotFound);
const nameTaken = () => AppError.validation({ name: [peopleMessages.groupNameTaken] });

/**
 * Groups of people (departments and the like). A person can be in several; deleting a group only
 * ends its memberships. Names are unique per tenant after normalisation (営業部 = 営業部 with
 * full-width spaces around it), the same key the CSV import uses to reuse a department's group.
 */
export class PeopleGroupsService {
  constructor(private readonly deps: { repo: PeopleRepository; clock: Clock }) {}

  async list(tenantId: number): Promise<Group[]> {
    return (await this.deps.repo.forTenant(tenantId).listGroups()).map(toGroup);
  }

  async create(tenantId: number, name: string): Promise<Group> {
    const people = this.deps.repo.forTenant(tenantId);
    const id = await this.unique(() => people.transaction(async (trx) => {
      // The tenant row first, as every write of people and groups does (one lock order).
      await trx.bumpRevision();
      if ((await trx.groupsByName([name])).size > 0) throw nameTaken();
      return trx.insertGroup(name, this.deps.clock.now());
    }));
    return this.get(tenantId, id);
  }

  async rename(tenantId: number, id: number, name: string): Promise<Group> {
    const people = this.deps.repo.forTenant(tenantId);
    if (!(await people.findGroup(id))) throw notFound();
    await this.unique(() => people.transaction(async (trx) => {
      // Group names appear in the people list; the tenant row is also locked first.
      await trx.bumpRevision();
      const holder = (await trx.groupsByName([name])).get(groupNameKey(name));
      if (holder !== undefined && holder !== id) throw nameTaken();
      if (!(await trx.renameGroup(id, name, this.deps.clock.now()))) throw notFound();
    }));
    return this.get(tenantId, id);
  }

  async remove(tenantId: number, id: number): Promise<void> {
    await this.deps.repo.forTenant(tenantId).transaction(async (trx) => {
      await trx.bumpRevision();
      if (!(await trx.deleteGroup(id))) throw notFound();
    });
  }

  private async get(tenantId: number, id: number): Promise<Group> {
    const group = await this.deps.repo.forTenant(tenantId).findGroup(id);
    if (!group) throw notFound();
    return toGroup(group);
  }

  /** A race to the same name ends at the unique index with the same answer as the check. */
  private async unique<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isDuplicateEntry(error)) throw nameTaken();
      throw error;
    }
  }
}
