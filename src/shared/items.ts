import { z } from 'zod';
import {
  ITEM_DESCRIPTION_MIN,
  ITEM_STATUSES,
  ITEM_TITLE_MIN,
  LATITUDE_MAX,
  LATITUDE_MIN,
  LIST_RADIUS_MAX_KM,
  LIST_RADIUS_MIN_KM,
  LIST_SORTS,
  LONGITUDE_MAX,
  LONGITUDE_MIN,
  MAX_PAGE_SIZE,
  MAX_TAGS,
  PAGE_SIZE,
} from './constants.js';
import { MSG, SCHEMA_MSG } from './messages.js';
import { ITEM_DESCRIPTION_MAX, ITEM_MSG, ITEM_TITLE_MAX, SEARCH_TEXT_MAX, TAG_MAX_LENGTH } from './item-format.js';

export * from './item-format.js';

/** Coordinates are kept to 8 decimals (about a millimetre), as the database stores them. */
const toEightDecimals = (n: number) => Math.round(n * 1e8) / 1e8;

/**
 * A coordinate as a number or as the decimal text of a query string. Empty or blank text is not a
 * number (coercing it would read 0, a place in the sea off Africa).
 */
const coordinateSchema = (min: number, max: number, message: string) =>
  z
    .union(
      [
        z.number({ error: message }),
        z
          .string({ error: message })
          .regex(/^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/, message)
          .transform(Number),
      ],
      {
        error: message,
      },
    )
    .pipe(z.number({ error: message }).min(min, message).max(max, message))
    .transform(toEightDecimals);

export const latitudeSchema = coordinateSchema(LATITUDE_MIN, LATITUDE_MAX, ITEM_MSG.latitudeRange);
export const longitudeSchema = coordinateSchema(LONGITUDE_MIN, LONGITUDE_MAX, ITEM_MSG.longitudeRange);

/** Trims, drops empties and duplicates (any letter case), keeps the first spelling. */
export function normaliseTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim().replace(/\s+/g, ' ');
    const key = tag.toLowerCase();
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    out.push(tag);
  }
  return out;
}

const tagsSchema = z
  .array(z.string().max(TAG_MAX_LENGTH, ITEM_MSG.tagTooLong), { error: SCHEMA_MSG.tagsList })
  .max(50, ITEM_MSG.tooManyTags)
  .transform(normaliseTags)
  .refine((tags) => tags.length <= MAX_TAGS, ITEM_MSG.tooManyTags);

/** POST /api/items (docs/product.md, Input rules item schema, plus upper bounds). */
export const createItemBodySchema = z.object({
  title: z.string({ error: MSG.titleMin }).trim().min(ITEM_TITLE_MIN, MSG.titleMin).max(ITEM_TITLE_MAX, ITEM_MSG.titleMax),
  description: z
    .string({ error: MSG.descriptionMin })
    .trim()
    .min(ITEM_DESCRIPTION_MIN, MSG.descriptionMin)
    .max(ITEM_DESCRIPTION_MAX, ITEM_MSG.descriptionMax),
  imageUrl: z.string({ error: MSG.imageUrlRequired }).min(1, MSG.imageUrlRequired).max(500, ITEM_MSG.imageNotOurs),
  latitude: z.number({ error: ITEM_MSG.latitudeRange }).min(LATITUDE_MIN, ITEM_MSG.latitudeRange).max(LATITUDE_MAX, ITEM_MSG.latitudeRange),
  longitude: z
    .number({ error: ITEM_MSG.longitudeRange })
    .min(LONGITUDE_MIN, ITEM_MSG.longitudeRange)
    .max(LONGITUDE_MAX, ITEM_MSG.longitudeRange),
  tags: tagsSchema.optional().default([]),
  isVisible: z.boolean().optional().default(true),
  /** Publish the exact place (a shop, a food stall) instead of a point a few hundred metres away. */
  exactLocation: z.boolean({ error: SCHEMA_MSG.exactLocation }).optional().default(false),
});
export type CreateItemBody = z.input<typeof createItemBodySchema>;

/** PATCH /api/items/:id: change the status, or renew (push the expiry out again). */
export const updateItemBodySchema = z
  .object({
    status: z.enum(['available', 'taken'], { error: SCHEMA_MSG.itemStatus }).optional(),
    renew: z.literal(true, { error: SCHEMA_MSG.renew }).optional(),
  })
  .strict()
  .refine((b) => b.status !== undefined || b.renew !== undefined, SCHEMA_MSG.statusOrRenew);
export type UpdateItemBody = z.input<typeof updateItemBodySchema>;

const wholeNumber = (message: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, message)
    .transform(Number);

/** `page` from 1 and `limit` up to MAX_PAGE_SIZE, as query strings. */
const pagingFields = {
  page: wholeNumber(ITEM_MSG.pageInvalid)
    .refine((n) => n >= 1, ITEM_MSG.pageInvalid)
    .optional()
    .default(1),
  limit: wholeNumber(ITEM_MSG.limitInvalid)
    .refine((n) => n >= 1 && n <= MAX_PAGE_SIZE, ITEM_MSG.limitInvalid)
    .optional()
    .default(PAGE_SIZE),
};

