// A promise around navigator.geolocation.getCurrentPosition.
import { msg } from '#shared/i18n.js';

export type Position = { lat: number; lng: number };

/** The browser has no geolocation at all. */
export class GeolocationUnsupportedError extends Error {
  constructor() {
    super(msg('core.common.geolocationUnsupported'));
    this.name = 'GeolocationUnsupportedError';
  }
}

function isGeolocationSupported(): boolean {
  return typeof navigator !== 'undefined' && 'geolocation' in navigator && Boolean(navigator.geolocation);
}

/**
 * The device's position. Rejects with GeolocationUnsupportedError, or with the browser's
 * GeolocationPositionError (its `code` tells denied / unavailable / timeout).
 */
export function getCurrentPosition(options: PositionOptions): Promise<Position> {
  if (!isGeolocationSupported()) return Promise.reject(new GeolocationUnsupportedError());
  return new Promise((resolve, reject) => {
    navigator.geolocation.getCurrentPosition((pos) => resolve({ lat: pos.coords.latitude, lng: pos.coords.longitude }), reject, options);
  });
}

/** The `code` of a GeolocationPositionError (1 denied, 2 unavailable, 3 timeout), else undefined. */
export function geolocationErrorCode(error: unknown): number | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'number' ? code : undefined;
}
