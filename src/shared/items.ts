import { z } from 'zod';
import {
  ITEM_DESCRIPTION_MIN,
  ITEM_STATUSES,
  ITEM_TITLE_MIN,
  ITEM_TYPES,
  LATITUDE_MAX,
  LATITUDE_MIN,
  LIST_RADIUS_MAX_KM,
  LIST_RADIUS_MIN_KM,
  LIST_SORTS,
  LONGITUDE_MAX,
  LONGITUDE_MIN,
  MAX_IMAGES,
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

const titleSchema = z.string({ error: MSG.titleMin }).trim().min(ITEM_TITLE_MIN, MSG.titleMin).max(ITEM_TITLE_MAX, ITEM_MSG.titleMax);
const descriptionSchema = z
  .string({ error: MSG.descriptionMin })
  .trim()
  .min(ITEM_DESCRIPTION_MIN, MSG.descriptionMin)
  .max(ITEM_DESCRIPTION_MAX, ITEM_MSG.descriptionMax);
const imageUrlSchema = z.string({ error: MSG.imageUrlRequired }).min(1, MSG.imageUrlRequired).max(500, ITEM_MSG.imageNotOurs);
/**
 * Up to MAX_IMAGES photos, cover first, each once (docs/decisions/018-item-photos.md). An offer has
 * at least one; a want may have none (checked with the type: hasPhotosForType).
 */
const imagesSchema = z
  .array(imageUrlSchema, { error: SCHEMA_MSG.imagesList })
  .max(MAX_IMAGES, ITEM_MSG.imagesCount)
  .refine((urls) => new Set(urls).size === urls.length, ITEM_MSG.imagesTwice);
/** `offer` (the default) or `want` (docs/decisions/023-offers-and-wants.md). */
const itemTypeSchema = z.enum(ITEM_TYPES, { error: ITEM_MSG.typeInvalid });
export type ItemType = (typeof ITEM_TYPES)[number];
const itemLatitudeSchema = z
  .number({ error: ITEM_MSG.latitudeRange })
  .min(LATITUDE_MIN, ITEM_MSG.latitudeRange)
  .max(LATITUDE_MAX, ITEM_MSG.latitudeRange);
const itemLongitudeSchema = z
  .number({ error: ITEM_MSG.longitudeRange })
  .min(LONGITUDE_MIN, ITEM_MSG.longitudeRange)
  .max(LONGITUDE_MAX, ITEM_MSG.longitudeRange);
/** Publish the exact place (a shop, a food stall) instead of a point a few hundred metres away. */
const exactLocationSchema = z.boolean({ error: SCHEMA_MSG.exactLocation });

/** The rules of an item's fields, for forms that check them before sending. */
export const itemFieldSchemas = {
  title: titleSchema,
  description: descriptionSchema,
  latitude: itemLatitudeSchema,
  longitude: itemLongitudeSchema,
};

/**
 * POST /api/items (docs/product.md, Input rules item schema, plus upper bounds). The photos are
 * `images` (cover first), or `imageUrl` alone as a one-photo client sends it; with both, `imageUrl` must be
 * the cover. The parsed body always has `images`.
 */
export const createItemBodySchema = z
  .object({
    title: titleSchema,
    description: descriptionSchema,
    imageUrl: imageUrlSchema.optional(),
    images: imagesSchema.optional(),
    latitude: itemLatitudeSchema,
    longitude: itemLongitudeSchema,
    tags: tagsSchema.optional().default([]),
    isVisible: z.boolean().optional().default(true),
    exactLocation: exactLocationSchema.optional().default(false),
    type: itemTypeSchema.optional().default('offer'),
  })
  // An offer needs a photo (docs/product.md, Post item); a want's photo is optional.
  .refine((b) => b.type === 'want' || b.images !== undefined || b.imageUrl !== undefined, {
    message: MSG.imageUrlRequired,
    path: ['imageUrl'],
  })
  .refine((b) => b.type === 'want' || b.images === undefined || b.images.length > 0, { message: ITEM_MSG.imagesCount, path: ['images'] })
  .refine((b) => b.images === undefined || b.imageUrl === undefined || b.images[0] === b.imageUrl, {
    message: ITEM_MSG.imagesCover,
    path: ['imageUrl'],
  })
  .transform(({ imageUrl, images, ...rest }) => ({ ...rest, images: images ?? (imageUrl === undefined ? [] : [imageUrl]) }));
export type CreateItemBody = z.input<typeof createItemBodySchema>;
export type CreateItemInput = z.output<typeof createItemBodySchema>;

/**
 * PATCH /api/items/:id: change the status, renew (push the expiry out again), and/or edit the
 * item: title, description, tags, images (reorder, add, remove), place (latitude and longitude
 * together), exactLocation and type, each under the rules of posting (an offer keeps a photo: the
 * service checks the photos and the type together).
 */
export const updateItemBodySchema = z
  .object({
    status: z.enum(['available', 'taken'], { error: SCHEMA_MSG.itemStatus }).optional(),
    renew: z.literal(true, { error: SCHEMA_MSG.renew }).optional(),
    title: titleSchema.optional(),
    description: descriptionSchema.optional(),
    tags: tagsSchema.optional(),
    images: imagesSchema.optional(),
    latitude: itemLatitudeSchema.optional(),
    longitude: itemLongitudeSchema.optional(),
    exactLocation: exactLocationSchema.optional(),
    type: itemTypeSchema.optional(),
  })
  .strict()
  .refine((b) => Object.values(b).some((v) => v !== undefined), SCHEMA_MSG.statusOrRenew)
  .refine((b) => (b.latitude === undefined) === (b.longitude === undefined), ITEM_MSG.placePair);
export type UpdateItemBody = z.input<typeof updateItemBodySchema>;
export type UpdateItemInput = z.output<typeof updateItemBodySchema>;

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
    /** Only offers or only wants; absent: both. */
    type: itemTypeSchema.optional(),
  })
  .refine((q) => (q.lat === undefined) === (q.lng === undefined), ITEM_MSG.latLngPair)
  .refine((q) => q.radiusKm === undefined || q.lat !== undefined, ITEM_MSG.radiusNeedsPlace)
  .refine((q) => q.sort !== 'nearest' || q.lat !== undefined, ITEM_MSG.nearestNeedsPlace);
