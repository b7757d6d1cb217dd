import { useCallback, useId } from 'react';
import type { Group } from '../../../common/people.schema';
import { FilterSelect } from '../components/filter-select';
import { SearchField } from '../components/search-field';
import { useSearchText } from '../components/use-search-text';
import type { PeopleFilter } from './people-api';

type PeopleToolbarProps = {
  filter: PeopleFilter;
  groups: Group[];
  onChange: (change: Partial<PeopleFilter>) => void;
};

/** Search over name, address and department (as typed, after a short pause) and a group filter. */
export function PeopleToolbar({ filter, groups, onChange }: PeopleToolbarProps) {
  const id = useId();
  const searchFor = useCallback((q: string) => onChange({ q }), [onChange]);
  const search = useSearchText(filter.q, searchFor);

  return (
    <form className="people-toolbar" role="search" aria-label="受講者の検索" onSubmit={search.submit}>
      <SearchField
        id={`${id}-q`}
        className="people-toolbar__search"
        label="キーワード"
        placeholder="氏名・メールアドレス・部署で検索"
        value={search.text}
        onChange={search.setText}
      />
      <FilterSelect
        id={`${id}-group`}
        className="people-toolbar__group"
        label="グループ"
        allLabel="すべてのグループ"
        options={groups.map((group) => ({ value: String(group.group_id), label: `${group.name}（${group.member_count}名）` }))}
        value={filter.groupId === null ? '' : String(filter.groupId)}
        onChange={(value) => onChange({ groupId: value ? Number(value) : null })}
      />
    </form>
  );
}
