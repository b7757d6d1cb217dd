import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { InvoiceSummary } from '../../../common/billing.schema';
import { apiErrorMessage } from '../../lib/api-error-message';
import { saveBlob } from '../users/people-api';
import { downloadInvoicePdf, shortDate, invoiceStatusLabel, yen } from './billing-api';

/** Invoices with their status (未入金, 入金済み, 期限超過) and the PDF: a table on wide screens, cards on phones. */
export function InvoiceTable({ invoices, caption }: { invoices: InvoiceSummary[]; caption: string }) {
  const [error, setError] = useState<string | null>(null);
  const download = useMutation({
    mutationFn: downloadInvoicePdf,
    onMutate: () => setError(null),
    onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName),
    onError: (failure) => setError(apiErrorMessage(failure, '請求書のPDFを取得できませんでした。時間をおいて再度お試しください。')),
  });
  return (
    <>
      {error && (
        <p className="billing-error" role="alert">
          {error}
        </p>
      )}
      <table className="card-table billing-table billing-invoices">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">請求書番号</th>
            <th scope="col">対象期間</th>
            <th scope="col">発行日</th>
            <th scope="col">お支払期限</th>
            <th scope="col" className="billing-table__num">
              ご請求額（税込）
            </th>
            <th scope="col">状態</th>
            <th scope="col">
              <span className="visually-hidden">PDF</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {invoices.map((invoice) => {
            const busy = download.isPending && download.variables?.invoice_id === invoice.invoice_id;
            return (
              <tr key={invoice.invoice_id}>
                <th scope="row" className="billing-table__name">
                  {invoice.invoice_number}
                </th>
                <td data-label="対象期間">
                  <span className="billing-nowrap">{shortDate(invoice.period_start)}〜</span>
                  <wbr />
                  <span className="billing-nowrap">{shortDate(invoice.period_end)}</span>
                </td>
                <td data-label="発行日" className="billing-table__date">
                  {shortDate(invoice.issue_date)}
                </td>
                <td data-label="お支払期限" className="billing-table__date">
                  {shortDate(invoice.due_date)}
                </td>
                <td data-label="ご請求額（税込）" className="billing-table__num">
                  {yen.format(invoice.total)}
                </td>
                <td data-label="状態">
                  <span className={`status-badge status-badge--invoice-${invoice.status}`}>{invoiceStatusLabel(invoice.status)}</span>
                </td>
                <td className="billing-table__action">
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    onClick={() => download.mutate(invoice)}
                    disabled={download.isPending}
                    aria-busy={busy || undefined}
                    aria-label={`請求書 ${invoice.invoice_number} のPDFをダウンロード`}
                  >
                    {busy ? '取得中...' : 'PDFをダウンロード'}
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}
