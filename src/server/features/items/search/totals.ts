import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../db/client.js';
import { EXACT_COUNT_CAP, ESTIMATE_TTL_MS, RADIUS_EXACT_CAP, REMEMBERED_ABOVE } from './costs.js';
import { earthPoint, type ItemFilter, itemPoint, whereListed, withinRadius } from './filter.js';

/**
 * The page total of a list (docs/decisions/004): exact up to a cap, the planner's estimate above it,
 * the estimate of a circle from its nearest items (docs/decisions/017); large totals remembered a
 * minute per filter. The filter's words must be known (searchWordsOf) when it has search text.
 */

const ESTIMATES_KEPT = 500;

export type Total = { total: number; estimate: boolean };
type Remembered = { at: number; total: Promise<Total> };
// Per database (so test apps never share), per filter: the total being or last worked out.
const estimates = new WeakMap<Db, Map<string, Remembered>>();

/** Forgets the remembered estimates (tests that look at the SQL of a cold request). */
export function forgetEstimates(db: Db): void {
  estimates.delete(db);
}

/**
 * The number of listed items for a filter, without counting a million rows on every request: an
 * exact count up to EXACT_COUNT_CAP (an index scan that stops there), above it the planner's
 * estimate, which is what a person reading "page 1 of 80,000" can use anyway. A total above
 * REMEMBERED_ABOVE (every estimate, and a large exact count) is remembered for ESTIMATE_TTL_MS per
 * filter (the point of a nearest-first list does not change the total), so a busy list pays the
 * count once a minute, not on every request; a smaller total is counted every time. Concurrent
 * requests for the same filter share one computation.
 */
export async function listedTotal(db: Db, filter: ItemFilter): Promise<Total> {
  // Within a radius the point does change the total: it is part of the key then.
  const circle = filter.near && filter.radiusKm !== undefined ? [filter.near.lat, filter.near.lng, filter.radiusKm] : null;
  const key = JSON.stringify([
    filter.text?.toLowerCase() ?? null,
    filter.tag?.toLowerCase() ?? null,
    Boolean(filter.near),
    circle,
    filter.type ?? null,
    // Hidden items count for their owner and the admins only.
    filter.viewer ? (filter.viewer.isAdmin ? 'admin' : filter.viewer.id) : null,
  ]);
  let byFilter = estimates.get(db);
  if (!byFilter) estimates.set(db, (byFilter = new Map<string, Remembered>()));
  const now = Date.now();
  const known = byFilter.get(key);
  if (known && now - known.at < ESTIMATE_TTL_MS) return known.total;
  if (!known && byFilter.size >= ESTIMATES_KEPT) byFilter.delete(byFilter.keys().next().value!);
  const total = countOrEstimate(db, filter);
  const entry = { at: now, total };
  byFilter.set(key, entry);
  const forget = () => {
    if (byFilter.get(key) === entry) byFilter.delete(key);
  };
  total.then((t) => (t.estimate || t.total > REMEMBERED_ABOVE ? undefined : forget()), forget);
  return total;
}

/** The exact number of listed items for a filter, however many (only for a page asked past the end of an estimate). */
export async function exactTotal(db: Db, filter: ItemFilter): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM items i WHERE ${whereListed(filter)}`);
  return Number(row?.n ?? 0);
}

/**
 * The total of a circle: the nearest-first walk of the page (the GiST index, bounded by the box)
 * takes up to RADIUS_EXACT_CAP + 1 items of the circle. Fewer: that is the total. More: as many as
 * the circle holds at the density the walk found around its centre (the items taken over the
 * disc they fill), never more than the items listed with a place at all.
 */
async function countInCircle(db: Db, filter: ItemFilter, near: { lat: number; lng: number }, radiusKm: number): Promise<Total> {
  const centre = earthPoint(near.lat, near.lng);
  const [row] = await queryRows<{ n: number; farthest: number | null }>(
    db,
    sql`SELECT count(*) FILTER (WHERE w.within)::int AS n, max(w.km) FILTER (WHERE w.within) AS farthest FROM (
          SELECT ${withinRadius(near, radiusKm)} AS within, earth_distance(${itemPoint}, ${centre}) / 1000.0 AS km
          FROM items i WHERE ${whereListed(filter, { rowByRow: true, boxOnly: true })}
          ORDER BY ${itemPoint} <-> ${centre} LIMIT ${RADIUS_EXACT_CAP + 1}) AS w`,
  );
  const taken = Number(row?.n ?? 0);
  if (taken <= RADIUS_EXACT_CAP) return { total: taken, estimate: false };
  // Published points share a grid cell's point (a few metres apart): a crowded centre is at least a
  // tenth of the radius wide, so one busy cell does not stand for the whole circle.
  const reach = Math.max(Number(row?.farthest ?? 0), radiusKm / 10);
  const estimated = Math.round(taken * (radiusKm / reach) ** 2);
  const everywhere = await listedTotal(db, { near: filter.near, type: filter.type });
  return { total: Math.max(RADIUS_EXACT_CAP + 1, Math.min(estimated, everywhere.total)), estimate: true };
}

async function countOrEstimate(db: Db, filter: ItemFilter): Promise<Total> {
  if (filter.near && filter.radiusKm !== undefined && !filter.text && !filter.tag) {
    return countInCircle(db, filter, filter.near, filter.radiusKm);
  }
  const where = whereListed(filter);
  // A list without search text or tag counts in the order of the expiry index: a walk of the listed
  // items (partial index) up to the cap, which reads only listed rows however the table's rows lie.
  // Unordered, the planner, seeing most rows listed, preferred a sequential scan stopping at the cap
  // (at a million bench items, since "listed" tests hidden_at, which the index does not hold): fast
  // only while listed rows come first in the table, and a real table holds its oldest, mostly given
  // or expired, items first. Wants keep their own partial indexes (migration 0027).
  const inExpiryOrder = !filter.text && !filter.tag && filter.type !== 'want';
  const [capped] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM items i WHERE ${where}${inExpiryOrder ? sql` ORDER BY i.expires_at` : sql``} LIMIT ${EXACT_COUNT_CAP + 1}) AS capped`,
  );
  const exact = Number(capped?.n ?? 0);
  if (exact <= EXACT_COUNT_CAP) return { total: exact, estimate: false };
  const plan = await queryRows<{ 'QUERY PLAN': unknown }>(
    db,
    sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM items i WHERE ${whereListed(filter, { wordsAlone: true })}`,
  );
  const raw = plan[0]?.['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: { 'Plan Rows': number } }>;
  const estimated = Math.round(parsed[0]?.Plan['Plan Rows'] ?? 0);
  return { total: Math.max(estimated, EXACT_COUNT_CAP + 1), estimate: true };
}
