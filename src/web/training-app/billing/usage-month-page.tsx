import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link, useParams } from 'react-router';
import { formatReportDateTime } from '../../../common/date-format';
import { USAGE_ID_PATTERN, USAGE_TEST_SENDS_SHOWN } from '../../../common/usage.schema';
import { AlertBox } from '../../components/alert-box';
import { apiErrorMessage } from '../../lib/api-error-message';
import { EmptyState } from '../components/empty-state';
import { ItemNotFound } from '../components/item-not-found';
import { PageHeader } from '../components/page-header';
import { billingKeys, count, fetchUsageMonth, isNotFound, mailsText, peopleText, yen } from './billing-api';
import { InvoiceTable } from './invoice-table';

const BILLING = { label: 'ご利用状況・請求', to: '/account/billing' };
const TITLE = 'ご利用明細';

/** SPEC §2.1 /billing/{usageId}: one Tokyo month's mails per campaign, test sends (not counted), people at its end and its invoices. */
export function Component() {
  const id = useId();
  const usageId = useParams().usageId ?? '';
  const valid = USAGE_ID_PATTERN.test(usageId);
  const month = useQuery({ queryKey: billingKeys.usageMonth(usageId), queryFn: ({ signal }) => fetchUsageMonth(usageId, signal), enabled: valid, retry: (failures, error) => !isNotFound(error) && failures < 2 });

  if (!valid || isNotFound(month.error)) return <ItemNotFound title={TITLE} problem="この月の利用明細は見つかりませんでした" list={BILLING} />;
  if (month.isPending)
    return (
      <div className="ta-page">
        <PageHeader title={TITLE} crumbs={[BILLING]} />
        <span className="skeleton billing-skeleton" role="status" aria-label="利用明細を読み込み中" />
      </div>
    );
  if (month.isError)
    return (
      <div className="ta-page">
        <PageHeader title={TITLE} crumbs={[BILLING]} />
        <AlertBox tone="error" title="利用明細を読み込めませんでした">
          <p>{apiErrorMessage(month.error, '時間をおいて再度お試しください。')}</p>
          <p>
            <button type="button" className="button button--secondary button--small" onClick={() => void month.refetch()} disabled={month.isFetching}>
              {month.isFetching ? '再読み込み中...' : '再読み込み'}
            </button>
          </p>
        </AlertBox>
      </div>
    );

  const data = month.data;
  const title = `${data.month_label}のご利用明細`;
  return (
    <div className="ta-page billing-page">
      <PageHeader title={title} crumbs={[BILLING]} lead={data.is_current ? '今月の数値は、月末まで随時更新されます。' : undefined} />
      <section className="card ta-section" aria-labelledby={`${id}-summary`}>
        <h2 id={`${id}-summary`} className="ta-section__title">
          概要
        </h2>
        <dl className="billing-summary">
          <div>
            <dt>適用プラン{data.is_current ? '' : '（月末時点）'}</dt>
            <dd>{data.plan_name}</dd>
          </div>
          <div>
            <dt>訓練メール送信数</dt>
            <dd>{mailsText(data.mails_sent, data.monthly_mails)}</dd>
          </div>
          <div>
            <dt>{data.is_current ? '現在の登録人数' : '月末の登録人数'}</dt>
            <dd>{peopleText(data.people_count, data.max_people)}</dd>
          </div>
          <div>
            <dt>テスト送信（集計対象外）</dt>
            <dd>{count.format(data.test_send_count)}通</dd>
          </div>
        </dl>
        {data.people_count === null && <p className="billing-note">この月は登録人数の記録を始める前のため、月末の人数を表示できません。</p>}
      </section>

      <section className="card ta-section" aria-labelledby={`${id}-campaigns`}>
        <h2 id={`${id}-campaigns`} className="ta-section__title">
          キャンペーン別の送信数
        </h2>
        {data.campaigns.length === 0 ? (
          <EmptyState title="この月に送信した訓練メールはありません" text="キャンペーンから訓練メールを送信すると、ここに件数が表示されます。" />
        ) : (
          <table className="card-table billing-table billing-campaigns">
            <caption className="visually-hidden">キャンペーン別の送信数</caption>
            <thead>
              <tr>
                <th scope="col">キャンペーン名</th>
                <th scope="col" className="billing-table__num">
                  送信数
                </th>
              </tr>
            </thead>
            <tbody>
              {data.campaigns.map((campaign) => (
                <tr key={campaign.campaign_id}>
                  <th scope="row" className="billing-table__name">
                    <Link to={`/campaigns/${campaign.campaign_id}`}>{campaign.name}</Link>
                  </th>
                  <td data-label="送信数" className="billing-table__num">
                    {count.format(campaign.mails_sent)}通
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section className="card ta-section" aria-labelledby={`${id}-tests`}>
        <h2 id={`${id}-tests`} className="ta-section__title">
          テスト送信（送信数に含みません）
        </h2>
        {data.test_sends.length === 0 ? (
          <p className="billing-note">この月のテスト送信はありません。</p>
        ) : (
          <>
            <ul className="billing-tests">
              {data.test_sends.map((send, index) => (
                <li key={`${send.sent_at}-${index}`}>
                  <span className="billing-tests__time">{formatReportDateTime(send.sent_at)}</span>
                  <span>{send.template_name ?? '（削除されたテンプレート）'}</span>
                </li>
              ))}
            </ul>
            {data.test_send_count > USAGE_TEST_SENDS_SHOWN && (
              <p className="billing-note">
                新しい順に{USAGE_TEST_SENDS_SHOWN}件を表示しています（全{count.format(data.test_send_count)}件）。
              </p>
            )}
          </>
        )}
      </section>

      <section className="card ta-section" aria-labelledby={`${id}-invoices`}>
        <h2 id={`${id}-invoices`} className="ta-section__title">
          この月の請求書
        </h2>
        {data.invoices.length === 0 ? (
          <p className="billing-note">この月を対象とする請求書はありません。</p>
        ) : (
          <>
            <InvoiceTable invoices={data.invoices} caption={`${data.month_label}の請求書`} />
            {data.invoices.map((invoice) => (
              <div key={invoice.invoice_id} className="billing-breakdown">
                <h3 className="billing-breakdown__title">請求書 {invoice.invoice_number} の内訳</h3>
                <dl>
                  {invoice.items.map((item, index) => (
                    <div key={index}>
                      <dt>{item.description}</dt>
                      <dd>{yen.format(item.amount)}</dd>
                    </div>
                  ))}
                  <div>
                    <dt>小計（税抜）</dt>
                    <dd>{yen.format(invoice.subtotal)}</dd>
                  </div>
                  <div>
                    <dt>消費税（{invoice.tax_rate_percent}%）</dt>
                    <dd>{yen.format(invoice.tax)}</dd>
                  </div>
                  <div className="billing-breakdown__total">
                    <dt>合計（税込）</dt>
                    <dd>{yen.format(invoice.total)}</dd>
                  </div>
                </dl>
              </div>
            ))}
          </>
        )}
      </section>
      <p>
        <Link to={BILLING.to}>ご利用状況・請求へ戻る</Link>
      </p>
    </div>
  );
}
