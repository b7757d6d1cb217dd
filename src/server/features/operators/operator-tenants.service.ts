import type { OperatorPagination, OperatorTenant, TenantListQuery } from '../../../common/operator.schema';
import type { Clock } from '../../clock';
import { toJstIsoString, tokyoMonth } from '../../lib/time-format';
import type { OperatorTenantsRepository } from './operator-tenants.repo';

/** Accounts and tenants as operators see them: plan, people and this month's mails, nothing of their content. */
export class OperatorTenantsService {
  constructor(private readonly deps: { repo: OperatorTenantsRepository; clock: Clock }) {}

  async list(query: TenantListQuery): Promise<{ tenants: OperatorTenant[]; pagination: OperatorPagination }> {
    // The month the tenant's own dashboard counts (Asia/Tokyo).
    const month = tokyoMonth(this.deps.clock.now());
    const { tenants, total } = await this.deps.repo.list({ q: query.q, month, limit: query.limit, offset: query.offset });
    return {
      tenants: tenants.map((tenant) => ({
        tenant_id: tenant.tenantId, company_name: tenant.companyName, plan: tenant.plan, admin_email: tenant.adminEmail,
        people_count: tenant.peopleCount, mails_this_month: tenant.mailsThisMonth, created_at: toJstIsoString(tenant.createdAt),
      })),
      pagination: { total, limit: query.limit, offset: query.offset },
    };
  }
}
