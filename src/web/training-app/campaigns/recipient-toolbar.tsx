import { useCallback, useId } from 'react';
import { RECIPIENT_STATUS_LABELS, RECIPIENT_STATUSES, type CampaignDetail } from '../../../common/campaigns.schema';
import { FilterSelect } from '../components/filter-select';
import { SearchField } from '../components/search-field';
import { useSearchText } from '../components/use-search-text';
import { numberFormat } from '../dashboard/dashboard-api';
import type { RecipientFilter } from './campaign-results-api';

type RecipientToolbarProps = {
  filter: RecipientFilter;
  statusCounts: CampaignDetail['status_counts'];
  groups: CampaignDetail['groups'];
  onChange: (change: Partial<RecipientFilter>) => void;
};

/** Status (with its count), search over name, address and department, and one group. */
export function RecipientToolbar({ filter, statusCounts, groups, onChange }: RecipientToolbarProps) {
  const id = useId();
  const searchFor = useCallback((q: string) => onChange({ q }), [onChange]);
  const search = useSearchText(filter.q, searchFor);

  // The filter takes a group id; people in no group have none to ask for.
  const namedGroups = groups.filter((group): group is typeof group & { group_id: number } => group.group_id !== null);

  return (
    <form className="cd-toolbar" role="search" aria-label="受信者の絞り込み" onSubmit={search.submit}>
      <SearchField
        id={`${id}-q`}
        className="cd-toolbar__field cd-toolbar__field--search"
        label="キーワード"
        placeholder="氏名・メールアドレス・部署で検索"
        value={search.text}
        onChange={search.setText}
      />
      <FilterSelect
        id={`${id}-status`}
        className="cd-toolbar__field"
        label="状態"
        allLabel="すべての状態"
        options={RECIPIENT_STATUSES.map((status) => ({ value: status, label: `${RECIPIENT_STATUS_LABELS[status]}（${numberFormat.format(statusCounts[status])}）` }))}
        value={filter.status ?? ''}
        onChange={(value) => onChange({ status: RECIPIENT_STATUSES.find((status) => status === value) ?? null })}
      />
      {namedGroups.length > 0 && (
        <FilterSelect
          id={`${id}-group`}
          className="cd-toolbar__field"
          label="グループ"
          allLabel="すべてのグループ"
          options={namedGroups.map((group) => ({ value: String(group.group_id), label: `${group.name}（${numberFormat.format(group.total)}名）` }))}
          value={filter.groupId === null ? '' : String(filter.groupId)}
          onChange={(value) => onChange({ groupId: value ? Number(value) : null })}
        />
      )}
    </form>
  );
}
