import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { BILLING_CYCLE_LABELS } from '../../../common/plans';
import { PAYMENT_METHOD_LABELS, type Subscription } from '../../../common/billing.schema';
import { USAGE_PAGE_SIZE, type UsageMonth } from '../../../common/usage.schema';
import { AlertBox } from '../../components/alert-box';
import { apiErrorMessage } from '../../lib/api-error-message';
import { ReportListPagination as Pagination } from '../../phishing-reports/report-list/report-list-pagination';
import { EmptyState } from '../components/empty-state';
import { PageHeader } from '../components/page-header';
import { pageOfOffset } from '../components/page-number';
import { billingKeys, dateLabel, fetchInvoices, fetchSubscription, fetchUsage, isNotFound, mailsText, peopleText } from './billing-api';
import { InvoiceTable } from './invoice-table';
import { UsageMeter } from './usage-meter';

const UPGRADE_PATH = '/account/upgrade';

function LoadError({ what, error, onRetry, busy }: { what: string; error: unknown; onRetry: () => void; busy: boolean }) {
  return (
    <AlertBox tone="error" title={`${what}を読み込めませんでした`}>
      <p>{apiErrorMessage(error, '時間をおいて再度お試しください。')}</p>
      <p>
        <button type="button" className="button button--secondary button--small" onClick={onRetry} disabled={busy}>
          {busy ? '再読み込み中...' : '再読み込み'}
        </button>
      </p>
    </AlertBox>
  );
}

/** The plan in force and its period; while GET /api/account/subscription is not there, the current month's plan. */
function CurrentPlan({ subscription, current }: { subscription: Subscription | undefined; current: UsageMonth | undefined }) {
  const planName = subscription?.plan_name ?? current?.plan_name;
  return (
    <dl className="billing-plan__facts">
      <div>
        <dt>プラン</dt>
        <dd className="billing-plan__name">{planName ?? '—'}</dd>
      </div>
      {subscription?.cycle && (
        <div>
          <dt>お支払いサイクル</dt>
          <dd>{BILLING_CYCLE_LABELS[subscription.cycle]}</dd>
        </div>
      )}
      {subscription?.method && (
        <div>
          <dt>お支払い方法</dt>
          <dd>{PAYMENT_METHOD_LABELS[subscription.method]}</dd>
        </div>
      )}
      <div>
        <dt>ご契約期間</dt>
        <dd>
          {subscription?.current_period_start && subscription.current_period_end ? (
            <>
              <span className="billing-nowrap">{dateLabel(subscription.current_period_start)}〜</span>
              <wbr />
              <span className="billing-nowrap">{dateLabel(subscription.current_period_end)}</span>
            </>
          ) : (
            '期限なし（無料）'
          )}
        </dd>
      </div>
    </dl>
  );
}

