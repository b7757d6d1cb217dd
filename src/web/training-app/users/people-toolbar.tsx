import { useEffect, useId, useState } from 'react';
import type { Group } from '../../../common/people.schema';
import type { PeopleFilter } from './people-api';

type PeopleToolbarProps = {
  filter: PeopleFilter;
  groups: Group[];
  onChange: (change: Partial<PeopleFilter>) => void;
};

const SEARCH_DELAY_MS = 300;

/** Search over name, address and department (as typed, after a short pause) and a group filter. */
export function PeopleToolbar({ filter, groups, onChange }: PeopleToolbarProps) {
  const id = useId();
  const [text, setText] = useState(filter.q);

  // The address can change the search too (back button): follow it.
  useEffect(() => setText(filter.q), [filter.q]);

  useEffect(() => {
    if (text === filter.q) return;
    const timer = window.setTimeout(() => onChange({ q: text }), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text, filter.q, onChange]);

  return (
    <form
      className="people-toolbar"
      role="search"
      aria-label="受講者の検索"
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ q: text });
      }}
    >
      <div className="people-toolbar__search">
        <label htmlFor={`${id}-q`} className="people-toolbar__label">
          キーワード
        </label>
        <input
          id={`${id}-q`}
          type="search"
          className="input"
          value={text}
          placeholder="氏名・メールアドレス・部署で検索"
          autoComplete="off"
          enterKeyHint="search"
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <div className="people-toolbar__group">
        <label htmlFor={`${id}-group`} className="people-toolbar__label">
          グループ
        </label>
        <select
          id={`${id}-group`}
          className="input people-toolbar__select"
          value={filter.groupId ?? ''}
          onChange={(event) => onChange({ groupId: event.target.value ? Number(event.target.value) : null })}
        >
          <option value="">すべてのグループ</option>
          {groups.map((group) => (
            <option key={group.group_id} value={group.group_id}>
              {group.name}（{group.member_count}名）
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}
