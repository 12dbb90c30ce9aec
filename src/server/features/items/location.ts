// Location privacy (docs/decisions/006-location-privacy.md): the exact point of a personal item is
// not published. The exact point is snapped to a cell of a grid (CELL_METRES square) and every item
// in that cell publishes the same point: the cell's centre moved OFFSET_MIN..MAX_METRES in a
// direction, both taken from an HMAC of a server secret and the cell. Posting more items from one
// place therefore adds nothing: there is one published point per cell, not one random draw per
// item that a watcher could average or intersect. The grid's origin also comes from the secret, so
// nobody outside knows where its lines run.

import { createHmac } from 'node:crypto';

const METRES_PER_DEGREE_LAT = 111_320;
/** Side of a grid cell. Every point in a cell is at most CELL_METRES / sqrt(2) from its centre. */
const CELL_METRES = 150;
/** How far a cell's published point is from the cell's centre. */
const OFFSET_MIN_METRES = 340;
const OFFSET_MAX_METRES = 420;
/**
 * An account's published points (published-point.ts, docs/decisions/006): a new place of the
 * account publishes one of them again when it lies REUSE_MIN..MAX_METRES from it (the one nearest
 * REUSE_BEST_METRES), so a person's pins around one home, however noisy, publish one point. The
 * window reaches to 700 m because a pin 100 m off the home must still find the home's point.
 */
const REUSE_MIN_METRES = 200;
const REUSE_MAX_METRES = 700;
const REUSE_BEST_METRES = 380;
/**
 * A place with none of its account's points in that window but one within DERIVED_WITHIN_METRES
 * publishes a point derived from the nearest of them: that point moved DERIVED_METRES in one of a
 * few directions taken from an HMAC of the secret and the point. It carries no cell's point, so
 * one account moving a pin around an area learns one cell there, not the cells it moves through.
 */
export const DERIVED_WITHIN_METRES = 1_100;
const DERIVED_METRES = 400;
/** What the published point's distance from the exact one is kept within (tests and docs). @alias */
export const APPROX_MIN_METRES = REUSE_MIN_METRES;
/** @alias */
export const APPROX_MAX_METRES = REUSE_MAX_METRES;

export interface Point {
  lat: number;
  lng: number;
}

export interface Cell {
  row: number;
  col: number;
}

/**
 * Published points are given to 5 decimals (about a metre). The stored point of each item is that
 * point moved at random by less than half a metre (published-point.ts), so that items of one cell
 * still have distinct distances (nearest-first pages, walked by the index, neither repeat nor skip
 * items) while every answer shows the cell's one point.
 */
export const round5 = (n: number) => Math.round(n * 1e5) / 1e5;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Two numbers in [0, 1) from an HMAC of the secret and a label. */
function unitPair(secret: Buffer, label: string): [number, number] {
  const h = createHmac('sha256', secret).update(label).digest();
  return [h.readUInt32BE(0) / 2 ** 32, h.readUInt32BE(4) / 2 ** 32];
}

function gridOrigin(secret: Buffer): { fy: number; fx: number } {
  const [fy, fx] = unitPair(secret, 'grid-origin');
  return { fy, fx };
}

// Near the poles a degree of longitude is tiny; keep the arithmetic finite there.
const degreesLngPerMetre = (lat: number) => 1 / (METRES_PER_DEGREE_LAT * Math.max(Math.cos(rad(lat)), 0.01));

const rowCentreLat = (row: number, fy: number) => ((row + 0.5 - fy) * CELL_METRES) / METRES_PER_DEGREE_LAT;
const colWidthDeg = (row: number, fy: number) => CELL_METRES * degreesLngPerMetre(rowCentreLat(row, fy));

/** The grid cell a point lies in. */
export function cellOf(p: Point, secret: Buffer): Cell {
  const { fy, fx } = gridOrigin(secret);
  const row = Math.floor((p.lat * METRES_PER_DEGREE_LAT) / CELL_METRES + fy);
  const col = Math.floor((p.lng + 180) / colWidthDeg(row, fy) + fx);
  return { row, col };
}

