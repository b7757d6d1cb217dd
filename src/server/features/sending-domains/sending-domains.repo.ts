import type { Kysely, Selectable } from 'kysely';
import { isUniqueViolation, readTimestamp, writeTimestamp } from '../../db/dialect';
import type { Database, SendingDomainsTable } from '../../db/schema';

/** A sending domain as the service sees it (timestamps as Dates: the repository owns the storage format). */
export interface StoredSendingDomain {
  id: number;
  domain: string;
  verificationToken: string;
  verifiedAt: Date | null;
  lastCheckedAt: Date | null;
  createdAt: Date;
}

function toStored(row: Selectable<SendingDomainsTable>): StoredSendingDomain {
  return {
    id: row.id,
    domain: row.domain,
    verificationToken: row.verification_token,
    verifiedAt: row.verified_at === null ? null : readTimestamp(row.verified_at),
    lastCheckedAt: row.last_checked_at === null ? null : readTimestamp(row.last_checked_at),
    createdAt: readTimestamp(row.created_at),
  };
}

/** The SQL of sending domains. Every function is bound to one tenant id and filters on it. */
export class SendingDomainsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Domains the tenant has proved by DNS. */
  async verifiedDomains(tenantId: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('sending_domains')
      .select('domain')
      .where('tenant_id', '=', tenantId)
      .where('verified_at', 'is not', null)
      .execute();
    return rows.map((row) => row.domain);
  }

  /** Confirmed addresses of the tenant's administrators (their domains count as the tenant's own). */
  async confirmedAdminAddresses(tenantId: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('users')
      .select('email')
      .where('tenant_id', '=', tenantId)
      .where('role', '=', 'admin')
      .where('email_verified_at', 'is not', null)
      .orderBy('id')
      .execute();
    return rows.map((row) => row.email);
  }

  /** The tenant's added domains, oldest first. */
  async list(tenantId: number): Promise<StoredSendingDomain[]> {
    const rows = await this.db.selectFrom('sending_domains').selectAll().where('tenant_id', '=', tenantId).orderBy('created_at').orderBy('id').execute();
    return rows.map(toStored);
  }

  async find(tenantId: number, id: number): Promise<StoredSendingDomain | undefined> {
    const row = await this.db.selectFrom('sending_domains').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
    return row && toStored(row);
  }

  /** Adds a domain; undefined when the tenant already has it (the unique index decides, so two racing adds make one row). */
  async insert(tenantId: number, fields: { domain: string; verificationToken: string; now: Date }): Promise<StoredSendingDomain | undefined> {
    try {
      const row = await this.db
        .insertInto('sending_domains')
        .values({ tenant_id: tenantId, domain: fields.domain, verification_token: fields.verificationToken, created_at: writeTimestamp(fields.now) })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toStored(row);
    } catch (error) {
      if (isUniqueViolation(error)) return undefined;
      throw error;
    }
  }

  /** Records a DNS check; `verified` sets the proof time once (a later check never clears it). */
  async recordCheck(tenantId: number, id: number, { now, verified }: { now: Date; verified: boolean }): Promise<StoredSendingDomain | undefined> {
    const at = writeTimestamp(now);
    const row = await this.db
      .updateTable('sending_domains')
      .set((eb) => ({
        last_checked_at: at,
        verified_at: verified ? eb.fn.coalesce('verified_at', eb.val(at)) : eb.ref('verified_at'),
      }))
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    return row && toStored(row);
  }

  /** The deleted domain, or undefined when the tenant has no such row. */
  async delete(tenantId: number, id: number): Promise<string | undefined> {
    const row = await this.db.deleteFrom('sending_domains').where('tenant_id', '=', tenantId).where('id', '=', id).returning('domain').executeTakeFirst();
    return row?.domain;
  }
}
