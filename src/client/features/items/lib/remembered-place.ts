// The place a person chose for the lists, remembered on this device (localStorage) so distances show
// on the next visit without asking again; "Forget my place" removes it. Cleared from a list, it is
// not put back in the same tab (sessionStorage) until the person shares a place again.
import { LATITUDE_MAX, LATITUDE_MIN, LONGITUDE_MAX, LONGITUDE_MIN } from '#shared/constants.js';
import type { Position } from '@/lib/geolocation';
import { roundPlace } from './list-url';

const PLACE_KEY = 'sharenearby:place';
const OFF_KEY = 'sharenearby:place-off';

function storage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return window[kind];
  } catch {
    return null; // storage blocked (a privacy setting): nothing is remembered
  }
}

/** The remembered place, or null (none, unreadable, or out of range). */
export function rememberedPlace(): Position | null {
  try {
    const raw = storage('localStorage')?.getItem(PLACE_KEY);
    if (!raw) return null;
    const { lat, lng } = JSON.parse(raw) as { lat?: unknown; lng?: unknown };
    if (typeof lat !== 'number' || typeof lng !== 'number') return null;
    if (!(lat >= LATITUDE_MIN && lat <= LATITUDE_MAX && lng >= LONGITUDE_MIN && lng <= LONGITUDE_MAX)) return null;
    return roundPlace({ lat, lng });
  } catch {
    return null;
  }
}

/** Remembers a place (4 decimals, as the URL has it) and lets the lists use it again. */
export function rememberPlace(place: Position): void {
  try {
    storage('localStorage')?.setItem(PLACE_KEY, JSON.stringify(roundPlace(place)));
    storage('sessionStorage')?.removeItem(OFF_KEY);
  } catch {
    // full or blocked: the list still has the place in its URL
  }
}

export function forgetPlace(): void {
  try {
    storage('localStorage')?.removeItem(PLACE_KEY);
    storage('sessionStorage')?.removeItem(OFF_KEY);
  } catch {
    // nothing to do
  }
}

/** The location filter was cleared in this tab: a plain list does not put the remembered place back. */
export function setPlaceOff(off: boolean): void {
  try {
    if (off) storage('sessionStorage')?.setItem(OFF_KEY, '1');
    else storage('sessionStorage')?.removeItem(OFF_KEY);
  } catch {
    // nothing to do
  }
}

export function isPlaceOff(): boolean {
  try {
    return storage('sessionStorage')?.getItem(OFF_KEY) === '1';
  } catch {
    return false;
  }
}
