// The contract of conversations: a signed-in user writes to the owner about an item; the owner
// sees every conversation about their items, each side only its own.
import { z } from 'zod';
import { CONVERSATION_MSG, MESSAGE_MAX } from './conversation-rules.js';
import { SCHEMA_MSG } from './messages.js';

export { CONVERSATION_MSG, HANDOVER_MSG, MESSAGE_MAX, noteForSide } from './conversation-rules.js';

const body = z
  .string({ error: CONVERSATION_MSG.bodyRequired })
  .trim()
  .min(1, CONVERSATION_MSG.bodyRequired)
  .max(MESSAGE_MAX, CONVERSATION_MSG.bodyMax);
export const sendMessageBodySchema = z.object({ body }).strict();

export const conversationIdParams = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,8}$/, SCHEMA_MSG.conversationId)
    .transform(Number),
});

export const messageSchema = z.object({
  id: z.number(),
  conversationId: z.number(),
  /** null for a message from the app itself (e.g. "this item has gone"). */
  senderId: z.number().nullable(),
  body: z.string(),
  createdAt: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

const conversationSummarySchema = z.object({
  id: z.number(),
  item: z.object({
    id: z.number(),
    title: z.string(),
    thumbnailUrl: z.string(),
    status: z.string(),
    /** An offer or a want (a want has no promise or hand-over). */
    type: z.enum(['offer', 'want']),
    /** Whether the item is promised (or was given) to this conversation's requester. */
    promisedHere: z.boolean(),
  }),
  /** The person on the other side. */
  other: z.object({ id: z.number(), username: z.string() }),
  /** Whether I own the item (I am answering) or asked for it. */
  role: z.enum(['owner', 'requester']),
  lastMessage: messageSchema.nullable(),
  unread: z.number(),
  updatedAt: z.string(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;
export const conversationListSchema = z.array(conversationSummarySchema);

export const conversationDetailSchema = conversationSummarySchema.extend({ messages: z.array(messageSchema) });
export type ConversationDetail = z.infer<typeof conversationDetailSchema>;

export const unreadCountSchema = z.object({ unread: z.number() });
