import type { Kysely } from 'kysely';
import type { BillingDetails } from '../../../common/billing.schema';
import { writeTimestamp } from '../../db/dialect';
import type { Database } from '../../db/schema';

/**
 * 請求先 (billing details) of one tenant: written by the upgrade (payment step) and by the
 * organisation edit, read by the subscription answer and the invoices (copied at issue).
 */
export class BillingDetailsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  forTenant(tenantId: number): TenantBillingDetails {
    return new TenantBillingDetails(this.db, tenantId);
  }
}

export class TenantBillingDetails {
  constructor(
    private readonly db: Kysely<Database>,
    readonly tenantId: number,
  ) {}

  async get(): Promise<BillingDetails | null> {
    const row = await this.db
      .selectFrom('tenant_billing_details')
      .select(['company_name', 'department', 'contact_name', 'email', 'postal_code', 'address', 'phone'])
      .where('tenant_id', '=', this.tenantId)
      .executeTakeFirst();
    return row ?? null;
  }

  /** Inserts or replaces the tenant's 請求先 (`db` may be a transaction). */
  async save(details: BillingDetails, now: Date, db: Kysely<Database> = this.db): Promise<void> {
    const values = { ...details, updated_at: writeTimestamp(now) };
    await db
      .insertInto('tenant_billing_details')
      .values({ tenant_id: this.tenantId, ...values })
      .onConflict((conflict) => conflict.column('tenant_id').doUpdateSet(values))
      .execute();
  }
}
