// Who may do what with a note (docs/decisions/039-policies.md). Who may read one (its notebook's
// owner, linked readers, everyone for a public note) is the notes' SQL (features/notes/repository.ts).
import { type Actor, isAdmin, isPerson } from './actor.js';

/** Changes the note and deletes it: its author and the admins. A note whose author is gone (null), only the admins. */
export const manage = (actor: Actor, note: { createdById: number | null }): boolean => isAdmin(actor) || isPerson(actor, note.createdById);
