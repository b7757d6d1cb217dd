/**
 * Kizuki's plans, in one place: the free plan as SPEC §1 lists it to users (up to 10 registered
 * people, 10 training mails a month, no time limit, no credit card, all features, ads shown) and
 * the paid plans of issue 14. Every limit the server enforces (people, monthly mails, the ad
 * slot) and every price a screen or invoice shows comes from here.
 *
 * Prices are yen before consumption tax (税抜), as Japanese B2B price lists state them; the
 * tax-inclusive figure is derived with CONSUMPTION_TAX_RATE, never typed twice.
 */

export const FREE_PLAN = {
  /** tenant.plan of a new tenant (SPEC §3: default 'free'). */
  id: 'free',
  name: 'フリープラン',
  /** People a tenant can register as training targets. */
  maxPeople: 10,
  /** Training mails a tenant can send per calendar month at no charge. */
  monthlyMails: 10,
  timeLimited: false,
  creditCardRequired: false,
  allFeatures: true,
  adsShown: true,
} as const;

/** The free plan's benefits as short Japanese lines, in SPEC §1 order (completion page, terms). */
export const FREE_PLAN_FEATURES: readonly string[] = [
  `登録できる人数：${FREE_PLAN.maxPeople}名まで`,
  `訓練メール：毎月${FREE_PLAN.monthlyMails}通まで無料`,
  '利用期間：期限なし',
  'クレジットカード：登録不要',
  '機能：すべての機能を利用可能',
  '広告：表示あり',
];

/** 消費税 in per cent (the standard rate; training is not a reduced-rate item). Integer, so yen sums stay exact. */
export const CONSUMPTION_TAX_PERCENT = 10;
/** The rate as printed on screens and invoices. */
export const CONSUMPTION_TAX_LABEL = `${CONSUMPTION_TAX_PERCENT}%`;

export const BILLING_CYCLES = ['monthly', 'annual'] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];
export const BILLING_CYCLE_LABELS: Record<BillingCycle, string> = { monthly: '月払い', annual: '年払い' };

/** Plans a tenant can choose and pay for online. */
export const PAID_PLAN_IDS = ['light', 'standard'] as const;
export type PaidPlanId = (typeof PAID_PLAN_IDS)[number];
/** The お問い合わせ tier: set up by an operator after a quote, never bought online. */
export const ENTERPRISE_PLAN_ID = 'enterprise';
export type PlanId = typeof FREE_PLAN.id | PaidPlanId | typeof ENTERPRISE_PLAN_ID;

export interface PlanDefinition {
  id: PlanId;
  name: string;
  /** One line under the name on the comparison table. */
  summary: string;
  /** null: no fixed cap (the enterprise contract sets it). */
  maxPeople: number | null;
  /** Training mails per Tokyo calendar month; null: no fixed cap. */
  monthlyMails: number | null;
  adsShown: boolean;
  /** 税抜 yen per month on monthly billing; 0 for the free plan, null when quoted individually. */
  monthlyPrice: number | null;
  /** 税抜 yen per year on annual billing (two months free); 0 for the free plan, null when quoted. */
  annualPrice: number | null;
}

/** A plan with a list price, which the upgrade screens can sell. */
export type PaidPlanDefinition = PlanDefinition & { id: PaidPlanId; maxPeople: number; monthlyMails: number; monthlyPrice: number; annualPrice: number };

/**
 * Sized for Japanese SMEs: a team or a small company (ライト), a company of a few hundred
 * (スタンダード). About five training mails per person a month leaves room for a campaign a
 * week. Annual billing charges ten months for twelve.
 */
export const PLANS: readonly PlanDefinition[] = [
  {
    id: FREE_PLAN.id, name: FREE_PLAN.name, summary: 'まずは少人数で試したい方に',
    maxPeople: FREE_PLAN.maxPeople, monthlyMails: FREE_PLAN.monthlyMails, adsShown: FREE_PLAN.adsShown, monthlyPrice: 0, annualPrice: 0,
  },
  {
    id: 'light', name: 'ライトプラン', summary: '部署単位・小規模な会社に',
    maxPeople: 50, monthlyMails: 250, adsShown: false, monthlyPrice: 9_800, annualPrice: 98_000,
  },
  {
    id: 'standard', name: 'スタンダードプラン', summary: '全社で定期的に訓練したい会社に',
    maxPeople: 300, monthlyMails: 1_500, adsShown: false, monthlyPrice: 39_800, annualPrice: 398_000,
  },
  {
    id: ENTERPRISE_PLAN_ID, name: 'エンタープライズプラン', summary: '301名以上・個別のご要望に（お見積り）',
    maxPeople: null, monthlyMails: null, adsShown: false, monthlyPrice: null, annualPrice: null,
  },
];

/** Where the enterprise tier's お問い合わせ go. */
export const SALES_CONTACT_EMAIL = 'sales@kizuki.example';

export function isPaidPlanId(value: string): value is PaidPlanId {
  return (PAID_PLAN_IDS as readonly string[]).includes(value);
}

/** The plans the upgrade screens sell, in price order. */
export function paidPlans(): PaidPlanDefinition[] {
  return PLANS.filter((plan): plan is PaidPlanDefinition => isPaidPlanId(plan.id));
}

/** The definition of a tenant's plan; an unknown or missing id is the free plan, the safe default. */
export function planOf(plan: string | null | undefined): PlanDefinition {
  return PLANS.find((candidate) => candidate.id === plan) ?? PLANS[0]!;
}

/** People a plan allows (null: no fixed cap). */
export function maxPeopleOf(plan: string | null): number | null {
  return planOf(plan).maxPeople;
}

/** The training mails a plan may send per Tokyo calendar month (null: no fixed cap). */
export function monthlyMailLimit(plan: string | null): number | null {
  return planOf(plan).monthlyMails;
}

/** Whether a tenant's administrators see the ad slot. */
export function showsAds(plan: string | null): boolean {
  return planOf(plan).adsShown;
}

/** 税抜 price of one billing period. */
export function periodPrice(plan: PaidPlanDefinition, cycle: BillingCycle): number {
  return cycle === 'annual' ? plan.annualPrice : plan.monthlyPrice;
}

/**
 * Consumption tax on an invoice's total per rate, rounded down once per invoice (the
 * qualified-invoice rules allow one rounding per rate per invoice, not per line).
 */
export function consumptionTax(subtotal: number): number {
  return Math.floor((subtotal * CONSUMPTION_TAX_PERCENT) / 100);
}

/** 税込 of a 税抜 amount. */
export function withTax(subtotal: number): number {
  return subtotal + consumptionTax(subtotal);
}

/** What annual billing saves against twelve monthly payments (税抜). */
export function annualSaving(plan: PaidPlanDefinition): number {
  return plan.monthlyPrice * 12 - plan.annualPrice;
}
