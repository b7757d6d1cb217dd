import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { type InvoicePreview, PAYMENT_METHOD_LABELS } from '../../../common/billing.schema';
import { dayAfter, japaneseDate } from '../../../common/billing-dates';
import { BILLING_CYCLE_LABELS, FREE_PLAN, planOf } from '../../../common/plans';
import { AlertBox } from '../../components/alert-box';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { Spinner } from '../../components/spinner';
import { apiErrorMessage } from '../../lib/api-error-message';
import { InvoiceDates, InvoiceFiguresTable } from './invoice-figures-table';
import { applyPlanToSession, billingKeys, postUpgrade } from './upgrade-api';
import { clearUpgradeDraft, loadUpgradeDraft, type UpgradeDraft } from './upgrade-draft';
import { UpgradeFrame } from './upgrade-frame';

/** /account/upgrade/confirm: every figure of the first invoice, then the application itself. */
export function Component() {
  const draft = loadUpgradeDraft();
  return (
    <UpgradeFrame step={3} title="お申し込み内容の確認" lead="ご請求額とお支払い期限をご確認のうえ、お申し込みください。">
      {draft ? (
        <Confirm draft={draft} />
      ) : (
        <AlertBox tone="info" live={false} title="お申し込み内容が見つかりません">
          <p>お支払い情報の入力から、もう一度お進みください。</p>
          <p>
            <Link to="/account/upgrade/payment">お支払い情報の入力へ</Link>
          </p>
        </AlertBox>
      )}
    </UpgradeFrame>
  );
}

