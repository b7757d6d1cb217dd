import { useQueries, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { apiErrorMessage } from '../../lib/api-error-message';
import { MailPreview } from '../templates/mail-preview';
import { previewDocumentUrl } from '../templates/preview-document';
import { fetchTemplate, previewTemplate, templateKeys } from '../templates/templates-api';

/** The chosen templates by name (one request per template, at most CAMPAIGN_MAX_TEMPLATES, cached). */
export function useTemplateNames(ids: number[]) {
  return useQueries({
    queries: ids.map((templateId) => ({
      queryKey: templateKeys.detail(templateId),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchTemplate(templateId, signal),
      staleTime: 60_000,
    })),
  }).map((query, index) => ({ templateId: ids[index] ?? 0, name: query.data?.name ?? null, failed: query.isError }));
}

type Props = {
  selected: number[];
  previewId: number | null;
  onPreview: (templateId: number) => void;
  /** What the chips are called above them. */
  title?: string;
};

/** One chosen template rendered with sample values, as an employee would receive it; the chips switch between them. */
export function CampaignTemplatePreview({ selected, previewId, onPreview, title = '選択中のテンプレート' }: Props) {
  const id = useId();
  const names = useTemplateNames(selected);
  const preview = useQuery({
    queryKey: templateKeys.previewFor(previewId ?? 0, null),
    queryFn: ({ signal }) => previewTemplate(previewId ?? 0, null, signal),
    enabled: previewId !== null,
    staleTime: 5 * 60_000,
  });

  return (
    <section className="cmp-template-preview" aria-labelledby={`${id}-title`}>
      {/* Not a heading: the mail preview below brings its own (受信時の見え方). */}
      <p id={`${id}-title`} className="cmp-subtitle">
        {title}
      </p>
      {selected.length === 0 ? (
        <p className="cmp-muted">テンプレートを選ぶと、ここに受信時の見え方が表示されます。</p>
      ) : (
        <>
          <ul className="cmp-chips" aria-label="プレビューするテンプレート">
            {names.map((entry) => (
              <li key={entry.templateId}>
                <button type="button" className="cmp-chip cmp-chip--button" aria-pressed={entry.templateId === previewId} onClick={() => onPreview(entry.templateId)}>
                  {entry.name ?? (entry.failed ? `テンプレート #${entry.templateId}` : '読み込み中...')}
                </button>
              </li>
            ))}
          </ul>
          <MailPreview
            preview={preview.data}
            documentUrl={previewDocumentUrl(preview.data)}
            loading={preview.isFetching}
            error={preview.isError ? apiErrorMessage(preview.error, 'プレビューを作成できませんでした。') : null}
          />
          <p className="cmp-note">氏名や会社名などの差し込み項目は、サンプルの値で表示しています。</p>
        </>
      )}
    </section>
  );
}
