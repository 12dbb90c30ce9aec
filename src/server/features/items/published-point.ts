import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
import { getSecret } from '../../db/secrets.js';
import { approximatePoint, DERIVED_WITHIN_METRES, type Point, pointForPlace } from './location.js';

/** The location_version of points made by the per-cell scheme (location.ts). */
const LOCATION_VERSION = 2;
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

/**
 * The stored columns of the published point: the exact one when asked for, else `point` (a cell's
 * point, or one the poster published before: pointForPoster).
 */
export function publishedColumns(exact: Point, exactLocation: boolean, secret: Buffer, point: Point = approximatePoint(exact, secret)) {
  if (exactLocation)
    return {
      approxLatitude: exact.lat.toFixed(8),
      approxLongitude: exact.lng.toFixed(8),
      exactLocation,
      locationVersion: LOCATION_VERSION,
    };
  const p = point;
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

const METRES_PER_DEGREE_LAT = 111_320;
/** The advisory lock (with the account's id) that one account's choices of a point wait for in turn. */
const PLACES_LOCK = 6_006;

/**
 * The point a poster's new or moved item publishes (location.ts, pointForPlace; docs/decisions/006):
 * a point the account has published before, 200–700 m from the place, else one derived from the
 * nearest of them, else the place's cell's point; a new one the account then remembers
 * (published_places: published points only, kept when items are deleted). One account's choices
 * are made in turn, so edits sent at once are no way round the points it already has.
 */
export async function pointForPoster(db: Db, userId: number, exact: Point, secret: Buffer): Promise<Point> {
  const dLat = DERIVED_WITHIN_METRES / METRES_PER_DEGREE_LAT;
  const dLng = dLat / Math.max(Math.cos((exact.lat * Math.PI) / 180), 0.01);
  // Near the date line the box would wrap: then every longitude is read (rare, and still one account's rows).
  const lngWithin =
    exact.lng - dLng > -180 && exact.lng + dLng < 180
      ? sql`AND approx_longitude BETWEEN ${(exact.lng - dLng).toFixed(5)} AND ${(exact.lng + dLng).toFixed(5)}`
      : sql``;
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${PLACES_LOCK}, ${userId})`);
    const rows = await queryRows<{ lat: string; lng: string }>(
      tx,
      sql`SELECT approx_latitude AS lat, approx_longitude AS lng FROM published_places
          WHERE user_id = ${userId} AND approx_latitude BETWEEN ${(exact.lat - dLat).toFixed(5)} AND ${(exact.lat + dLat).toFixed(5)}
            ${lngWithin}
          ORDER BY created_at, approx_latitude, approx_longitude`,
    );
    const known = rows.map((r) => ({ lat: Number(r.lat), lng: Number(r.lng) }));
    const { point, isNew } = pointForPlace(known, exact, secret);
    if (isNew) {
      await tx.execute(
        sql`INSERT INTO published_places (user_id, approx_latitude, approx_longitude)
            VALUES (${userId}, ${point.lat.toFixed(5)}, ${point.lng.toFixed(5)}) ON CONFLICT DO NOTHING`,
      );
    }
    return point;
  });
}

/**
 * Gives items whose published point is an old random draw (location_version 1) their cell's point.
 * Runs at every start after the migrations; it only touches such items, so it is done once, and
 * processes starting together compute the same values from the shared secret.
 */
export async function republishOldPoints(db: Db): Promise<number> {
  let done = 0;
  for (;;) {
    const rows = await queryRows<{ id: number; lat: string; lng: string; exact: boolean }>(
      db,
      sql`SELECT id, latitude AS lat, longitude AS lng, exact_location AS exact FROM items
          WHERE location_version < ${LOCATION_VERSION} ORDER BY id LIMIT ${REPUBLISH_BATCH}`,
    );
    if (rows.length === 0) return done;
    // Read only when there is something to do: a start with nothing to republish makes no secret.
    const secret = await locationSecret(db);
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
    // Their owners keep these points, as every point published since (pointForPoster).
    await db.execute(
      sql`INSERT INTO published_places (user_id, approx_latitude, approx_longitude, created_at)
          SELECT user_id, round(approx_latitude, 5), round(approx_longitude, 5), min(created_at) FROM items
          WHERE id IN (${sql.join(
            rows.map((r) => sql`${r.id}`),
            sql`, `,
          )}) AND NOT exact_location AND approx_latitude IS NOT NULL
          GROUP BY 1, 2, 3 ON CONFLICT DO NOTHING`,
    );
    done += rows.length;
  }
}
