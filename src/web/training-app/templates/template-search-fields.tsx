import { TEMPLATE_CATEGORIES, type TemplateCategory } from '../../../common/templates.schema';

/** The theme choice of the template library's filter and of the campaign form's template picker. */
export function TemplateCategoryField({ id, value, onChange }: { id: string; value: TemplateCategory | ''; onChange: (category: TemplateCategory | '') => void }) {
  return (
    <>
      <label htmlFor={id} className="field__label">
        テーマ
      </label>
      <select id={id} className="input tpl-select" value={value} onChange={(event) => onChange(event.target.value as TemplateCategory | '')}>
        <option value="">すべてのテーマ</option>
        {TEMPLATE_CATEGORIES.map((category) => (
          <option key={category.id} value={category.id}>
            {category.label}
          </option>
        ))}
      </select>
    </>
  );
}

type TemplateKeywordFieldProps = {
  id: string;
  value: string;
  onChange: (text: string) => void;
  /**
   * Given inside another form (the campaign form): Enter and the button search here instead of
   * submitting that form. Without it the button submits the filter form it stands in.
   */
  onSearch?: () => void;
};

/** A keyword box with its 「検索」 button, searched on Enter or the button (not as typed). */
export function TemplateKeywordField({ id, value, onChange, onSearch }: TemplateKeywordFieldProps) {
  return (
    <>
      <label htmlFor={id} className="field__label">
        キーワード
      </label>
      <div className="search-row">
        <input
          id={id}
          type="search"
          className="input"
          value={value}
          placeholder="例：不在通知、パスワード"
          enterKeyHint="search"
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={
            onSearch &&
            ((event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                onSearch();
              }
            })
          }
        />
        <button type={onSearch ? 'button' : 'submit'} className="button button--secondary" onClick={onSearch}>
          検索
        </button>
      </div>
    </>
  );
}
