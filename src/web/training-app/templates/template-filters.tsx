import { useId, useState, type FormEvent } from 'react';
import { TEMPLATE_DIFFICULTIES } from '../../../common/templates.schema';
import type { TemplateFilters, TemplateSource } from './templates-api';
import { difficultyStars } from './template-labels';
import { TemplateCategoryField, TemplateKeywordField } from './template-search-fields';

const SOURCES: Array<{ value: TemplateSource | ''; label: string }> = [
  { value: '', label: 'すべて' },
  { value: 'builtin', label: '標準' },
  { value: 'own', label: '自社' },
];

type Props = { filters: TemplateFilters; onChange: (next: Partial<TemplateFilters>) => void };

/** Theme, difficulty and a free-text search; each change starts again from the first page. */
export function TemplateFilterBar({ filters, onChange }: Props) {
  const id = useId();
  const [q, setQ] = useState(filters.q);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ q: q.trim() });
  };

  return (
    <form className="tpl-filters card" role="search" aria-label="テンプレートの絞り込み" onSubmit={submit}>
      <div className="tpl-filters__field">
        <TemplateCategoryField id={`${id}-category`} value={filters.category} onChange={(category) => onChange({ category })} />
      </div>
      <div className="tpl-filters__field">
        <span className="field__label" id={`${id}-difficulty`}>
          難易度
        </span>
        <div className="segmented tpl-filters__difficulty" role="group" aria-labelledby={`${id}-difficulty`}>
          <button type="button" className="segmented__option" aria-pressed={filters.difficulty === null} onClick={() => onChange({ difficulty: null })}>
            すべて
          </button>
          {TEMPLATE_DIFFICULTIES.map((level) => (
            <button
              key={level.level}
              type="button"
              className="segmented__option"
              aria-pressed={filters.difficulty === level.level}
              title={level.description}
              onClick={() => onChange({ difficulty: level.level })}
            >
              <span className="tpl-stars" aria-hidden="true">
                {difficultyStars(level.level)}
              </span>{' '}
              {level.label}
            </button>
          ))}
        </div>
      </div>
      <div className="tpl-filters__field">
        <span className="field__label" id={`${id}-source`}>
          種類
        </span>
        <div className="segmented tpl-filters__source" role="group" aria-labelledby={`${id}-source`}>
          {SOURCES.map((source) => (
            <button key={source.value} type="button" className="segmented__option" aria-pressed={filters.source === source.value} onClick={() => onChange({ source: source.value })}>
              {source.label}
            </button>
          ))}
        </div>
      </div>
      <div className="tpl-filters__field tpl-filters__search">
        <TemplateKeywordField id={`${id}-q`} value={q} onChange={setQ} />
      </div>
    </form>
  );
}
