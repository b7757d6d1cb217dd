import { billingDetailsViewSchema, PAYMENT_METHODS, type BillingDetailsInput } from '../../../common/billing.schema';
import { BILLING_CYCLES, PAID_PLAN_IDS, type BillingCycle, type PaidPlanId } from '../../../common/plans';
import { z } from 'zod';

/**
 * What the payment step hands to the confirm step: kept in sessionStorage, so a reload of the
 * confirm page keeps it and closing the tab forgets it (billing details are not left behind).
 */
export interface UpgradeDraft {
  plan: PaidPlanId;
  cycle: BillingCycle;
  method: (typeof PAYMENT_METHODS)[number];
  billing: BillingDetailsInput;
}

const KEY = 'kizuki.upgrade-draft';
const draftSchema = z.object({
  plan: z.enum(PAID_PLAN_IDS),
  cycle: z.enum(BILLING_CYCLES),
  method: z.enum(PAYMENT_METHODS),
  billing: billingDetailsViewSchema,
});

export function loadUpgradeDraft(): UpgradeDraft | null {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    if (!raw) return null;
    const parsed = draftSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function saveUpgradeDraft(draft: UpgradeDraft): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(draft));
  } catch {
    // Private mode without storage: the confirm step then asks for the details again.
  }
}

export function clearUpgradeDraft(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}