function UsageHistory({ months, caption }: { months: UsageMonth[]; caption: string }) {
  return (
    <table className="card-table billing-table billing-history">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">月</th>
          <th scope="col">プラン</th>
          <th scope="col" className="billing-table__num">
            訓練メール送信数
          </th>
          <th scope="col" className="billing-table__num">
            月末の登録人数
          </th>
          <th scope="col">
            <span className="visually-hidden">操作</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {months.map((month) => (
          <tr key={month.usage_id}>
            <th scope="row" className="billing-table__name">
              {month.month_label}
              {month.is_current && <span className="billing-history__current">（今月）</span>}
            </th>
            <td data-label="プラン">{month.plan_name}</td>
            <td data-label="訓練メール送信数" className="billing-table__num">
              {mailsText(month.mails_sent, month.monthly_mails)}
            </td>
            <td data-label={month.is_current ? '現在の登録人数' : '月末の登録人数'} className="billing-table__num">
              {peopleText(month.people_count, month.max_people)}
            </td>
            <td className="billing-table__action">
              <Link to={`/billing/${month.usage_id}`} className="button button--secondary button--small" aria-label={`${month.month_label}の明細を見る`}>
                明細を見る
              </Link>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** SPEC §2.1 /account/billing (= /billing): the plan, this month's use against its limits, the history by month and the invoices. */
export function Component() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const subscription = useQuery({ queryKey: billingKeys.subscription, queryFn: ({ signal }) => fetchSubscription(signal), retry: (failures, error) => !isNotFound(error) && failures < 2 });
  const thisMonth = useQuery({ queryKey: billingKeys.usage(1), queryFn: ({ signal }) => fetchUsage(1, signal) });
  const history = useQuery({ queryKey: billingKeys.usage(page), queryFn: ({ signal }) => fetchUsage(page, signal) });
  const invoices = useQuery({ queryKey: billingKeys.invoices, queryFn: ({ signal }) => fetchInvoices(signal) });
  const current = thisMonth.data?.months.find((month) => month.is_current);
  const limits = subscription.data?.limits;

  let planBody;
  if (subscription.isPending && thisMonth.isPending) planBody = <span className="skeleton billing-skeleton" role="status" aria-label="ご契約内容を読み込み中" />;
  else if (subscription.isError && !isNotFound(subscription.error) && !current)
    planBody = <LoadError what="ご契約内容" error={subscription.error} onRetry={() => void subscription.refetch()} busy={subscription.isFetching} />;
  else planBody = <CurrentPlan subscription={subscription.data} current={current} />;

  let usageBody;
  if (thisMonth.isPending) usageBody = <span className="skeleton billing-skeleton" role="status" aria-label="今月のご利用状況を読み込み中" />;
  else if (thisMonth.isError || !current) usageBody = <LoadError what="今月のご利用状況" error={thisMonth.error} onRetry={() => void thisMonth.refetch()} busy={thisMonth.isFetching} />;
  else
    usageBody = (
      <div className="billing-meters">
        <UsageMeter label="登録人数" value={current.people_count ?? 0} max={limits ? limits.max_people : current.max_people} unit="名" />
        <UsageMeter label="訓練メール送信数（今月）" value={current.mails_sent} max={limits ? limits.monthly_mails : current.monthly_mails} unit="通" />
      </div>
    );

  let historyBody;
  if (history.isPending) historyBody = <span className="skeleton billing-skeleton" role="status" aria-label="月別のご利用履歴を読み込み中" />;
  else if (history.isError) historyBody = <LoadError what="月別のご利用履歴" error={history.error} onRetry={() => void history.refetch()} busy={history.isFetching} />;
  else if (history.data.months.length === 0) historyBody = <EmptyState title="この範囲の履歴はありません" text="最初のページに戻ってご確認ください。" />;
  else
    historyBody = (
      <>
        <UsageHistory months={history.data.months} caption="月別のご利用履歴" />
        <Pagination
          pagination={history.data.pagination}
          shown={history.data.months.length}
          busy={history.isFetching}
          onPage={(offset) => setParams(offset === 0 ? {} : { page: String(pageOfOffset(offset, USAGE_PAGE_SIZE)) })}
        />
      </>
    );

  let invoiceBody;
  if (invoices.isPending) invoiceBody = <span className="skeleton billing-skeleton" role="status" aria-label="請求書を読み込み中" />;
  else if (invoices.isError) invoiceBody = <LoadError what="請求書" error={invoices.error} onRetry={() => void invoices.refetch()} busy={invoices.isFetching} />;
  else if (invoices.data.invoices.length === 0)
    invoiceBody = <EmptyState title="請求書はまだありません" text="有料プランをご利用になると、毎月1日に請求書を発行し、ここからPDFでダウンロードできます。" />;
  else invoiceBody = <InvoiceTable invoices={invoices.data.invoices} caption="請求書の一覧" />;

  return (
    <div className="ta-page billing-page">
      <PageHeader
        title="ご利用状況・請求"
        lead="ご契約中のプラン、今月のご利用状況、月ごとの履歴と請求書を確認できます。"
        actions={
          <Link to={UPGRADE_PATH} className="button button--primary">
            プランの変更
          </Link>
        }
      />
      <section className="card ta-section billing-plan" aria-labelledby={`${id}-plan`}>
        <h2 id={`${id}-plan`} className="ta-section__title">
          ご契約中のプラン
        </h2>
        {planBody}
        {subscription.data?.pending_plan_name && subscription.data.current_period_end && (
          <p className="billing-plan__pending">
            {dateLabel(subscription.data.current_period_end)}の期間終了後に「{subscription.data.pending_plan_name}」へ変更されます。
          </p>
        )}
      </section>
      <section className="card ta-section" aria-labelledby={`${id}-usage`}>
        <div className="ta-section__header">
          <h2 id={`${id}-usage`} className="ta-section__title">
            今月のご利用状況{current ? `（${current.month_label}）` : ''}
          </h2>
          {current && (
            <Link to={`/billing/${current.usage_id}`} className="ta-section__more">
              今月の明細
            </Link>
          )}
        </div>
        {usageBody}
        <p className="billing-note">テンプレートのテスト送信は、訓練メールの送信数に含まれません。上限を増やすには<Link to={UPGRADE_PATH}>プランの変更</Link>をご検討ください。</p>
      </section>
      <section className="card ta-section" aria-labelledby={`${id}-history`}>
        <h2 id={`${id}-history`} className="ta-section__title">
          月別のご利用履歴
        </h2>
        {historyBody}
      </section>
      <section className="card ta-section" aria-labelledby={`${id}-invoices`}>
        <h2 id={`${id}-invoices`} className="ta-section__title">
          請求書
        </h2>
        {invoiceBody}
        {invoices.data && invoices.data.invoices.length > 0 && <p className="billing-note">お支払期限は発行月の翌月末です。入金を確認すると「入金済み」に変わります。</p>}
      </section>
    </div>
  );
}
