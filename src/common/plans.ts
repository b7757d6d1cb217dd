/**
 * The free corporate plan as SPEC §1 lists it to users: up to 10 registered people, 10 training
 * mails a month, no time limit, no credit card, all features, ads shown. One definition for the
 * corporate terms, the registration pages and, later, the limits the server enforces.
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

/** The training mails a plan may send per Tokyo calendar month; null: no cap (a paid plan). */
export function monthlyMailLimit(plan: string | null): number | null {
  return plan === null || plan === FREE_PLAN.id ? FREE_PLAN.monthlyMails : null;
}
