import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { peopleMessages as m } from '../../../common/messages';
import { PEOPLE_PAGE_SIZE, type Person } from '../../../common/people.schema';
import { AlertBox } from '../../components/alert-box';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { ReportListPagination as Pagination } from '../../phishing-reports/report-list/report-list-pagination';
import { PageHeader } from '../components/page-header';
import { useLastPageFallback } from '../components/use-last-page-fallback';
import { pageOfOffset } from '../components/page-number';
import { dashboardKey } from '../dashboard/dashboard-api';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ExportButton } from './export-button';
import { GroupsPanel } from './groups-panel';
import { ImportDialog } from './import-dialog';
import { deletePerson, fetchGroups, fetchPeople, peopleKeys } from './people-api';
import { PeopleFirstSteps, PeopleNoMatch } from './people-empty';
import { PeopleTable } from './people-table';
import { PeopleToolbar } from './people-toolbar';
import { PersonDialog } from './person-dialog';
import { PlanUsage } from './plan-usage';
import { usePeopleFilter } from './use-people-filter';
import { AdSlot } from '../components/ad-slot';

type Open = { kind: 'add' } | { kind: 'edit'; person: Person } | { kind: 'delete'; person: Person } | { kind: 'import' } | null;

/** /users (SPEC §2.1, issue 10 part 1): the people who receive training mail, and their groups. */
export function Component() {
  const id = useId();
  const queryClient = useQueryClient();
  const [filter, setFilter] = usePeopleFilter();
  const [open, setOpenState] = useState<Open>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);
  const listHeadingRef = useRef<HTMLHeadingElement>(null);

  const people = useQuery({ queryKey: peopleKeys.list(filter), queryFn: ({ signal }) => fetchPeople(filter, signal), placeholderData: keepPreviousData });
  const groups = useQuery({ queryKey: peopleKeys.groups, queryFn: ({ signal }) => fetchGroups(signal) });
  const data = people.data;
  const filtered = filter.q.trim() !== '' || filter.groupId !== null;
  const nobodyYet = data !== undefined && data.usage.registered === 0 && !filtered;

  useLastPageFallback({ shown: data?.users.length, total: data?.pagination.total, page: filter.page, pageSize: PEOPLE_PAGE_SIZE, setPage: setFilter });

  const say = (message: string) => setNotice(message);
  // A result note belongs to the change just made; starting another one clears it.
  const setOpen = (next: Open) => {
    if (next) setNotice(null);
    setOpenState(next);
  };

  let list;
  if (people.isError && !data) {
    list = (
      <LoadErrorAlert error={people.error} fallback="受講者の一覧を取得できませんでした。時間をおいて再度お試しください。" onRetry={() => void people.refetch()} busy={people.isFetching} />
    );
  } else if (!data) {
    list = <span className="skeleton people-skeleton" role="status" aria-label="受講者の一覧を読み込み中" />;
  } else if (nobodyYet) {
    list = <PeopleFirstSteps onAdd={() => setOpen({ kind: 'add' })} onImport={() => setOpen({ kind: 'import' })} />;
  } else if (data.users.length === 0) {
    list = <PeopleNoMatch onClear={() => setFilter({ q: '', groupId: null })} />;
  } else {
    list = (
      <>
        <PeopleTable
          people={data.users}
          caption="受講者一覧"
          onEdit={(person) => setOpen({ kind: 'edit', person })}
          onDelete={(person) => setOpen({ kind: 'delete', person })}
        />
        <Pagination
          pagination={data.pagination}
          shown={data.users.length}
          busy={people.isFetching}
          onPage={(offset) => {
            setFilter({ page: pageOfOffset(offset, PEOPLE_PAGE_SIZE) });
            listHeadingRef.current?.scrollIntoView({ block: 'start' });
          }}
        />
      </>
    );
  }

  return (
    <div className="ta-page ta-page--paired-actions people-page">
      <PageHeader
        title="ユーザー管理"
        lead="訓練メールを受け取る従業員（受講者）を登録し、部署などのグループに分けて管理します。"
        actions={
          <>
            <button type="button" className="button button--primary" onClick={() => setOpen({ kind: 'add' })}>
              <span aria-hidden="true">＋</span>
              受講者を追加
            </button>
            <button type="button" className="button button--secondary" onClick={() => setOpen({ kind: 'import' })}>
              CSVから取り込む
            </button>
            <ExportButton disabled={!data || data.usage.registered === 0} onError={setExportError} />
          </>
        }
      />
      <AdSlot />
      {notice && (
        <AlertBox tone="success" className="people-notice">
          <p>{notice}</p>
        </AlertBox>
      )}
      {exportError && (
        <AlertBox tone="error" title="書き出せませんでした" className="people-notice">
          <p>{exportError}</p>
        </AlertBox>
      )}
      <div className="people-layout">
        <div className="people-layout__usage">{data && <PlanUsage usage={data.usage} headingId={`${id}-usage`} />}</div>
        <section className="card people-list" aria-labelledby={`${id}-list`}>
          <h2 id={`${id}-list`} ref={listHeadingRef} tabIndex={-1} className="people-list__title">
            受講者一覧
          </h2>
          {!nobodyYet && data && <PeopleToolbar filter={filter} groups={groups.data ?? []} onChange={setFilter} />}
          <div aria-busy={people.isFetching || undefined}>{list}</div>
        </section>
        <div className="people-layout__groups">
          <GroupsPanel
            groups={groups.data}
            loadFailed={groups.isError}
            headingId={`${id}-groups`}
            onShowGroup={(groupId) => {
              setFilter({ groupId });
              listHeadingRef.current?.focus();
            }}
            onDeleted={(groupId) => {
              if (filter.groupId === groupId) setFilter({ groupId: null });
            }}
          />
        </div>
      </div>

      {(open?.kind === 'add' || open?.kind === 'edit') && (
        <PersonDialog
          person={open.kind === 'edit' ? open.person : undefined}
          groups={groups.data ?? []}
          usage={data?.usage}
          onClose={(saved) => {
            if (saved) say(open.kind === 'edit' ? m.updated : m.created);
            setOpen(null);
          }}
        />
      )}
      {open?.kind === 'delete' && (
        <ConfirmDialog
          title="受講者の削除"
          confirmLabel="削除する"
          busyLabel="削除中..."
          failureMessage="受講者を削除できませんでした。時間をおいて再度お試しください。"
          action={() => deletePerson(open.person.user_id)}
          onCancel={() => setOpen(null)}
          onDone={() => {
            setOpen(null);
            say(m.deleted);
            void Promise.all([queryClient.invalidateQueries({ queryKey: peopleKeys.all }), queryClient.invalidateQueries({ queryKey: dashboardKey })]);
            // The row and its button are gone; continue from the list's heading.
            window.setTimeout(() => listHeadingRef.current?.focus(), 0);
          }}
        >
          <p>
            {open.person.name}さん（{open.person.email}）を削除します。削除すると元に戻せません。
          </p>
        </ConfirmDialog>
      )}
      {open?.kind === 'import' && <ImportDialog onClose={() => setOpen(null)} />}
    </div>
  );
}
