import { it } from 'vitest';
import { expectMapGrouped, MAP_GROUPED_NAME } from '../explain-helpers.js';

/** EXPLAIN of area-points.ts on the seeded items. */
export function explainAreaPoints(): void {
  // A text with a sign has no keys, and a district holds fewer items than the list has matches: its
  // points are read by the planar index and each is tested.
  it.each([
    [
      'a search with a sign in a district',
      '/api/items/clusters?bbox=-74,40.7,-73.95,40.73&zoom=14&query=chair!',
      /(Bitmap Index|Index|Index Only) Scan (using|on) items_location_point_gist/,
    ],
  ])(MAP_GROUPED_NAME, (_name, url, index) => expectMapGrouped(url, index));
}
