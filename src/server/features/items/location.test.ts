import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { APPROX_MAX_METRES, APPROX_MIN_METRES, approximatePoint } from './location.js';

function metresBetween(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const h = Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

describe('approximatePoint', () => {
  it('moves a point a few hundred metres, within the range, and stays a valid coordinate', () => {
    fc.assert(
      fc.property(fc.double({ min: -85, max: 85, noNaN: true }), fc.double({ min: -180, max: 180, noNaN: true }), (lat, lng) => {
        const p = approximatePoint({ lat, lng });
        const d = metresBetween({ lat, lng }, p);
        expect(d).toBeGreaterThanOrEqual(APPROX_MIN_METRES * 0.99);
        expect(d).toBeLessThanOrEqual(APPROX_MAX_METRES * 1.01);
        expect(Math.abs(p.lat)).toBeLessThanOrEqual(90);
        expect(Math.abs(p.lng)).toBeLessThanOrEqual(180);
      }),
      { numRuns: 500, seed: 3 },
    );
  });

  it('goes in every direction (no bias a watcher could undo)', () => {
    const quadrants = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const p = approximatePoint({ lat: 40.7, lng: -74 });
      quadrants.add(`${p.lat > 40.7}${p.lng > -74}`);
    }
    expect(quadrants.size).toBe(4);
  });

  it('wraps across the date line', () => {
    const p = approximatePoint({ lat: 0, lng: 179.999 }, () => 0.25);
    expect(p.lng).toBeLessThan(-179);
  });
});