export type ListItemsQuery = z.output<typeof listItemsQuerySchema>;

/** The map's zoom levels a clusters request may ask for (Leaflet's, 0 the whole world). */
const MAP_ZOOM_MAX = 20;

const decimal = /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/;

/**
 * `bbox=west,south,east,north` of the map's visible area, in degrees. An area across the 180th
 * meridian (west east of east) is refused: the map asks for its two halves (docs/decisions/021).
 */
const bboxSchema = z.string({ error: ITEM_MSG.bboxInvalid }).transform((text, ctx) => {
  const parts = text.split(',');
  const [west, south, east, north] = parts.map(Number) as [number, number, number, number];
  const ok =
    parts.length === 4 &&
    parts.every((p) => decimal.test(p)) &&
    [west, south, east, north].every(Number.isFinite) &&
    west >= LONGITUDE_MIN &&
    east <= LONGITUDE_MAX &&
    south >= LATITUDE_MIN &&
    north <= LATITUDE_MAX &&
    west <= east &&
    south <= north;
  if (!ok) {
    ctx.addIssue({ code: 'custom', message: ITEM_MSG.bboxInvalid });
    return z.NEVER;
  }
  return { west, south, east, north };
});

/** GET /api/items/clusters query: the visible area and zoom, and the list's filters (docs/product.md, API). */
export const clustersQuerySchema = z
  .object({
    bbox: bboxSchema,
    zoom: z
      .string({ error: ITEM_MSG.zoomInvalid })
      .regex(/^\d{1,2}$/, ITEM_MSG.zoomInvalid)
      .transform(Number)
      .refine((z) => z <= MAP_ZOOM_MAX, ITEM_MSG.zoomInvalid),
    lat: latitudeSchema.optional(),
    lng: longitudeSchema.optional(),
    query: z.string().max(SEARCH_TEXT_MAX, SCHEMA_MSG.searchTextMax).optional(),
    tag: z.string().max(SEARCH_TEXT_MAX, SCHEMA_MSG.searchTextMax).optional(),
    radiusKm: radiusKmSchema.optional(),
    type: itemTypeSchema.optional(),
  })
  .refine((q) => (q.lat === undefined) === (q.lng === undefined), ITEM_MSG.latLngPair)
  .refine((q) => q.radiusKm === undefined || q.lat !== undefined, ITEM_MSG.radiusNeedsPlace);
