// Who acts, for every policy (docs/decisions/039-policies.md): a signed-in person, admin or not,
// or a visitor (null). The session's user is one; so is anything with an id and isAdmin.

/** A signed-in person or a visitor (null). */
export type Actor = { id: number; isAdmin: boolean } | null;

/** The actor is an admin. */
export const isAdmin = (actor: Actor): boolean => actor?.isAdmin === true;

/** The actor is the person with this id (never a visitor). */
export const isPerson = (actor: Actor, userId: number | null): boolean => actor !== null && userId !== null && actor.id === userId;
