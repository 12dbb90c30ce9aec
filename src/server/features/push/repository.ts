import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
import { pushSubscriptions } from '../../db/schema.js';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/**
 * Keeps a device's subscription for this user: their own endpoint again takes the new keys. An
 * endpoint another account holds is left as it is, and the answer is false: one account's device
 * is never handed to another (the browser makes a new subscription instead, features/push/service.ts).
 * Past `max` devices the oldest go.
 */
export async function upsertSubscription(
  db: Db,
  userId: number,
  s: { endpoint: string; p256dh: string; auth: string },
  max: number,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    // The unique endpoint decides, also between two accounts subscribing it at the same moment.
    const kept = await tx
      .insert(pushSubscriptions)
      .values({ userId, ...s })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { p256dh: s.p256dh, auth: s.auth, createdAt: sql`now()` },
        setWhere: eq(pushSubscriptions.userId, userId),
      })
      .returning({ id: pushSubscriptions.id });
    if (kept.length === 0) return false;
    await queryRows(
      tx,
      sql`DELETE FROM push_subscriptions WHERE id IN (
            SELECT id FROM push_subscriptions WHERE user_id = ${userId} ORDER BY created_at DESC, id DESC OFFSET ${max})`,
    );
    return true;
  });
}

/** Removes one of the user's own subscriptions; answers whether there was one. */
export async function deleteOwnSubscription(db: Db, userId: number, endpoint: string): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

/** The user's devices, oldest first. */
export const selectSubscriptions = (db: Db, userId: number): Promise<PushSubscriptionRow[]> =>
  db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).orderBy(asc(pushSubscriptions.id));

export async function hasSubscription(db: Db, userId: number): Promise<boolean> {
  const [row] = await db.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).limit(1);
  return row !== undefined;
}

/** Subscriptions the push service said are gone. */
export async function deleteSubscriptions(db: Db, ids: number[]): Promise<void> {
  if (ids.length > 0) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, ids));
}