/** A point moved `metres` in the direction `bearing` (radians from north), given to 5 decimals. */
function offset(from: Point, metres: number, bearing: number): Point {
  const lat = from.lat + (metres * Math.cos(bearing)) / METRES_PER_DEGREE_LAT;
  let lng = from.lng + metres * Math.sin(bearing) * degreesLngPerMetre(from.lat);
  while (lng > 180) lng -= 360;
  while (lng < -180) lng += 360;
  return { lat: round5(Math.min(90, Math.max(-90, lat))), lng: round5(lng) };
}

/** The published point of a cell: its centre moved by a secret, per-cell distance and direction. */
function publishedPointOfCell(cell: Cell, secret: Buffer): Point {
  const { fy, fx } = gridOrigin(secret);
  const centre = { lat: rowCentreLat(cell.row, fy), lng: (cell.col + 0.5 - fx) * colWidthDeg(cell.row, fy) - 180 };
  const [u, v] = unitPair(secret, `cell:${cell.row}:${cell.col}`);
  return offset(centre, OFFSET_MIN_METRES + u * (OFFSET_MAX_METRES - OFFSET_MIN_METRES), v * 2 * Math.PI);
}

/** The `count` points derived from a published one: DERIVED_METRES away, evenly round it from a secret first direction. */
function derivedPoints(from: Point, count: number, secret: Buffer): Point[] {
  const [u] = unitPair(secret, `derived:${from.lat.toFixed(5)}:${from.lng.toFixed(5)}`);
  return Array.from({ length: count }, (_, k) => offset(from, DERIVED_METRES, (u + k / count) * 2 * Math.PI));
}

/** The published point of an exact one (no poster's earlier cells taken into account). */
export function approximatePoint(exact: Point, secret: Buffer): Point {
  return publishedPointOfCell(cellOf(exact, secret), secret);
}

/** The great-circle distance between two points, in metres. */
export function metresBetween(a: Point, b: Point): number {
  const h = Math.sin(rad(b.lat - a.lat) / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(Math.min(1, h)));
}

/**
 * The point a new place of an account publishes, given the points the account has published
 * before (`known`, oldest first), and whether it is new to the account (to be remembered):
 * 1. the known point REUSE_MIN..MAX_METRES from the place nearest REUSE_BEST_METRES (the older on a tie);
 * 2. else, when the nearest known point is within DERIVED_WITHIN_METRES, a point derived from it:
 *    for a place closer than REUSE_MIN_METRES, of its three derived points the one farthest from the
 *    place (so rings drawn round the two points cross away from it); for a place beyond the window,
 *    of its six the one in the window nearest REUSE_BEST_METRES;
 * 3. else the place's cell's point.
 * Each is REUSE_MIN..MAX_METRES from the place.
 */
export function pointForPlace(known: readonly Point[], exact: Point, secret: Buffer): { point: Point; isNew: boolean } {
  const inWindow = (p: Point) => {
    const d = metresBetween(p, exact);
    return d >= REUSE_MIN_METRES && d <= REUSE_MAX_METRES;
  };
  const gap = (p: Point) => Math.abs(metresBetween(p, exact) - REUSE_BEST_METRES);
  const least = (points: Point[], score: (p: Point) => number) =>
    points.reduce<Point | undefined>((best, p) => (best === undefined || score(p) < score(best) ? p : best), undefined);
  const reused = least(known.filter(inWindow), gap);
  if (reused) return { point: reused, isNew: false };
  const nearest = least([...known], (p) => metresBetween(p, exact));
  const distance = nearest ? metresBetween(nearest, exact) : Infinity;
  if (nearest && distance <= DERIVED_WITHIN_METRES) {
    const close = distance < REUSE_MIN_METRES;
    const derived = least(derivedPoints(nearest, close ? 3 : 6, secret).filter(inWindow), close ? (p) => -metresBetween(p, exact) : gap);
    if (derived) return { point: derived, isNew: true };
  }
  return { point: approximatePoint(exact, secret), isNew: true };
}
