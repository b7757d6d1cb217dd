import type { InvoicePreview } from '../../../common/billing.schema';
import { japaneseDate, yen } from '../../../common/billing-dates';

/** 明細, 小計, 消費税 and 合計 of an invoice, as the invoice itself will show them. */
export function InvoiceFiguresTable({ preview }: { preview: InvoicePreview }) {
  return (
    <table className="upg-figures">
      <caption className="visually-hidden">ご請求額の内訳</caption>
      <thead>
        <tr>
          <th scope="col">内容</th>
          <th scope="col" className="upg-figures__amount">
            金額（税抜）
          </th>
        </tr>
      </thead>
      <tbody>
        {preview.items.map((item) => (
          <tr key={item.description}>
            <td>{item.description}</td>
            <td className="upg-figures__amount">{yen(item.amount)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">小計（{preview.tax_rate_percent}%対象）</th>
          <td className="upg-figures__amount">{yen(preview.subtotal)}</td>
        </tr>
        <tr>
          <th scope="row">消費税（{preview.tax_rate_percent}%）</th>
          <td className="upg-figures__amount">{yen(preview.tax)}</td>
        </tr>
        <tr className="upg-figures__total">
          <th scope="row">合計（税込）</th>
          <td className="upg-figures__amount">{yen(preview.total)}</td>
        </tr>
      </tfoot>
    </table>
  );
}

/** 請求日 (初回 for a first invoice), お支払い期限 and the period the invoice covers. */
export function InvoiceDates({ preview }: { preview: InvoicePreview }) {
  return (
    <dl className="summary-list">
      <div className="summary-list__row">
        <dt>ご請求の対象期間</dt>
        <dd>
          {japaneseDate(preview.period_start)}〜{japaneseDate(preview.period_end)}
        </dd>
      </div>
      {preview.method === 'card' ? (
        <div className="summary-list__row">
          <dt>決済日</dt>
          <dd>
            {japaneseDate(preview.issue_date)}
            {preview.plan_change ? '（変更のお申し込み時に、ご登録のカードで決済）' : '（決済画面でのお支払い時）'}
          </dd>
        </div>
      ) : (
        <>
          <div className="summary-list__row">
            <dt>{preview.plan_change ? '請求日' : '初回の請求日'}</dt>
            <dd>{japaneseDate(preview.issue_date)}</dd>
          </div>
          <div className="summary-list__row">
            <dt>お支払い期限</dt>
            <dd>{japaneseDate(preview.due_date)}</dd>
          </div>
        </>
      )}
    </dl>
  );
}
