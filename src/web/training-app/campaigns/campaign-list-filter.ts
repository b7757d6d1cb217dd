import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { CAMPAIGN_STATUSES, type CampaignStatus } from '../../../common/campaign-status';
import type { CampaignListFilter } from './campaigns-api';

/** The status buttons, in the order of a campaign's life (every status once). */
export const STATUS_FILTER_ORDER: readonly CampaignStatus[] = ['draft', 'scheduled', 'running', 'paused', 'completed'];

function positiveInt(value: string | null): number | null {
  const number = Number(value);
  return value && Number.isInteger(number) && number > 0 ? number : null;
}

/** ?status=&q=&page= → the filter; an unknown status or page reads as none. */
export function readListFilter(params: URLSearchParams): CampaignListFilter {
  const status = params.get('status');
  return {
    status: (CAMPAIGN_STATUSES as readonly string[]).includes(status ?? '') ? (status as CampaignStatus) : null,
    q: params.get('q') ?? '',
    page: positiveInt(params.get('page')) ?? 1,
  };
}

/** The filter as an address: a change of status or search starts again at the first page. */
export function writeListFilter(current: CampaignListFilter, change: Partial<CampaignListFilter>): URLSearchParams {
  const merged = { ...current, ...change };
  if (('status' in change || 'q' in change) && !('page' in change)) merged.page = 1;
  const params = new URLSearchParams();
  if (merged.status) params.set('status', merged.status);
  if (merged.q.trim()) params.set('q', merged.q.trim());
  if (merged.page > 1) params.set('page', String(merged.page));
  return params;
}

/** The list's filter lives in the address, so a reload, the back button and a shared link show the same list. */
export function useCampaignListFilter(): [CampaignListFilter, (change: Partial<CampaignListFilter>) => void] {
  const [params, setParams] = useSearchParams();
  const { status, q, page } = readListFilter(params);
  const filter = useMemo(() => ({ status, q, page }), [status, q, page]);
  const change = useCallback(
    (next: Partial<CampaignListFilter>) => setParams((current) => writeListFilter(readListFilter(current), next), { replace: 'q' in next }),
    [setParams],
  );
  return [filter, change];
}
