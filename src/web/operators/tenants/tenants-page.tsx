import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatReportDate } from '../../../common/date-format';
import { operatorMessages as m, operatorScreenText as t } from '../../../common/operator-messages';
import { AlertBox } from '../../components/alert-box';
import { OPERATOR_PAGE_SIZE } from '../../../common/operator-paths';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { Spinner } from '../../components/spinner';
import { planLabel } from '../../training-app/shell/plan-label';
import { confirmInvoicePayment, fetchTenants, operatorKeys } from '../api/operator-api';
import type { OperatorInvoice, OperatorTenant } from '../../../common/operator.schema';
import { ReasonDialog } from '../reports/reason-dialog';
import { ListPager, usePageOffset } from '../components/list-pager';
import { PageHeading } from '../components/page-heading';
import { SearchBox } from '../components/search-box';

const count = (value: number) => value.toLocaleString('ja-JP');
/** 2026-12-31 → 2026/12/31 (the list dates' format). */
const slashDate = (isoDate: string) => isoDate.replaceAll('-', '/');

type Confirming = { invoice: OperatorInvoice; company: string };

/**
 * /operator/tenants: plan, people, this month's mails and unpaid invoices per company, nothing about
 * campaign content. 「入金確認」 on an unpaid invoice records the transfer (with an optional memo).
 */
export function Component() {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const [params] = useSearchParams();
  const q = params.get('q') ?? '';
  const { offset } = usePageOffset(OPERATOR_PAGE_SIZE);
  const query = useQuery({
    queryKey: operatorKeys.tenants(q, offset),
    queryFn: ({ signal }) => fetchTenants({ q, offset }, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  return (
    <section className="op-screen" aria-labelledby="op-page-title">
      <PageHeading title={t.tenantsTitle} lead={t.tenantsLead} />
      {notice && (
        <AlertBox ref={noticeRef} tone="success">
          <p>{notice}</p>
        </AlertBox>
      )}
      <div className="card op-panel">
        <div className="op-toolbar">
          <SearchBox label={t.tenantSearchLabel} />
        </div>
        {query.isPending ? (
          <Spinner label="読み込み中..." className="op-loading" />
        ) : query.isError ? (
          <LoadErrorAlert error={query.error} fallback={t.loadFailed} onRetry={() => void query.refetch()} busy={query.isFetching} />
        ) : query.data.tenants.length === 0 ? (
          <p className="op-empty">{t.noTenants}</p>
        ) : (
          <div aria-busy={query.isFetching || undefined}>
            <TenantsTable
              tenants={query.data.tenants}
              onConfirm={(invoice, company) => {
                setNotice(null);
                setConfirming({ invoice, company });
              }}
            />
            <ListPager pagination={query.data.pagination} shown={query.data.tenants.length} label="企業アカウントのページ送り" />
          </div>
        )}
      </div>
      {confirming && (
        <ReasonDialog
          title={t.confirmPaymentTitle(confirming.invoice.invoice_number)}
          lead={t.confirmPaymentLead(confirming.company, `${count(confirming.invoice.total)}円`)}
          confirmLabel={t.confirmPayment}
          busyLabel={t.confirmingPayment}
          tone="primary"
          reasonRequired={false}
          field={{ label: t.paymentMemoLabel, hint: t.paymentMemoHint, tooLong: m.paymentMemoTooLong }}
          action={async (reason) => {
            const answer = await confirmInvoicePayment(confirming.invoice.invoice_id, reason);
            setNotice(answer.message);
          }}
          onDone={() => {
            setConfirming(null);
            void queryClient.invalidateQueries({ queryKey: operatorKeys.all });
            window.setTimeout(() => noticeRef.current?.focus(), 0);
          }}
          onCancel={() => setConfirming(null)}
        />
      )}
    </section>
  );
}

function TenantsTable({ tenants, onConfirm }: { tenants: OperatorTenant[]; onConfirm: (invoice: OperatorInvoice, company: string) => void }) {
  return (
    <table className="card-table op-table op-tenants-table">
      <caption className="visually-hidden">{t.tenantsTitle}</caption>
      <thead>
        <tr>
          <th scope="col">{t.tenantCompany}</th>
          <th scope="col">{t.tenantPlan}</th>
          <th scope="col">{t.tenantPeople}</th>
          <th scope="col">{t.tenantMails}</th>
          <th scope="col">{t.tenantCreated}</th>
          <th scope="col">{t.tenantInvoices}</th>
        </tr>
      </thead>
      <tbody>
        {tenants.map((tenant) => (
          <tr key={tenant.tenant_id}>
            <th scope="row" className="op-tenants-table__company">
              <span className="op-tenants-table__name">{tenant.company_name}</span>
              {tenant.admin_email && <span className="op-tenants-table__admin">{tenant.admin_email}</span>}
            </th>
            <td data-label={t.tenantPlan}>{planLabel(tenant.plan)}</td>
            <td data-label={t.tenantPeople} className="op-table__num">
              {count(tenant.people_count)}人
            </td>
            <td data-label={t.tenantMails} className="op-table__num">
              {count(tenant.mails_this_month)}通
            </td>
            <td data-label={t.tenantCreated} className="op-table__date">
              <time dateTime={tenant.created_at}>{formatReportDate(tenant.created_at)}</time>
            </td>
            <td data-label={t.tenantInvoices} className="op-tenants-table__invoices">
              {tenant.unpaid_invoices.length === 0 ? (
                <span className="op-muted">{t.noUnpaidInvoices}</span>
              ) : (
                <ul className="op-invoice-list">
                  {tenant.unpaid_invoices.map((invoice) => (
                    <li key={invoice.invoice_id} className="op-invoice-list__item" data-invoice-number={invoice.invoice_number}>
                      <span className="op-invoice-list__facts">
                        <span className="detail-list__mono">{invoice.invoice_number}</span>
                        <span className="op-invoice-list__total">{count(invoice.total)}円</span>
                        <span className="op-invoice-list__due">{t.invoiceDue(slashDate(invoice.due_date))}</span>
                        {invoice.status === 'overdue' && <span className="op-badge op-badge--overdue">{t.invoiceOverdue}</span>}
                      </span>
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        onClick={() => onConfirm(invoice, tenant.company_name)}
                        aria-label={`${t.confirmPayment}（${invoice.invoice_number}）`}
                      >
                        {t.confirmPayment}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
