import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { PEOPLE_PAGE_SIZE } from '../../../common/people.schema';
import { apiErrorMessage } from '../../lib/api-error-message';
import { fetchPeople, peopleKeys, type PeopleFilter } from '../users/people-api';
import type { PersonLabel } from './campaign-draft';
import { PickerPaging } from './picker-paging';
import { pageOfOffset } from '../components/page-number';

type Props = {
  selected: number[];
  onChange: (ids: number[]) => void;
  /** Names of the people picked so far, as far as the search has shown them. */
  known: PersonLabel[];
  onSeen: (people: PersonLabel[]) => void;
};

const SEARCH_DELAY_MS = 300;

/** Individual people, found by name, address or department, ticked one by one. */
export function CampaignPeoplePicker({ selected, onChange, known, onSeen }: Props) {
  const id = useId();
  const [text, setText] = useState('');
  const [filter, setFilter] = useState<PeopleFilter>({ q: '', groupId: null, page: 1 });
  const people = useQuery({ queryKey: peopleKeys.list(filter), queryFn: ({ signal }) => fetchPeople(filter, signal), placeholderData: keepPreviousData });

  useEffect(() => {
    if (text.trim() === filter.q) return;
    const timer = window.setTimeout(() => setFilter({ q: text.trim(), groupId: null, page: 1 }), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text, filter.q]);

  // Remember who is on screen, so the chips and the confirmation can name the people picked.
  useEffect(() => {
    if (people.data) onSeen(people.data.users.map((person) => ({ user_id: person.user_id, name: person.name, email: person.email })));
  }, [people.data, onSeen]);

  const toggle = (userId: number, checked: boolean) => onChange(checked ? [...selected, userId] : selected.filter((value) => value !== userId));
  const named = known.filter((person) => selected.includes(person.user_id));
  const unnamed = selected.length - named.length;

  let list;
  if (people.isPending) {
    list = <span className="skeleton cmp-skeleton cmp-skeleton--short" role="status" aria-label="受講者を読み込み中" />;
  } else if (people.isError) {
    list = <p className="field__error">{apiErrorMessage(people.error, '受講者の一覧を取得できませんでした。時間をおいて再度お試しください。')}</p>;
  } else if (people.data.users.length === 0) {
    list = <p className="cmp-muted">{filter.q ? `「${filter.q}」に一致する受講者はいません。` : '受講者はまだ登録されていません。'}</p>;
  } else {
    list = (
      <>
        <ul className="cmp-people-list" aria-busy={people.isPlaceholderData || undefined}>
          {people.data.users.map((person) => (
            <li key={person.user_id}>
              <label className="checkbox cmp-person">
                <input type="checkbox" checked={selected.includes(person.user_id)} onChange={(event) => toggle(person.user_id, event.target.checked)} />
                <span>
                  <span className="cmp-person__name">{person.name}</span>
                  <span className="cmp-person__detail">
                    {person.email}
                    {person.department ? `・${person.department}` : ''}
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
        <PickerPaging
          label="受講者"
          pagination={people.data.pagination}
          shown={people.data.users.length}
          busy={people.isFetching}
          onPage={(offset) => setFilter({ ...filter, page: pageOfOffset(offset, PEOPLE_PAGE_SIZE) })}
        />
      </>
    );
  }

  return (
    <fieldset className="cmp-fieldset cmp-people">
      <legend className="field__label">個別に選ぶ受講者</legend>
      {selected.length > 0 && (
        <div className="cmp-picked">
          <p className="cmp-picked__count">選択中：{selected.length}名</p>
          <ul className="cmp-chips" aria-label="選択中の受講者">
            {named.map((person) => (
              <li key={person.user_id} className="cmp-chip">
                {person.name}
                <button type="button" className="cmp-chip__remove" aria-label={`${person.name}さんを選択から外す`} onClick={() => toggle(person.user_id, false)}>
                  ×
                </button>
              </li>
            ))}
            {unnamed > 0 && <li className="cmp-chip cmp-chip--muted">ほか {unnamed}名</li>}
          </ul>
        </div>
      )}
      <label htmlFor={`${id}-q`} className="visually-hidden">
        受講者を検索
      </label>
      <input
        id={`${id}-q`}
        type="search"
        className="input cmp-people__search"
        value={text}
        placeholder="氏名・メールアドレス・部署で検索"
        autoComplete="off"
        enterKeyHint="search"
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.preventDefault();
        }}
      />
      <div aria-busy={people.isFetching || undefined}>{list}</div>
    </fieldset>
  );
}
