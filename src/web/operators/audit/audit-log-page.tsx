import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { operatorScreenText as t } from '../../../common/operator-messages';
import { OPERATOR_PAGE_SIZE } from '../../../common/operator-paths';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { Spinner } from '../../components/spinner';
import { fetchAuditLog, operatorKeys } from '../api/operator-api';
import { ListPager, usePageOffset } from '../components/list-pager';
import { PageHeading } from '../components/page-heading';
import { AuditTable } from './audit-table';

/** /operator/audit-log: every operator's actions, newest first, paged in the URL. */
export function Component() {
  const { offset } = usePageOffset(OPERATOR_PAGE_SIZE);
  const query = useQuery({
    queryKey: operatorKeys.audit(offset),
    queryFn: ({ signal }) => fetchAuditLog({ offset }, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  return (
    <section className="op-screen" aria-labelledby="op-page-title">
      <PageHeading title={t.auditLogTitle} lead={t.auditLogLead} />
      <div className="card op-panel">
        {query.isPending ? (
          <Spinner label="読み込み中..." className="op-loading" />
        ) : query.isError ? (
          <LoadErrorAlert error={query.error} fallback={t.loadFailed} onRetry={() => void query.refetch()} busy={query.isFetching} />
        ) : query.data.entries.length === 0 ? (
          <p className="op-empty">{t.noEntries}</p>
        ) : (
          <div aria-busy={query.isFetching || undefined}>
            <AuditTable entries={query.data.entries} caption={t.auditLogTitle} showReport />
            <ListPager pagination={query.data.pagination} shown={query.data.entries.length} label="操作履歴のページ送り" />
          </div>
        )}
      </div>
    </section>
  );
}
