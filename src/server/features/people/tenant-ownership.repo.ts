import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Tenant-owned tables whose rows other records point at by id (groups now; campaign targets next). */
export type OwnedTable = 'people' | 'people_groups';

/** Ids are checked in slices, well under SQLite's bound-parameter limit. */
const SLICE = 500;

/**
 * The access layer for ids that arrive in lists (issue 10, part 0): a body names groups or people
 * by id, and before anything links to them the tenant must own every one. It answers in bulk, one
 * query per slice, instead of each caller checking row by row (or forgetting to).
 */
export class TenantOwnership {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly tenantId: number,
  ) {}

  /** The ids in `ids` that name rows of `table` owned by this tenant. */
  async owned(table: OwnedTable, ids: readonly number[]): Promise<Set<number>> {
    const unique = [...new Set(ids)];
    const owned = new Set<number>();
    for (let start = 0; start < unique.length; start += SLICE) {
      const rows = await this.db
        .selectFrom(table)
        .select('id')
        .where('tenant_id', '=', this.tenantId)
        .where('id', 'in', unique.slice(start, start + SLICE))
        .execute();
      for (const row of rows) owned.add(row.id);
    }
    return owned;
  }

  /** The ids in `ids` this tenant does not own (empty when it owns them all). */
  async foreign(table: OwnedTable, ids: readonly number[]): Promise<number[]> {
    const owned = await this.owned(table, ids);
    return [...new Set(ids)].filter((id) => !owned.has(id));
  }
}
