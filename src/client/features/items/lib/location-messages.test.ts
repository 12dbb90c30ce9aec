import { beforeAll, describe, expect, it } from 'vitest';
import { LOCATION_TOASTS, locationErrorMessage } from './location-messages';
import { loadEnglish } from '../../../test/english';

beforeAll(loadEnglish);

describe('locationErrorMessage', () => {
  it('maps each GeolocationPositionError code to its text', () => {
    expect(locationErrorMessage(1)).toBe('Location access denied. Please enable location services in your browser settings.');
    expect(locationErrorMessage(2)).toBe('Location information is unavailable.');
    expect(locationErrorMessage(3)).toBe('Location request timed out.');
    expect(locationErrorMessage(undefined)).toBe('Could not get your location.');
    expect(locationErrorMessage(99)).toBe('Could not get your location.');
  });
});

describe('LOCATION_TOASTS', () => {
  it('says each toast text in the active language', () => {
    expect(LOCATION_TOASTS.obtainedTitle).toBe('Location obtained');
    expect(LOCATION_TOASTS.unsupported).toBe("Your browser doesn't support geolocation. Please try another browser.");
  });
});
