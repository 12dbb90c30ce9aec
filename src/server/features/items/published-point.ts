import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
import { getSecret } from '../../db/secrets.js';
import { type Cell, cellOf, cellsNear, type Point, publishedPointOfCell } from './location.js';

/** The location_version of points made by the per-cell scheme (location.ts). */
export const LOCATION_VERSION = 2;
const SECRET_KEY = 'location_secret';
const REPUBLISH_BATCH = 1_000;
/** The stored point's random move, in 1e-8 degrees: under half of the published fifth decimal. */
const JITTER = 400;

const secrets = new WeakMap<Db, Promise<Buffer>>();

/**
 * The secret of the published points. It is made (32 random bytes) by the first process that needs
 * it and stored in the database (db/secrets.ts), so `npm start` needs no setting and every process on one database
 * publishes the same point for the same cell. Whoever can read it can read the exact points too.
 */
export function locationSecret(db: Db): Promise<Buffer> {
  let secret = secrets.get(db);
  if (!secret) {
    secret = getSecret(db, SECRET_KEY).then((value) => Buffer.from(value, 'base64url'));
    secret.catch(() => secrets.delete(db));
    secrets.set(db, secret);
  }
  return secret;
}

/** The stored columns of the published point: the exact one when asked for, else its cell's point. */
export function publishedColumns(exact: Point, exactLocation: boolean, secret: Buffer, cell: Cell = cellOf(exact, secret)) {
  if (exactLocation)
    return {
      approxLatitude: exact.lat.toFixed(8),
      approxLongitude: exact.lng.toFixed(8),
      exactLocation,
      locationVersion: LOCATION_VERSION,
    };
  const p = publishedPointOfCell(cell, secret);
  // The cell's point (5 decimals) moved by under half its last decimal: answers round it back to the
  // cell's point (round5), while each stored point differs and so orders by distance without ties.
  const jitter = () => randomInt(-JITTER, JITTER + 1) / 1e8;
  return {
    approxLatitude: (p.lat + jitter()).toFixed(8),
    approxLongitude: (p.lng + jitter()).toFixed(8),
    exactLocation,
    locationVersion: LOCATION_VERSION,
  };
}

/**
 * The cell whose point a poster's new item publishes: its own cell, unless the poster already has
 * an item publishing the point of a cell within STICKY_METRES of it and none publishing its own (a
 * pin dragged across a cell line must not publish a second point for the same home).
 */
export async function cellForPoster(db: Db, userId: number, exact: Point, secret: Buffer): Promise<Cell> {
  const cells = cellsNear(exact, secret);
  if (cells.length === 1) return cells[0]!;
  const cellPoints = cells.map((c) => publishedPointOfCell(c, secret));
  const used = await queryRows<{ lat: string; lng: string }>(
    db,
    sql`SELECT DISTINCT round(approx_latitude, 5) AS lat, round(approx_longitude, 5) AS lng FROM items
        WHERE user_id = ${userId} AND NOT exact_location AND location_version = ${LOCATION_VERSION}
          AND (round(approx_latitude, 5), round(approx_longitude, 5)) IN (${sql.join(
            cellPoints.map((p) => sql`(${p.lat.toFixed(5)}::numeric, ${p.lng.toFixed(5)}::numeric)`),
            sql`, `,
          )})`,
  );
  const index = cellPoints.findIndex((p) => used.some((u) => Number(u.lat) === p.lat && Number(u.lng) === p.lng));
  return cells[Math.max(index, 0)]!;
}

/**
 * Gives items whose published point is an old random draw (location_version 1) their cell's point.
 * Runs at every start after the migrations; it only touches such items, so it is done once, and
 * processes starting together compute the same values from the shared secret.
 */
export async function republishOldPoints(db: Db): Promise<number> {
  const secret = await locationSecret(db);
  let done = 0;
  for (;;) {
    const rows = await queryRows<{ id: number; lat: string; lng: string; exact: boolean }>(
      db,
      sql`SELECT id, latitude AS lat, longitude AS lng, exact_location AS exact FROM items
          WHERE location_version < ${LOCATION_VERSION} ORDER BY id LIMIT ${REPUBLISH_BATCH}`,
    );
    if (rows.length === 0) return done;
    const values = rows.map((r) => {
      if (r.lat === null || r.lng === null) return sql`(${r.id}::int, NULL::numeric, NULL::numeric)`;
      const exact = { lat: Number(r.lat), lng: Number(r.lng) };
      const p = publishedColumns(exact, r.exact, secret);
      return sql`(${r.id}::int, ${p.approxLatitude}::numeric, ${p.approxLongitude}::numeric)`;
    });
    await db.execute(
      sql`UPDATE items AS i SET approx_latitude = v.alat, approx_longitude = v.alng, location_version = ${LOCATION_VERSION}
          FROM (VALUES ${sql.join(values, sql`, `)}) AS v(id, alat, alng) WHERE i.id = v.id`,
    );
    done += rows.length;
  }
}
