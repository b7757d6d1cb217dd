import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { formatReportDate } from '../../../common/date-format';
import { operatorScreenText as t } from '../../../common/operator-messages';
import { OPERATOR_PAGE_SIZE } from '../../../common/operator-paths';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { Spinner } from '../../components/spinner';
import { planLabel } from '../../training-app/shell/plan-label';
import { fetchTenants, operatorKeys } from '../api/operator-api';
import type { OperatorTenant } from '../../../common/operator.schema';
import { ListPager, usePageOffset } from '../components/list-pager';
import { PageHeading } from '../components/page-heading';
import { SearchBox } from '../components/search-box';

const count = (value: number) => value.toLocaleString('ja-JP');

/** /operator/tenants: plan, people and this month's mails per company, nothing about campaign content. */
export function Component() {
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
            <TenantsTable tenants={query.data.tenants} />
            <ListPager pagination={query.data.pagination} shown={query.data.tenants.length} label="企業アカウントのページ送り" />
          </div>
        )}
      </div>
    </section>
  );
}

function TenantsTable({ tenants }: { tenants: OperatorTenant[] }) {
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
          </tr>
        ))}
      </tbody>
    </table>
  );
}
