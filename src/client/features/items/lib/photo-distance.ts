// How far a photo's place is from where the device is now (docs/product.md, Post item: a warning past FAR_FROM_HERE_KM).
import { getCurrentPosition, type Position } from '@/lib/geolocation';

/** A photo taken further than this from the device is probably not where the item is now. */
export const FAR_FROM_HERE_KM = 50;

const EARTH_RADIUS_KM = 6371.0088;

/** Great-circle distance in kilometres. */
export function distanceKm(a: Position, b: Position): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * How far the photo's place is from the device, in whole kilometres, when that is more than
 * FAR_FROM_HERE_KM; null when it is near, or when the device's place is not known without asking:
 * the browser is asked only when the person has already allowed it (no prompt for a warning).
 */
export async function farFromHereKm(photo: Position): Promise<number | null> {
  try {
    const permission = await navigator.permissions?.query({ name: 'geolocation' });
    if (permission?.state !== 'granted') return null;
    const here = await getCurrentPosition({ enableHighAccuracy: false, timeout: 5000, maximumAge: 10 * 60_000 });
    const km = distanceKm(here, photo);
    return km > FAR_FROM_HERE_KM ? Math.round(km) : null;
  } catch {
    return null;
  }
}
