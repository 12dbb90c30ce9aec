// The SQL twin of the shared rule items.see (src/shared/policies/items.ts, docs/decisions/039-policies.md):
// the same decision as a condition of a query, for lists, search, counts, alerts, profiles and the
// map, where the rows are not read first. policies.test.ts asserts both agree on the same rows.
import { type SQL, sql } from 'drizzle-orm';
import type { Actor } from '#shared/policies/actor.js';

/**
 * The SQL condition "this actor may see the item row `itemAlias`" (items.see): not hidden, or the
 * actor owns it, or the actor is an admin. `itemAlias` is the table name or alias the query gives
 * `items` (e.g. `i`, or `items` in a Drizzle query on the table itself).
 */
export function itemVisibleTo(actor: Actor, itemAlias = 'i'): SQL {
  const t = sql.identifier(itemAlias);
  if (actor?.isAdmin) return sql`TRUE`;
  if (actor) return sql`(${t}.hidden_at IS NULL OR ${t}.user_id = ${actor.id})`;
  return sql`${t}.hidden_at IS NULL`;
}
