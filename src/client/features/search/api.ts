// Public search (docs/product.md, API): GET /api/search?query=, only ever with a non-empty query.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SearchResult } from '#shared/people.js';
import { getQueryFn } from '@/lib/request';

const SEARCH_QUERY_KEY = '/api/search';

/** A search answer together with the query it answers (old results stay shown while new ones load). */
export type SearchAnswer = SearchResult & { query: string };

const fetchSearch = getQueryFn<SearchResult>({ on401: 'throw' });

/** Users and public notes matching `query`; idle while the query is empty. */
export function usePublicSearch(query: string) {
  return useQuery<SearchAnswer>({
    queryKey: [SEARCH_QUERY_KEY, { query }],
    queryFn: async (context) => ({ ...(await fetchSearch(context)), query }),
    enabled: query !== '',
    placeholderData: keepPreviousData,
  });
}
