import { itemVisibleTo } from '../../policies/items.js';
import { type SQL, and, asc, eq, isNull, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
import { alertMatchJobs, alertTold, savedAlerts } from '../../db/schema.js';
import { searchTextMatches } from '../items/search-text.js';

export type AlertRow = typeof savedAlerts.$inferSelect;
export type AlertValues = Pick<typeof savedAlerts.$inferInsert, 'query' | 'tag' | 'latitude' | 'longitude' | 'radiusM'>;

/** A user's alerts, oldest first (by saved_alerts_user_id_idx). */
export const selectAlerts = (db: Db, userId: number): Promise<AlertRow[]> =>
  db.select().from(savedAlerts).where(eq(savedAlerts.userId, userId)).orderBy(asc(savedAlerts.id));

/** One of the user's own alerts; anyone else's is not found. */
export async function selectOwnAlert(db: Db, id: number, userId: number): Promise<AlertRow | undefined> {
  const [row] = await db
    .select()
    .from(savedAlerts)
    .where(and(eq(savedAlerts.id, id), eq(savedAlerts.userId, userId)))
    .limit(1);
  return row;
}

/** The alerts a user keeps, as withinTotal counts them (ALERT_LIMIT). */
export const alertsKept = { table: savedAlerts, owner: savedAlerts.userId };

export async function insertAlert(db: Db, userId: number, values: AlertValues): Promise<number> {
  const [row] = await db
    .insert(savedAlerts)
    .values({ userId, ...values })
    .returning({ id: savedAlerts.id });
  return row!.id;
}

/** Changes one of the user's own alerts; answers whether there was one. */
export async function updateOwnAlert(
  db: Db,
  id: number,
  userId: number,
  values: Partial<AlertValues> & { paused?: boolean },
): Promise<boolean> {
  const rows = await db
    .update(savedAlerts)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(savedAlerts.id, id), eq(savedAlerts.userId, userId)))
    .returning({ id: savedAlerts.id });
  return rows.length > 0;
}

/** Deletes one of the user's own alerts; answers whether there was one. */
export async function deleteOwnAlert(db: Db, id: number, userId: number): Promise<boolean> {
  const rows = await db
    .delete(savedAlerts)
    .where(and(eq(savedAlerts.id, id), eq(savedAlerts.userId, userId)))
    .returning({ id: savedAlerts.id });
  return rows.length > 0;
}

/** A saved alert an item matched, and whose it is. */
export type AlertMatch = { alertId: number; userId: number };

// The circle of an alert with a place, exactly as saved_alerts_circle_gist indexes it.
const circle = sql`earth_box(ll_to_earth(a.latitude, a.longitude), a.radius_m::float8)`;
const centre = sql`ll_to_earth(a.latitude, a.longitude)`;
const columns = sql`a.id, a.user_id, a.query, a.tag`;

/**
 * The alerts an item matches (docs/decisions/016-saved-alerts.md), read through the three partial
 * indexes of migration 0020, one per kind of alert, so that only candidates are read:
 * - with a place: the bounding cube of the circle holds the item's published point (GiST), then
 *   the exact distance;
 * - without a place, with a tag: the tag is one of the item's (btree on lower(tag));
 * - text alone: the text's key is one of the item's pieces (btree on alert_text_key(query)).
 * Every candidate is then tested as the list search tests an item: the tag, and the text by the
 * list's own rule (searchTextMatches). Never the poster's own alerts, nor paused ones, nor those of
 * an account marked for deletion, nor across a block either way.
 */
export async function selectAlertsMatchingItem(db: Db, itemId: number): Promise<AlertMatch[]> {
  const rows = await queryRows<{ alert_id: number; user_id: number }>(db, alertsMatchingItemQuery(itemId));
  return rows.map((r) => ({ alertId: Number(r.alert_id), userId: Number(r.user_id) }));
}

