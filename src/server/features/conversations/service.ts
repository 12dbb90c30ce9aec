import { CONVERSATION_MSG, type ConversationDetail, type ConversationSummary, type Message, noteForSide } from '#shared/conversations.js';
import { ITEM_MSG, thumbnailUrlOf } from '#shared/item-format.js';
import { type Db, sqlState } from '../../db/client.js';
import { badRequest, forbidden, notFound } from '../../errors.js';
import { publish } from '../../plugins/live.js';
import { type Actor, authorize } from '../../policies/index.js';
import { readConversationNotifications } from '../notifications/service.js';
import {
  countUnread,
  insertMessageAboutItem,
  insertReply,
  isBlocked,
  markRead,
  type MessageRow,
  type Role,
  selectItemForMessage,
  selectMessages,
  selectParticipants,
  selectSummaries,
  type SummaryRow,
} from './repository.js';

const FOREIGN_KEY_VIOLATION = '23503';

/** The app's own notes (no sender) read from the viewer's side; people's messages as written. */
const bodyFor = (senderId: number | null, body: string, side: Role) => (senderId === null ? noteForSide(body, side) : body);

const toMessage = (r: MessageRow, side: Role): Message => ({
  id: r.id,
  conversationId: r.conversationId,
  senderId: r.senderId,
  body: bodyFor(r.senderId, r.body, side),
  createdAt: r.createdAt.toISOString(),
});

const toSummary = (r: SummaryRow): ConversationSummary => ({
  id: r.id,
  item: {
    id: r.item_id,
    title: r.item_title,
    thumbnailUrl: thumbnailUrlOf(r.item_image_url),
    status: r.item_status,
    type: r.item_type,
    promisedHere: r.promised_here === true,
  },
  other: { id: r.other_id, username: r.other_username },
  role: r.role,
  lastMessage:
    r.last_id === null
      ? null
      : {
          id: r.last_id,
          conversationId: r.id,
          senderId: r.last_sender_id,
          body: bodyFor(r.last_sender_id, r.last_body ?? '', r.role),
          createdAt: r.last_created_at ?? '',
        },
  unread: Number(r.unread),
  updatedAt: r.updated_at,
});

/** Tells a user's open pages how many messages now wait for them (the navigation bar's badge). */
async function announceUnread(db: Db, userId: number): Promise<void> {
  await publish(db, [userId], 'unread', { unread: await countUnread(db, userId) });
}

/** Whether one of two people has blocked the other (thanks between them are refused too). */
export const eitherBlocked = (db: Db, a: number, b: number): Promise<boolean> => isBlocked(db, a, b);

/** Refuses a message between two people when one has blocked the other. */
async function refuseIfBlocked(db: Db, me: number, other: number): Promise<void> {
  if (await isBlocked(db, me, other)) throw forbidden(CONVERSATION_MSG.blocked);
}

/** One of my conversations with its newest messages (oldest first), or 404 whoever else asks. */
async function detailOf(db: Db, me: number, id: number): Promise<ConversationDetail> {
  const [summary] = await selectSummaries(db, me, id);
  if (!summary) throw notFound(CONVERSATION_MSG.notFound);
  return { ...toSummary(summary), messages: (await selectMessages(db, id)).map((m) => toMessage(m, summary.role)) };
}

/** Writes to an item's owner: opens (or reuses) my conversation about the item and adds the message. */
export async function writeAboutItem(db: Db, actor: NonNullable<Actor>, itemId: number, body: string): Promise<ConversationDetail> {
  const me = actor.id;
  const item = await selectItemForMessage(db, itemId);
  if (!item) throw notFound(ITEM_MSG.notFound);
  authorize(actor, 'conversation:start', { userId: item.ownerId });
  if (!item.available) throw badRequest(CONVERSATION_MSG.itemGone);
  await refuseIfBlocked(db, me, item.ownerId);
  let id: number;
  try {
    id = await insertMessageAboutItem(db, itemId, item.ownerId, me, body);
  } catch (err) {
    // The item was deleted between the check and the insert.
    if (sqlState(err) === FOREIGN_KEY_VIOLATION) throw badRequest(CONVERSATION_MSG.itemGone);
    throw err;
  }
  await announceUnread(db, item.ownerId);
  return detailOf(db, me, id);
}

/** The item and both sides of one of my conversations, or 404 Conversation not found. */
export async function participants(db: Db, me: number, id: number): Promise<{ itemId: number; ownerId: number; requesterId: number }> {
  const sides = await selectParticipants(db, id, me);
  if (!sides) throw notFound(CONVERSATION_MSG.notFound);
  return sides;
}

/** Replies in one of my conversations, from either side, whatever the item's status now. */
export async function reply(db: Db, me: number, id: number, body: string): Promise<Message> {
  const sides = await participants(db, me, id);
  const role: Role = sides.ownerId === me ? 'owner' : 'requester';
  await refuseIfBlocked(db, me, role === 'owner' ? sides.requesterId : sides.ownerId);
  const message = await insertReply(db, id, me, role, body);
  if (!message) throw notFound(CONVERSATION_MSG.notFound);
  await announceUnread(db, role === 'owner' ? sides.requesterId : sides.ownerId);
  return toMessage(message, role);
}

/** My conversations from both sides, newest activity first. */
export async function listConversations(db: Db, me: number): Promise<ConversationSummary[]> {
  return (await selectSummaries(db, me)).map(toSummary);
}

/** Opens one of my conversations: marks it read for me and answers it with its messages. */
export async function readConversation(db: Db, me: number, id: number): Promise<ConversationDetail> {
  // My other tabs' badges follow when this read changed my count.
  if (await markRead(db, id, me)) await announceUnread(db, me);
  await readConversationNotifications(db, me, id);
  return detailOf(db, me, id);
}

/** How many messages wait for me over all my conversations (the navigation bar's badge). */
export async function unreadCount(db: Db, me: number): Promise<{ unread: number }> {
  return { unread: await countUnread(db, me) };
}
