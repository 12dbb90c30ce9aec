// Item constants and formatting without zod, so pages can use them without loading zod
// (the /browse JavaScript budget). items.ts re-exports everything here.
import { MAX_PAGE_SIZE, MAX_TAGS } from './constants.js';

/**
 * What each stored status is called on screen (docs/product.md, Wording): an item that has left its
 * owner is 'Given' (stored as `taken`), whatever page shows it.
 */
export const ITEM_STATUS_LABEL = { available: 'Available', promised: 'Promised', taken: 'Given', expired: 'Expired' } as const;

export const ITEM_TITLE_MAX = 120;
export const ITEM_DESCRIPTION_MAX = 5000;
export const TAG_MAX_LENGTH = 40;
export const SEARCH_TEXT_MAX = 200;
/** Bytes of one upload. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** Pixels of one upload (width x height): a 12-megapixel photo passes, a pixel bomb does not. */
export const UPLOAD_MAX_PIXELS = 50_000_000;

export const ITEM_MSG = {
  notFound: 'Item not found',
  notYours: 'You can only change your own items',
  imageNotOurs: 'Image URL must be an image you uploaded to this site',
  imageMissing: 'No image was uploaded: send one file in the field "image"',
  imageTooLarge: 'The image is larger than 10 MB',
  imageType: 'The file is not a JPEG, PNG, GIF or WebP image',
  imageUnreadable: 'The image could not be read; it may be damaged',
  imagePixels: 'The image has too many pixels (at most 50 megapixels)',
  imageTooMany: 'Send only one image',
  uploadMalformed: 'The upload is not a valid multipart/form-data body with the image in the field "image"',
  uploadTooManyParts: 'The upload has too many parts: send one file in the field "image"',
  latLngPair: 'Send both lat and lng, or neither',
  tagTooLong: `A tag can be at most ${TAG_MAX_LENGTH} characters`,
  tooManyTags: `You can add up to ${MAX_TAGS} tags`,
  titleMax: `Title must be at most ${ITEM_TITLE_MAX} characters`,
  descriptionMax: `Description must be at most ${ITEM_DESCRIPTION_MAX} characters`,
  latitudeRange: 'Latitude must be between -90 and 90',
  longitudeRange: 'Longitude must be between -180 and 180',
  pageInvalid: 'page must be a whole number from 1',
  limitInvalid: `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`,
} as const;

/** The thumbnail stored beside a display image: `/uploads/abc.webp` -> `/uploads/abc-thumb.webp`. */
export function thumbnailUrlOf(imageUrl: string): string {
  return imageUrl.replace(/\.webp$/, '-thumb.webp');
}

/** Distance text of the item card: 'N m away' under 1 km, 'N km away', or 'Nearby' (docs/product.md, Pages). */
export function distanceText(km: number | undefined | null): string {
  if (km === undefined || km === null || !Number.isFinite(km)) return 'Nearby';
  if (km < 1) return `${Math.round(km * 1000)} m away`;
  const rounded = km < 10 ? Math.round(km * 10) / 10 : Math.round(km);
  return `${rounded} km away`;
}

/** The common tags of the post form's tag picker (docs/product.md, Pages). */
export const TAG_GROUPS = [
  { label: 'Item Type', tags: ['Furniture', 'Electronics', 'Clothing', 'Books', 'Toys', 'Kitchenware', 'Tools', 'Art', 'Sports', 'Food'] },
  { label: 'Condition', tags: ['New', 'Like New', 'Good', 'Used', 'Vintage', 'Needs Repair'] },
  { label: 'Free/Trade', tags: ['Free', 'For Trade'] },
  { label: 'Location', tags: ['Indoor', 'Outdoor', 'Pickup Only', 'Delivery Available', 'Local Only'] },
  { label: 'Community', tags: ['School', 'Neighborhood', 'Charity', 'Event', 'Restaurant'] },
] as const;
