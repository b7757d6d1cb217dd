import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { invoicePreviewSchema } from '../../../common/billing.schema';
import { japaneseDate, yen } from '../../../common/billing-dates';
import { billingMessages } from '../../../common/billing-messages';
import { BILLING_CYCLE_LABELS, FREE_PLAN } from '../../../common/plans';
import { trainingPaths } from '../../../common/training-routes';
import { AlertBox } from '../../components/alert-box';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { Spinner } from '../../components/spinner';
import { applyPlanToSession, billingKeys, fetchSubscription } from './upgrade-api';
import { clearUpgradeDraft } from './upgrade-draft';
import { UpgradeFrame } from './upgrade-frame';

/** /account/upgrade/complete: what changed (the plan, its limits, no ads) and what happens next. */
export function Component() {
  const id = useId();
  const location = useLocation();
  const invoice = invoicePreviewSchema.safeParse((location.state as { preview?: unknown } | null)?.preview).data ?? null;
  const [search] = useSearchParams();
  const queryClient = useQueryClient();
  // Back from Stripe Checkout: the plan changes when Stripe's webhook arrives, usually within seconds.
  const fromCheckout = search.get('checkout') === 'success';
  const [waitingSince] = useState(() => Date.now());
  const [gaveUp, setGaveUp] = useState(false);
  const subscription = useQuery({
    queryKey: billingKeys.subscription,
    queryFn: ({ signal }) => fetchSubscription(signal),
    refetchInterval: (query) => (fromCheckout && !gaveUp && query.state.data?.method !== 'card' ? CARD_POLL_MS : false),
  });
  const confirmedByCard = fromCheckout && subscription.data?.method === 'card';
  useEffect(() => {
    if (!fromCheckout || confirmedByCard) return;
    const timer = window.setTimeout(() => setGaveUp(true), Math.max(0, CARD_WAIT_MS - (Date.now() - waitingSince)));
    return () => window.clearTimeout(timer);
  }, [fromCheckout, confirmedByCard, waitingSince]);
  const confirmedPlan = confirmedByCard ? subscription.data?.plan_id : undefined;
  useEffect(() => {
    if (!confirmedPlan) return;
    clearUpgradeDraft();
    applyPlanToSession(confirmedPlan);
    void queryClient.invalidateQueries({ queryKey: ['billing'], refetchType: 'none' });
    void queryClient.invalidateQueries({ queryKey: ['account', 'organization'] });
  }, [confirmedPlan, queryClient]);

  let body;
  if (subscription.isPending) body = <Spinner label="読み込み中..." />;
  else if (subscription.isError) body = <LoadErrorAlert error={subscription.error} fallback="ご契約の情報を読み込めませんでした。" onRetry={() => void subscription.refetch()} />;
  else if (fromCheckout && !confirmedByCard) body = gaveUp ? <CardStillPending onRetry={() => setGaveUp(false)} /> : <CardPending />;
  else {
    const current = subscription.data;
    const change = invoice?.plan_change ?? null;
    body = (
      <>
        <AlertBox tone="success" title={change ? billingMessages.planChanged(change.from_plan_name, current.plan_name) : `${current.plan_name}のご利用を開始しました`}>
          <p>新しいプランの上限は、この画面が表示された時点からすべての機能に反映されています。</p>
          {change?.withdrawn_pending_plan_id && <p>予約されていた{change.withdrawn_pending_plan_id === FREE_PLAN.id ? '解約' : 'プランの変更'}は取り消しました。</p>}
        </AlertBox>
        <section className="card upg-section" aria-labelledby={`${id}-changed`}>
          <h2 id={`${id}-changed`} className="upg-section__title">
            変更後のご契約内容
          </h2>
          <dl className="summary-list">
            {change && (
              <div className="summary-list__row">
                <dt>変更前のプラン</dt>
                <dd>{change.from_plan_name}</dd>
              </div>
            )}
            <div className="summary-list__row">
              <dt>プラン</dt>
              <dd>
                {current.plan_name}
                {current.cycle && `（${BILLING_CYCLE_LABELS[current.cycle]}）`}
              </dd>
            </div>
            <div className="summary-list__row">
              <dt>登録できる人数</dt>
              <dd>{current.limits.max_people === null ? 'ご契約による' : `${current.limits.max_people.toLocaleString('ja-JP')}名まで`}</dd>
            </div>
            <div className="summary-list__row">
              <dt>訓練メール</dt>
              <dd>{current.limits.monthly_mails === null ? 'ご契約による' : `毎月${current.limits.monthly_mails.toLocaleString('ja-JP')}通まで`}</dd>
            </div>
            <div className="summary-list__row">
              <dt>管理画面の広告</dt>
              <dd>{current.limits.ads_shown ? '表示あり' : change ? 'なし' : '表示されなくなりました'}</dd>
            </div>
            {current.current_period_start && current.current_period_end && (
              <div className="summary-list__row">
                <dt>今回のご利用期間</dt>
                <dd>
                  {japaneseDate(current.current_period_start)}〜{japaneseDate(current.current_period_end)}
                </dd>
              </div>
            )}
          </dl>
        </section>
        <section className="card upg-section" aria-labelledby={`${id}-next`}>
          <h2 id={`${id}-next`} className="upg-section__title">
            今後の流れ
          </h2>
          {current.method === 'card' ? (
            <ol className="upg-next">
              <li>
                {change ? `今回のご利用期間の残りの日数分の差額${invoice ? `（合計${yen(invoice.total)}）` : ''}は、ご登録のクレジットカードで決済済みです。` : '初回のお支払いはクレジットカードで決済済みです。'}
                適格請求書（入金済み）を「ご利用状況・請求」からPDFでダウンロードできます。
              </li>
              <li>{current.cycle === 'annual' ? '次回からは、ご利用期間の終了後の1日に、翌年分をご登録のカードで自動決済します。' : '次回からは、毎月1日にその月の料金をご登録のカードで自動決済します。'}決済のたびに適格請求書を発行します。</li>
              <li>プランの変更や解約は「ご利用状況・請求」からいつでも予約でき、ご利用期間の終わりに反映されます。</li>
            </ol>
          ) : (
            <ol className="upg-next">
              <li>
                {change ? '今回のご利用期間の残りの日数分の差額の請求書' : '初回の請求書'}を発行しました{invoice && `（${japaneseDate(invoice.issue_date)}発行、合計${yen(invoice.total)}）`}。「ご利用状況・請求」からPDFでダウンロードできます。
              </li>
              <li>{invoice ? `${japaneseDate(invoice.due_date)}までに` : 'お支払い期限までに'}、請求書に記載の口座へお振り込みください。振込手数料はお客様のご負担となります。</li>
              <li>入金を確認すると、請求書の状態が「入金済み」に変わります。</li>
              <li>
                {current.cycle === 'annual' ? '次回からは、ご利用期間の終了後、最初の月の1日に翌年分の請求書を発行します。' : '次回からは、毎月1日にその月の請求書を発行します。'}
                {change && `${current.plan_name}の料金でのご請求です。`}
              </li>
            </ol>
          )}
        </section>
        <div className="upg-form__actions">
          <Link className="button button--secondary" to="/account/billing">
            ご利用状況・請求を見る
          </Link>
          <Link className="button button--primary" to={trainingPaths.dashboard}>
            ダッシュボードへ
          </Link>
        </div>
      </>
    );
  }
  return (
    <UpgradeFrame step={4} title="お申し込みの完了" lead="お申し込みありがとうございます。">
      {body}
    </UpgradeFrame>
  );
}

const CARD_POLL_MS = 2_000;
const CARD_WAIT_MS = 90_000;

function CardPending() {
  return (
    <div className="card upg-section" role="status">
      <Spinner label="お支払いを確認しています..." />
      <p>カード決済の完了通知を待っています。通常は数秒で完了します。この画面を閉じても、お支払いが完了していればお申し込みは自動で反映されます。</p>
    </div>
  );
}

function CardStillPending({ onRetry }: { onRetry: () => void }) {
  return (
    <AlertBox tone="info" live title="お支払いの確認に時間がかかっています">
      <p>カード決済の完了通知がまだ届いていません。お支払いが完了していれば、数分以内にプランが切り替わります。「ご利用状況・請求」で現在のプランをご確認いただけます。</p>
      <div className="upg-form__actions">
        <Link className="button button--secondary" to="/account/billing">
          ご利用状況・請求を見る
        </Link>
        <button type="button" className="button button--primary" onClick={onRetry}>
          もう一度確認する
        </button>
      </div>
    </AlertBox>
  );
}
