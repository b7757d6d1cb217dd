import { useMatches } from 'react-router';
import { ROUTE_META, type RouteMeta, type SpaRoutePattern } from '../route-meta';

/** The SPEC §2.1 pattern of the deepest matched screen and its meta. */
export function useCurrentRoute(): { pattern: SpaRoutePattern; meta: RouteMeta } | null {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const pattern = (matches[index]?.handle as { pattern?: SpaRoutePattern } | undefined)?.pattern;
    if (pattern) return { pattern, meta: ROUTE_META[pattern] };
  }
  return null;
}
