// earthdistance's sphere (earth() = 6378168 m), on which every distance and radius of the lists is
// measured, and the longitude/latitude boxes that hold its circles: what the planar index of
// published points (migration 0036) answers.

export const EARTH_M = 6378168;
const rad = Math.PI / 180;

/** West, south, east, north, in degrees, west <= east. */
export type LngLatBox = [number, number, number, number];

/** A centimetre of slack on every side, for the rounding of the distances the bound comes from. */
const SLACK_DEGREES = 1e-7;

/**
 * The boxes (one; two when the circle crosses the antimeridian) holding every point within `metres`
 * of a point on the sphere. Latitude: the circle's angular radius either way. Longitude: the widest
 * longitude of a circle not holding a pole, asin(sin(r) / cos(lat)); one that holds a pole spans
 * every longitude.
 */
export function boxesAround(lat: number, lng: number, metres: number): LngLatBox[] {
  const r = Math.max(0, metres) / EARTH_M;
  const south = Math.max(-90, lat - r / rad - SLACK_DEGREES);
  const north = Math.min(90, lat + r / rad + SLACK_DEGREES);
  const sine = Math.sin(Math.min(r, Math.PI / 2)) / Math.cos(lat * rad);
  if (r >= Math.PI / 2 || south <= -90 || north >= 90 || sine >= 1) return [[-180, south, 180, north]];
  const half = Math.asin(sine) / rad + SLACK_DEGREES;
  const west = lng - half;
  const east = lng + half;
  if (west < -180)
    return [
      [west + 360, south, 180, north],
      [-180, south, east, north],
    ];
  if (east > 180)
    return [
      [west, south, 180, north],
      [-180, south, east - 360, north],
    ];
  return [[west, south, east, north]];
}
