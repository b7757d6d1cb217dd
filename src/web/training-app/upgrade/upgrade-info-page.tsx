import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { PlanInfo } from '../../../common/billing.schema';
import { FREE_PLAN, type BillingCycle } from '../../../common/plans';
import { AlertBox } from '../../components/alert-box';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { Spinner } from '../../components/spinner';
import { PlanChangePanel } from './plan-change-panel';
import { PlanComparison } from './plan-comparison';
import { billingKeys, fetchPlans, fetchSubscription } from './upgrade-api';
import { UpgradeFrame } from './upgrade-frame';

/** /account/upgrade and /account/upgrade/info: the plans compared, the current one marked. */
export function Component() {
  const id = useId();
  const [cycle, setCycle] = useState<BillingCycle>('monthly');
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
    const actionFor = (plan: PlanInfo) => {
      if (plan.plan_id === current.plan_id) return { kind: 'current' as const };
      if (!plan.purchasable) return plan.monthly_price === null ? { kind: 'contact' as const } : { kind: 'none' as const, note: '' };
      if (!current.is_admin) return { kind: 'none' as const, note: '管理者のみ変更できます' };
      if (!onFree) return { kind: 'contact' as const };
      return { kind: 'choose' as const, to: `/account/upgrade/payment?plan=${plan.plan_id}&cycle=${cycle}` };
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
          <PlanComparison plans={plans.data.plans} cycle={cycle} actionFor={actionFor} />
          <p className="upg-plans__notes">
            料金は税抜表示です（消費税{plans.data.tax_rate_percent}%）。お支払いは請求書払い（銀行振込）で、お申し込み後すぐに新しいプランをご利用いただけます。月の途中からのお申し込みは、その月の残り日数分を日割りでご請求します。
            {!onFree && 'ご契約中の有料プランから上位プランへの変更はお問い合わせください。'}
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
