// The contract of saved alerts (docs/product.md, Saved alerts; docs/decisions/016-saved-alerts.md):
// a signed-in person saves a search (text, tag, a place with a radius; at least one of them) and
// hears of new items that match it. Each person sees and changes only their own alerts.
import { z } from 'zod';
import {
  ALERT_RADIUS_MAX_KM,
  ALERT_RADIUS_MIN_KM,
  LATITUDE_MAX,
  LATITUDE_MIN,
  LONGITUDE_MAX,
  LONGITUDE_MIN,
  SEARCH_TEXT_MAX,
} from './constants.js';
import type { MessageId } from './i18n.js';
import { SCHEMA_MSG } from './messages.js';

// The numbers live in constants.ts (no zod), so that Browse's Alert me dialog loads without the schemas.
export { ALERT_LIMIT_DEFAULT, ALERT_RADIUS_CHOICES_KM } from './constants.js';

export const ALERT_MSG = {
  notFound: 'alerts.api.notFound',
  alertId: 'alerts.api.alertId',
  noCriterion: 'alerts.api.noCriterion',
  placePair: 'alerts.api.placePair',
  placeNeedsRadius: 'alerts.api.placeNeedsRadius',
  radiusNeedsPlace: 'alerts.api.radiusNeedsPlace',
  radiusRange: 'alerts.api.radiusRange',
  latitudeRange: 'alerts.api.latitudeRange',
  longitudeRange: 'alerts.api.longitudeRange',
  text: 'alerts.api.text',
  paused: 'alerts.api.paused',
  nothingToChange: 'alerts.api.nothingToChange',
} as const satisfies Record<string, MessageId>;

/** Search text or tag: trimmed, as the list search takes them; empty or null means none. */
const searchText = z
  .string({ error: ALERT_MSG.text })
  .trim()
  .max(SEARCH_TEXT_MAX, SCHEMA_MSG.searchTextMax)
  .transform((s) => s || null)
  .nullable();

const coordinate = (min: number, max: number, message: MessageId) =>
  z.number({ error: message }).min(min, message).max(max, message).nullable();

const alertFields = {
  query: searchText,
  tag: searchText,
  latitude: coordinate(LATITUDE_MIN, LATITUDE_MAX, ALERT_MSG.latitudeRange),
  longitude: coordinate(LONGITUDE_MIN, LONGITUDE_MAX, ALERT_MSG.longitudeRange),
  radiusKm: z
    .number({ error: ALERT_MSG.radiusRange })
    .min(ALERT_RADIUS_MIN_KM, ALERT_MSG.radiusRange)
    .max(ALERT_RADIUS_MAX_KM, ALERT_MSG.radiusRange)
    .nullable(),
};

/** POST /api/alerts. Whether the fields together make an alert is `alertProblem`'s to say. */
export const createAlertBodySchema = z
  .object({
    query: alertFields.query.optional(),
    tag: alertFields.tag.optional(),
    latitude: alertFields.latitude.optional(),
    longitude: alertFields.longitude.optional(),
    radiusKm: alertFields.radiusKm.optional(),
  })
  .strict();
export type CreateAlertBody = z.input<typeof createAlertBodySchema>;

/** PATCH /api/alerts/:id: any of the fields (null clears one) and `paused`; at least one. */
export const updateAlertBodySchema = createAlertBodySchema
  .extend({ paused: z.boolean({ error: ALERT_MSG.paused }).optional() })
  .strict()
  .refine((b) => Object.values(b).some((v) => v !== undefined), ALERT_MSG.nothingToChange);
export type UpdateAlertBody = z.input<typeof updateAlertBodySchema>;

/** What an alert looks for: every field present, null when not given. */
export interface AlertCriteria {
  query: string | null;
  tag: string | null;
  latitude: number | null;
  longitude: number | null;
  radiusKm: number | null;
}

/**
 * Why these criteria are no alert, or undefined when they are one: at least one of text, tag or
 * place; a place is latitude and longitude together, with a radius; a radius needs a place.
 */
export function alertProblem(a: AlertCriteria): MessageId | undefined {
  if ((a.latitude === null) !== (a.longitude === null)) return ALERT_MSG.placePair;
  if (a.latitude !== null && a.radiusKm === null) return ALERT_MSG.placeNeedsRadius;
  if (a.latitude === null && a.radiusKm !== null) return ALERT_MSG.radiusNeedsPlace;
  if (a.query === null && a.tag === null && a.latitude === null) return ALERT_MSG.noCriterion;
  return undefined;
}

export const alertSchema = z.object({
  id: z.number(),
  query: z.string().nullable(),
  tag: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  radiusKm: z.number().nullable(),
  paused: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Alert = z.infer<typeof alertSchema>;

/** GET /api/alerts: mine, oldest first. */
export const alertListSchema = z.array(alertSchema);

export const alertIdParams = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,8}$/, ALERT_MSG.alertId)
    .transform(Number),
});
