import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The SQL of sending domains. Every function is bound to one tenant id. */
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
      .execute();
    return rows.map((row) => row.email);
  }
}
