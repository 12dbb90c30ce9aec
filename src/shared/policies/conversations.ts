// Who may do what in a conversation about an item (docs/decisions/039-policies.md). Who takes part in
// one (its owner and its requester) is the conversations' SQL: nobody else finds it.
import { type Actor, isPerson } from './actor.js';

/** Writes to an item's owner about it: any signed-in person but the owner. */
export const start = (actor: Actor, item: { userId: number }): boolean => actor !== null && !isPerson(actor, item.userId);

/** Promises the item to the conversation's requester: the item's owner only (not the admins). */
export const promise = (actor: Actor, conversation: { ownerId: number }): boolean => isPerson(actor, conversation.ownerId);
