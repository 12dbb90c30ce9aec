import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client.js';
import { type ListedRow, whereListed, withinRadius } from '../filter.js';
import { type ListRequest, nearestTo, pageColumns, walkOrder, withOwners } from './page.js';

/**
 * Nearest first by the cube index's KNN walk (items_location_gist, or items_wants_location_gist for
 * wants), in the sphere's own order; within a radius bounded by its box (an index condition of the
 * GiST scan), then the exact test. The items within the radius are a prefix of that walk, so testing
 * after LIMIT/OFFSET pages exactly as testing before would; and the planner, counting only on the
 * box's estimate, keeps walking the index instead of collecting the whole box to sort it
 * (docs/decisions/017). `gate`: a further condition (nearest-page.ts).
 */
export function cubeWalk(r: ListRequest, near: { lat: number; lng: number }, gate = sql``): SQL {
  const { filter, limit, offset } = r;
  const within = filter.radiusKm !== undefined ? withinRadius(near, filter.radiusKm) : sql`TRUE`;
  return sql`SELECT * FROM (
      SELECT ${pageColumns(r)}, ${within} AS within FROM items i
       WHERE ${whereListed(filter, { rowByRow: true, boxOnly: true })}${gate}
       ORDER BY ${walkOrder(r)} LIMIT ${limit} OFFSET ${offset}) AS walked
    WHERE walked.within`;
}

/**
 * Nearest first within a radius, for a search or for wants: the cube walk above. Chosen when the
 * planar nearest page does not apply (a search, or wants, which have their own small cube index)
 * and a search's matches are not read first (an exact total above FEW_MATCHES: within a radius the
 * density of the whole list says nothing about the circle, so only the fixed line applies).
 */
export function radiusWalk(db: Db, r: ListRequest): Promise<ListedRow[]> {
  return withOwners(db, r, sql`page AS (${cubeWalk(r, nearestTo(r)!)})`);
}
