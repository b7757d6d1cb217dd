import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { PeopleFilter } from './people-api';

function positiveInt(value: string | null): number | null {
  const number = Number(value);
  return value && Number.isInteger(number) && number > 0 ? number : null;
}

/**
 * The search, group and page live in the address (?q=&group=&page=), so a reload, the back button
 * and a shared link show the same list.
 */
export function usePeopleFilter(): [PeopleFilter, (change: Partial<PeopleFilter>) => void] {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const groupId = positiveInt(params.get('group'));
  const page = positiveInt(params.get('page')) ?? 1;
  const filter = useMemo(() => ({ q, groupId, page }), [q, groupId, page]);

  const change = useCallback(
    (next: Partial<PeopleFilter>) => {
      setParams(
        (current) => {
          const merged = { q: current.get('q') ?? '', groupId: positiveInt(current.get('group')), page: positiveInt(current.get('page')) ?? 1, ...next };
          // A new search or group starts again at the first page.
          if (('q' in next || 'groupId' in next) && !('page' in next)) merged.page = 1;
          const result = new URLSearchParams();
          if (merged.q) result.set('q', merged.q);
          if (merged.groupId !== null) result.set('group', String(merged.groupId));
          if (merged.page > 1) result.set('page', String(merged.page));
          return result;
        },
        // Typing a search should not leave one history entry per keystroke.
        { replace: 'q' in next },
      );
    },
    [setParams],
  );
  return [filter, change];
}
