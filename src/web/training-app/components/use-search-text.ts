import { useEffect, useState, type FormEvent } from 'react';

const SEARCH_DELAY_MS = 300;

type SearchText = { text: string; setText: (text: string) => void; submit: (event: FormEvent) => void };

/**
 * The text of a list's search box: searched as typed after a short pause, at once on Enter, and
 * following the address when it changes the search (back button). `search` must be stable (useCallback).
 * `ignoreOuterSpace`: spaces typed around the words do not start a new search.
 */
export function useSearchText(searched: string, search: (text: string) => void, { ignoreOuterSpace = false } = {}): SearchText {
  const [text, setText] = useState(searched);
  const [lastSearched, setLastSearched] = useState(searched);

  // Follow the address in the same render that shows its list (not in an effect a frame later), so
  // the box never shows an old word above a cleared list, and no pending search can bring it back.
  if (searched !== lastSearched) {
    setLastSearched(searched);
    setText(searched);
  }

  useEffect(() => {
    if (ignoreOuterSpace ? text.trim() === searched.trim() : text === searched) return;
    const timer = window.setTimeout(() => search(text), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text, searched, search, ignoreOuterSpace]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    search(text);
  };
  return { text, setText, submit };
}
