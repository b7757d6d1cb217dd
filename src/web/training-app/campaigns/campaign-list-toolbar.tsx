import { useCallback, useId } from 'react';
import { CAMPAIGN_STATUS_LABELS, type CampaignStatus } from '../../../common/campaign-status';
import { SearchField } from '../components/search-field';
import { useSearchText } from '../components/use-search-text';
import { STATUS_FILTER_ORDER } from './campaign-list-filter';
import type { CampaignListFilter } from './campaigns-api';

const STATUS_OPTIONS: Array<{ value: CampaignStatus | null; label: string }> = [
  { value: null, label: '全て' },
  ...STATUS_FILTER_ORDER.map((status) => ({ value: status, label: CAMPAIGN_STATUS_LABELS[status] })),
];

type Props = { filter: CampaignListFilter; onChange: (change: Partial<CampaignListFilter>) => void };

/** Status buttons and a name search (as typed, after a short pause). */
export function CampaignListToolbar({ filter, onChange }: Props) {
  const id = useId();
  const searchFor = useCallback((q: string) => onChange({ q }), [onChange]);
  const search = useSearchText(filter.q, searchFor, { ignoreOuterSpace: true });

  return (
    <form className="cmp-toolbar" role="search" aria-label="キャンペーンの絞り込み" onSubmit={search.submit}>
      <div className="cmp-toolbar__status">
        <span id={`${id}-status`} className="list-toolbar__label">
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
      <SearchField
        id={`${id}-q`}
        className="cmp-toolbar__search"
        label="キーワード"
        placeholder="キャンペーン名で検索"
        value={search.text}
        onChange={search.setText}
      />
    </form>
  );
}