/** The SQL of selectAlertsMatchingItem (its EXPLAIN is tested, and measured by the bench). */
export function alertsMatchingItemQuery(itemId: number): SQL {
  return sql`WITH item AS MATERIALIZED (
          SELECT i.user_id, i.title, i.description, i.tags_lower,
                 CASE WHEN i.approx_latitude IS NOT NULL
                      THEN ll_to_earth(i.approx_latitude::float8, i.approx_longitude::float8) END AS point,
                 alert_text_keys(i.title || E'\\n' || i.description || E'\\n' || array_to_string(i.tags, E'\\n')) AS text_keys
          FROM items i WHERE i.id = ${itemId} AND ${itemVisibleTo(null, 'i')}
        ),
        candidates AS (
          SELECT ${columns} FROM item, saved_alerts a
          WHERE a.latitude IS NOT NULL AND NOT a.paused AND ${circle} @> item.point
            AND earth_distance(${centre}, item.point) <= a.radius_m
          UNION ALL
          SELECT ${columns} FROM item, saved_alerts a
          WHERE a.latitude IS NULL AND a.tag IS NOT NULL AND NOT a.paused AND lower(a.tag) = ANY(item.tags_lower)
          UNION ALL
          SELECT ${columns} FROM item, saved_alerts a
          WHERE a.latitude IS NULL AND a.tag IS NULL AND NOT a.paused AND alert_text_key(a.query) = ANY(item.text_keys)
        )
        SELECT c.id AS alert_id, c.user_id
        FROM candidates c CROSS JOIN item JOIN users u ON u.id = c.user_id
        WHERE c.user_id <> item.user_id AND NOT u.marked_for_deletion
          AND (c.tag IS NULL OR item.tags_lower @> ARRAY[lower(c.tag)]::text[])
          AND (c.query IS NULL OR ${searchTextMatches(
            { title: sql`item.title`, description: sql`item.description`, tagsLower: sql`item.tags_lower` },
            sql`c.query`,
          )})
          AND NOT EXISTS (SELECT 1 FROM user_blocks b WHERE b.blocker_id = c.user_id AND b.blocked_id = item.user_id)
          AND NOT EXISTS (SELECT 1 FROM user_blocks b WHERE b.blocker_id = item.user_id AND b.blocked_id = c.user_id)
        ORDER BY c.id`;
}

// ---- Posted items waiting to be matched (alert_match_jobs) --------------------------------------

/**
 * Queues an item for matching, in the transaction that posts or edits it. An item already queued
 * stays queued once, due now, its attempts counted afresh (an edit may mend what failed).
 */
export async function insertMatchJob(tx: Db, itemId: number): Promise<void> {
  await tx
    .insert(alertMatchJobs)
    .values({ itemId })
    .onConflictDoUpdate({
      target: alertMatchJobs.itemId,
      set: { attempts: 0, nextAttemptAt: sql`now()`, failedAt: null, lastError: null },
    });
}

/** Of these people, those not yet told of the item by their alerts; they are marked told (one statement). */
export async function markTold(tx: Db, itemId: number, userIds: number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await tx
    .insert(alertTold)
    .values(userIds.map((userId) => ({ itemId, userId })))
    .onConflictDoNothing()
    .returning({ userId: alertTold.userId });
  return rows.map((r) => r.userId);
}

/** Who posted the item (undefined once it is gone). */
export async function itemPoster(db: Db, itemId: number): Promise<number | undefined> {
  const [row] = await queryRows<{ user_id: number }>(db, sql`SELECT user_id FROM items WHERE id = ${itemId}`);
  return row === undefined ? undefined : Number(row.user_id);
}

/** Claims due jobs, oldest first, skipping those another process holds. */
export async function claimMatchJobs(tx: Db, limit: number): Promise<{ itemId: number; attempts: number }[]> {
  return tx
    .select({ itemId: alertMatchJobs.itemId, attempts: alertMatchJobs.attempts })
    .from(alertMatchJobs)
    .where(and(isNull(alertMatchJobs.failedAt), sql`${alertMatchJobs.nextAttemptAt} <= now()`))
    .orderBy(alertMatchJobs.nextAttemptAt, alertMatchJobs.itemId)
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function deleteMatchJob(tx: Db, itemId: number): Promise<void> {
  await tx.delete(alertMatchJobs).where(eq(alertMatchJobs.itemId, itemId));
}

/** A job whose matching failed: tried again after `retryInMs`, or given up (kept, visible) when `giveUp`. */
export async function recordMatchJobFailure(tx: Db, itemId: number, error: string, retryInMs: number, giveUp: boolean): Promise<void> {
  await tx
    .update(alertMatchJobs)
    .set({
      attempts: sql`${alertMatchJobs.attempts} + 1`,
      lastError: error,
      nextAttemptAt: sql`now() + make_interval(secs => ${retryInMs / 1000})`,
      failedAt: giveUp ? sql`now()` : null,
    })
    .where(eq(alertMatchJobs.itemId, itemId));
}
