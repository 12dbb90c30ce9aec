// Toast texts of the list pages' location filter (docs/product.md, Messages). They show on /browse,
// which has only the `core` bundle of the catalogues: their ids are in section `core`. Each text is
// said in the active language when it is read (a toast is fired with it at once).
import type { MessageId } from '#shared/i18n.js';
import { translate } from '@/lib/i18n';

/** The toasts' texts, each in the active language when read. */
export const LOCATION_TOASTS = {
  get unsupportedTitle() {
    return translate('core.itemLocation.unsupportedTitle');
  },
  get unsupported() {
    return translate('core.itemLocation.unsupported');
  },
  get errorTitle() {
    return translate('core.itemLocation.errorTitle');
  },
  get obtainedTitle() {
    return translate('core.itemLocation.obtainedTitle');
  },
  get obtained() {
    return translate('core.itemLocation.obtained');
  },
  get cleared() {
    return translate('core.itemLocation.cleared');
  },
};

// GeolocationPositionError codes.
const PERMISSION_DENIED = 1;
const POSITION_UNAVAILABLE = 2;
const TIMEOUT = 3;

/** The id of the 'Location error' toast's text for a GeolocationPositionError code. */
function locationErrorMessageId(code: number | undefined): MessageId {
  switch (code) {
    case PERMISSION_DENIED:
      return 'core.itemLocation.denied';
    case POSITION_UNAVAILABLE:
      return 'core.itemLocation.unavailable';
    case TIMEOUT:
      return 'core.itemLocation.timeout';
    default:
      return 'core.itemLocation.failed';
  }
}

/** The 'Location error' toast's text for a GeolocationPositionError code, in the active language. */
export function locationErrorMessage(code: number | undefined): string {
  return translate(locationErrorMessageId(code));
}
