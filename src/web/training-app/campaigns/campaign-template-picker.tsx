import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState, type Ref } from 'react';
import { CAMPAIGN_MAX_TEMPLATES } from '../../../common/campaigns.schema';
import type { TemplateSummary } from '../../../common/templates.schema';
import { FieldError, RequiredBadge } from '../../components/form-field';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { DifficultyBadge } from '../templates/template-card';
import { categoryLabel } from '../templates/template-labels';
import { TemplateCategoryField, TemplateKeywordField } from '../templates/template-search-fields';
import { fetchTemplates, templateKeys, type TemplateFilters } from '../templates/templates-api';
import { CampaignTemplatePreview } from './campaign-template-preview';
import { PickerPaging } from './picker-paging';

type Props = {
  selected: number[];
  onChange: (ids: number[]) => void;
  error: string | undefined;
  /** Where focus goes when the choice is in error (the fieldset). */
  focusRef: Ref<HTMLFieldSetElement>;
};

const FIRST_PAGE: TemplateFilters = { category: '', difficulty: null, source: '', q: '', offset: 0 };

function TemplateOption({ template, checked, disabled, onToggle }: { template: TemplateSummary; checked: boolean; disabled: boolean; onToggle: (checked: boolean) => void }) {
  const id = useId();
  return (
    <li className={checked ? 'cmp-template is-selected' : 'cmp-template'}>
      <input id={id} type="checkbox" className="cmp-template__check" checked={checked} disabled={disabled} onChange={(event) => onToggle(event.target.checked)} />
      <label htmlFor={id} className="cmp-template__label">
        <span className="cmp-template__name">{template.name}</span>
        <span className="cmp-template__meta">
          <span className="cmp-template__category">{categoryLabel(template.category)}</span>
          <DifficultyBadge level={template.difficulty} />
        </span>
        <span className="cmp-template__subject">件名：{template.subject}</span>
      </label>
    </li>
  );
}

/** The lures a campaign draws from (each person gets one of them at random), with a theme filter and a preview. */
export function CampaignTemplatePicker({ selected, onChange, error, focusRef }: Props) {
  const id = useId();
  const [filters, setFilters] = useState<TemplateFilters>(FIRST_PAGE);
  const [text, setText] = useState('');
  const [previewId, setPreviewId] = useState<number | null>(null);
  const list = useQuery({ queryKey: templateKeys.list(filters), queryFn: ({ signal }) => fetchTemplates(filters, signal), placeholderData: keepPreviousData });
  const full = selected.length >= CAMPAIGN_MAX_TEMPLATES;
  const shownPreview = previewId !== null && selected.includes(previewId) ? previewId : (selected[0] ?? null);

  const toggle = (templateId: number, checked: boolean) => {
    onChange(checked ? [...selected, templateId] : selected.filter((value) => value !== templateId));
    if (checked) setPreviewId(templateId);
  };

  let body;
  if (list.isPending) {
    body = <span className="skeleton cmp-skeleton" role="status" aria-label="テンプレートを読み込み中" />;
  } else if (list.isError) {
    body = (
      <LoadErrorAlert title="テンプレートを読み込めませんでした" error={list.error} fallback="テンプレートの一覧を取得できませんでした。時間をおいて再度お試しください。" onRetry={() => void list.refetch()} />
    );
  } else if (list.data.templates.length === 0) {
    body = <p className="cmp-muted">条件に合うテンプレートはありません。テーマやキーワードを変えてお試しください。</p>;
  } else {
    body = (
      <>
        <ul className="cmp-template-list" aria-busy={list.isPlaceholderData || undefined}>
          {list.data.templates.map((template) => {
            const checked = selected.includes(template.template_id);
            return (
              <TemplateOption key={template.template_id} template={template} checked={checked} disabled={full && !checked} onToggle={(next) => toggle(template.template_id, next)} />
            );
          })}
        </ul>
        <PickerPaging label="テンプレート" pagination={list.data.pagination} shown={list.data.templates.length} busy={list.isFetching} onPage={(offset) => setFilters({ ...filters, offset })} />
      </>
    );
  }

  return (
    <div className="cmp-templates">
      <fieldset
        ref={focusRef}
        tabIndex={-1}
        className={error ? 'cmp-fieldset field--invalid' : 'cmp-fieldset'}
        aria-describedby={[`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ')}
      >
        <legend className="cmp-legend">
          <h2 className="cmp-section__title">
            テンプレート
            <RequiredBadge required />
          </h2>
        </legend>
        <p id={`${id}-hint`} className="field__hint">
          複数選ぶと、受信者ごとにいずれか1つがランダムに送られます（{CAMPAIGN_MAX_TEMPLATES}件まで）。
        </p>
        <FieldError id={`${id}-error`} message={error} />
        <div className="cmp-template-filters" role="search" aria-label="テンプレートの絞り込み">
          <div>
            <TemplateCategoryField id={`${id}-category`} value={filters.category} onChange={(category) => setFilters({ ...filters, category, offset: 0 })} />
          </div>
          <div>
            <TemplateKeywordField id={`${id}-q`} value={text} onChange={setText} onSearch={() => setFilters({ ...filters, q: text.trim(), offset: 0 })} />
          </div>
        </div>
        <p className="cmp-picked__count" aria-live="polite">
          選択中：{selected.length}件
        </p>
        {full && <p className="cmp-muted">選択できる上限（{CAMPAIGN_MAX_TEMPLATES}件）に達しました。別のテンプレートを選ぶには、選択を外してください。</p>}
        <div aria-busy={list.isFetching || undefined}>{body}</div>
      </fieldset>
      <CampaignTemplatePreview selected={selected} previewId={shownPreview} onPreview={setPreviewId} />
    </div>
  );
}
