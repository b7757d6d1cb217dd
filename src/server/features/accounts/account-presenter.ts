import type { AuthTenant, AuthUser } from '../../../common/account.schema';
import { toJstIsoString } from '../../lib/time-format';
import type { Account, Tenant } from './accounts.repo';

/** SPEC §3 auth session shapes: tenant_id only for corporate users. */
export function toAuthUser(user: Account, pendingEmail: string | null): AuthUser {
  const answer: AuthUser = {
    user_id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    pending_email: pendingEmail,
    created_at: toJstIsoString(user.created_at),
  };
  if (user.tenant_id !== null) answer.tenant_id = user.tenant_id;
  return answer;
}

export function toAuthTenant(tenant: Tenant): AuthTenant {
  return { tenant_id: tenant.id, company_name: tenant.company_name, plan: tenant.plan };
}
