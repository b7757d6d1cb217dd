import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../../common/billing.schema';
import { dayAfter, japaneseDate } from '../../../common/billing-dates';
import { BILLING_CYCLE_LABELS, type BillingCycle } from '../../../common/plans';

/**
 * The payment step of a paid tenant's plan change: the cycle and the payment method stay the
 * subscription's (no change mid-period), so they are shown, not asked. A server refusal of either
 * (the subscription changed meanwhile) shows here.
 */
export function FixedTerms({ cycle, method, periodEnd, errors }: { cycle: BillingCycle; method: PaymentMethod; periodEnd: string | null; errors: (string | undefined)[] }) {
  const shown = errors.filter((error): error is string => Boolean(error));
  return (
    <section className="card upg-section" aria-label="お支払いサイクルとお支払い方法">
      <h2 className="upg-section__title">お支払いサイクルとお支払い方法</h2>
      <dl className="summary-list">
        <div className="summary-list__row">
          <dt>お支払いサイクル</dt>
          <dd>{BILLING_CYCLE_LABELS[cycle]}</dd>
        </div>
        <div className="summary-list__row">
          <dt>お支払い方法</dt>
          <dd>{PAYMENT_METHOD_LABELS[method]}</dd>
        </div>
      </dl>
      <p className="field__hint">
        プランを変更しても、お支払いサイクルとお支払い方法はご契約中のままです（ご利用期間の途中では変更できません）。
        {periodEnd && `次回のご利用期間（${japaneseDate(dayAfter(periodEnd))}から）は、新しいプランの料金でご請求します。`}
      </p>
      {shown.map((error) => (
        <p key={error} className="field__error" role="alert">
          {error}
        </p>
      ))}
    </section>
  );
}
