// Who may report what (docs/decisions/039-policies.md): a signed-in person, never about themselves.
import { type Actor, isPerson } from './actor.js';

/** Reports an item: any signed-in person but its owner. */
export const reportItem = (actor: Actor, item: { userId: number }): boolean => actor !== null && !isPerson(actor, item.userId);

/** Reports a person: any signed-in person but that person. */
export const reportUser = (actor: Actor, user: { id: number }): boolean => actor !== null && !isPerson(actor, user.id);

/** Reports a message of a conversation one takes part in: any message but one's own. */
export const reportMessage = (actor: Actor, message: { senderId: number }): boolean => actor !== null && !isPerson(actor, message.senderId);