export type ClustersQuery = z.output<typeof clustersQuerySchema>;

const itemStatusSchema = z.enum(ITEM_STATUSES);
export type ItemStatus = (typeof ITEM_STATUSES)[number];

export const itemIdParams = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,8}$/, SCHEMA_MSG.itemId)
    .transform(Number),
});

/** An item as listed (docs/product.md, Data) plus the thumbnail's address. */
const listedItemSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  /** The cover photo; '' for a want posted without one. */
  imageUrl: z.string(),
  thumbnailUrl: z.string(),
  /** Every photo, cover first: `images[0]` is `imageUrl` (empty for a want without a photo). */
  images: z.array(z.string()),
  tags: z.array(z.string()),
  type: itemTypeSchema,
  userId: z.number(),
  username: z.string(),
  distance: z.number().optional(),
  /** When it was posted (ISO 8601): cards show its age. */
  createdAt: z.string(),
});
export type ListedItem = z.infer<typeof listedItemSchema>;

const paginationSchema = z.object({
  currentPage: z.number(),
  totalPages: z.number(),
  total: z.number(),
  hasPrevPage: z.boolean(),
  hasNextPage: z.boolean(),
  /** True when `total` is the planner's estimate (very large result sets); the pager still works. */
  totalIsEstimate: z.boolean().optional(),
});

export const itemListSchema = z.object({
  items: z.array(listedItemSchema),
  pagination: paginationSchema,
  /** True when no item matches the search as typed and these are matches of what its words may have meant (typos): "Similar results". */
  similar: z.boolean().optional(),
});
export type ItemList = z.infer<typeof itemListSchema>;

/**
 * A single item on the map: its id and published (approximate) point, never the exact one. Its card
 * loads the item (GET /api/items/:id) when opened: the answer comes from the per-cell sums alone,
 * without reading a row per item (docs/decisions/032-map-single-items-by-id.md).
 */
const mapItemSchema = z.object({ id: z.number(), latitude: z.number(), longitude: z.number() });
export type MapItem = z.infer<typeof mapItemSchema>;

/** GET /api/items/clusters: groups of two or more items (their points' centre) and single items. */
export const clustersSchema = z.object({
  clusters: z.array(z.object({ latitude: z.number(), longitude: z.number(), count: z.number() })),
  items: z.array(mapItemSchema),
});
export type Clusters = z.infer<typeof clustersSchema>;

/** Item detail: the listed fields plus location, status and dates. */
export const itemDetailSchema = listedItemSchema.extend({
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** True when latitude/longitude are the published approximate point (200-700 m off), not the exact place. */
  locationIsApproximate: z.boolean(),
  /** The poster chose to publish the exact place (a shop, a stall): what the edit form starts from. */
  exactLocation: z.boolean(),
  status: itemStatusSchema,
  /** Who it is promised (or was given) to: shown to the owner, an admin and that person; null for everyone else. */
  promisedTo: z.object({ id: z.number(), username: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  expiresAt: z.string().nullable(),
  /** Present only when an admin hid it, and only to its owner and the admins (nobody else sees it at all). */
  hidden: z.object({ reason: z.string(), at: z.string() }).optional(),
});
export type ItemDetail = z.infer<typeof itemDetailSchema>;

/** GET /api/me/items: my own items in every state, newest first, optionally of one state. */
export const myItemsQuerySchema = z.object({
  ...pagingFields,
  status: z.enum(ITEM_STATUSES, { error: `status must be one of ${ITEM_STATUSES.join(', ')}` }).optional(),
});
export type MyItemsQuery = z.output<typeof myItemsQuerySchema>;

const myItemSchema = z.object({
  id: z.number(),
  title: z.string(),
  imageUrl: z.string(),
  thumbnailUrl: z.string(),
  tags: z.array(z.string()),
  type: itemTypeSchema,
  /** As it stands now: an available item past its expiry is `expired`. */
  status: itemStatusSchema,
  promisedTo: z.object({ id: z.number(), username: z.string() }).nullable(),
  /** How many people wrote about it. */
  conversations: z.number(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  /** Present when an admin hid it: the reason they gave. */
  hiddenReason: z.string().optional(),
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
