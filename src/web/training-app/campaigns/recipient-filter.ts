import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { RECIPIENT_STATUSES, type RecipientStatus } from '../../../common/campaigns.schema';
import type { RecipientFilter } from './campaign-results-api';

function positiveInt(value: string | null): number | null {
  const number = Number(value);
  return value && Number.isInteger(number) && number > 0 ? number : null;
}

function recipientStatus(value: string | null): RecipientStatus | null {
  return RECIPIENT_STATUSES.find((status) => status === value) ?? null;
}

/** Reads ?status=&q=&group=&page= as the table's filter; anything unknown falls back to "all". */
export function readRecipientFilter(params: URLSearchParams): RecipientFilter {
  return {
    status: recipientStatus(params.get('status')),
    q: params.get('q') ?? '',
    groupId: positiveInt(params.get('group')),
    page: positiveInt(params.get('page')) ?? 1,
  };
}

/** Writes a filter back, leaving out what is at its default so the address stays short. */
export function writeRecipientFilter(filter: RecipientFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.status) params.set('status', filter.status);
  if (filter.q) params.set('q', filter.q);
  if (filter.groupId !== null) params.set('group', String(filter.groupId));
  if (filter.page > 1) params.set('page', String(filter.page));
  return params;
}

/** A change of status, search or group starts again at the first page. */
export function mergeRecipientFilter(current: RecipientFilter, change: Partial<RecipientFilter>): RecipientFilter {
  const merged = { ...current, ...change };
  if (('status' in change || 'q' in change || 'groupId' in change) && !('page' in change)) merged.page = 1;
  return merged;
}

/**
 * The filter lives in the address, so a reload, the back button and a shared link show the same
 * page of recipients.
 */
export function useRecipientFilter(): [RecipientFilter, (change: Partial<RecipientFilter>) => void] {
  const [params, setParams] = useSearchParams();
  const { status, q, groupId, page } = readRecipientFilter(params);
  const filter = useMemo(() => ({ status, q, groupId, page }), [status, q, groupId, page]);
  const change = useCallback(
    (next: Partial<RecipientFilter>) => {
      // Typing a search should not leave one history entry per keystroke.
      setParams((current) => writeRecipientFilter(mergeRecipientFilter(readRecipientFilter(current), next)), { replace: 'q' in next });
    },
    [setParams],
  );
  return [filter, change];
}
