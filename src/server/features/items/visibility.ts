// Who sees a hidden item (docs/decisions/025-moderation.md): its owner and the admins, nobody else,
// wherever items are read (lists, search, detail, alerts, profiles, the map). One rule, one place.
import { type SQL, sql } from 'drizzle-orm';

/** Who is looking: a signed-in person (admin or not), or a visitor (null). */
export type ItemViewer = { id: number; isAdmin: boolean } | null;

/**
 * The SQL condition "this viewer may see the item row `itemAlias`": not hidden, or the viewer owns
 * it, or the viewer is an admin. `itemAlias` is the table name or alias the query gives `items`
 * (e.g. `i`, or `items` in a Drizzle query on the table itself).
 */
export function itemVisibleTo(viewer: ItemViewer, itemAlias = 'i'): SQL {
  const t = sql.identifier(itemAlias);
  if (viewer?.isAdmin) return sql`TRUE`;
  if (viewer) return sql`(${t}.hidden_at IS NULL OR ${t}.user_id = ${viewer.id})`;
  return sql`${t}.hidden_at IS NULL`;
}

/** The same in plain code, for a row already read. */
export const itemVisible = (viewer: ItemViewer, row: { userId: number; hiddenAt: Date | null }): boolean =>
  row.hiddenAt === null || viewer?.isAdmin === true || viewer?.id === row.userId;
