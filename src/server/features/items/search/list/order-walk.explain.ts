import { it } from 'vitest';
import { created, expectListServed, LIST_CASE_NAME, type ListCase, listed, trgm, words, gistAny } from '../explain-helpers.js';

/** EXPLAIN of order-walk.ts on the seeded items: newest first by its index, a common word by the walk, wants by theirs. */
export function explainOrderWalk(): void {
  it.each<ListCase>([
    ['newest first, page 1', '/api/items', created, listed],
    ['newest first, page 50', '/api/items?page=50', created, listed],
    // Many matches: walking the newest-first index finds a page at once; the count uses trigrams.
    ['search for a common word', '/api/items?query=chair&tag=chair', created, trgm],
    ['a common word with a typo', '/api/items?query=guitr&tag=guitr', created, words],
    // Within a radius, newest first: the box's rows by a bitmap scan of the GiST index, then sorted.
    ['newest first within 2 km', '/api/items?lat=40.75&lng=-73.98&radiusKm=2&sort=newest', gistAny, gistAny],
    // Offers and wants (migration 0027): wants (2% here) walk their own partial indexes; offers walk
    // the indexes of every listed item and skip the few wants.
    ['wants, newest first', '/api/items?type=want', /Index Scan using items_wants_created_idx/, /items_wants_created_idx/],
    ['wants, nearest first', '/api/items?type=want&lat=40.75&lng=-73.98', /Index Scan using items_wants_location_gist/, /items_wants_/],
    ['offers, newest first, page 20', '/api/items?type=offer&page=20', created, listed],
    [
      'a common word among wants',
      '/api/items?query=guitar&tag=guitar&type=want',
      /items_wants_created_idx|trgm/,
      /items_wants_created_idx|trgm/,
    ],
  ])(LIST_CASE_NAME, (_name, url, listIndex, countIndex) => expectListServed(url, listIndex, countIndex));
}
