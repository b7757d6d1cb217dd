import { useId, useRef, useState, type FormEvent } from 'react';
import { normalizeQuery, SEARCH_MAX_LENGTH } from './list-url-state';

type ReportSearchProps = {
  /** The query the list shows now (from the URL). */
  value: string;
  onSearch: (query: string) => void;
};

/**
 * The search box above the list. Searching happens on Enter or the button, not per keystroke, so
 * each search is one history entry the back button can return to.
 */
export function ReportSearch({ value, onSearch }: ReportSearchProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState(value);
  const [lastValue, setLastValue] = useState(value);

  // Back, forward and the 「すべての報告」 link change the query from outside: show what is searched,
  // in the same render that shows its list (an effect would leave the old word up for a frame).
  if (value !== lastValue) {
    setLastValue(value);
    setDraft(value);
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = normalizeQuery(draft);
    setDraft(query);
    onSearch(query);
  };

  const clear = () => {
    setDraft('');
    if (value) onSearch('');
    inputRef.current?.focus();
  };

  return (
    <form className="report-search" role="search" aria-label="報告の検索" onSubmit={submit}>
      <label htmlFor={id} className="report-search__label">
        報告を検索
      </label>
      <div className="search-row report-search__row">
        <div className="report-search__box">
          <input
            ref={inputRef}
            id={id}
            name="q"
            type="search"
            className={draft ? 'input report-search__input report-search__input--clearable' : 'input report-search__input'}
            value={draft}
            maxLength={SEARCH_MAX_LENGTH}
            placeholder="電話番号・URL・ことば"
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="search"
            aria-describedby={`${id}-hint`}
            onChange={(event) => setDraft(event.currentTarget.value)}
          />
          {draft && (
            <button type="button" className="report-search__clear" onClick={clear}>
              <span aria-hidden="true">×</span>
              <span className="visually-hidden">検索語を消す</span>
            </button>
          )}
        </div>
        <button type="submit" className="button button--primary report-search__submit">
          検索
        </button>
      </div>
      <p id={`${id}-hint`} className="field__hint field__hint--small report-search__hint">
        件名・本文・送信元・URLから探します。電話番号はハイフンの有無を問いません。
      </p>
    </form>
  );
}
