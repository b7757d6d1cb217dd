import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { PAYMENT_METHOD_LABELS, upgradeInputSchema, type PlanInfo, type Subscription, type UpgradeInput } from '../../../common/billing.schema';
import { yen } from '../../../common/billing-dates';
import { billingMessages } from '../../../common/billing-messages';
import { BILLING_CYCLES, BILLING_CYCLE_LABELS, FREE_PLAN, type BillingCycle, type PaidPlanId } from '../../../common/plans';
import { useAuthState } from '../../auth/auth-store';
import { AlertBox } from '../../components/alert-box';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { Spinner } from '../../components/spinner';
import { apiErrorMessage } from '../../lib/api-error-message';
import { ApiError } from '../../lib/api-client';
import { BillingFields } from './billing-fields';
import { FixedTerms } from './fixed-terms';
import { billingKeys, fetchPlans, fetchSubscription, postUpgrade, type PlanList } from './upgrade-api';
import { loadUpgradeDraft, saveUpgradeDraft } from './upgrade-draft';
import { UpgradeFrame } from './upgrade-frame';

const formSchema = upgradeInputSchema.omit({ preview: true });
type FormValues = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;
const FIELD_ORDER = ['plan', 'cycle', 'method', 'billing.company_name', 'billing.department', 'billing.contact_name', 'billing.email', 'billing.postal_code', 'billing.address', 'billing.phone'] as const;

/** /account/upgrade/payment: plan, cycle, payment method and 請求先; the figures come from the server before the confirm step. */
export function Component() {
  const plans = useQuery({ queryKey: billingKeys.plans, queryFn: ({ signal }) => fetchPlans(signal) });
  const subscription = useQuery({ queryKey: billingKeys.subscription, queryFn: ({ signal }) => fetchSubscription(signal) });
  let body;
  if (plans.isPending || subscription.isPending) body = <Spinner label="読み込み中..." />;
  else if (plans.isError || subscription.isError) {
    body = <LoadErrorAlert error={plans.error ?? subscription.error} fallback="お申し込みの情報を読み込めませんでした。" onRetry={() => void Promise.all([plans.refetch(), subscription.refetch()])} />;
  } else if (!subscription.data.is_admin || (subscription.data.plan_id !== FREE_PLAN.id && largerPlans(plans.data, subscription.data) === null)) {
    body = (
      <AlertBox tone="info" live={false} title={subscription.data.is_admin ? `現在${subscription.data.plan_name}をご利用中です` : '管理者のみお申し込みいただけます'}>
        <p>
          {!subscription.data.is_admin
            ? 'プランの変更とお支払い情報の登録は、管理者のアカウントで行えます。'
            : subscription.data.method === 'card'
              ? billingMessages.cardPlanChange
              : 'ご契約中のプランから画面で変更できる上位プランはありません。下位プランへの変更・解約は「プランのアップグレード」画面から、そのほかの変更はお問い合わせください。'}
        </p>
        <p>
          <Link to="/account/upgrade">プランの比較に戻る</Link>
        </p>
      </AlertBox>
    );
  } else body = <PaymentForm plans={plans.data} subscription={subscription.data} />;
  return (
    <UpgradeFrame step={2} title="お支払い情報の入力" lead="ご利用になるプランと、請求書の宛先をご入力ください。次の画面でご請求額を確認できます。">
      {body}
    </UpgradeFrame>
  );
}

/**
 * The plans a paid tenant may move up to at once (larger purchasable plans, while paid by invoice);
 * null when there is none to offer here. The free plan's tenant is offered every paid plan.
 */
function largerPlans(plans: PlanList, subscription: Subscription): PlanInfo[] | null {
  const purchasable = plans.plans.filter((plan) => plan.purchasable);
  if (subscription.plan_id === FREE_PLAN.id) return purchasable;
  if (!(subscription.method === 'invoice' || (subscription.method === 'card' && plans.card_available)) || !subscription.cycle) return null;
  const currentIndex = plans.plans.findIndex((plan) => plan.plan_id === subscription.plan_id);
  const larger = purchasable.filter((plan) => currentIndex >= 0 && plans.plans.indexOf(plan) > currentIndex);
  return larger.length > 0 ? larger : null;
}

