import { Link } from 'react-router';
import type { PlanInfo } from '../../../common/billing.schema';
import { yen } from '../../../common/billing-dates';
import { SALES_CONTACT_EMAIL, type BillingCycle } from '../../../common/plans';

/** `choose` links to the payment step; its label defaults to 申し込む (変更する for a paid tenant's larger plan). */
export type PlanAction = { kind: 'current' } | { kind: 'choose'; to: string; label?: string } | { kind: 'contact' } | { kind: 'none'; note: string };

type PlanComparisonProps = {
  plans: PlanInfo[];
  cycle: BillingCycle;
  /** What each plan's button does for this tenant. */
  actionFor: (plan: PlanInfo) => PlanAction;
  /** Card payment is offered (GET /api/plans card_available). */
  cardAvailable?: boolean;
};

const count = (value: number | null, unit: string) => (value === null ? 'ご相談' : `${value.toLocaleString('ja-JP')}${unit}`);

function PriceCell({ plan, cycle }: { plan: PlanInfo; cycle: BillingCycle }) {
  const price = cycle === 'annual' ? plan.annual_price : plan.monthly_price;
  const withTax = cycle === 'annual' ? plan.annual_price_with_tax : plan.monthly_price_with_tax;
  if (price === null || withTax === null) return <span className="upg-price upg-price--quote">お見積り</span>;
  if (price === 0) return <span className="upg-price">無料</span>;
  return (
    <span className="upg-price">
      <span className="upg-price__main">
        {yen(price)}
        <small>（税抜）/{cycle === 'annual' ? '年' : '月'}</small>
      </span>
      <span className="upg-price__tax">税込 {yen(withTax)}</span>
      {cycle === 'annual' && plan.monthly_price !== null && plan.monthly_price * 12 > price && (
        <span className="upg-price__saving">月払いより {yen(plan.monthly_price * 12 - price)} お得</span>
      )}
    </span>
  );
}

function ActionButton({ plan, action }: { plan: PlanInfo; action: PlanAction }) {
  switch (action.kind) {
    case 'current':
      return <span className="upg-current">ご利用中のプラン</span>;
    case 'choose':
      return (
        <Link className="button button--primary upg-choose" to={action.to}>
          <span className="visually-hidden">{plan.name}に</span>
          {action.label ?? '申し込む'}
        </Link>
      );
    case 'contact':
      return (
        <a className="button button--secondary upg-choose" href={`mailto:${SALES_CONTACT_EMAIL}?subject=${encodeURIComponent(`${plan.name}のお問い合わせ`)}`}>
          お問い合わせ
        </a>
      );
    case 'none':
      return <span className="upg-note">{action.note}</span>;
  }
}

const ROWS: { label: string; value: (plan: PlanInfo, cardAvailable: boolean) => string }[] = [
  { label: '登録できる人数', value: (plan) => count(plan.max_people, '名まで') },
  { label: '訓練メール', value: (plan) => (plan.monthly_mails === null ? 'ご相談' : `毎月${plan.monthly_mails.toLocaleString('ja-JP')}通まで`) },
  { label: '機能', value: () => 'すべての機能' },
  { label: '管理画面の広告', value: (plan) => (plan.ads_shown ? '表示あり' : 'なし') },
  {
    label: 'お支払い方法',
    value: (plan, cardAvailable) => (plan.monthly_price === 0 ? '—' : !plan.purchasable ? '個別契約' : cardAvailable ? '請求書払い・クレジットカード' : '請求書払い（銀行振込）'),
  },
];

/** The plans side by side (a table from tablets up, one card per plan on phones), the current plan marked. */
export function PlanComparison({ plans, cycle, actionFor, cardAvailable = false }: PlanComparisonProps) {
  return (
    <>
      <div className="upg-table-wrap">
        <table className="upg-table">
          <caption className="visually-hidden">プランの比較（{cycle === 'annual' ? '年払い' : '月払い'}の料金）</caption>
          <thead>
            <tr>
              <td />
              {plans.map((plan) => (
                <th key={plan.plan_id} scope="col" className={actionFor(plan).kind === 'current' ? 'upg-table__current' : undefined}>
                  <span className="upg-table__name">{plan.name}</span>
                  <span className="upg-table__summary">{plan.summary}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">料金</th>
              {plans.map((plan) => (
                <td key={plan.plan_id}>
                  <PriceCell plan={plan} cycle={cycle} />
                </td>
              ))}
            </tr>
            {ROWS.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                {plans.map((plan) => (
                  <td key={plan.plan_id}>{row.value(plan, cardAvailable)}</td>
                ))}
              </tr>
            ))}
            <tr>
              <td />
              {plans.map((plan) => (
                <td key={plan.plan_id}>
                  <ActionButton plan={plan} action={actionFor(plan)} />
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      </div>
      <ul className="upg-cards" aria-label="プランの比較">
        {plans.map((plan) => {
          const action = actionFor(plan);
          return (
            <li key={plan.plan_id} className={`card upg-card${action.kind === 'current' ? ' upg-card--current' : ''}`}>
              <h3 className="upg-card__name">{plan.name}</h3>
              <p className="upg-card__summary">{plan.summary}</p>
              <PriceCell plan={plan} cycle={cycle} />
              <dl className="upg-card__facts">
                {ROWS.map((row) => (
                  <div key={row.label}>
                    <dt>{row.label}</dt>
                    <dd>{row.value(plan, cardAvailable)}</dd>
                  </div>
                ))}
              </dl>
              <ActionButton plan={plan} action={action} />
            </li>
          );
        })}
      </ul>
    </>
  );
}
