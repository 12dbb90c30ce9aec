// Reading a photo's position from its EXIF GPS block (docs/product.md, Input rules).
import { LATITUDE_MAX, LATITUDE_MIN, LONGITUDE_MAX, LONGITUDE_MIN } from '#shared/constants.js';

type Coordinates = { lat: number; lng: number };

export type GpsReading = { kind: 'found'; position: Coordinates } | { kind: 'none' } | { kind: 'invalid' };

type Dms = readonly number[] | number;

/** Degrees, minutes, seconds (or plain degrees) to signed decimal degrees; 'S' and 'W' are negative. */
export function dmsToDecimal(value: Dms, ref: unknown): number {
  const [d = Number.NaN, m = 0, s = 0] = typeof value === 'number' ? [value] : value;
  const decimal = Math.abs(d) + m / 60 + s / 3600;
  const negative = (typeof ref === 'string' && /^[sw]/i.test(ref.trim())) || d < 0;
  return negative ? -decimal : decimal;
}

function isDms(value: unknown): value is Dms {
  return (
    (typeof value === 'number' && Number.isFinite(value)) ||
    (Array.isArray(value) && value.length > 0 && value.every((n) => typeof n === 'number' && Number.isFinite(n)))
  );
}

/**
 * The position in exifr's output: its ready `latitude`/`longitude` (already signed), or else the
 * raw `GPSLatitude`/`GPSLongitude` with their `...Ref` tags. 'none' when the photo has no GPS
 * block; 'invalid' when the numbers are there but make no position (out of range, or the
 * 0,0 some cameras write when they had no fix).
 */
export function gpsFromExif(output: unknown): GpsReading {
  if (!output || typeof output !== 'object') return { kind: 'none' };
  const o = output as Record<string, unknown>;
  let lat: number;
  let lng: number;
  if (o.latitude !== undefined || o.longitude !== undefined) {
    lat = typeof o.latitude === 'number' ? o.latitude : Number.NaN;
    lng = typeof o.longitude === 'number' ? o.longitude : Number.NaN;
  } else if (o.GPSLatitude !== undefined || o.GPSLongitude !== undefined) {
    if (!isDms(o.GPSLatitude) || !isDms(o.GPSLongitude)) return { kind: 'invalid' };
    lat = dmsToDecimal(o.GPSLatitude, o.GPSLatitudeRef);
    lng = dmsToDecimal(o.GPSLongitude, o.GPSLongitudeRef);
  } else {
    return { kind: 'none' };
  }
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return { kind: 'invalid' };
  if (lat < LATITUDE_MIN || lat > LATITUDE_MAX || lng < LONGITUDE_MIN || lng > LONGITUDE_MAX) return { kind: 'invalid' };
  if (lat === 0 && lng === 0) return { kind: 'none' };
  return { kind: 'found', position: { lat, lng } };
}

export type PhotoLocationResult =
  | { kind: 'found'; position: Coordinates }
  | { kind: 'none' }
  /** The EXIF reader's chunk did not load. */
  | { kind: 'library-failed' }
  /** The reader failed on this file. */
  | { kind: 'read-failed' }
  /** GPS numbers were there but made no position. */
  | { kind: 'process-failed' }
  /** The file itself could not be read. */
  | { kind: 'image-failed' };

type ExifReader = { gps: (input: Blob | ArrayBuffer) => Promise<unknown> };

/** Reads the GPS position of a photo; the EXIF reader is loaded on first use, in its own chunk. */
export async function readPhotoLocation(
  file: Blob,
  loadReader: () => Promise<ExifReader> = async () => {
    const mod = await import('exifr');
    return mod.default ?? mod;
  },
): Promise<PhotoLocationResult> {
  let reader: ExifReader;
  try {
    reader = await loadReader();
  } catch {
    return { kind: 'library-failed' };
  }
  let buffer: ArrayBuffer;
  try {
    buffer = await file.arrayBuffer();
  } catch {
    return { kind: 'image-failed' };
  }
  let output: unknown;
  try {
    output = await reader.gps(buffer);
  } catch {
    return { kind: 'read-failed' };
  }
  const reading = gpsFromExif(output);
  if (reading.kind === 'invalid') return { kind: 'process-failed' };
  return reading;
}
