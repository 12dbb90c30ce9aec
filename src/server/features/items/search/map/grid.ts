import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../../db/client.js';
import { round5 } from '../../location.js';

// The Map view's grid (docs/decisions/021-map-clusters.md). The clusters of map zoom z are the Web
// Mercator cells of level z + 2 (64 px wide on the screen); the cell of a point is one SQL
// definition, map_cell_x / map_cell_y (migration 0029), which cellX and cellY compute the same way.

/**
 * A one-item cell's coordinate, from its running sum: back on the column's 8-decimal grid (numeric(10,
 * 8)), whose float is what the item's own page reads, before the rounding every answer gives. The
 * sum's float error (the cell's past additions and subtractions) could otherwise tip a point lying
 * on a half of the fifth decimal the other way.
 */
export const pointOf = (sum: number | string) => round5(Math.round(Number(sum) * 1e8) / 1e8);

/** The grid levels item_map_cells holds (migration 0035: generate_series(2, 21), up to the map's deepest zoom, 19). */
const STORED_LEVEL_MIN = 2;
export const STORED_LEVEL_MAX = 21;
/** The most cells one request may cover: a 4K screen at 64 px a cell is about 2,000. */
export const MAX_CELLS = 4_096;
/** The most single items one answer carries; cells of one item beyond this stay clusters of 1. */
export const MAX_SINGLES = 300;

/** The grid level of the clusters of a map zoom. */
export const levelOfZoom = (zoom: number) => Math.max(STORED_LEVEL_MIN, zoom + 2);

const MERCATOR_MAX_LAT = 85.0511287798;
const clampCell = (v: number, level: number) => Math.min(Math.max(v, 0), 2 ** level - 1);
/** The cell column of a longitude (as map_cell_x of migration 0029). */
export const cellX = (lng: number, level: number) => clampCell(Math.floor(((lng + 180) / 360) * 2 ** level), level);
/** The cell row of a latitude, from the north (as map_cell_y of migration 0029). */
export function cellY(lat: number, level: number): number {
  const l = (Math.min(Math.max(lat, -MERCATOR_MAX_LAT), MERCATOR_MAX_LAT) * Math.PI) / 180;
  return clampCell(Math.floor(((1 - Math.asinh(Math.tan(l)) / Math.PI) / 2) * 2 ** level), level);
}
const westOf = (x: number, level: number) => (x / 2 ** level) * 360 - 180;
const northOf = (y: number, level: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / 2 ** level))) * 180) / Math.PI;

