// Who may do what with a person's account (docs/decisions/039-policies.md): pure rules, the server's and the client's.
import { type Actor, isAdmin, isPerson } from './actor.js';

/**
 * Sees the account, its profile and its name on its items: anyone while it is visible; a hidden one
 * only itself and the admins (docs/product.md). Who shares a conversation with a hidden account
 * knows its name too: that needs the database (users/repository.ts, findUserKnownTo).
 */
export const see = (actor: Actor, user: { id: number; isVisible: boolean | null }): boolean =>
  user.isVisible === true || isAdmin(actor) || isPerson(actor, user.id);

/** What the rules read of a person's account as admins handle it. */
export interface PersonSubject {
  id: number;
  isAdmin: boolean;
}

/** Warns or suspends the person: an admin, and never another admin. */
export const moderate = (actor: Actor, person: PersonSubject): boolean => isAdmin(actor) && !person.isAdmin;

/** Deletes the account: its owner or an admin, and an admin's account never. */
export const remove = (actor: Actor, person: PersonSubject): boolean => !person.isAdmin && (isAdmin(actor) || isPerson(actor, person.id));
