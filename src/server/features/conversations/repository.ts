import { itemVisibleTo } from '../../policies/items.js';
import { type SQL, and, desc, eq, or, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
import { conversations, items, messages, userBlocks } from '../../db/schema.js';
import { publish } from '../../plugins/live.js';
import { enqueue } from '../notifications/outbox.js';

/** Messages a conversation page shows: the newest ones, so a long exchange stays one cheap query. */
const MESSAGES_SHOWN_MAX = 500;
/** Conversations the messages page lists (newest activity first); the contract has no paging yet. */
const CONVERSATIONS_LISTED_MAX = 500;

export type Role = 'owner' | 'requester';

/** Whether one of two users has blocked the other: both directions are ranges of the pair's unique index. */
export async function isBlocked(db: Db, a: number, b: number): Promise<boolean> {
  const rows = await db
    .select({ id: userBlocks.id })
    .from(userBlocks)
    .where(or(and(eq(userBlocks.blockerId, a), eq(userBlocks.blockedId, b)), and(eq(userBlocks.blockerId, b), eq(userBlocks.blockedId, a))))
    .limit(1);
  return rows.length > 0;
}

/** What writing about an item needs to know of it; `available` = offered and not past its expiry. */
export async function selectItemForMessage(db: Db, itemId: number): Promise<{ ownerId: number; available: boolean } | undefined> {
  const [row] = await db
    .select({
      ownerId: items.userId,
      available: sql<boolean>`(${items.status} = 'available' AND (${items.expiresAt} IS NULL OR ${items.expiresAt} > now()))`,
    })
    .from(items)
    // A hidden item takes no new conversations: nobody but its owner and the admins knows it exists.
    .where(and(eq(items.id, itemId), itemVisibleTo(null, 'items')))
    .limit(1);
  return row;
}

/** The two sides of a conversation, if the user is one of them (nobody else may know it exists). */
export async function selectParticipants(
  db: Db,
  id: number,
  me: number,
): Promise<{ itemId: number; ownerId: number; requesterId: number } | undefined> {
  const [row] = await db
    .select({ itemId: conversations.itemId, ownerId: conversations.ownerId, requesterId: conversations.requesterId })
    .from(conversations)
    .where(and(eq(conversations.id, id), or(eq(conversations.ownerId, me), eq(conversations.requesterId, me))))
    .limit(1);
  return row;
}

// Concurrent writers each use their own transaction's now(): the last message time never goes back.
const touched = sql`greatest(${conversations.updatedAt}, now())`;

/**
 * Adds the requester's message to their conversation about the item, opening it first if need be.
 * The unique index on (item, requester) decides between racing first messages: both land in one
 * conversation. The sender has read everything up to their own message.
 */
export async function insertMessageAboutItem(db: Db, itemId: number, ownerId: number, requesterId: number, body: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [conversation] = await tx
      .insert(conversations)
      .values({ itemId, ownerId, requesterId, requesterLastReadAt: sql`now()` })
      .onConflictDoUpdate({
        target: [conversations.itemId, conversations.requesterId],
        set: { updatedAt: touched, requesterLastReadAt: sql`now()` },
      })
      .returning({ id: conversations.id, opened: sql<boolean>`(xmax = 0)` });
    const id = conversation!.id;
    const [message] = await tx.insert(messages).values({ conversationId: id, senderId: requesterId, body }).returning({ id: messages.id });
    // Both sides' open pages hear of it when it commits (the sender's other tabs too).
    await publish(tx, [ownerId, requesterId], 'message', { conversationId: id, messageId: message!.id });
    // The owner hears of the item's first question as such, of later ones as messages. Opening
    // conversations about one item take turns on its row (NO KEY UPDATE: no deadlock with the key
    // share lock of the insert), so racing first questions cannot both be the first.
    let first = false;
    if (conversation!.opened) {
      await tx.execute(sql`SELECT 1 FROM items WHERE id = ${itemId} FOR NO KEY UPDATE`);
      const [{ others } = { others: 0 }] = await tx
        .select({ others: sql<number>`count(*)::int` })
        .from(conversations)
        .where(and(eq(conversations.itemId, itemId), sql`${conversations.id} <> ${id}`));
      first = Number(others) === 0;
    }
    const about = { recipientId: ownerId, actorId: requesterId, itemId, conversationId: id };
    await enqueue(tx, [{ type: first ? 'item_asked' : 'message', ...about }]);
    return id;
  });
}

