// The post form's rules: the shared item schema (docs/product.md, Input rules), with the form's own messages
// for empty fields first. Coordinates are text in the form (two inputs under the map).
import { z } from 'zod';
import type { MessageId } from '#shared/i18n.js';
import { itemFieldSchemas, latitudeSchema, longitudeSchema } from '#shared/items.js';

/** Message ids: FieldError says them in the page's language. */
const POST_MSG = {
  titleRequired: 'items.post.titleRequired',
  descriptionRequired: 'items.post.descriptionRequired',
  imageRequired: 'items.post.imageRequired',
  locationRequired: 'items.post.locationRequired',
} as const satisfies Record<string, MessageId>;

const { title, description, latitude, longitude } = itemFieldSchemas;

export const postItemFormSchema = z
  .object({
    /** An offer (needs a photo) or a want (its photo is optional): docs/decisions/023-offers-and-wants.md. */
    type: z.enum(['offer', 'want']),
    title: z.string().trim().min(1, POST_MSG.titleRequired).pipe(title),
    description: z.string().trim().min(1, POST_MSG.descriptionRequired).pipe(description),
    /** The uploaded photos, cover first (up to 6); at least one for an offer. */
    images: z.array(z.string()),
    latitude: z.string().trim().min(1, POST_MSG.locationRequired).transform(Number).pipe(latitude),
    longitude: z.string().trim().min(1, POST_MSG.locationRequired).transform(Number).pipe(longitude),
    tags: z.array(z.string()),
    /** Publish the exact place (a shop, a stall) rather than a point a few hundred metres away. */
    exactLocation: z.boolean().optional(),
  })
  .refine((v) => v.type === 'want' || v.images.length > 0, { message: POST_MSG.imageRequired, path: ['images'] });

export type PostItemFormValues = z.input<typeof postItemFormSchema>;

export const EMPTY_POST_FORM: PostItemFormValues = {
  type: 'offer',
  title: '',
  description: '',
  images: [],
  latitude: '',
  longitude: '',
  tags: [],
  exactLocation: false,
};

/** A coordinate for the form's text inputs: six decimals (about 10 cm). */
export function coordinateText(value: number): string {
  return String(Math.round(value * 1e6) / 1e6);
}

/** The marker position of the form's text, or null while it is not a valid pair. */
export function parsePosition(latitude: string, longitude: string): { lat: number; lng: number } | null {
  const lat = latitudeSchema.safeParse(latitude.trim() === '' ? undefined : latitude);
  const lng = longitudeSchema.safeParse(longitude.trim() === '' ? undefined : longitude);
  return lat.success && lng.success ? { lat: lat.data, lng: lng.data } : null;
}

/** What a valid form gives: numbers for the coordinates, trimmed texts. */
export type PostItemFormOutput = z.output<typeof postItemFormSchema>;
