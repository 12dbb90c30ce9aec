import type { Clusters } from '#shared/items.js';
import { ITEM_MSG } from '#shared/items.js';
import type { Db } from '../../../../db/client.js';
import { badRequest } from '../../../../errors.js';
import { round5 } from '../../location.js';
import { MATCH_ROW_COST } from '../costs.js';
import { type ItemFilter, searches } from '../filter.js';
import { listedTotal } from '../totals.js';
import { searchWordsOf } from '../words.js';
import { areaPoints } from './area-points.js';
import { filteredCells } from './filtered-cells.js';
import {
  type CellRange,
  type CellRow,
  cellX,
  cellY,
  itemsInArea,
  levelOfZoom,
  MAX_CELLS,
  MAX_SINGLES,
  pointOf,
  STORED_LEVEL_MAX,
} from './grid.js';
import { keysSearch, searchKeysOf } from './keys-search.js';
import { storedCells } from './stored-cells.js';

/** The visible area of the map and its zoom (GET /api/items/clusters). */
export interface MapBox {
  bbox: { west: number; south: number; east: number; north: number };
  zoom: number;
}

/** How a search's matches are found on the map: `auto` chooses; tests force one (`keys` falls back to `indexes` where it cannot hold every match). */
type SearchReading = 'auto' | 'keys' | 'rows' | 'indexes';

export interface MapOptions {
  /** A search or a tag over an area holding more listed items than this is refused with a 400 (zoom in). */
  searchMaxItems?: number;
  searchReading?: SearchReading;
}

/** What the map planner knows before it chooses (gathered by mapFacts). */
interface MapFacts {
  /** No search, tag, type or radius, at a level item_map_cells holds: the stored counts answer. */
  stored: boolean;
  /** The keys (cell × word) that hold every match of the search in the view, when there are such keys. */
  keys?: string[];
  /** A search without keys over an area holding at most MATCH_ROW_COST times the list's matches: its points are tested. */
  readRows: boolean;
}

/** One row of the map planner's table. */
interface MapStrategy {
  name: string;
  when(facts: MapFacts): boolean;
  run(db: Db, r: CellRange, filter: ItemFilter, facts: MapFacts): Promise<CellRow[]>;
}

/** How the cells of a view are read: the first row whose `when` holds (the last always does). */
const MAP_STRATEGIES: readonly MapStrategy[] = [
  { name: 'stored-cells', when: (f) => f.stored, run: (db, r) => storedCells(db, r) },
  { name: 'keys-search', when: (f) => f.keys !== undefined, run: (db, r, filter, f) => keysSearch(db, r, filter, f.keys!) },
  { name: 'area-points', when: (f) => f.readRows, run: (db, r, filter) => areaPoints(db, r, filter) },
  { name: 'filtered-cells', when: () => true, run: (db, r, filter) => filteredCells(db, r, filter) },
];

/** The strategy the map's table chooses for these facts. */
const chooseMap = (facts: MapFacts): MapStrategy => MAP_STRATEGIES.find((s) => s.when(facts))!;

/**
 * What the map planner needs to know, in this order: for a search or a tag, the items the area's
 * stored cells hold (a refusal past `searchMaxItems`: it would read and test every one of them,
 * docs/decisions/021, while the pool's other requests wait), the search's words, its keys, and
 * without keys whether the area holds fewer points than MATCH_ROW_COST times the list's matches (the
 * list's total of the same search, remembered as the list remembers it, so seldom a query of its
 * own). Without keys the search indexes read every match of the list before the area keeps its own;
 * testing the area's points costs what the area holds (docs/decisions/021).
 */
async function mapFacts(
  db: Db,
  r: CellRange,
  filter: ItemFilter,
  { searchMaxItems = Infinity, searchReading = 'auto' }: MapOptions,
): Promise<{ facts: MapFacts; filter: ItemFilter }> {
  const filtered = Boolean(filter.text || filter.tag || filter.type || filter.near);
  const facts: MapFacts = { stored: !filtered && r.level <= STORED_LEVEL_MAX, readRows: false };
  if (!searches(filter)) return { facts, filter };
  // Deeper than the stored levels (zoom 20) the area is a few houses: its points are tested.
  const inArea = r.level <= STORED_LEVEL_MAX ? await itemsInArea(db, r) : 0;
  if (inArea > searchMaxItems) throw badRequest(ITEM_MSG.searchAreaTooLarge);
  const searched = filter.text ? { ...filter, words: await searchWordsOf(db, filter.text) } : filter;
  facts.keys = searchReading === 'auto' || searchReading === 'keys' ? await searchKeysOf(db, r, searched) : undefined;
  facts.readRows =
    !facts.keys &&
    (searchReading === 'rows' || (searchReading === 'auto' && inArea <= MATCH_ROW_COST * (await listedTotal(db, searched)).total));
  return { facts, filter: searched };
}

/**
 * The clusters and single items of the visible area (docs/decisions/021): the cells of the view's
 * level, each a cluster of its count at its items' mean point, and a cell of one item answered as
 * that item's id and point (at most MAX_SINGLES; the card loads the item when opened,
 * docs/decisions/032).
 */
export async function mapView(db: Db, filter: ItemFilter, { bbox, zoom }: MapBox, options: MapOptions = {}): Promise<Clusters> {
  const level = levelOfZoom(zoom);
  const { west, south, east, north } = bbox;
  const range: CellRange = { level, x0: cellX(west, level), x1: cellX(east, level), y0: cellY(north, level), y1: cellY(south, level) };
  if ((range.x1 - range.x0 + 1) * (range.y1 - range.y0 + 1) > MAX_CELLS) throw badRequest(ITEM_MSG.bboxTooLarge);
  const { facts, filter: searched } = await mapFacts(db, range, filter, options);
  const cells = await chooseMap(facts).run(db, range, searched, facts);
  const singles = new Set(cells.filter((c) => Number(c.count) === 1 && c.id !== null).slice(0, MAX_SINGLES));
  const clusters = cells
    .filter((c) => !singles.has(c))
    .map((c) => ({ latitude: round5(Number(c.latitude)), longitude: round5(Number(c.longitude)), count: Number(c.count) }));
  // A single item is its id and point, from the cell's sums: its card loads it when opened.
  const items = [...singles]
    .map((c) => ({ id: Number(c.id), latitude: pointOf(c.latitude), longitude: pointOf(c.longitude) }))
    .sort((a, b) => a.id - b.id);
  return { clusters, items };
}