export type MessageRow = typeof messages.$inferSelect;

/**
 * Adds a reply from one side; answers undefined when the conversation is gone. Updating the
 * conversation first locks it, so a concurrent item deletion cannot leave the message dangling.
 */
export async function insertReply(
  db: Db,
  conversationId: number,
  senderId: number,
  role: Role,
  body: string,
): Promise<MessageRow | undefined> {
  return db.transaction(async (tx) => {
    const readColumn = role === 'owner' ? { ownerLastReadAt: sql`now()` } : { requesterLastReadAt: sql`now()` };
    const updated = await tx
      .update(conversations)
      .set({ updatedAt: touched, ...readColumn })
      .where(eq(conversations.id, conversationId))
      .returning({
        id: conversations.id,
        itemId: conversations.itemId,
        ownerId: conversations.ownerId,
        requesterId: conversations.requesterId,
      });
    const [conversation] = updated;
    if (!conversation) return undefined;
    const [message] = await tx.insert(messages).values({ conversationId, senderId, body }).returning();
    await publish(tx, [conversation.ownerId, conversation.requesterId], 'message', { conversationId, messageId: message!.id });
    const recipientId = role === 'owner' ? conversation.requesterId : conversation.ownerId;
    await enqueue(tx, [{ type: 'message', recipientId, actorId: senderId, itemId: conversation.itemId, conversationId }]);
    return message;
  });
}

const ownerReadAt = sql`coalesce(${conversations.ownerLastReadAt}, '-infinity'::timestamptz)`;
const requesterReadAt = sql`coalesce(${conversations.requesterLastReadAt}, '-infinity'::timestamptz)`;

/**
 * Marks a conversation read for one of its sides (true when it was not). Only when something arrived since the last read:
 * an open conversation page polls, and polling should not write a row every few seconds.
 */
export async function markRead(db: Db, id: number, me: number): Promise<boolean> {
  const marked = await db
    .update(conversations)
    .set({
      ownerLastReadAt: sql`CASE WHEN ${conversations.ownerId} = ${me} THEN now() ELSE ${conversations.ownerLastReadAt} END`,
      requesterLastReadAt: sql`CASE WHEN ${conversations.requesterId} = ${me} THEN now() ELSE ${conversations.requesterLastReadAt} END`,
    })
    .where(
      and(
        eq(conversations.id, id),
        or(
          and(eq(conversations.ownerId, me), sql`${conversations.updatedAt} > ${ownerReadAt}`),
          and(eq(conversations.requesterId, me), sql`${conversations.updatedAt} > ${requesterReadAt}`),
        ),
      ),
    )
    .returning({ id: conversations.id });
  return marked.length > 0;
}

/** The newest messages of a conversation (at most MESSAGES_SHOWN_MAX), oldest first. */
export async function selectMessages(db: Db, conversationId: number): Promise<MessageRow[]> {
  const rows = await db
    .select()
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(desc(messages.id))
    .limit(MESSAGES_SHOWN_MAX);
  return rows.reverse();
}

export interface SummaryRow {
  id: number;
  role: Role;
  updated_at: string;
  item_id: number;
  item_title: string;
  item_image_url: string;
  item_status: string;
  item_type: 'offer' | 'want';
  promised_here: boolean;
  other_id: number;
  other_username: string;
  last_id: number | null;
  last_sender_id: number | null;
  last_body: string | null;
  last_created_at: string | null;
  unread: number;
}

