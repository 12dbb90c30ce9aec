import { it } from 'vitest';
import { expectMapGrouped, MAP_GROUPED_NAME } from '../explain-helpers.js';

const gist = /(Index|Bitmap Index) Scan (using|on) items_location_gist/;

/** EXPLAIN of filtered-cells.ts on the seeded items. */
export function explainFilteredCells(): void {
  it.each([
    ['a few houses at zoom 20 (grouped at request time)', '/api/items/clusters?bbox=-73.999,40.853,-73.996,40.856&zoom=20', gist],
    // A text with a sign has no keys ("chair!" is a substring test of "chair!" and a word test of
    // "chair"). A city holds more items than the list has matches: the search indexes read the matches.
    ['a search with a sign in a city', '/api/items/clusters?bbox=-74.2,40.6,-73.8,40.9&zoom=11&query=chair!', /trgm|items_search_doc_idx/],
    ['wants in a city', '/api/items/clusters?bbox=-74.2,40.6,-73.8,40.9&zoom=11&type=want', /items_wants_location_gist/],
  ])(MAP_GROUPED_NAME, (_name, url, index) => expectMapGrouped(url, index));
}
