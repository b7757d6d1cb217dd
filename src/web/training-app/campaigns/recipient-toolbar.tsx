import { useCallback, useId } from 'react';
import { RECIPIENT_STATUS_LABELS, RECIPIENT_STATUSES, type CampaignDetail } from '../../../common/campaigns.schema';
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
        labelClassName="cd-toolbar__label"
        label="キーワード"
        placeholder="氏名・メールアドレス・部署で検索"
        value={search.text}
        onChange={search.setText}
      />
      <div className="cd-toolbar__field">
        <label htmlFor={`${id}-status`} className="cd-toolbar__label">
          状態
        </label>
        <select
          id={`${id}-status`}
          className="input cd-toolbar__select"
          value={filter.status ?? ''}
          onChange={(event) => onChange({ status: RECIPIENT_STATUSES.find((status) => status === event.target.value) ?? null })}
        >
          <option value="">すべての状態</option>
          {RECIPIENT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {RECIPIENT_STATUS_LABELS[status]}（{numberFormat.format(statusCounts[status])}）
            </option>
          ))}
        </select>
      </div>
      {namedGroups.length > 0 && (
        <div className="cd-toolbar__field">
          <label htmlFor={`${id}-group`} className="cd-toolbar__label">
            グループ
          </label>
          <select
            id={`${id}-group`}
            className="input cd-toolbar__select"
            value={filter.groupId ?? ''}
            onChange={(event) => onChange({ groupId: event.target.value ? Number(event.target.value) : null })}
          >
            <option value="">すべてのグループ</option>
            {namedGroups.map((group) => (
              <option key={group.group_id} value={group.group_id}>
                {group.name}（{numberFormat.format(group.total)}名）
              </option>
            ))}
          </select>
        </div>
      )}
    </form>
  );
}
