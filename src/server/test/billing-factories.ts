import type { BillingDetails, PaymentMethod } from '../../common/billing.schema';
import { type BillingCycle, type PaidPlanId, paidPlans } from '../../common/plans';
import { writeTimestamp } from '../db/dialect';
import { BillingDetailsRepository } from '../features/billing/billing-details.repo';
import { firstInvoiceFigures } from '../features/billing/invoice-figures';
import { issueInvoice } from '../features/billing/invoices.repo';
import type { TestContext } from './test-app';

export const FACTORY_BILLING: BillingDetails = {
  company_name: '株式会社テスト商事',
  department: '経理部',
  contact_name: '山田 花子',
  email: 'keiri@example.co.jp',
  postal_code: '150-0002',
  address: '東京都渋谷区渋谷2-1-1 テストビル5階',
  phone: '03-1234-5678',
};

/**
 * A paid subscription as the upgrade leaves it (written directly, so these tests do not depend on
 * the upgrade's API): the 請求先, the subscription row with its first period, the tenant's plan,
 * and the first invoice.
 */
export async function subscribe(
  context: TestContext,
  tenantId: number,
  options: { plan?: PaidPlanId; cycle?: BillingCycle; method?: PaymentMethod; billing?: Partial<BillingDetails>; pendingPlan?: string } = {},
): Promise<{ firstInvoiceId: number; periodEnd: Date }> {
  const db = context.database.db;
  const now = context.clock.now();
  const plan = paidPlans().find((candidate) => candidate.id === (options.plan ?? 'light'))!;
  const cycle = options.cycle ?? 'monthly';
  const method = options.method ?? 'invoice';
  const figures = firstInvoiceFigures(plan, cycle, now);
  const buyer = { ...FACTORY_BILLING, ...options.billing };
  await new BillingDetailsRepository(db).forTenant(tenantId).save(buyer, now);
  await db.insertInto('tenant_subscriptions').values({
    tenant_id: tenantId, plan: plan.id, billing_cycle: cycle, payment_method: method,
    current_period_start: writeTimestamp(now), current_period_end: writeTimestamp(figures.periodEnd), pending_plan: options.pendingPlan ?? null,
    created_at: writeTimestamp(now), updated_at: writeTimestamp(now),
  }).execute();
  await db.updateTable('tenants').set({ plan: plan.id }).where('id', '=', tenantId).execute();
  const firstInvoiceId = await issueInvoice(db, tenantId, { plan: plan.id, cycle, method, buyer, figures, now });
  if (firstInvoiceId === null) throw new Error('the first invoice was not issued');
  return { firstInvoiceId, periodEnd: figures.periodEnd };
}
