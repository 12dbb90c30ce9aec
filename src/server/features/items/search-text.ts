import { type SQL, sql } from 'drizzle-orm';
import { likePattern } from '../../db/client.js';

/** The columns of an item the search text is tested against. */
export interface SearchedColumns {
  title: SQL;
  description: SQL;
  /** The item's tags, lower-cased (`tags_lower`, or `lower_tags(tags)` where its index should serve). */
  tagsLower: SQL;
}

/** The ILIKE pattern of a text held in a column: what likePattern makes of a string, in SQL. */
const likePatternOf = (text: SQL) => sql`('%' || replace(replace(replace(${text}, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%')`;

/**
 * The rule by which a search text matches an item, in the list search (GET /api/items) and in saved
 * alerts alike: the title or the description contains the text in any letter case (`%`, `_` and
 * `\` are literal), or one of the tags equals it in any letter case. The text is a string (the
 * list's query, a parameter) or SQL (an alert's stored text, a column).
 */
export function searchTextMatches(item: SearchedColumns, text: string | SQL): SQL {
  const pattern = typeof text === 'string' ? sql`${likePattern(text)}` : likePatternOf(text);
  return sql`(${item.title} ILIKE ${pattern} OR ${item.description} ILIKE ${pattern} OR ${item.tagsLower} @> ARRAY[lower(${text})]::text[])`;
}
