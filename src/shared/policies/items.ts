// Who may do what with an item (docs/decisions/039-policies.md): pure rules, the server's and the
// client's. Hidden items (docs/decisions/025-moderation.md) have an SQL twin of `see` for queries,
// itemVisibleTo in src/server/policies/items.ts.
import { type Actor, isAdmin, isPerson } from './actor.js';

/** What the rules read of an item. */
export interface ItemSubject {
  /** The owner. */
  userId: number;
}

/**
 * Sees the item at all: anyone while it is not hidden by the moderators; a hidden one only its owner
 * and the admins, wherever items are read (lists, search, detail, alerts, profiles, the map).
 */
export const see = (actor: Actor, item: ItemSubject & { hiddenAt: Date | string | null }): boolean =>
  item.hiddenAt === null || isAdmin(actor) || isPerson(actor, item.userId);

/** Changes the item (text, photos, status) and deletes it: its owner and the admins. */
export const manage = (actor: Actor, item: ItemSubject): boolean => isAdmin(actor) || isPerson(actor, item.userId);

/** What the rules of a hand-over read: to whom the item is promised, and its status. */
export interface HandOverSubject extends ItemSubject {
  promisedToId: number | null;
  status: string;
}

/** The person the item is promised to (or was given to): only while it is promised or taken. */
export const isPromisee = (actor: Actor, item: HandOverSubject): boolean =>
  (item.status === 'promised' || item.status === 'taken') && isPerson(actor, item.promisedToId);

/** Sees the exact place rather than the published one: everyone when the owner chose so, else the owner and the promisee. */
export const seeExactPlace = (actor: Actor, item: HandOverSubject & { exactLocation: boolean }): boolean =>
  item.exactLocation || isPerson(actor, item.userId) || isPromisee(actor, item);

/** Sees whom the item is promised to: the owner, that person, and the admins. */
export const seePromisee = (actor: Actor, item: HandOverSubject): boolean =>
  isPerson(actor, item.userId) || isPromisee(actor, item) || isAdmin(actor);

/** Takes part in the item's hand-over (thanks after it): its giver and its receiver. */
export const takesPartInHandOver = (actor: Actor, item: ItemSubject & { promisedToId: number | null }): boolean =>
  isPerson(actor, item.userId) || isPerson(actor, item.promisedToId);
