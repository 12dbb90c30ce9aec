import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { conversations, items, messages } from '../../db/schema.js';
import type { ItemStatus } from '../../../shared/items.js';

/** A transaction, or the database itself: the same queries run in both. */
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface ItemState {
  ownerId: number;
  status: ItemStatus;
  promisedToId: number | null;
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
 * conversation that gets a note counts as updated, so the requester sees it as unread.
 */
export async function noteConversations(
  tx: Tx,
  itemId: number,
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
  await tx
    .insert(messages)
    .values(noted.map((c) => ({ conversationId: c.id, senderId: null, body: (c.requesterId === person ? toPerson : toOthers) as string })));
}
