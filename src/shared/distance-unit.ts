// The unit distances are shown in (docs/product.md, Distance unit): km, the default texts, unless the person
// chose miles. Stored on the account (users.distance_unit) and, for visitors, on the device. No zod
// here: the cards read it (the /browse budget); the request schema is in people.ts.

export const DISTANCE_UNITS = ['km', 'mi'] as const;
export type DistanceUnit = (typeof DISTANCE_UNITS)[number];
const DEFAULT_DISTANCE_UNIT: DistanceUnit = 'km';
export const KM_PER_MILE = 1.609344;

/** A stored or sent value read defensively: anything but 'mi' is km. */
export function distanceUnitOf(value: unknown): DistanceUnit {
  return value === 'mi' ? 'mi' : DEFAULT_DISTANCE_UNIT;
}
