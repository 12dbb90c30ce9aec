import { type SQL, sql } from 'drizzle-orm';
import type { ItemType } from '#shared/items.js';
import { searchTextMatches } from '../search-text.js';
import type { Actor } from '#shared/policies/actor.js';
import { itemVisibleTo } from '../../../policies/items.js';
import { type SearchWord, byWordsOnly, wordsMatch } from './words.js';

/** What a list, a count or a map view asks for: every strategy reads the same filter, through whereListed. */
export interface ItemFilter {
  /** Search text: substring of title or description, or equal to a tag (any letter case). */
  text?: string;
  /** The words of `text` with their alternatives (searchWordsOf): an item holding them all matches too. */
  words?: SearchWord[];
  /** Tag-only filter (any letter case), when a tag is asked for apart from the text. */
  tag?: string;
  near?: { lat: number; lng: number };
  /** Only items whose published point is within this many kilometres of `near` (needs `near`). */
  radiusKm?: number;
  /** Only offers or only wants (a list of wants walks their own partial indexes, migration 0027). */
  type?: ItemType;
  /** Who asks: hidden items are listed to their owner and the admins only (items.see, src/server/policies/items.ts). */
  viewer?: Actor;
}

/**
 * The order of a list: nearest first needs `near` (the GiST index's own order), newest first is the
 * default without it; best match first (relevance) ranks the matches of a search (docs/decisions/022).
 */
export type ListOrder = 'nearest' | 'newest' | 'relevance';

/** One row of a list page, as every list strategy answers it. */
export interface ListedRow {
  id: number;
  title: string;
  description: string;
  image_url: string;
  extra_images: string[];
  tags: string[];
  user_id: number;
  type: ItemType;
  /** The owner's name, and whether their account is listed: a hidden one is named only to itself and the admins (service.ts). */
  username: string;
  owner_visible: boolean;
  distance_km: number | null;
  created_at: Date | string;
}

/** Whether a filter searches (text or tag): a search counts first, since its total decides how its page is read. */
export const searches = (filter: ItemFilter): boolean => Boolean(filter.text || filter.tag);

export const earthPoint = (lat: number, lng: number) => sql`ll_to_earth(${lat}::float8, ${lng}::float8)`;
// Lists and distances use the published (approximate) point, never the exact one.
export const itemPoint = sql`ll_to_earth(i.approx_latitude::float8, i.approx_longitude::float8)`;

/** The exact test of a radius: the great-circle distance of the published point (earthdistance's sphere). */
export const withinRadius = (near: { lat: number; lng: number }, km: number) =>
  sql`earth_distance(${itemPoint}, ${earthPoint(near.lat, near.lng)}) <= ${km * 1000}::float8`;

/**
 * Listed means available and not past its expiry; nearest-first also needs a place.
 *
 * Tags match in any letter case, in one of two spellings of the same test. `lower_tags(i.tags)` is
 * what the GIN index is built on: the counts and the few-matches path read the matches through
 * that index. `i.tags_lower` is the same array stored with the row (migration 0012): a list page
 * that walks its order and tests each row it passes uses it, because calling lower_tags() on every
 * row passed was most of such a page's time (docs/decisions/004). The function's declared cost is
 * also what tells the planner that testing every row is dear: with the stored column everywhere it
 * walked the expiry index or scanned the table to count a search (it prices ILIKE '%word%' far too
 * low), reading every listed row when the matches are under the cap.
 */
export function whereListed(
  filter: ItemFilter,
  {
    rowByRow = false,
    boxOnly = false,
    wordsAlone = false,
    only,
  }: {
    rowByRow?: boolean;
    boxOnly?: boolean;
    wordsAlone?: boolean;
    /** Only the search's tests (text and tag), or only the others (listed, visible, place, type). */
    only?: 'search' | 'listed';
  } = {},
): SQL {
  const parts: SQL[] = [];
  const lowerTags = rowByRow ? sql`i.tags_lower` : sql`lower_tags(i.tags)`;
  if (only !== 'listed') searchTests(parts, filter, lowerTags, wordsAlone);
  if (only === 'search') return parts.length ? sql.join(parts, sql` AND `) : sql`TRUE`;
  // With a search, the expiry is a test of each match, never an index condition: the planner, its
  // estimate of a word's matches off (an unknown word or tag is guessed at 0.5% of the items), then
  // ANDed the expiry index's bitmap of every listed item into the search's BitmapOr, which at ten
  // million items read millions of entries for a rare word (docs/decisions/004). `IS TRUE` is the
  // same test in a form no index answers.
  parts.push(sql`i.status = 'available'`, filter.text || filter.tag ? sql`(i.expires_at > now()) IS TRUE` : sql`i.expires_at > now()`);
  if (!filter.viewer?.isAdmin) parts.push(itemVisibleTo(filter.viewer ?? null, 'i'));
  if (filter.near) parts.push(sql`i.approx_latitude IS NOT NULL`);
  if (filter.type) parts.push(sql`i.type = ${sql.raw(`'${filter.type === 'want' ? 'want' : 'offer'}'`)}`);
  if (filter.near && filter.radiusKm !== undefined) {
    // The box (a cube around the sphere's circle) is what the GiST index answers: the KNN walk or a
    // bitmap scan reads only the points inside it; the exact great-circle test then drops the box's corners.
    // `boxOnly`: the nearest-first walk applies the exact test after its LIMIT (list/cube-walk.ts).
    parts.push(sql`earth_box(${earthPoint(filter.near.lat, filter.near.lng)}, ${filter.radiusKm * 1000}::float8) @> ${itemPoint}`);
    if (!boxOnly) parts.push(withinRadius(filter.near, filter.radiusKm));
  }
  return sql.join(parts, sql` AND `);
}

/** The tests of a filter's search text and tag, added to `parts` (whereListed). */
function searchTests(parts: SQL[], filter: ItemFilter, lowerTags: SQL, wordsAlone: boolean): void {
  if (filter.text) {
    if (filter.words && byWordsOnly(filter.words)) {
      // `wordsAlone`: the planner's estimate of a search of several words. An item whose tag equals
      // the text holds its words too (tags are in search_doc), so the word test alone matches the
      // same items; but the planner guesses a text that is no known tag to be half as common as the
      // rarest known one, several times the true matches of two words (docs/decisions/004), which
      // would steer the choice between reading the matches and walking the order wrong.
      parts.push(
        wordsAlone
          ? wordsMatch(sql`i.search_doc`, filter.words)
          : sql`(${lowerTags} @> ARRAY[lower(${filter.text})]::text[] OR ${wordsMatch(sql`i.search_doc`, filter.words)})`,
      );
    } else {
      const substring = searchTextMatches({ title: sql`i.title`, description: sql`i.description`, tagsLower: lowerTags }, filter.text);
      parts.push(filter.words?.length ? sql`(${substring} OR ${wordsMatch(sql`i.search_doc`, filter.words)})` : substring);
    }
  }
  if (filter.tag) parts.push(sql`${lowerTags} @> ARRAY[lower(${filter.tag})]::text[]`);
}
