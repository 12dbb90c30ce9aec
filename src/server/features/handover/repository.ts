import { and, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
import { conversations, items, messages } from '../../db/schema.js';
import type { ItemStatus } from '#shared/items.js';
import { HANDOVER_MSG } from '#shared/conversation-rules.js';
import type { NotificationType } from '#shared/notification-rules.js';
import { enqueue } from '../notifications/outbox.js';

/**
 * The notes that are notifications too: promised to you, withdrawn from you, promised to someone
 * else, given to someone else (two kinds: who was told of the promise hears of the hand-over anew).
 */
const NOTIFIED_NOTES = new Map<string, NotificationType>([
  [HANDOVER_MSG.promisedToYou, 'item_promised'],
  [HANDOVER_MSG.withdrawnFromYou, 'promise_withdrawn'],
  [HANDOVER_MSG.promisedToOther, 'item_gone'],
  [HANDOVER_MSG.goneToOther, 'item_given_elsewhere'],
]);

/** A transaction, or the database itself: the same queries run in both. */
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface ItemState {
  ownerId: number;
  status: ItemStatus;
  promisedToId: number | null;
  /** A want has no promise or hand-over (docs/decisions/023-offers-and-wants.md). */
  type: 'offer' | 'want';
  /** Available but past its expiry (the hourly sweep has not marked it yet). */
  lapsed: boolean;
}

/** The item's state, locked until the transaction ends, so two changes of it cannot interleave. */
export async function lockItem(tx: Tx, itemId: number): Promise<ItemState | undefined> {
  const [row] = await tx
    .select({
      ownerId: items.userId,
      status: items.status,
      promisedToId: items.promisedToId,
      type: items.type,
      lapsed: sql<boolean>`(${items.expiresAt} IS NOT NULL AND ${items.expiresAt} <= now())`,
    })
    .from(items)
    .where(eq(items.id, itemId))
    .for('update');
  return row;
}

export async function setItemState(tx: Tx, itemId: number, status: ItemStatus, promisedToId: number | null): Promise<void> {
  await tx
    .update(items)
    .set({ status, promisedToId, updatedAt: sql`now()` })
    .where(eq(items.id, itemId));
}

/**
 * Writes the app's note into every conversation about the item: `toPerson` into the one with
 * `person` (if any), `toOthers` into all the others (either may be null: nothing there). Each
 * conversation that gets a note counts as updated, so the requester sees it as unread. Promises to
 * them, their withdrawal and the item going to someone else are notifications too (from the owner).
 */
export async function noteConversations(
  tx: Tx,
  itemId: number,
  ownerId: number,
  person: number | null,
  toPerson: string | null,
  toOthers: string | null,
): Promise<void> {
  const bodyFor = sql`CASE WHEN ${conversations.requesterId} = ${person ?? 0} THEN ${toPerson}::text ELSE ${toOthers}::text END`;
  const noted = await tx
    .update(conversations)
    .set({ updatedAt: sql`greatest(${conversations.updatedAt}, now())` })
    .where(and(eq(conversations.itemId, itemId), sql`${bodyFor} IS NOT NULL`))
    .returning({ id: conversations.id, requesterId: conversations.requesterId });
  if (noted.length === 0) return;
  const told = noted.map((c) => ({ ...c, body: (c.requesterId === person ? toPerson : toOthers) as string }));
  await tx.insert(messages).values(told.map((c) => ({ conversationId: c.id, senderId: null, body: c.body })));
  await enqueue(
    tx,
    told.flatMap((c) => {
      const type = NOTIFIED_NOTES.get(c.body);
      return type ? [{ type, recipientId: c.requesterId, actorId: ownerId, itemId, conversationId: c.id }] : [];
    }),
  );
}

/**
 * Who hears of a change of the item live: its owner and everyone who asked about it, but no one
 * on either side of a block with the owner (a block must not leak through live updates).
 */
export async function itemAudience(tx: Tx, itemId: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`SELECT user_id AS id FROM items WHERE id = ${itemId}
        UNION
        SELECT c.requester_id FROM conversations c
         WHERE c.item_id = ${itemId}
           AND NOT EXISTS (SELECT 1 FROM user_blocks b
                            WHERE (b.blocker_id = c.owner_id AND b.blocked_id = c.requester_id)
                               OR (b.blocker_id = c.requester_id AND b.blocked_id = c.owner_id))`,
  );
  return rows.map((r) => Number(r.id));
}
