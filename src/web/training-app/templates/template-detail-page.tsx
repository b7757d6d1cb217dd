import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Person } from '../../../common/people.schema';
import { AlertBox } from '../../components/alert-box';
import { Spinner } from '../../components/spinner';
import { PageHeader } from '../components/page-header';
import { MailPreview } from './mail-preview';
import { PreviewPersonPicker } from './preview-person-picker';
import { RedFlagList } from './red-flag-list';
import { TemplateActions } from './template-actions';
import { DifficultyBadge, SourceBadge } from './template-card';
import { categoryLabel, LANDING_LABELS } from './template-labels';
import { fetchTemplate, isNotFound, previewTemplate, templateKeys } from './templates-api';
import { previewDocumentUrl } from './preview-document';
import type { SavedState } from './template-editor-page';
import { LIBRARY, TemplateNotFound, useTemplateId } from './template-page-parts';
import { apiErrorMessage } from '../../lib/api-error-message';

export function Component() {
  const id = useTemplateId();
  const location = useLocation();
  const navigate = useNavigate();
  // Said once: the note is taken out of the history entry, so a reload or a return does not repeat it.
  const [saved] = useState((location.state as SavedState | null)?.saved);
  useEffect(() => {
    if ((location.state as SavedState | null)?.saved) void navigate(location.pathname, { replace: true, state: null });
  }, [location.state, location.pathname, navigate]);
  const template = useQuery({ queryKey: templateKeys.detail(id ?? 0), queryFn: ({ signal }) => fetchTemplate(id ?? 0, signal), enabled: id !== null });
  // A preview document lives on the server for a limited time: ask for a fresh one on every visit.
  const [person, setPerson] = useState<Person | null>(null);
  const userId = person?.user_id ?? null;
  // The previous person's mail stays in view (marked as updating) while the next one is rendered.
  const preview = useQuery({
    queryKey: templateKeys.previewFor(id ?? 0, userId),
    queryFn: ({ signal }) => previewTemplate(id ?? 0, userId, signal),
    enabled: id !== null,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

  if (id === null || isNotFound(template.error)) return <TemplateNotFound title="テンプレート詳細" />;
  if (template.isError) {
    return (
      <div className="ta-page">
        <PageHeader title="テンプレート詳細" crumbs={[LIBRARY]} />
        <AlertBox tone="error" title="読み込みに失敗しました">
          <p>{apiErrorMessage(template.error, 'テンプレートを取得できませんでした。時間をおいて再度お試しください。')}</p>
        </AlertBox>
      </div>
    );
  }
  if (template.isPending) {
    return (
      <div className="ta-page">
        <PageHeader title="テンプレート詳細" crumbs={[LIBRARY]} />
        <Spinner label="テンプレートを読み込み中..." />
      </div>
    );
  }

  const data = template.data;
  return (
    <div className="ta-page tpl-page tpl-detail">
      <PageHeader title={data.name} crumbs={[LIBRARY]} />
      <div className="tpl-detail__tags">
        <span className="tpl-card__category">{categoryLabel(data.category)}</span>
        <DifficultyBadge level={data.difficulty} />
        <SourceBadge builtin={data.is_builtin} />
        <span className="tpl-detail__landing">クリック後：{LANDING_LABELS[data.landing]}</span>
      </div>
      {saved && (
        <AlertBox tone="success">
          <p>{saved === 'created' ? 'テンプレートを作成しました。' : '変更を保存しました。'}</p>
        </AlertBox>
      )}
      <TemplateActions template={data} />
      <div className="tpl-detail__layout">
        <MailPreview
          preview={preview.data}
          documentUrl={previewDocumentUrl(preview.data)}
          loading={preview.isPending}
          error={preview.isError ? apiErrorMessage(preview.error, 'プレビューを作成できませんでした。') : null}
          stale={preview.isPlaceholderData}
          recipient={person && !preview.isPlaceholderData ? `${person.name} <${person.email}>` : undefined}
        >
          <PreviewPersonPicker value={person} onChange={setPerson} />
        </MailPreview>
        <RedFlagList flags={data.red_flags} />
      </div>
    </div>
  );
}
