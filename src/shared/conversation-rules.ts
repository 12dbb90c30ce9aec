// The limits and texts of conversations, without the schemas of conversations.ts: the browser
// imports these on the item page, where loading zod (about 25 KB gzipped) is not worth it.

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

type NoteKind = 'promisedToYou' | 'promisedToOther' | 'withdrawnFromYou' | 'availableAgain' | 'givenToYou' | 'goneToOther';

/**
 * The same notes as the owner reads them: the stored text is written for the requester (the app's
 * notes are written from that side, docs/decisions/007), and the owner, who made the change, reads
 * it from their own side. The stored texts are this closed set, so each one names its kind.
 */
const OWNER_NOTES: Record<NoteKind, string> = {
  promisedToYou: 'You have promised this item to them. Agree here on when they pick it up.',
  promisedToOther: 'You have promised this item to someone else.',
  withdrawnFromYou: 'You have withdrawn the promise: the item is available again.',
  availableAgain: 'You have made this item available again.',
  givenToYou: 'You have marked this item as given to them.',
  goneToOther: 'You have marked this item as given.',
};

const KIND_OF_NOTE = new Map<string, NoteKind>((Object.keys(OWNER_NOTES) as NoteKind[]).map((kind) => [HANDOVER_MSG[kind], kind]));

/** An app note (a message without a sender) as this side of the conversation reads it. */
export function noteForSide(body: string, side: 'owner' | 'requester'): string {
  const kind = KIND_OF_NOTE.get(body);
  return side === 'owner' && kind ? OWNER_NOTES[kind] : body;
}
