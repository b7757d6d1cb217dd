import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { PlanInfo } from '../../../common/billing.schema';
import { FREE_PLAN, isPaidPlanId, type BillingCycle } from '../../../common/plans';
import { AlertBox } from '../../components/alert-box';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { Spinner } from '../../components/spinner';
import { PlanChangePanel } from './plan-change-panel';
import { PlanComparison, type PlanAction } from './plan-comparison';
import { billingKeys, fetchPlans, fetchSubscription } from './upgrade-api';
import { UpgradeFrame } from './upgrade-frame';

/** /account/upgrade and /account/upgrade/info: the plans compared, the current one marked. */
export function Component() {
  const id = useId();
  const [chosenCycle, setCycle] = useState<BillingCycle | null>(null);
  const plans = useQuery({ queryKey: billingKeys.plans, queryFn: ({ signal }) => fetchPlans(signal) });
  const subscription = useQuery({ queryKey: billingKeys.subscription, queryFn: ({ signal }) => fetchSubscription(signal) });

  let body;
  if (plans.isPending || subscription.isPending) body = <Spinner label="プランを読み込み中..." />;
  else if (plans.isError || subscription.isError) {
    body = (
      <LoadErrorAlert
        error={plans.error ?? subscription.error}
        fallback="プランの情報を読み込めませんでした。"
        onRetry={() => void Promise.all([plans.refetch(), subscription.refetch()])}
        busy={plans.isFetching || subscription.isFetching}
      />
    );
  } else {
    const current = subscription.data;
    const onFree = current.plan_id === FREE_PLAN.id;
    // A paid tenant sees its own cycle first: a plan change keeps it.
    const cycle = chosenCycle ?? current.cycle ?? 'monthly';
    const currentIndex = plans.data.plans.findIndex((plan) => plan.plan_id === current.plan_id);
    const actionFor = (plan: PlanInfo): PlanAction => {
      if (plan.plan_id === current.plan_id) return { kind: 'current' };
      // A paid tenant's lower plans (the free one too, by cancelling): the contract panel above, at the period's end.
      if (!onFree && current.is_admin && plans.data.plans.indexOf(plan) < currentIndex) return { kind: 'none', note: '上の「プランの変更・解約」から変更できます' };
      if (!plan.purchasable) return plan.monthly_price === null ? { kind: 'contact' } : { kind: 'none', note: '' };
      if (!current.is_admin) return { kind: 'none', note: '管理者のみ変更できます' };
      if (onFree) return { kind: 'choose', to: `/account/upgrade/payment?plan=${plan.plan_id}&cycle=${cycle}` };
      // Larger plans: at once, on the subscription's cycle (by card only while card payment is offered).
      if ((current.method === 'invoice' || (current.method === 'card' && plans.data.card_available)) && current.cycle && isPaidPlanId(current.plan_id)) {
        return { kind: 'choose', to: `/account/upgrade/payment?plan=${plan.plan_id}&cycle=${current.cycle}`, label: '変更する' };
      }
      return { kind: 'contact' };
    };
    body = (
      <>
        {!current.is_admin && (
          <AlertBox tone="info" live={false}>
            <p>プランの変更とお支払い情報の登録は、管理者のアカウントで行えます。</p>
          </AlertBox>
        )}
        {!onFree && <PlanChangePanel subscription={current} plans={plans.data.plans} />}
        <section className="upg-plans" aria-labelledby={`${id}-plans`}>
          <div className="upg-plans__head">
            <h2 id={`${id}-plans`} className="upg-plans__title">
              プランの比較
            </h2>
            <fieldset className="upg-cycle">
              <legend className="visually-hidden">お支払いサイクル</legend>
              {(['monthly', 'annual'] as const).map((value) => (
                <label key={value} className={`upg-cycle__option${cycle === value ? ' upg-cycle__option--checked' : ''}`}>
                  <input type="radio" name={`${id}-cycle`} value={value} checked={cycle === value} onChange={() => setCycle(value)} />
                  {value === 'monthly' ? '月払い' : '年払い（2か月分お得）'}
                </label>
              ))}
            </fieldset>
          </div>
          <PlanComparison plans={plans.data.plans} cycle={cycle} actionFor={actionFor} cardAvailable={plans.data.card_available} />
          <p className="upg-plans__notes">
            料金は税抜表示です（消費税{plans.data.tax_rate_percent}%）。{plans.data.card_available ? 'お支払いは請求書払い（銀行振込）またはクレジットカードです。請求書払いはお申し込み後すぐに、カード払いは決済の完了後すぐに新しいプランをご利用いただけます。' : 'お支払いは請求書払い（銀行振込）で、お申し込み後すぐに新しいプランをご利用いただけます。'}月の途中からのお申し込みは、その月の残り日数分を日割りでご請求します。
            {!onFree && 'ご契約中のプランから上位プランへの変更はすぐに反映され、今回のご利用期間の残りの日数分の差額を日割りでご請求します（お支払いサイクルはご契約中のままです）。'}
          </p>
        </section>
      </>
    );
  }

  return (
    <UpgradeFrame step={1} title="プランのアップグレード" lead="ご利用人数と毎月の訓練メール数に合わせてプランをお選びください。">
      {body}
    </UpgradeFrame>
  );
}
