import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { campaignKeys, fetchAudience, type CampaignTargets } from './campaigns-api';

const DEBOUNCE_MS = 400;

/** The targets as the API reads them; an empty choice is still asked about (it reaches nobody). */
export function targetsOf(values: { target_mode: 'all' | 'chosen'; group_ids: number[]; user_ids: number[] }): CampaignTargets {
  if (values.target_mode === 'all') return { all_users: true, group_ids: [], user_ids: [] };
  const sorted = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b);
  return { all_users: false, group_ids: sorted(values.group_ids), user_ids: sorted(values.user_ids) };
}

/**
 * The live count of POST /api/campaigns/audience for the targets, asked once ticking has paused.
 * The last answer stays on screen while a newer one loads, and `stale` says so.
 */
export function useAudience(targets: CampaignTargets, debounceMs = DEBOUNCE_MS) {
  const current = JSON.stringify(targets);
  const [settled, setSettled] = useState(current);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(current), debounceMs);
    return () => window.clearTimeout(timer);
  }, [current, debounceMs]);

  const settledTargets = JSON.parse(settled) as CampaignTargets;
  const query = useQuery({
    queryKey: campaignKeys.audience(settledTargets),
    queryFn: ({ signal }) => fetchAudience(settledTargets, signal),
    placeholderData: (previous) => previous,
    staleTime: 15_000,
  });
  return { query, stale: current !== settled || query.isPlaceholderData };
}
