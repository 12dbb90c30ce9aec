// The search box's text and the query sent for it: the query follows the text after a pause in
// typing (docs/product.md, Constants: 500 ms on this page), or at once on Enter. The query lives in the URL
// (?q=) so the browser's Back button returns to the same results.
import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { useSearchParams } from 'wouter';
import { PUBLIC_SEARCH_DEBOUNCE_MS } from '#shared/constants.js';
import { searchQueryOf } from './lib/search-texts';

export function useDebouncedSearch() {
  const [params, setParams] = useSearchParams();
  const urlQuery = searchQueryOf(params.get('q') ?? '');
  const [text, setText] = useState(urlQuery);
  const [query, setQuery] = useState(urlQuery);

  useEffect(() => {
    const next = searchQueryOf(text);
    if (next === query) return;
    const timer = setTimeout(() => setQuery(next), PUBLIC_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, query]);

  // Only a new query writes the URL (replacing the entry: typing is not navigation); the URL's own
  // changes (Back) are read, not a reason to write it again.
  const writeUrl = useEffectEvent((next: string) => {
    if (next === urlQuery) return;
    setParams(next ? { q: next } : {}, { replace: true });
  });
  useEffect(() => {
    writeUrl(query);
  }, [query]);

  const applyNow = useCallback(() => setQuery(searchQueryOf(text)), [text]);

  return {
    text,
    setText,
    /** The query last sent ('' before the first search). */
    query,
    /** True while the typed text has not been sent yet. */
    waiting: searchQueryOf(text) !== query,
    applyNow,
  };
}
