import { itemVisibleTo } from '../../policies/items.js';
import { and, desc, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
import { items, thanks, users } from '../../db/schema.js';
import { PROFILE_ITEMS_SHOWN, PROFILE_THANKS_SHOWN } from '#shared/people.js';

/**
 * Items given (marked given to someone) by a user, and received by them: one index range each, of
 * the user's taken items (items_user_status_created_idx) and of the items given to them.
 */
export async function handOverCounts(db: Db, userId: number): Promise<{ given: number; received: number }> {
  const [row] = await queryRows<{ given: number; received: number }>(
    db,
    sql`select
          (select count(*)::int from items where user_id = ${userId} and status = 'taken' and promised_to_id is not null) as given,
          (select count(*)::int from items where promised_to_id = ${userId} and status = 'taken') as received`,
  );
  return row ?? { given: 0, received: 0 };
}

/** Thanks a user received, newest first, with the sender's name unless their account is hidden. */
export async function receivedThanks(db: Db, userId: number) {
  const rows = await db
    .select({
      id: thanks.id,
      fromUsername: sql<string | null>`CASE WHEN ${users.isVisible} THEN ${users.username} END`,
      note: thanks.note,
      createdAt: thanks.createdAt,
      itemId: thanks.itemId,
      itemTitle: thanks.itemTitle,
    })
    .from(thanks)
    .innerJoin(users, eq(users.id, thanks.fromUserId))
    .where(eq(thanks.toUserId, userId))
    .orderBy(desc(thanks.createdAt), desc(thanks.id))
    .limit(PROFILE_THANKS_SHOWN);
  const [count] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from thanks where to_user_id = ${userId}`);
  return { rows, count: count?.n ?? 0 };
}

/**
 * A user's offers and wants listed now (available and not past their expiry), newest first: a walk
 * of items_user_status_created_idx in its own order, stopped at PROFILE_ITEMS_SHOWN (migration 0038),
 * however many items the user has.
 */
export async function currentItems(db: Db, userId: number) {
  return db
    .select({ id: items.id, type: items.type, title: items.title, imageUrl: items.imageUrl })
    .from(items)
    .where(
      and(
        eq(items.userId, userId),
        eq(items.status, 'available'),
        sql`(${items.expiresAt} IS NULL OR ${items.expiresAt} > now())`,
        // Hidden ones are left out for everyone: their owner sees them (with the reason) in My items.
        itemVisibleTo(null, 'items'),
      ),
    )
    .orderBy(desc(items.createdAt), desc(items.id))
    .limit(PROFILE_ITEMS_SHOWN);
}

/** The thanks one person gave for one item, if any. */
export async function thanksFor(db: Db, itemId: number, fromUserId: number) {
  const [row] = await db
    .select({ id: thanks.id, note: thanks.note, createdAt: thanks.createdAt, itemId: thanks.itemId, itemTitle: thanks.itemTitle })
    .from(thanks)
    .where(and(eq(thanks.itemId, itemId), eq(thanks.fromUserId, fromUserId)))
    .limit(1);
  return row;
}

/** Records a thanks; false when this person already thanked for this item (the unique index decides). */
export async function insertThanks(
  db: Db,
  values: { itemId: number; itemTitle: string; fromUserId: number; toUserId: number; note: string | null },
): Promise<number | null> {
  const [row] = await db.insert(thanks).values(values).onConflictDoNothing().returning({ id: thanks.id });
  return row?.id ?? null;
}
