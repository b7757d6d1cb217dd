import { useEffect, useId, useState } from 'react';
import { CAMPAIGN_STATUS_LABELS, type CampaignStatus } from '../../../common/campaign-status';
import { STATUS_FILTER_ORDER } from './campaign-list-filter';
import type { CampaignListFilter } from './campaigns-api';

const SEARCH_DELAY_MS = 300;
const STATUS_OPTIONS: Array<{ value: CampaignStatus | null; label: string }> = [
  { value: null, label: '全て' },
  ...STATUS_FILTER_ORDER.map((status) => ({ value: status, label: CAMPAIGN_STATUS_LABELS[status] })),
];

type Props = { filter: CampaignListFilter; onChange: (change: Partial<CampaignListFilter>) => void };

/** Status buttons and a name search (as typed, after a short pause). */
export function CampaignListToolbar({ filter, onChange }: Props) {
  const id = useId();
  const [text, setText] = useState(filter.q);

  // The address can change the search too (back button): follow it.
  useEffect(() => setText(filter.q), [filter.q]);
  useEffect(() => {
    if (text.trim() === filter.q.trim()) return;
    const timer = window.setTimeout(() => onChange({ q: text }), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text, filter.q, onChange]);

  return (
    <form
      className="cmp-toolbar"
      role="search"
      aria-label="キャンペーンの絞り込み"
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ q: text });
      }}
    >
      <div className="cmp-toolbar__status">
        <span id={`${id}-status`} className="people-toolbar__label">
          ステータス
        </span>
        <div className="segmented cmp-status-filter" role="group" aria-labelledby={`${id}-status`}>
          {STATUS_OPTIONS.map((option) => (
            <button
              key={option.value ?? 'all'}
              type="button"
              className="segmented__option"
              aria-pressed={filter.status === option.value}
              onClick={() => onChange({ status: option.value })}
            >
              {option.label}
            </button>
          ))}
        </div>
      </div>
      <div className="cmp-toolbar__search">
        <label htmlFor={`${id}-q`} className="people-toolbar__label">
          キーワード
        </label>
        <input
          id={`${id}-q`}
          type="search"
          className="input"
          value={text}
          placeholder="キャンペーン名で検索"
          autoComplete="off"
          enterKeyHint="search"
          onChange={(event) => setText(event.target.value)}
        />
      </div>
    </form>
  );
}
