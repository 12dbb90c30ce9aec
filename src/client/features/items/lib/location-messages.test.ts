import { describe, expect, it } from 'vitest';
import { locationErrorMessage } from './location-messages';

describe('locationErrorMessage', () => {
  it('maps each GeolocationPositionError code to its text', () => {
    expect(locationErrorMessage(1)).toBe('Location access denied. Please enable location services in your browser settings.');
    expect(locationErrorMessage(2)).toBe('Location information is unavailable.');
    expect(locationErrorMessage(3)).toBe('Location request timed out.');
    expect(locationErrorMessage(undefined)).toBe('Could not get your location.');
    expect(locationErrorMessage(99)).toBe('Could not get your location.');
  });
});
