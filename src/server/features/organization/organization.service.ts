import { billingMessages as m } from '../../../common/billing-messages';
import {
  ORGANIZATION_FIELDS,
  type Organization,
  type OrganizationField,
  type OrganizationUpdate,
  type OrganizationUpdateResult,
} from '../../../common/organization.schema';
import type { Clock } from '../../clock';
import { AppError } from '../../errors';
import type { TenantPrincipal } from '../../plugins/tenant-realm.plugin';
import type { OrganizationRecord, OrganizationRepository } from './organization.repo';

/** Organisation edit (issue 14): anyone in the tenant reads it, only an administrator changes it. */
export class OrganizationService {
  constructor(private readonly deps: { repo: OrganizationRepository; clock: Clock }) {}

  async get(principal: TenantPrincipal): Promise<Organization> {
    const record = await this.deps.repo.forTenant(principal.tenantId).get();
    if (!record) throw new AppError('NOT_FOUND', m.organizationNotFound);
    return present(record, principal);
  }

  /** Only an administrator changes the organisation (403 otherwise). */
  assertCanEdit(principal: TenantPrincipal): void {
    if (principal.role !== 'admin') throw new AppError('FORBIDDEN', m.organizationAdminOnly);
  }

  async update(principal: TenantPrincipal, update: OrganizationUpdate): Promise<OrganizationUpdateResult> {
    this.assertCanEdit(principal);
    const saved = await this.deps.repo.forTenant(principal.tenantId).save(update, this.deps.clock.now());
    if (!saved) throw new AppError('NOT_FOUND', m.organizationNotFound);
    return { organization: present(saved.after, principal), changed: changedFields(saved.before, saved.after), message: m.organizationUpdated };
  }
}

function present(record: OrganizationRecord, principal: TenantPrincipal): Organization {
  return { ...record, is_admin: principal.role === 'admin' };
}

/** The fields whose stored value differs (the 請求先 as a whole). */
export function changedFields(before: OrganizationRecord, after: OrganizationRecord): OrganizationField[] {
  return ORGANIZATION_FIELDS.filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]));
}
