// Who may use the admins' pages and routes (docs/decisions/039-policies.md).
import { type Actor, isAdmin } from './actor.js';

/** Uses the admins' pages and routes (/admin, /api/users, /api/admin/..., moderation): the admins. */
export const enter = (actor: Actor): boolean => isAdmin(actor);
