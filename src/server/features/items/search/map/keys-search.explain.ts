import { it } from 'vitest';
import { expectMapGrouped, MAP_GROUPED_NAME } from '../explain-helpers.js';

const keys = /Bitmap Index Scan on items_map_search_keys_idx/;

/** EXPLAIN of keys-search.ts on the seeded items: the keys of the view's cells and the words holding the search (migration 0039). */
export function explainKeysSearch(): void {
  it.each([
    ['a search in a city', '/api/items/clusters?bbox=-74.2,40.6,-73.8,40.9&zoom=11&query=chair&tag=chair', keys],
    ['a search in a district', '/api/items/clusters?bbox=-74,40.7,-73.95,40.73&zoom=14&query=chair&tag=chair', keys],
    ['a tag in a district', '/api/items/clusters?bbox=-74,40.7,-73.95,40.73&zoom=14&tag=furniture', keys],
    ['two words in a district', '/api/items/clusters?bbox=-74,40.7,-73.95,40.73&zoom=14&query=chair%20condition', keys],
  ])(MAP_GROUPED_NAME, (_name, url, index) => expectMapGrouped(url, index));
}