function PaymentForm({ plans, subscription }: { plans: PlanList; subscription: Subscription }) {
  const id = useId();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { user } = useAuthState();
  const [failure, setFailure] = useState<string | null>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const draft = loadUpgradeDraft();
  const offered = largerPlans(plans, subscription) ?? [];
  // A paid tenant's change keeps the subscription's cycle and payment method (the server checks it too).
  const fixed = subscription.plan_id !== FREE_PLAN.id && subscription.cycle && subscription.method ? { cycle: subscription.cycle, method: subscription.method } : null;
  const isOffered = (plan: string | undefined): plan is PaidPlanId => offered.some((candidate) => candidate.plan_id === plan);
  const requestedPlan = params.get('plan') ?? '';
  const requestedCycle = params.get('cycle') as BillingCycle | null;
  const defaults: FormValues = {
    plan: isOffered(requestedPlan) ? requestedPlan : isOffered(draft?.plan) ? draft.plan : (offered[0]?.plan_id as PaidPlanId),
    cycle: fixed?.cycle ?? (requestedCycle && BILLING_CYCLES.includes(requestedCycle) ? requestedCycle : (draft?.cycle ?? 'monthly')),
    method: fixed?.method ?? draft?.method ?? 'invoice',
    billing: draft?.billing ?? subscription.billing ?? {
      company_name: subscription.company_name, department: '', contact_name: user?.name ?? '', email: user?.email ?? '', postal_code: '', address: '', phone: '',
    },
  };
  const { register, handleSubmit, setError, setFocus, watch, formState } = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: defaults,
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const { errors } = formState;
  const preview = useMutation({ mutationFn: (input: UpgradeInput) => postUpgrade(input) });
  const chosenPlan = plans.plans.find((plan) => plan.plan_id === watch('plan'));
  const cycle = watch('cycle');

  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);

  const onValid = (values: FormOutput) => {
    setFailure(null);
    preview.mutate({ ...values, preview: true }, {
      onSuccess: () => {
        saveUpgradeDraft(values);
        void navigate('/account/upgrade/confirm');
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 422) {
          let first: (typeof FIELD_ORDER)[number] | undefined;
          for (const field of FIELD_ORDER) {
            const message = error.fieldErrors[field]?.[0];
            if (!message) continue;
            setError(field, { type: 'server', message });
            first ??= field;
          }
          if (first) {
            setFocus(first);
            return;
          }
        }
        setFailure(apiErrorMessage(error, '入力内容を確認できませんでした。時間をおいてもう一度お試しください。'));
      },
    });
  };
  const onInvalid = (invalid: FieldErrors<FormValues>) => {
    const first = FIELD_ORDER.find((field) => {
      const [head, tail] = field.split('.') as [keyof FormValues, string | undefined];
      const entry = invalid[head] as Record<string, unknown> | undefined;
      return tail ? Boolean(entry && tail in entry) : Boolean(entry);
    });
    if (first) setFocus(first);
  };

  return (
    <form className="upg-form" noValidate onSubmit={handleSubmit(onValid, onInvalid)} aria-busy={preview.isPending || undefined}>
      {failure && (
        <AlertBox ref={failureRef} tone="error" title="確認画面に進めませんでした">
          <p>{failure}</p>
        </AlertBox>
      )}
      <fieldset className="card upg-section" disabled={preview.isPending}>
        <legend className="upg-section__title">{fixed ? '変更後のプラン' : 'ご利用プラン'}</legend>
        <div className="upg-options" role="radiogroup" aria-label="プラン" aria-invalid={errors.plan ? true : undefined}>
          {offered.map((plan) => {
            const price = cycle === 'annual' ? plan.annual_price : plan.monthly_price;
            return (
              <label key={plan.plan_id} className="upg-option">
                <input type="radio" value={plan.plan_id} {...register('plan')} />
                <span className="upg-option__body">
                  <span className="upg-option__name">{plan.name}</span>
                  <span className="upg-option__detail">
                    {plan.max_people}名まで・毎月{plan.monthly_mails?.toLocaleString('ja-JP')}通まで
                  </span>
                  {price !== null && (
                    <span className="upg-option__price">
                      {yen(price)}（税抜）/{cycle === 'annual' ? '年' : '月'}
                    </span>
                  )}
                </span>
              </label>
            );
          })}
        </div>
        {errors.plan && <p className="field__error">{errors.plan.message}</p>}
        {fixed && (
          <p className="field__hint">
            ご契約中の{subscription.plan_name}から変更します。新しいプランはお申し込み後すぐにご利用いただけ、今回のご利用期間の残りの日数分の差額を日割りでご請求します。
          </p>
        )}
      </fieldset>
      {fixed ? (
        <FixedTerms cycle={fixed.cycle} method={fixed.method} periodEnd={subscription.current_period_end} errors={[errors.cycle?.message, errors.method?.message]} />
      ) : (
        <>
          <fieldset className="card upg-section" disabled={preview.isPending}>
            <legend className="upg-section__title">お支払いサイクル</legend>
            <div className="segmented-radios">
              {BILLING_CYCLES.map((value) => (
                <label key={value} className="checkbox">
                  <input type="radio" value={value} {...register('cycle')} />
                  <span>{value === 'annual' ? `${BILLING_CYCLE_LABELS[value]}（12か月分を一括・2か月分お得）` : `${BILLING_CYCLE_LABELS[value]}（毎月ご請求）`}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset className="card upg-section" disabled={preview.isPending}>
            <legend className="upg-section__title">お支払い方法</legend>
            <div className="segmented-radios">
              <label className="checkbox">
                <input type="radio" value="invoice" {...register('method')} />
                <span>{PAYMENT_METHOD_LABELS.invoice}</span>
              </label>
              {plans.card_available && (
                <label className="checkbox">
                  <input type="radio" value="card" {...register('method')} />
                  <span>{PAYMENT_METHOD_LABELS.card}</span>
                </label>
              )}
            </div>
            {errors.method && <p className="field__error">{errors.method.message}</p>}
            <p className="field__hint" id={`${id}-method-hint`}>
              {watch('method') === 'card'
                ? 'ご請求額の確認のあと、決済画面（Stripe）でカード情報を入力します。カード情報はキヅキには保存されません。決済のたびにインボイス制度の適格請求書を発行し、「ご利用状況・請求」からPDFでダウンロードできます。'
                : '請求書は毎月（年払いは年に1回）発行し、お支払い期限は発行月の翌月末日です。請求書はインボイス制度の適格請求書で、「ご利用状況・請求」からPDFでダウンロードできます。'}
              {!plans.card_available && 'クレジットカード払いは現在お取り扱いしていません。'}
            </p>
          </fieldset>
        </>
      )}
      <fieldset className="card upg-section" disabled={preview.isPending}>
        <legend className="upg-section__title">請求先</legend>
        <BillingFields register={register} errors={errors.billing} />
      </fieldset>
      <div className="upg-form__actions">
        <Link className="button button--secondary" to="/account/upgrade">
          プランの比較に戻る
        </Link>
        <button type="submit" className="button button--primary" disabled={preview.isPending}>
          {preview.isPending ? '確認中...' : fixed ? `${chosenPlan ? chosenPlan.name + 'への' : ''}変更内容を確認する` : `${chosenPlan ? chosenPlan.name + 'の' : ''}ご請求内容を確認する`}
        </button>
      </div>
    </form>
  );
}
