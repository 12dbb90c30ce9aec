// Toast texts of the list pages' location filter (docs/product.md, Messages), word for word.

export const LOCATION_TOASTS = {
  unsupportedTitle: 'Geolocation not supported',
  unsupported: "Your browser doesn't support geolocation. Please try another browser.",
  errorTitle: 'Location error',
  obtainedTitle: 'Location obtained',
  obtained: 'Showing items nearest to your current location',
  cleared: 'Location filter cleared',
} as const;

// GeolocationPositionError codes.
const PERMISSION_DENIED = 1;
const POSITION_UNAVAILABLE = 2;
const TIMEOUT = 3;

/** The 'Location error' toast's text for a GeolocationPositionError code. */
export function locationErrorMessage(code: number | undefined): string {
  switch (code) {
    case PERMISSION_DENIED:
      return 'Location access denied. Please enable location services in your browser settings.';
    case POSITION_UNAVAILABLE:
      return 'Location information is unavailable.';
    case TIMEOUT:
      return 'Location request timed out.';
    default:
      return 'Could not get your location.';
  }
}
