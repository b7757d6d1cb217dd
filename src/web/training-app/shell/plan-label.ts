import { planOf } from '../../../common/plans';

/** tenant.plan as users read it (SPEC §3: 'free' by default). */
export function planLabel(plan: string | undefined): string {
  return planOf(plan).name;
}