function Confirm({ draft }: { draft: UpgradeDraft }) {
  const id = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const preview = useQuery({ queryKey: ['billing', 'preview', draft], queryFn: () => postUpgrade({ ...draft, preview: true }), staleTime: 0, retry: false });
  const apply = useMutation({ mutationFn: () => postUpgrade({ ...draft, preview: false }) });
  const [search] = useSearchParams();
  const byCard = draft.method === 'card';

  if (preview.isPending) return <Spinner label="ご請求額を計算中..." />;
  if (preview.isError) {
    return (
      <>
        <LoadErrorAlert error={preview.error} fallback="ご請求額を計算できませんでした。" onRetry={() => void preview.refetch()} busy={preview.isFetching} />
        <p>
          <Link to="/account/upgrade/payment">お支払い情報の入力に戻る</Link>
        </p>
      </>
    );
  }
  const figures = preview.data.preview;
  const change = figures.plan_change;
  const submit = () => {
    setFailure(null);
    apply.mutate(undefined, {
      onSuccess: async (result) => {
        if (result.checkout_url) {
          // Card: the plan starts when Stripe's webhook confirms the payment; the draft stays for a
          // return from Checkout without paying.
          window.location.assign(result.checkout_url);
          return;
        }
        clearUpgradeDraft();
        applyPlanToSession(result.preview.plan_id);
        await Promise.all([queryClient.invalidateQueries({ queryKey: ['billing'] }), queryClient.invalidateQueries({ queryKey: ['account', 'organization'] })]);
        // No page shows the subscription here, so invalidating only marks it stale: the complete page
        // would first draw the old plan from the cache ("ライトプランからライトプランに…"). Dropped, it
        // waits for the new one.
        queryClient.removeQueries({ queryKey: billingKeys.subscription });
        void navigate('/account/upgrade/complete', { state: { preview: result.preview } });
      },
      onError: (error) => {
        setFailure(apiErrorMessage(error, 'お申し込みを完了できませんでした。時間をおいてもう一度お試しください。'));
        window.setTimeout(() => failureRef.current?.focus(), 0);
      },
    });
  };
  const { billing } = draft;
  return (
    <div className="upg-confirm">
      {search.get('checkout') === 'cancelled' && !failure && (
        <AlertBox tone="info" live title="カード決済を中止しました">
          <p>お申し込みはまだ完了していません（カードへの請求もありません）。内容をご確認のうえ、もう一度お進みください。</p>
        </AlertBox>
      )}
      {failure && (
        <AlertBox ref={failureRef} tone="error" title="お申し込みできませんでした">
          <p>{failure}</p>
        </AlertBox>
      )}
      <section className="card upg-section" aria-labelledby={`${id}-plan`}>
        <h2 id={`${id}-plan`} className="upg-section__title">
          {change ? 'プランの変更' : 'お申し込みのプラン'}
        </h2>
        <dl className="summary-list">
          {change && (
            <div className="summary-list__row">
              <dt>ご契約中のプラン</dt>
              <dd>{change.from_plan_name}</dd>
            </div>
          )}
          <div className="summary-list__row">
            <dt>{change ? '変更後のプラン' : 'プラン'}</dt>
            <dd>{change ? `${figures.plan_name}（お申し込み後すぐに切り替わります）` : figures.plan_name}</dd>
          </div>
          <div className="summary-list__row">
            <dt>お支払いサイクル</dt>
            <dd>{BILLING_CYCLE_LABELS[figures.cycle]}</dd>
          </div>
          <div className="summary-list__row">
            <dt>お支払い方法</dt>
            <dd>{PAYMENT_METHOD_LABELS[figures.method]}</dd>
          </div>
        </dl>
        {change?.withdrawn_pending_plan_id && (
          <AlertBox tone="info" live={false}>
            <p>
              予約中の{change.withdrawn_pending_plan_id === FREE_PLAN.id ? '解約' : `${planOf(change.withdrawn_pending_plan_id).name}への変更`}
              は、プランの変更と同時に取り消されます。
            </p>
          </AlertBox>
        )}
      </section>
      <section className="card upg-section" aria-labelledby={`${id}-figures`}>
        <h2 id={`${id}-figures`} className="upg-section__title">
          {change ? 'プラン変更の差額のご請求' : byCard ? '初回のカード決済' : '初回のご請求'}
        </h2>
        <InvoiceFiguresTable preview={figures} />
        <InvoiceDates preview={figures} />
        {change && <p className="field__hint">{change.proration}</p>}
        <p className="field__hint">
          消費税は請求書ごとに税率別の合計から計算し、1円未満を切り捨てます。
          {change && '次回のご利用期間からは、新しいプランの料金でご請求します。'}
        </p>
        {byCard && !change && <p className="field__hint">{cardScheduleNote(figures)}</p>}
      </section>
      <section className="card upg-section" aria-labelledby={`${id}-billing`}>
        <h2 id={`${id}-billing`} className="upg-section__title">
          請求先
        </h2>
        <dl className="summary-list">
          <div className="summary-list__row">
            <dt>宛名</dt>
            <dd>
              {billing.company_name} {billing.department} {billing.contact_name} 様
            </dd>
          </div>
          <div className="summary-list__row">
            <dt>送付先メールアドレス</dt>
            <dd>{billing.email}</dd>
          </div>
          <div className="summary-list__row">
            <dt>住所</dt>
            <dd>
              〒{billing.postal_code} {billing.address}
            </dd>
          </div>
          <div className="summary-list__row">
            <dt>電話番号</dt>
            <dd>{billing.phone}</dd>
          </div>
        </dl>
      </section>
      <div className="upg-form__actions">
        <Link className="button button--secondary" to="/account/upgrade/payment">
          入力内容を修正する
        </Link>
        <button type="button" className="button button--primary" onClick={submit} disabled={apply.isPending}>
          {apply.isPending ? (byCard && !change ? '決済画面を準備中...' : 'お申し込み中...') : change ? (byCard ? 'カードで決済して変更する' : 'この内容で変更する') : byCard ? 'カード決済に進む' : 'この内容で申し込む'}
        </button>
      </div>
    </div>
  );
}

/** When the card is charged after the first payment. */
function cardScheduleNote(figures: InvoicePreview): string {
  const firstFull = figures.period_start.endsWith('-01');
  const next = figures.cycle === 'annual' ? '1年ごと' : '毎月1日';
  return firstFull
    ? `次の「カード決済に進む」で、決済画面（Stripe）にてカード情報を入力します。以降は${next}に同じ金額をご登録のカードで自動決済します。`
    : `次の「カード決済に進む」で、決済画面（Stripe）にてカード情報を入力します。今回は当月の残り日数分のみを決済し、${japaneseDate(dayAfter(figures.period_end))}からはプラン料金（${figures.cycle === 'annual' ? '年額' : '月額'}）をご登録のカードで${next}に自動決済します。`;
}
