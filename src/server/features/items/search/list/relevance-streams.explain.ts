import { it } from 'vitest';
import { expectListServed, LIST_CASE_NAME, type ListCase, listed, postingsWalk, words } from '../explain-helpers.js';

/** EXPLAIN of relevance-streams.ts on the seeded items (docs/decisions/029). */
export function explainRelevanceStreams(): void {
  // Best match first over more than FEW_MATCHES matches: by tiers, each newest first, walking the
  // title-and-tag postings.
  it.each<ListCase>([
    ['best match first, a counted typo', '/api/items?query=guitr&tag=guitr&sort=relevance', postingsWalk, words],
    ['best match first, a word in every item', '/api/items?query=condition&tag=condition&sort=relevance', postingsWalk, listed],
  ])(LIST_CASE_NAME, (_name, url, listIndex, countIndex) => expectListServed(url, listIndex, countIndex));
}
