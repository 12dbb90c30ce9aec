import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EARTH_M, boxesAround } from './sphere.js';

const rad = Math.PI / 180;
/** The great-circle distance on earthdistance's sphere, in metres. */
function haversineM(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return 2 * EARTH_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

describe('boxesAround', () => {
  it('holds every point of the circle, poles and antimeridian included', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -90, max: 90, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        fc.double({ min: 1, max: 3_000_000, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
        (lat, lng, metres, along, bearing) => {
          // A point `along` of the way to the circle's edge in direction `bearing` (the sphere's direct formula).
          const d = (metres * along) / EARTH_M;
          const φ = lat * rad;
          const φ2 = Math.asin(Math.sin(φ) * Math.cos(d) + Math.cos(φ) * Math.sin(d) * Math.cos(bearing));
          const λ2 = lng * rad + Math.atan2(Math.sin(bearing) * Math.sin(d) * Math.cos(φ), Math.cos(d) - Math.sin(φ) * Math.sin(φ2));
          const pLat = φ2 / rad;
          const pLng = ((((λ2 / rad + 180) % 360) + 360) % 360) - 180;
          expect(haversineM(lat, lng, pLat, pLng)).toBeLessThanOrEqual(metres * (1 + 1e-6) + 0.01);
          const boxes = boxesAround(lat, lng, metres);
          expect(boxes.some(([w, s, e, n]) => pLng >= w && pLng <= e && pLat >= s && pLat <= n)).toBe(true);
        },
      ),
      { numRuns: 5_000, seed: 3 },
    );
  });

  it('is one box of the right size in the middle latitudes, and two across the antimeridian', () => {
    const [box] = boxesAround(0, 0, 111_320);
    expect(box![3]).toBeCloseTo(1.0001, 3);
    expect(box![2]).toBeCloseTo(1.0001, 3);
    expect(boxesAround(60, 0, 10_000)[0]![2]).toBeCloseTo(2 * (10_000 / EARTH_M / rad), 3);
    expect(boxesAround(10, 179.9, 50_000)).toHaveLength(2);
    expect(boxesAround(89.9, 10, 50_000)).toEqual([[-180, expect.any(Number), 180, 90]]);
  });
});
