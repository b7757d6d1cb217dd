import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import type { Person } from '../../../common/people.schema';
import { TEMPLATE_VARIABLES } from '../../../common/templates.schema';
import { trainingPaths } from '../../../common/training-routes';
import { fetchPeople, peopleKeys } from '../users/people-api';

const SAMPLE_NAME = TEMPLATE_VARIABLES.find((variable) => variable.name === 'name')?.sample ?? '';
/** Typing settles before the list is asked for again. */
const SEARCH_DELAY_MS = 300;

type Props = { value: Person | null; onChange: (person: Person | null) => void };

/**
 * Whose values the preview uses: the samples, or one of the tenant's people, so the administrator
 * sees exactly what that employee would receive. The list is one page of /api/users; with more
 * people than fit, a search box narrows it (the chosen person stays selectable while searching).
 */
export function PreviewPersonPicker({ value, onChange }: Props) {
  const id = useId();
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setQ(search.trim()), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [search]);
  const filter = { q, groupId: null, page: 1 };
  const people = useQuery({ queryKey: peopleKeys.list(filter), queryFn: ({ signal }) => fetchPeople(filter, signal), placeholderData: (previous) => previous });
  // The tenant's head count, whatever the search: it decides between the hint and the picker.
  const registered = people.data?.usage.registered;

  if (people.isPending || people.isError) return null;
  if (registered === 0) {
    return (
      <p className="tpl-person-picker tpl-person-picker--empty">
        受講者を登録すると、その人に届くメールの内容をここで確認できます。
        <Link to={trainingPaths.users}>受講者を登録する</Link>
      </p>
    );
  }

  const users = people.data.users;
  const options = value && !users.some((person) => person.user_id === value.user_id) ? [value, ...users] : users;
  const more = people.data.pagination.total - users.length;
  const searchable = (registered ?? 0) > users.length || q !== '';

  return (
    <div className="tpl-person-picker">
      <div className="tpl-person-picker__field">
        <label htmlFor={`${id}-person`} className="field__label">
          プレビューする受講者
        </label>
        <select
          id={`${id}-person`}
          className="input tpl-select"
          value={value ? String(value.user_id) : ''}
          aria-describedby={`${id}-note`}
          onChange={(event) => onChange(options.find((person) => String(person.user_id) === event.target.value) ?? null)}
        >
          <option value="">サンプル（{SAMPLE_NAME}）</option>
          {options.map((person) => (
            <option key={person.user_id} value={person.user_id}>
              {person.name}（{person.email}）
            </option>
          ))}
        </select>
      </div>
      {searchable && (
        <div className="tpl-person-picker__field">
          <label htmlFor={`${id}-search`} className="field__label">
            受講者を検索
          </label>
          <input
            id={`${id}-search`}
            type="search"
            className="input"
            placeholder="氏名・メールアドレス・部署"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
      )}
      <p id={`${id}-note`} className="tpl-person-picker__note" role="status">
        {value ? `${value.name}さんに届く内容で表示しています。` : 'サンプルの値で表示しています。'}
        {more > 0 && ` ほか${more}人は検索で絞り込めます。`}
        {q !== '' && users.length === 0 && ` 「${q}」に一致する受講者はいません。`}
      </p>
    </div>
  );
}
