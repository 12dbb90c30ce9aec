// Location privacy: the exact point of a personal item is not published. When an item is
// saved it gets an approximate point a few hundred metres away, in a random direction; lists,
// distances, the public detail and its map use that point. It is made once and stored, so asking
// again and again cannot average it away.

const METRES_PER_DEGREE_LAT = 111_320;
export const APPROX_MIN_METRES = 200;
export const APPROX_MAX_METRES = 500;

export interface Point {
  lat: number;
  lng: number;
}

const round8 = (n: number) => Math.round(n * 1e8) / 1e8;

/** A point between APPROX_MIN_METRES and APPROX_MAX_METRES from the given one, in a random direction. */
export function approximatePoint(exact: Point, random: () => number = Math.random): Point {
  const distance = APPROX_MIN_METRES + random() * (APPROX_MAX_METRES - APPROX_MIN_METRES);
  const bearing = random() * 2 * Math.PI;
  const lat = exact.lat + (distance * Math.cos(bearing)) / METRES_PER_DEGREE_LAT;
  // Near the poles a degree of longitude is tiny; keep the arithmetic finite there.
  const cosLat = Math.max(Math.cos((exact.lat * Math.PI) / 180), 0.01);
  let lng = exact.lng + (distance * Math.sin(bearing)) / (METRES_PER_DEGREE_LAT * cosLat);
  if (lng > 180) lng -= 360;
  if (lng < -180) lng += 360;
  return { lat: round8(Math.min(90, Math.max(-90, lat))), lng: round8(lng) };
}
