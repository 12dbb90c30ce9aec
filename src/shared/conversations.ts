// The contract of conversations: a signed-in user writes to the owner about an item; the owner
// sees every conversation about their items, each side only its own.
import { z } from 'zod';

export const MESSAGE_MAX = 2000;
/** How often open pages ask for new messages (they rest on the database, so any process answers). */
export const MESSAGES_POLL_MS = 5000;
export const UNREAD_POLL_MS = 30_000;

export const CONVERSATION_MSG = {
  bodyRequired: 'Write a message first',
  bodyMax: `A message can be at most ${MESSAGE_MAX} characters`,
  ownItem: 'This is your own item: people who want it will write to you',
  itemGone: 'This item is no longer available',
  notFound: 'Conversation not found',
  blocked: 'You cannot send messages to this person',
} as const;

/** Answers of promising an item to one person who wrote, and the app's notes in conversations. */
export const HANDOVER_MSG = {
  ownerOnly: 'Only the owner can promise this item',
  notOffered: 'This item is not on offer: only an available item can be promised',
  promisedElsewhere: 'This item is already promised to someone else: withdraw that promise first',
  // Notes the app writes into the conversations about the item (sender: none).
  promisedToYou: 'Good news: the owner has promised this item to you. Agree here on when to pick it up.',
  promisedToOther: 'Sorry, this item has been promised to someone else.',
  withdrawnFromYou: 'The owner has withdrawn the promise: the item is available again.',
  availableAgain: 'This item is available again.',
  givenToYou: 'The owner has marked this item as given to you. Enjoy it!',
  goneToOther: 'Sorry, this item has gone.',
} as const;

const body = z
  .string({ error: CONVERSATION_MSG.bodyRequired })
  .trim()
  .min(1, CONVERSATION_MSG.bodyRequired)
  .max(MESSAGE_MAX, CONVERSATION_MSG.bodyMax);
export const sendMessageBodySchema = z.object({ body }).strict();

export const conversationIdParams = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,8}$/, 'Conversation id must be a whole number')
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

export const conversationSummarySchema = z.object({
  id: z.number(),
  item: z.object({
    id: z.number(),
    title: z.string(),
    thumbnailUrl: z.string(),
    status: z.string(),
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
