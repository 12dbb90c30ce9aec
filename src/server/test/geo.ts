// Points and distances for the location-privacy tests (docs/decisions/006-location-privacy.md).
import { metresBetween, type Point } from '../features/items/location.js';

export { metresBetween, type Point };

/** A point this many metres north and east of another. */
export const moved = (p: Point, north: number, east: number): Point => ({
  lat: p.lat + north / 111_320,
  lng: p.lng + east / (111_320 * Math.cos((p.lat * Math.PI) / 180)),
});

/** The mean of the points' coordinates. */
export function centroid(points: Point[]): Point {
  return { lat: points.reduce((s, p) => s + p.lat, 0) / points.length, lng: points.reduce((s, p) => s + p.lng, 0) / points.length };
}

/** A repeatable stream of numbers in [0, 1) (mulberry32). */
export function seededRandom(seed: number): () => number {
  let s = seed | 0;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), s | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The ring a watcher assumes around each published point: the middle of a cell's point's 234–526 m. */
const RING_METRES = 380;

/**
 * The ring-intersection estimate: the grid points (10 m apart) where the sum of squared differences
 * between their distance to each distinct published point and RING_METRES is least. Where the least
 * is not one place (one point: its whole ring; two: two crossings), each connected set of
 * near-least grid points gives its middle, and the test takes the one nearest the home, the
 * watcher's luckiest guess.
 */
function ringEstimates(points: Point[]): Point[] {
  const middle = centroid(points);
  const step = 10;
  const reach = 1200;
  const n = (2 * reach) / step + 1;
  const at = (k: number) => moved(middle, -reach + Math.floor(k / n) * step, -reach + (k % n) * step);
  const error = new Float64Array(n * n);
  for (let k = 0; k < n * n; k++) {
    const x = at(k);
    error[k] = points.reduce((s, p) => s + (metresBetween(x, p) - RING_METRES) ** 2, 0);
  }
  const near = Math.min(...error) + points.length * step * step;
  const seen = new Uint8Array(n * n);
  const estimates: Point[] = [];
  for (let k = 0; k < n * n; k++) {
    if (seen[k] || error[k]! > near) continue;
    const part: Point[] = [];
    const todo = [k];
    seen[k] = 1;
    while (todo.length) {
      const c = todo.pop()!;
      part.push(at(c));
      const [row, col] = [Math.floor(c / n), c % n];
      for (const [r, q] of [
        [row + 1, col],
        [row - 1, col],
        [row, col + 1],
        [row, col - 1],
      ] as const) {
        const j = r * n + q;
        if (r >= 0 && q >= 0 && r < n && q < n && !seen[j] && error[j]! <= near) {
          seen[j] = 1;
          todo.push(j);
        }
      }
    }
    estimates.push(centroid(part));
  }
  return estimates;
}

export const distinct = (points: Point[]) => [...new Map(points.map((p) => [`${p.lat},${p.lng}`, p])).values()];

/** How close the better of the ring intersection and the centroid of the published points comes to the home. */
export function bestEstimateMetres(published: Point[], home: Point): number {
  const estimates = [centroid(published), ...ringEstimates(distinct(published))];
  return Math.min(...estimates.map((e) => metresBetween(e, home)));
}
