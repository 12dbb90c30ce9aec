import { describe, expect, it } from 'vitest';
import { distanceKm, FAR_FROM_HERE_KM } from './photo-distance';

describe('distanceKm', () => {
  it('measures great-circle distances (New York to Paris about 5,837 km; a point to itself 0)', () => {
    expect(distanceKm({ lat: 40.7128, lng: -74.006 }, { lat: 48.8566, lng: 2.3522 })).toBeCloseTo(5837, -1);
    expect(distanceKm({ lat: 40.7128, lng: -74.006 }, { lat: 40.7128, lng: -74.006 })).toBe(0);
  });
  it('tells a photo from across town (under the limit) from one from another city', () => {
    expect(distanceKm({ lat: 40.7306, lng: -73.9866 }, { lat: 40.6782, lng: -73.9442 })).toBeLessThan(FAR_FROM_HERE_KM);
    expect(distanceKm({ lat: 40.7306, lng: -73.9866 }, { lat: 39.9526, lng: -75.1652 })).toBeGreaterThan(FAR_FROM_HERE_KM);
  });
});
