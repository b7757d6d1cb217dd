import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import type { PlanInfo, Subscription } from '../../../common/billing.schema';
import { japaneseDate } from '../../../common/billing-dates';
import { BILLING_CYCLE_LABELS, FREE_PLAN } from '../../../common/plans';
import { AlertBox } from '../../components/alert-box';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { billingKeys, postDowngrade } from './upgrade-api';

/**
 * A paid tenant's current contract, and the move to a lower plan or the cancellation, which take
 * effect at the end of the paid period (issue 14); a scheduled change can be withdrawn.
 */
export function PlanChangePanel({ subscription, plans }: { subscription: Subscription; plans: PlanInfo[] }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<PlanInfo | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  const currentIndex = plans.findIndex((plan) => plan.plan_id === subscription.plan_id);
  const lower = plans.filter((plan, index) => index < currentIndex);
  const periodEnd = subscription.current_period_end ? japaneseDate(subscription.current_period_end) : '';
  const current = plans[currentIndex];

  const finish = async (message: string) => {
    setChoice(null);
    setDone(message);
    await queryClient.invalidateQueries({ queryKey: billingKeys.subscription });
    window.setTimeout(() => doneRef.current?.focus(), 0);
  };

  return (
    <section className="card upg-contract" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="ta-form-card__title">
        ご契約中のプラン
      </h2>
      <dl className="summary-list">
        <div className="summary-list__row">
          <dt>プラン</dt>
          <dd>
            {subscription.plan_name}
            {subscription.cycle && `（${BILLING_CYCLE_LABELS[subscription.cycle]}）`}
          </dd>
        </div>
        {subscription.current_period_start && (
          <div className="summary-list__row">
            <dt>今回のご利用期間</dt>
            <dd>
              {japaneseDate(subscription.current_period_start)}〜{periodEnd}
            </dd>
          </div>
        )}
        {subscription.pending_plan_name && (
          <div className="summary-list__row">
            <dt>変更の予定</dt>
            <dd>
              {periodEnd}の終了後、{subscription.pending_plan_id === FREE_PLAN.id ? '解約してフリープランに戻ります' : `${subscription.pending_plan_name}に変更されます`}
            </dd>
          </div>
        )}
      </dl>
      {done && (
        <AlertBox ref={doneRef} tone="success">
          <p>{done}</p>
        </AlertBox>
      )}
      {subscription.is_admin && (
        <div className="upg-contract__actions">
          <h3 className="upg-contract__subtitle">プランの変更・解約</h3>
          <p className="upg-contract__text">下位プランへの変更と解約は、今回のご利用期間の終了時（{periodEnd}）に反映されます。それまでは現在のプランをそのままご利用いただけます。登録済みの受講者や訓練の記録は削除されません。</p>
          <div className="upg-contract__buttons">
            {subscription.pending_plan_id && current && (
              <button type="button" className="button button--secondary" onClick={() => setChoice(current)}>
                変更の予約を取り消す
              </button>
            )}
            {!subscription.pending_plan_id &&
              lower.map((plan) => (
                <button key={plan.plan_id} type="button" className="button button--secondary" onClick={() => setChoice(plan)}>
                  {plan.plan_id === FREE_PLAN.id ? '解約してフリープランに戻す' : `${plan.name}に変更する`}
                </button>
              ))}
          </div>
        </div>
      )}
      {choice && (
        <ConfirmDialog
          title={choice.plan_id === subscription.plan_id ? '変更の予約を取り消しますか？' : choice.plan_id === FREE_PLAN.id ? '有料プランを解約しますか？' : `${choice.name}に変更しますか？`}
          confirmLabel={choice.plan_id === subscription.plan_id ? '予約を取り消す' : choice.plan_id === FREE_PLAN.id ? '解約する' : '変更する'}
          busyLabel="処理中..."
          confirmTone={choice.plan_id === subscription.plan_id ? 'primary' : 'danger'}
          failureMessage="プランを変更できませんでした。時間をおいてもう一度お試しください。"
          action={() => postDowngrade(choice.plan_id)}
          onDone={(result) => finish(result.message)}
          onCancel={() => setChoice(null)}
        >
          {choice.plan_id === subscription.plan_id ? (
            <p>予約中の変更を取り消し、{subscription.plan_name}のご契約を続けます。</p>
          ) : (
            <p>
              {periodEnd}まで{subscription.plan_name}をご利用いただけます。その後は{choice.name}（{choice.max_people === null ? '人数はご相談' : `${choice.max_people}名まで`}
              {choice.monthly_mails === null ? '' : `・毎月${choice.monthly_mails}通まで`}）になります。
            </p>
          )}
        </ConfirmDialog>
      )}
    </section>
  );
}
