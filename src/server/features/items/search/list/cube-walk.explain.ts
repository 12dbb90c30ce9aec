import { it } from 'vitest';
import { expectListServed, gistAny, LIST_CASE_NAME, type ListCase } from '../explain-helpers.js';

/** EXPLAIN of cube-walk.ts (radius-walk) on the seeded items: the cube index's walk, bounded by the circle's box. */
export function explainRadiusWalk(): void {
  it.each<ListCase>([
    [
      'wants within 5 km',
      '/api/items?type=want&lat=40.75&lng=-73.98&radiusKm=5',
      /Index Scan using items_wants_location_gist/,
      /items_wants_location_gist/,
    ],
    ['a common word within 10 km', '/api/items?query=chair&tag=chair&lat=40.75&lng=-73.98&radiusKm=10', gistAny, gistAny],
  ])(LIST_CASE_NAME, (_name, url, listIndex, countIndex) => expectListServed(url, listIndex, countIndex));
}