// Raw rows carry timestamps in each driver's own text form; ISO 8601 in UTC (milliseconds) from SQL is the same on both.
const iso = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * My conversations from both sides, newest activity first: as owner (one per requester of each of
 * my items) and as requester. Each side is a range of its (user, updated_at desc) index, so the
 * `DESC NULLS LAST` matches the index as drizzle declares it.
 */
function mySides(me: number, only?: number): SQL {
  const one = only === undefined ? sql`` : sql` AND id = ${only}`;
  return sql`
    SELECT id, item_id, updated_at, 'owner'::text AS role, requester_id AS other_id, requester_id,
           coalesce(owner_last_read_at, '-infinity'::timestamptz) AS read_at
      FROM conversations WHERE owner_id = ${me}${one}
    UNION ALL
    SELECT id, item_id, updated_at, 'requester'::text, owner_id, requester_id,
           coalesce(requester_last_read_at, '-infinity'::timestamptz)
      FROM conversations WHERE requester_id = ${me}${one}`;
}

/**
 * Which messages of a conversation (`m`, seen from side `c`) count as waiting for me: the other
 * side's, and the app's notes (sender none) on the requester's side only, since the owner's own
 * change of the item wrote them.
 */
const waitingFor = (me: number) => sql`(m.sender_id <> ${me} OR (m.sender_id IS NULL AND c.role = 'requester'))`;

/**
 * Summaries of my conversations (or of one of them): the item, the other person, the last message
 * and how many messages not from me arrived after my last read (counted only where something did).
 */
export async function selectSummaries(db: Db, me: number, only?: number): Promise<SummaryRow[]> {
  return queryRows<SummaryRow>(
    db,
    sql`SELECT c.id, c.role, ${iso(sql`c.updated_at`)} AS updated_at,
               i.id AS item_id, i.title AS item_title, i.image_url AS item_image_url, i.type AS item_type,
               (i.promised_to_id IS NOT NULL AND i.promised_to_id = c.requester_id) AS promised_here,
               CASE WHEN i.status = 'available' AND i.expires_at <= now() THEN 'expired' ELSE i.status END AS item_status,
               o.id AS other_id, o.username AS other_username,
               lm.id AS last_id, lm.sender_id AS last_sender_id, lm.body AS last_body, ${iso(sql`lm.created_at`)} AS last_created_at,
               CASE WHEN c.updated_at > c.read_at THEN (
                 SELECT count(*)::int FROM messages m
                  WHERE m.conversation_id = c.id AND m.created_at > c.read_at AND ${waitingFor(me)}
               ) ELSE 0 END AS unread
          FROM (${mySides(me, only)}) c
          JOIN items i ON i.id = c.item_id
          JOIN users o ON o.id = c.other_id
          LEFT JOIN LATERAL (
            SELECT id, sender_id, body, created_at FROM messages WHERE conversation_id = c.id ORDER BY id DESC LIMIT 1
          ) lm ON true
         ORDER BY c.updated_at DESC NULLS LAST, c.id DESC
         LIMIT ${only === undefined ? CONVERSATIONS_LISTED_MAX : 1}`,
  );
}

/**
 * My unread messages over all my conversations, for the navigation bar (polled by every open tab):
 * one query over my two index ranges; messages are counted only in conversations updated since I
 * last read them, found by the (conversation_id, id) index.
 */
export async function countUnread(db: Db, me: number): Promise<number> {
  const [row] = await queryRows<{ unread: number }>(
    db,
    sql`SELECT count(*)::int AS unread
          FROM (${mySides(me)}) c
          JOIN messages m ON m.conversation_id = c.id
         WHERE c.updated_at > c.read_at AND m.created_at > c.read_at AND ${waitingFor(me)}`,
  );
  return Number(row?.unread ?? 0);
}
