// The limits and texts of conversations, without the schemas of conversations.ts: the browser
// imports these on the item page, where loading zod (about 25 KB gzipped) is not worth it.
import type { MessageId } from './i18n.js';

import { MESSAGE_MAX } from './constants.js';

export { MESSAGE_MAX };
export { MESSAGES_POLL_MS } from './polling.js';

export const CONVERSATION_MSG = {
  bodyRequired: 'api.conversations.bodyRequired',
  bodyMax: 'api.conversations.bodyMax',
  ownItem: 'api.conversations.ownItem',
  itemGone: 'api.conversations.itemGone',
  notFound: 'api.conversations.notFound',
  blocked: 'api.conversations.blocked',
} as const satisfies Record<string, MessageId>;

/** Answers of promising an item to one person who wrote, and the app's notes in conversations. */
export const HANDOVER_MSG = {
  ownerOnly: 'api.handover.ownerOnly',
  notOffered: 'api.handover.notOffered',
  promisedElsewhere: 'api.handover.promisedElsewhere',
  // Notes the app writes into the conversations about the item (sender: none).
  promisedToYou: 'Good news: the owner has promised this item to you. Agree here on when to pick it up.',
  promisedToOther: 'Sorry, this item has been promised to someone else.',
  withdrawnFromYou: 'The owner has withdrawn the promise: the item is available again.',
  availableAgain: 'This item is available again.',
  givenToYou: 'The owner has marked this item as given to you. Enjoy it!',
  goneToOther: 'Sorry, this item has gone.',
} as const;

export const NOTE_KINDS = ['promisedToYou', 'promisedToOther', 'withdrawnFromYou', 'availableAgain', 'givenToYou', 'goneToOther'] as const;
export type NoteKind = (typeof NOTE_KINDS)[number];
/** Who reads a note: the owner (who made the change) or a person who asked for the item. */
export type NoteSide = 'owner' | 'requester';

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

const KIND_OF_NOTE = new Map<string, NoteKind>(NOTE_KINDS.map((kind) => [HANDOVER_MSG[kind], kind]));
/** The notes in either wording: as stored (the requester's), and as the server sends them to the owner. */
const KIND_OF_ANY_NOTE = new Map<string, NoteKind>([...KIND_OF_NOTE, ...NOTE_KINDS.map((kind) => [OWNER_NOTES[kind], kind] as const)]);

/** An app note (a message without a sender) as this side of the conversation reads it. */
export function noteForSide(body: string, side: NoteSide): string {
  const kind = KIND_OF_NOTE.get(body);
  return side === 'owner' && kind ? OWNER_NOTES[kind] : body;
}

/**
 * The kind of an app note, whichever side's English wording it arrives in (the browser shows the
 * kind's text in the reader's language); undefined for any other text.
 */
export function noteKindOf(body: string): NoteKind | undefined {
  return KIND_OF_ANY_NOTE.get(body);
}
