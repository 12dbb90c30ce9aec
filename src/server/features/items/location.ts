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
export const CELL_METRES = 150;
/** How far a cell's published point is from the cell's centre. */
export const OFFSET_MIN_METRES = 340;
export const OFFSET_MAX_METRES = 420;
/**
 * A poster's item this close to a cell in which the same poster already has an item takes that
 * cell's point: a pin dragged a few metres either side of a cell line publishes one point, not two.
 */
export const STICKY_METRES = 20;
/** What the published point's distance from the exact one is kept within (tests and docs). */
export const APPROX_MIN_METRES = 200;
export const APPROX_MAX_METRES = 560;

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

/** The point's own cell first, then the other cells within `margin` metres of it. */
export function cellsNear(p: Point, secret: Buffer, margin = STICKY_METRES): Cell[] {
  const dLat = margin / METRES_PER_DEGREE_LAT;
  const dLng = margin * degreesLngPerMetre(p.lat);
  const cells: Cell[] = [];
  for (const [y, x] of [
    [0, 0],
    [-1, -1],
    [-1, 0],
    [-1, 1],
    [0, -1],
    [0, 1],
    [1, -1],
    [1, 0],
    [1, 1],
  ] as const) {
    const c = cellOf({ lat: Math.max(-90, Math.min(90, p.lat + y * dLat)), lng: p.lng + x * dLng }, secret);
    if (!cells.some((k) => k.row === c.row && k.col === c.col)) cells.push(c);
  }
  return cells;
}

/** The published point of a cell: its centre moved by a secret, per-cell distance and direction. */
export function publishedPointOfCell(cell: Cell, secret: Buffer): Point {
  const { fy, fx } = gridOrigin(secret);
  const centreLat = rowCentreLat(cell.row, fy);
  const centreLng = (cell.col + 0.5 - fx) * colWidthDeg(cell.row, fy) - 180;
  const [u, v] = unitPair(secret, `cell:${cell.row}:${cell.col}`);
  const distance = OFFSET_MIN_METRES + u * (OFFSET_MAX_METRES - OFFSET_MIN_METRES);
  const bearing = v * 2 * Math.PI;
  const lat = centreLat + (distance * Math.cos(bearing)) / METRES_PER_DEGREE_LAT;
  let lng = centreLng + distance * Math.sin(bearing) * degreesLngPerMetre(centreLat);
  while (lng > 180) lng -= 360;
  while (lng < -180) lng += 360;
  return { lat: round5(Math.min(90, Math.max(-90, lat))), lng: round5(lng) };
}

/** The published point of an exact one (no poster's earlier cells taken into account). */
export function approximatePoint(exact: Point, secret: Buffer): Point {
  return publishedPointOfCell(cellOf(exact, secret), secret);
}