/** `radiusKm` of a list: a decimal number of kilometres, LIST_RADIUS_MIN_KM to LIST_RADIUS_MAX_KM. */
const radiusKmSchema = z
  .string({ error: ITEM_MSG.radiusInvalid })
  .regex(/^\s*(\d{1,6}(\.\d{0,6})?|\.\d{1,6})\s*$/, ITEM_MSG.radiusInvalid)
  .transform(Number)
  .refine((km) => km >= LIST_RADIUS_MIN_KM && km <= LIST_RADIUS_MAX_KM, ITEM_MSG.radiusInvalid);

/**
 * GET /api/items query. `query` and `tag` both carry the search text (docs/product.md, API).
 * `radiusKm` and `sort=nearest` need a place (`lat` and `lng`); without `sort`, a place means nearest first.
 */
export const listItemsQuerySchema = z
  .object({
    ...pagingFields,
    lat: latitudeSchema.optional(),
    lng: longitudeSchema.optional(),
    query: z.string().max(SEARCH_TEXT_MAX, SCHEMA_MSG.searchTextMax).optional(),
    tag: z.string().max(SEARCH_TEXT_MAX, SCHEMA_MSG.searchTextMax).optional(),
    radiusKm: radiusKmSchema.optional(),
    sort: z.enum(LIST_SORTS, { error: ITEM_MSG.sortInvalid }).optional(),
  })
  .refine((q) => (q.lat === undefined) === (q.lng === undefined), ITEM_MSG.latLngPair)
  .refine((q) => q.radiusKm === undefined || q.lat !== undefined, ITEM_MSG.radiusNeedsPlace)
  .refine((q) => q.sort !== 'nearest' || q.lat !== undefined, ITEM_MSG.nearestNeedsPlace);
export type ListItemsQuery = z.output<typeof listItemsQuerySchema>;

export const itemStatusSchema = z.enum(ITEM_STATUSES);
export type ItemStatus = (typeof ITEM_STATUSES)[number];

export const itemIdParams = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,8}$/, SCHEMA_MSG.itemId)
    .transform(Number),
});

/** An item as listed (docs/product.md, Data) plus the thumbnail's address. */
export const listedItemSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  imageUrl: z.string(),
  thumbnailUrl: z.string(),
  tags: z.array(z.string()),
  userId: z.number(),
  username: z.string(),
  distance: z.number().optional(),
  /** When it was posted (ISO 8601): cards show its age. */
  createdAt: z.string(),
});
export type ListedItem = z.infer<typeof listedItemSchema>;

export const paginationSchema = z.object({
  currentPage: z.number(),
  totalPages: z.number(),
  total: z.number(),
  hasPrevPage: z.boolean(),
  hasNextPage: z.boolean(),
  /** True when `total` is the planner's estimate (very large result sets); the pager still works. */
  totalIsEstimate: z.boolean().optional(),
});

export const itemListSchema = z.object({ items: z.array(listedItemSchema), pagination: paginationSchema });
export type ItemList = z.infer<typeof itemListSchema>;

/** Item detail: the listed fields plus location, status and dates. */
export const itemDetailSchema = listedItemSchema.extend({
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** True when latitude/longitude are the published approximate point (about 200-560 m off), not the exact place. */
  locationIsApproximate: z.boolean(),
  status: itemStatusSchema,
  /** Who it is promised (or was given) to: shown to the owner, an admin and that person; null for everyone else. */
  promisedTo: z.object({ id: z.number(), username: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  expiresAt: z.string().nullable(),
});
export type ItemDetail = z.infer<typeof itemDetailSchema>;

/** GET /api/me/items: my own items in every state, newest first, optionally of one state. */
export const myItemsQuerySchema = z.object({
  ...pagingFields,
  status: z.enum(ITEM_STATUSES, { error: `status must be one of ${ITEM_STATUSES.join(', ')}` }).optional(),
});
export type MyItemsQuery = z.output<typeof myItemsQuerySchema>;

export const myItemSchema = z.object({
  id: z.number(),
  title: z.string(),
  imageUrl: z.string(),
  thumbnailUrl: z.string(),
  tags: z.array(z.string()),
  /** As it stands now: an available item past its expiry is `expired`. */
  status: itemStatusSchema,
  promisedTo: z.object({ id: z.number(), username: z.string() }).nullable(),
  /** How many people wrote about it. */
  conversations: z.number(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
});
export type MyItem = z.infer<typeof myItemSchema>;
export const myItemListSchema = z.object({ items: z.array(myItemSchema), pagination: paginationSchema });
export type MyItemList = z.infer<typeof myItemListSchema>;

export const uploadResultSchema = z.object({ imageUrl: z.string(), thumbnailUrl: z.string() });

/** Public settings the client needs at run time. */
export const clientConfigSchema = z.object({
  productName: z.string(),
  publicUrl: z.string().nullable(),
  map: z.object({ tileUrl: z.string(), attribution: z.string() }),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;
