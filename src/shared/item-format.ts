// Item constants and formatting without zod, so pages can use them without loading zod
// (the /browse JavaScript budget). items.ts re-exports everything here.
import { type Message, type MessageId, withValues } from './i18n.js';
import { type DistanceUnit, KM_PER_MILE } from './distance-unit.js';
import { ITEM_DESCRIPTION_MAX, ITEM_TITLE_MAX, SEARCH_TEXT_MAX, TAG_MAX_LENGTH } from './constants.js';

export { ITEM_DESCRIPTION_MAX, ITEM_TITLE_MAX, SEARCH_TEXT_MAX, TAG_MAX_LENGTH };

/**
 * What each stored status is called on screen (docs/product.md, Wording): an item that has left its
 * owner is 'Given' (stored as `taken`), whatever page shows it.
 */
export const ITEM_STATUS_LABEL = {
  available: 'core.status.available',
  promised: 'core.status.promised',
  taken: 'core.status.taken',
  expired: 'core.status.expired',
} as const satisfies Record<string, MessageId>;

/** Bytes of one upload. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** Pixels of one upload (width x height): a 12-megapixel photo passes, a pixel bomb does not. */
export const UPLOAD_MAX_PIXELS = 50_000_000;

export const ITEM_MSG = {
  notFound: 'api.items.notFound',
  notYours: 'api.items.notYours',
  imageNotOurs: 'api.items.imageNotOurs',
  imageMissing: 'api.items.imageMissing',
  imageTooLarge: 'api.items.imageTooLarge',
  imageType: 'api.items.imageType',
  imageUnreadable: 'api.items.imageUnreadable',
  imageHeic: 'api.items.imageHeic',
  imagePixels: 'api.items.imagePixels',
  storageFull: 'api.items.storageFull',
  imageTooMany: 'api.items.imageTooMany',
  imagesCount: 'api.items.imagesCount',
  imagesTwice: 'api.items.imagesTwice',
  imagesCover: 'api.items.imagesCover',
  placePair: 'api.items.placePair',
  uploadMalformed: 'api.items.uploadMalformed',
  uploadTooManyParts: 'api.items.uploadTooManyParts',
  latLngPair: 'api.items.latLngPair',
  tagTooLong: 'api.items.tagTooLong',
  tooManyTags: 'api.items.tooManyTags',
  titleMax: 'api.items.titleMax',
  descriptionMax: 'api.items.descriptionMax',
  latitudeRange: 'api.items.latitudeRange',
  longitudeRange: 'api.items.longitudeRange',
  pageInvalid: 'api.items.pageInvalid',
  limitInvalid: 'api.items.limitInvalid',
  radiusInvalid: 'api.items.radiusInvalid',
  radiusNeedsPlace: 'api.items.radiusNeedsPlace',
  sortInvalid: 'api.items.sortInvalid',
  nearestNeedsPlace: 'api.items.nearestNeedsPlace',
  typeInvalid: 'api.items.typeInvalid',
  offerNeedsPhoto: 'api.items.offerNeedsPhoto',
  wantNoHandover: 'api.items.wantNoHandover',
  wantWhilePromised: 'api.items.wantWhilePromised',
  bboxInvalid: 'api.items.bboxInvalid',
  bboxTooLarge: 'api.items.bboxTooLarge',
  searchAreaTooLarge: 'api.items.searchAreaTooLarge',
  zoomInvalid: 'api.items.zoomInvalid',
} as const satisfies Record<string, MessageId>;

/** The thumbnail stored beside a display image: `/uploads/abc.webp` -> `/uploads/abc-thumb.webp`. */
export function thumbnailUrlOf(imageUrl: string): string {
  // A want without a photo has none ('').
  return imageUrl.replace(/\.webp$/, '-thumb.webp');
}

/** One decimal under 10, whole numbers from there. */
const roundDistance = (n: number) => (n < 10 ? Math.round(n * 10) / 10 : Math.round(n));

/**
 * Distance of the item card: 'N m away' under 1 km, 'N km away' (one decimal under 10 km), or
 * 'Nearby' (docs/product.md, Pages), as a message the catalogues word for each language. In miles
 * (the person's unit, src/shared/distance-unit.ts): 'N mi away', one decimal under 10, at least 0.1.
 */
export function distanceMessage(km: number | undefined | null, unit: DistanceUnit = 'km'): Message {
  if (km === undefined || km === null || !Number.isFinite(km)) return 'core.item.nearby';
  if (unit === 'mi') return withValues('core.item.miAway', { mi: Math.max(0.1, roundDistance(km / KM_PER_MILE)) });
  if (km < 1) return withValues('core.item.metersAway', { meters: Math.round(km * 1000) });
  return withValues('core.item.kmAway', { km: roundDistance(km) });
}

/** A radius choice's label ('Within 5 km', or 'Within 3.1 mi' in miles); the radius itself stays in km. */
export function radiusMessage(km: number, unit: DistanceUnit = 'km'): Message {
  return unit === 'mi'
    ? withValues('core.browse.withinMi', { mi: roundDistance(km / KM_PER_MILE) })
    : withValues('core.browse.withinKm', { km });
}

/** The common tags of the post form's tag picker (docs/product.md, Pages). */
export const TAG_GROUPS = [
  { label: 'Item Type', tags: ['Furniture', 'Electronics', 'Clothing', 'Books', 'Toys', 'Kitchenware', 'Tools', 'Art', 'Sports', 'Food'] },
  { label: 'Condition', tags: ['New', 'Like New', 'Good', 'Used', 'Vintage', 'Needs Repair'] },
  { label: 'Free/Trade', tags: ['Free', 'For Trade'] },
  { label: 'Location', tags: ['Indoor', 'Outdoor', 'Pickup Only', 'Delivery Available', 'Local Only'] },
  { label: 'Community', tags: ['School', 'Neighborhood', 'Charity', 'Event', 'Restaurant'] },
] as const;
