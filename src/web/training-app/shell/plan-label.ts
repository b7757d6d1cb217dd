import { FREE_PLAN } from '../../../common/plans';

/** tenant.plan as users read it (SPEC §3: 'free' by default). */
export function planLabel(plan: string | undefined): string {
  if (!plan || plan === FREE_PLAN.id) return FREE_PLAN.name;
  return plan;
}
