import type { Kysely } from 'kysely';
import type { BillingDetails } from '../../../common/billing.schema';
import type { OrganizationUpdate } from '../../../common/organization.schema';
import { writeTimestamp } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { BillingDetailsRepository } from '../billing/billing-details.repo';

/** The organisation as stored: its name (tenants.company_name), profile (tenant_profiles) and 請求先. */
export interface OrganizationRecord {
  company_name: string;
  postal_code: string;
  address: string;
  phone: string;
  industry: string;
  employee_count: string;
  billing: BillingDetails | null;
}

/** Entry point: every query goes through a repository bound to one tenant. */
export class OrganizationRepository {
  private readonly billing: BillingDetailsRepository;

  constructor(private readonly db: Kysely<Database>) {
    this.billing = new BillingDetailsRepository(db);
  }

  forTenant(tenantId: number): TenantOrganization {
    return new TenantOrganization(this.db, tenantId, this.billing);
  }
}

/** One tenant's organisation details; a tenant without a profile row reads as empty fields. */
export class TenantOrganization {
  constructor(
    private readonly db: Kysely<Database>,
    readonly tenantId: number,
    private readonly billing: BillingDetailsRepository,
  ) {}

  /** undefined when the tenant does not exist (any more). */
  async get(): Promise<OrganizationRecord | undefined> {
    const row = await this.db
      .selectFrom('tenants')
      .leftJoin('tenant_profiles', 'tenant_profiles.tenant_id', 'tenants.id')
      .select([
        'tenants.company_name',
        'tenant_profiles.postal_code',
        'tenant_profiles.address',
        'tenant_profiles.phone',
        'tenant_profiles.industry',
        'tenant_profiles.employee_count',
      ])
      .where('tenants.id', '=', this.tenantId)
      .executeTakeFirst();
    if (!row) return undefined;
    const billing = await this.billing.forTenant(this.tenantId).get();
    return {
      company_name: row.company_name,
      postal_code: row.postal_code ?? '',
      address: row.address ?? '',
      phone: row.phone ?? '',
      industry: row.industry ?? '',
      employee_count: row.employee_count ?? '',
      billing,
    };
  }

  /**
   * Writes the name and profile, and the 請求先 when `update.billing` is set, in one transaction;
   * answers the organisation before and after (undefined when the tenant does not exist). `before`
   * is read just ahead of the write: it only tells the screen which fields the change touched.
   */
  async save(update: OrganizationUpdate, now: Date): Promise<{ before: OrganizationRecord; after: OrganizationRecord } | undefined> {
    const before = await this.get();
    if (!before) return undefined;
    const at = writeTimestamp(now);
    const profile = {
      postal_code: update.postal_code,
      address: update.address,
      phone: update.phone,
      industry: update.industry,
      employee_count: update.employee_count,
      updated_at: at,
    };
    const saved = await this.db.transaction().execute(async (trx) => {
      const renamed = await trx
        .updateTable('tenants')
        .set({ company_name: update.company_name, updated_at: at })
        .where('id', '=', this.tenantId)
        .executeTakeFirst();
      if (Number(renamed.numUpdatedRows) === 0) return false;
      await trx
        .insertInto('tenant_profiles')
        .values({ tenant_id: this.tenantId, ...profile })
        .onConflict((conflict) => conflict.column('tenant_id').doUpdateSet(profile))
        .execute();
      if (update.billing) await this.billing.forTenant(this.tenantId).save(update.billing, now, trx);
      return true;
    });
    if (!saved) return undefined;
    const { updated_at: _updatedAt, ...fields } = profile;
    return { before, after: { company_name: update.company_name, ...fields, billing: update.billing ?? before.billing } };
  }
}
