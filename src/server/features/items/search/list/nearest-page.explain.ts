import { it } from 'vitest';
import { expectListServed, gistAny, LIST_CASE_NAME, type ListCase, listed } from '../explain-helpers.js';

// Candidates walked on the planar index in its own order, then that index's box of their reach;
// beyond PLANAR_REACH_M (a gate on the reach, not run otherwise) the cube index's walk.
const nearestPlanar =
  /Index Only Scan using items_location_point_gist[^\n]*\n(\s*Index Cond: [^\n]*\n)?\s*Order By: \(\(point[\s\S]*items_location_point_gist[^\n]*\n\s*Index Cond: [^\n]*<@ [\s\S]*One-Time Filter: [^\n]*> '10000'[\s\S]*Index Scan using items_location_gist/;

/** EXPLAIN of nearest-page.ts on the seeded items (migration 0036, docs/decisions/031). */
export function explainNearestPage(): void {
  it.each<ListCase>([
    ['nearest first', '/api/items?lat=40.75&lng=-73.98', nearestPlanar, listed],
    ['nearest first, page 5', '/api/items?lat=35.1&lng=-100.2&page=5', nearestPlanar, listed],
    // Within a radius: the planar index's walk and box, bounded by the circle's box (the cube walk,
    // bounded by earth_box, beyond PLANAR_REACH_M), and a count of the points in the box by the cube
    // index (docs/decisions/004).
    ['nearest first within 5 km', '/api/items?lat=40.75&lng=-73.98&radiusKm=5', nearestPlanar, gistAny],
    ['nearest first within 50 km, page 3', '/api/items?lat=40.75&lng=-73.98&radiusKm=50&page=3', nearestPlanar, gistAny],
    ['nearest first within 500 km, in the sparse country', '/api/items?lat=35.1&lng=-100.2&radiusKm=500', nearestPlanar, gistAny],
    ['within 1 km of a city point', '/api/items?lat=40.79&lng=-73.91&radiusKm=1', nearestPlanar, gistAny],
    ['offers, nearest first', '/api/items?type=offer&lat=40.75&lng=-73.98', nearestPlanar, listed],
  ])(LIST_CASE_NAME, (_name, url, listIndex, countIndex) => expectListServed(url, listIndex, countIndex));
}
