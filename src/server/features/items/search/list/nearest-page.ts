import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client.js';
import { earthPoint, type ListedRow, whereListed, withinRadius } from '../filter.js';
import { cubeWalk } from './cube-walk.js';
import { type ListRequest, nearestTo, pageColumns, withOwners } from './page.js';

/** The published point as items_location_point_gist holds it (migration 0036): longitude, latitude in degrees. */
const planarPoint = sql`point(i.approx_longitude::float8, i.approx_latitude::float8)`;

/**
 * Beyond this reach (metres) nearest first walks the cube index instead of reading the planar
 * index's box: where the nearest items are this far, few items are around, which is where that walk
 * is cheap, and the box would be wide (docs/decisions/031).
 */
const PLANAR_REACH_M = 10_000;

/**
 * Nearest first without search text or tag, for offers or everything (wants keep their own small
 * cube index), within a radius or not. Chosen for every such list: the cube index degenerates where
 * points crowd and its walk grew with the item count, the planar index of published points does not
 * (docs/decisions/030 and 031). One statement:
 * 1. `cand`: the offset + limit listed items nearest in degrees, the index's own order (an
 *    index-only walk of a few pages);
 * 2. `reach`: the farthest great-circle distance among them. The page's items are no farther,
 *    since that many listed items are at most that far (within a radius: at most the radius);
 * 3. every listed item in the box of that circle (sphere_box, read through the same index), sorted
 *    by great-circle distance and key.
 * When the reach is above PLANAR_REACH_M, the cube index's walk (cube-walk.ts) serves the page
 * instead: each branch is gated by the reach, so only one runs. No listed item: no reach, no rows.
 */
export function nearestPage(db: Db, r: ListRequest): Promise<ListedRow[]> {
  return withOwners(db, r, nearestPageSql(r, nearestTo(r)!));
}

function nearestPageSql(r: ListRequest, near: { lat: number; lng: number }): SQL {
  const { filter, limit, offset } = r;
  const listed = whereListed({ ...filter, radiusKm: undefined }, { rowByRow: true });
  const radiusM = filter.radiusKm !== undefined ? sql`${filter.radiusKm * 1000}::float8` : undefined;
  const box = (metres: SQL) => sql`sphere_box(${near.lat}::float8, ${near.lng}::float8, ${metres})`;
  const farthest = sql`max(earth_distance(ll_to_earth(c.lat, c.lng), ${earthPoint(near.lat, near.lng)}))`;
  const reach = sql`(SELECT r.m FROM reach r)`;
  return sql`cand AS MATERIALIZED (
      SELECT i.approx_latitude::float8 AS lat, i.approx_longitude::float8 AS lng FROM items i
       WHERE ${listed}${radiusM ? sql` AND ${planarPoint} <@ ${box(radiusM)}` : sql``}
       ORDER BY ${planarPoint} <-> point(${near.lng}::float8, ${near.lat}::float8) LIMIT ${offset + limit}),
    reach AS (SELECT ${radiusM ? sql`least(${farthest}, ${radiusM})` : farthest} AS m FROM cand c),
    page AS (
      SELECT * FROM (
        SELECT ${pageColumns(r)}, TRUE AS within FROM items i
         WHERE ${listed} AND ${planarPoint} <@ (SELECT ${box(sql`r.m`)} FROM reach r)
           ${filter.radiusKm !== undefined ? sql`AND ${withinRadius(near, filter.radiusKm)}` : sql``}
           AND ${reach} <= ${PLANAR_REACH_M}::float8
         ORDER BY distance_km, i.id LIMIT ${limit} OFFSET ${offset}) AS boxed
      UNION ALL
      ${cubeWalk(r, near, sql` AND ${reach} > ${PLANAR_REACH_M}::float8`)})`;
}
