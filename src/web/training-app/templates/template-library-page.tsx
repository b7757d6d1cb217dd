import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { ReportListPagination } from '../../phishing-reports/report-list/report-list-pagination';
import { PageHeader } from '../components/page-header';
import { TemplateCard } from './template-card';
import { TemplateFilterBar } from './template-filters';
import { readFilters, writeFilters } from './library-filters';
import { fetchTemplates, templateKeys, type TemplateFilters } from './templates-api';
import { EmptyState } from '../components/empty-state';
import { AdSlot } from '../components/ad-slot';

function LibrarySkeleton() {
  return (
    <ul className="tpl-grid" aria-hidden="true">
      {[0, 1, 2, 3, 4, 5].map((key) => (
        <li key={key} className="skeleton tpl-card--skeleton" />
      ))}
    </ul>
  );
}

export function Component() {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const list = useQuery({
    queryKey: templateKeys.list(filters),
    queryFn: ({ signal }) => fetchTemplates(filters, signal),
    placeholderData: keepPreviousData,
  });
  const filtered = Boolean(filters.category || filters.difficulty || filters.source || filters.q);
  const change = (next: Partial<TemplateFilters>) => setParams(writeFilters({ ...filters, offset: 0, ...next }));

  let body;
  if (list.isPending) {
    body = <LibrarySkeleton />;
  } else if (list.isError) {
    body = (
      <LoadErrorAlert error={list.error} fallback="テンプレートの一覧を取得できませんでした。時間をおいて再度お試しください。" onRetry={() => void list.refetch()} />
    );
  } else if (list.data.templates.length === 0) {
    body = (
      <EmptyState title={filtered ? '条件に合うテンプレートはありません' : 'テンプレートはまだありません'} text={filtered ? 'テーマや難易度、キーワードを変えてお試しください。' : '「テンプレートを作成」から自社向けのテンプレートを作れます。'} live className="card">
        {filtered && (
          <button type="button" className="button button--secondary" onClick={() => setParams(new URLSearchParams())}>
            絞り込みを解除
          </button>
        )}
      </EmptyState>
    );
  } else {
    body = (
      <>
        <ul className="tpl-grid" aria-busy={list.isPlaceholderData || undefined}>
          {list.data.templates.map((template) => (
            <TemplateCard key={template.template_id} template={template} />
          ))}
        </ul>
        <ReportListPagination
          pagination={list.data.pagination}
          shown={list.data.templates.length}
          busy={list.isFetching}
          onPage={(offset) => setParams(writeFilters({ ...filters, offset }))}
        />
      </>
    );
  }

  return (
    <div className="ta-page tpl-library">
      <PageHeader
        title="テンプレート一覧"
        lead="標準テンプレートは、日本で実際に届いているフィッシングを架空のブランドで再現したものです。プレビューで見分けるポイントを確認し、複製して自社向けに編集できます。"
        actions={
          <Link to="/templates/create" className="button button--primary">
            テンプレートを作成
          </Link>
        }
      />
      <AdSlot />
      <TemplateFilterBar key={filters.q} filters={filters} onChange={change} />
      {body}
    </div>
  );
}
