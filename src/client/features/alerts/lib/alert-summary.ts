import type { AlertCriteria } from '../../../../shared/alerts.js';
import type { Translate } from '@/lib/i18n';

/** A coordinate as people read it on a map: three decimals (about 100 m). */
export const coordinate = (value: number) => value.toFixed(3);

/** What an alert matches, in one line (accessible names of its buttons, the delete confirmation). */
export function alertSummary(t: Translate, alert: AlertCriteria): string {
  const parts: string[] = [];
  if (alert.query) parts.push(t('alerts.criteria.text', { text: alert.query }));
  if (alert.tag) parts.push(t('alerts.criteria.tag', { tag: alert.tag }));
  if (alert.latitude !== null && alert.longitude !== null && alert.radiusKm !== null) {
    parts.push(
      t('alerts.criteria.place', { km: alert.radiusKm, latitude: coordinate(alert.latitude), longitude: coordinate(alert.longitude) }),
    );
  }
  return parts.join(' · ');
}
