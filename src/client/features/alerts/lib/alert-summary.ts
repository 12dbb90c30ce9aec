import type { AlertCriteria } from '#shared/alerts.js';
import { type DistanceUnit, KM_PER_MILE } from '#shared/distance-unit.js';
import type { Translate } from '@/lib/i18n';

/** A coordinate as people read it on a map: three decimals (about 100 m). */
const coordinate = (value: number) => value.toFixed(3);

/** 'Within 5 km of 40.750, -73.980', or in miles (one decimal under 10) for a person who chose them. */
export function alertPlace(t: Translate, radiusKm: number, latitude: number, longitude: number, unit: DistanceUnit): string {
  const where = { latitude: coordinate(latitude), longitude: coordinate(longitude) };
  if (unit === 'km') return t('alerts.criteria.place', { km: radiusKm, ...where });
  const mi = radiusKm / KM_PER_MILE;
  return t('alerts.criteria.placeMi', { mi: mi < 10 ? Math.round(mi * 10) / 10 : Math.round(mi), ...where });
}

/** What an alert matches, in one line (accessible names of its buttons, the delete confirmation). */
export function alertSummary(t: Translate, alert: AlertCriteria, unit: DistanceUnit = 'km'): string {
  const parts: string[] = [];
  if (alert.query) parts.push(t('alerts.criteria.text', { text: alert.query }));
  if (alert.tag) parts.push(t('alerts.criteria.tag', { tag: alert.tag }));
  if (alert.latitude !== null && alert.longitude !== null && alert.radiusKm !== null) {
    parts.push(alertPlace(t, alert.radiusKm, alert.latitude, alert.longitude, unit));
  }
  return parts.join(' · ');
}