export interface CellRange {
  level: number;
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

/**
 * The stored cells of the range, read by the key (level, x, y): one descent per column (`x IN`, an
 * `= ANY` the index answers), each reading only its rows y0..y1. A range test on x reads every cell
 * of the columns, at every latitude: thousands of cells north and south of a city view at ten
 * million items, against the few hundred it shows (docs/decisions/032).
 */
export function cellsOfRange(r: CellRange): SQL {
  // The columns as values, not a subquery: the planner then knows how many descents it makes.
  const columns = Array.from({ length: r.x1 - r.x0 + 1 }, (_, i) => sql`${r.x0 + i}::int`);
  return sql`c.level = ${r.level}::smallint AND c.x IN (${sql.join(columns, sql`, `)}) AND c.y BETWEEN ${r.y0}::int AND ${r.y1}::int`;
}

/** The area the cells cover, a little larger (rounding): what the index is asked for. */
export function boundsOf(r: CellRange) {
  const pad = 1e-7;
  return {
    west: Math.max(-180, westOf(r.x0, r.level) - pad),
    east: Math.min(180, westOf(r.x1 + 1, r.level) + pad),
    north: r.y0 === 0 ? 90 : Math.min(90, northOf(r.y0, r.level) + pad),
    south: r.y1 === 2 ** r.level - 1 ? -90 : Math.max(-90, northOf(r.y1 + 1, r.level) - pad),
  };
}

// earthdistance's sphere (earth() = 6378168 m): the cube around a latitude/longitude box, which the
// GiST indexes of ll_to_earth(published point) answer (as earth_box does for a radius).
const EARTH_M = 6378168;
const rad = Math.PI / 180;

/** The range of cos (or sin) over an interval of angles in degrees. */
function rangeOf(f: (d: number) => number, from: number, to: number, peaks: number[]): [number, number] {
  const values = [f(from), f(to), ...peaks.filter((p) => p > from && p < to).map(f)];
  return [Math.min(...values), Math.max(...values)];
}

/** The smallest axis-aligned cube of earth coordinates holding every point of the box. */
export function cubeOf(b: { west: number; east: number; south: number; north: number }): SQL {
  const [cosLat0, cosLat1] = rangeOf((d) => Math.cos(d * rad), b.south, b.north, [0]);
  const [cosLng0, cosLng1] = rangeOf((d) => Math.cos(d * rad), b.west, b.east, [0]);
  const [sinLng0, sinLng1] = rangeOf((d) => Math.sin(d * rad), b.west, b.east, [-90, 90]);
  const span = (lo: number, hi: number) => [Math.min(lo * cosLat0, lo * cosLat1), Math.max(hi * cosLat0, hi * cosLat1)];
  const [x0, x1] = span(cosLng0, cosLng1).map((v) => v * EARTH_M) as [number, number];
  const [y0, y1] = span(sinLng0, sinLng1).map((v) => v * EARTH_M) as [number, number];
  const z0 = Math.sin(b.south * rad) * EARTH_M;
  const z1 = Math.sin(b.north * rad) * EARTH_M;
  const m = 1; // a metre of slack for rounding
  return sql`cube(ARRAY[${x0 - m}::float8, ${y0 - m}::float8, ${z0 - m}::float8], ARRAY[${x1 + m}::float8, ${y1 + m}::float8, ${z1 + m}::float8])`;
}

export const itemPoint = sql`ll_to_earth(i.approx_latitude::float8, i.approx_longitude::float8)`;
export const lat = sql`i.approx_latitude::float8`;
export const lng = sql`i.approx_longitude::float8`;

export interface CellRow {
  x: number;
  y: number;
  count: number;
  latitude: number;
  longitude: number;
  /** The item of a one-item cell. */
  id: number | null;
}

/**
 * The cells of the area grouped at request time from the rows that pass `matching` (the list's own
 * filter, whereListed, in the form a map strategy chose) inside the cells' range. Its cost grows
 * with the matching rows in the area.
 */
export function groupedCells(db: Db, r: CellRange, matching: SQL): Promise<CellRow[]> {
  const g = sql`${r.level}::int`;
  return queryRows<CellRow>(
    db,
    sql`SELECT x, y, count(*)::int AS count, avg(la) AS latitude, avg(ln) AS longitude,
               CASE WHEN count(*) = 1 THEN min(id) END AS id
          FROM (
            SELECT i.id, ${lat} AS la, ${lng} AS ln, map_cell_x(${lng}, ${g}) AS x, map_cell_y(${lat}, ${g}) AS y
              FROM items i
             WHERE item_on_map(i) AND ${matching}
          ) AS p
         WHERE x BETWEEN ${r.x0}::int AND ${r.x1}::int AND y BETWEEN ${r.y0}::int AND ${r.y1}::int
         GROUP BY x, y`,
  );
}

/**
 * How many listed items with a place the area's cells hold (item_map_cells, at most MAX_CELLS rows
 * read by the key): what a search grouped at request time would read.
 */
export async function itemsInArea(db: Db, r: CellRange): Promise<number> {
  const [row] = await queryRows<{ n: number | null }>(
    db,
    sql`SELECT sum(c.count)::float8 AS n FROM item_map_cells c WHERE ${cellsOfRange(r)}`,
  );
  return Number(row?.n ?? 0);
}
