import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import type { Template } from '../../../common/templates.schema';
import { AlertBox } from '../../components/alert-box';
import { Spinner } from '../../components/spinner';
import { PageHeader } from '../components/page-header';
import { useCurrentRoute } from '../shell/use-current-route';
import { LIBRARY, TemplateNotFound, useTemplateId } from './template-page-parts';
import { TemplateForm } from './template-form';
import { EMPTY_TEMPLATE, formValuesOf } from './template-form-schema';
import { createTemplate, fetchTemplate, isNotFound, templateKeys, updateTemplate, type TemplateInput } from './templates-api';
import { apiErrorMessage } from '../../lib/api-error-message';

/** After a save the template's page opens and says so. */
export type SavedState = { saved?: 'created' | 'updated' };

function useAfterSave() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (template: Template, saved: NonNullable<SavedState['saved']>) => {
    queryClient.setQueryData(templateKeys.detail(template.template_id), template);
    await queryClient.invalidateQueries({ queryKey: ['templates', 'list'] });
    await queryClient.invalidateQueries({ queryKey: templateKeys.preview(template.template_id) });
    await navigate(`/templates/${template.template_id}`, { state: { saved } satisfies SavedState });
  };
}

function CreatePage() {
  const afterSave = useAfterSave();
  return (
    <div className="ta-page tpl-page">
      <PageHeader title="テンプレート作成" lead="自社向けの訓練メールを作成します。プレビューで、従業員にどう見えるかを確かめながら編集できます。" crumbs={[LIBRARY]} />
      <TemplateForm
        initial={EMPTY_TEMPLATE}
        submitLabel="テンプレートを作成"
        cancelTo="/templates"
        onSave={async (input: TemplateInput) => afterSave(await createTemplate(input), 'created')}
      />
    </div>
  );
}

function EditPage({ id }: { id: number }) {
  const afterSave = useAfterSave();
  const template = useQuery({ queryKey: templateKeys.detail(id), queryFn: ({ signal }) => fetchTemplate(id, signal) });
  const crumbs = [LIBRARY, ...(template.data ? [{ label: template.data.name, to: `/templates/${id}` }] : [])];

  if (isNotFound(template.error)) return <TemplateNotFound title="テンプレート編集" />;
  let body;
  if (template.isPending) body = <Spinner label="テンプレートを読み込み中..." />;
  else if (template.isError)
    body = (
      <AlertBox tone="error" title="読み込みに失敗しました">
        <p>{apiErrorMessage(template.error, 'テンプレートを取得できませんでした。時間をおいて再度お試しください。')}</p>
      </AlertBox>
    );
  else if (template.data.is_builtin)
    body = (
      <AlertBox tone="info" title="標準テンプレートは編集できません">
        <p>テンプレートの画面で「複製して編集」を選ぶと、自社用のコピーを編集できます。</p>
        <p>
          <Link to={`/templates/${id}`}>テンプレートの画面へ戻る</Link>
        </p>
      </AlertBox>
    );
  else
    body = (
      <TemplateForm
        key={template.data.updated_at}
        initial={formValuesOf(template.data)}
        submitLabel="変更を保存"
        cancelTo={`/templates/${id}`}
        onSave={async (input: TemplateInput) => afterSave(await updateTemplate(id, input), 'updated')}
      />
    );

  return (
    <div className="ta-page tpl-page">
      <PageHeader title="テンプレート編集" crumbs={crumbs} />
      {body}
    </div>
  );
}

/** /templates/create and /templates/:id/edit share the form. */
export function Component() {
  const id = useTemplateId();
  const route = useCurrentRoute();
  if (route?.pattern === '/templates/create') return <CreatePage />;
  if (id === null) return <TemplateNotFound title="テンプレート編集" />;
  return <EditPage id={id} />;
}
