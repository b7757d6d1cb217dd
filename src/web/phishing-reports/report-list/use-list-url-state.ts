import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { type ListState, listStateHref, parseListState } from './list-url-state';

/*
 * The list's state lives in the address bar (list-url-state.ts). Changes made here go through
 * history.pushState, which fires no event, so this module tells its own subscribers; the back
 * and forward buttons arrive as popstate.
 */
const listeners = new Set<() => void>();

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  window.addEventListener('popstate', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('popstate', onChange);
  };
}

const readSearch = (): string => window.location.search;

export type NavigateList = (next: ListState, options?: { replace?: boolean }) => void;

/**
 * The list state read from the URL, and a way to change it: a new history entry by default (so
 * the back button returns to the previous page, filter or search), or `replace` for corrections
 * the visitor did not ask for (a page that no longer exists, the jump after submitting).
 */
export function useListUrlState(): [ListState, NavigateList] {
  const search = useSyncExternalStore(subscribe, readSearch);
  const state = useMemo(() => parseListState(search), [search]);
  const navigate = useCallback<NavigateList>((next, options = {}) => {
    const href = listStateHref(next);
    const current = `${window.location.pathname}${window.location.search}${window.location.hash}`;
    if (href === current) return;
    if (options.replace) window.history.replaceState(window.history.state, '', href);
    else window.history.pushState(null, '', href);
    for (const listener of listeners) listener();
  }, []);
  return [state, navigate];
}
