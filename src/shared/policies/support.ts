// Who may do what with a support request (docs/decisions/039-policies.md).
import { type Actor, isAdmin, isPerson } from './actor.js';

/** A request and who wrote it (null once that account is gone). */
export interface SupportSubject {
  userId: number | null;
}

/** Reads the request's thread and writes to it: its author and the admins. */
export const see = (actor: Actor, request: SupportSubject): boolean => isAdmin(actor) || isPerson(actor, request.userId);

/** Writes as the team (the author is told, a pending request moves on): an admin who is not the author. */
export const answerAsTeam = (actor: Actor, request: SupportSubject): boolean => isAdmin(actor) && !isPerson(actor, request.userId);
