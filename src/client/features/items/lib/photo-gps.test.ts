import { describe, expect, it } from 'vitest';
import { dmsToDecimal, gpsFromExif, readPhotoLocation } from './photo-gps';

describe('dmsToDecimal', () => {
  it('turns degrees, minutes and seconds into decimal degrees', () => {
    expect(dmsToDecimal([40, 42, 46.08], 'N')).toBeCloseTo(40.7128, 4);
    expect(dmsToDecimal([74, 0, 21.6], 'E')).toBeCloseTo(74.006, 4);
  });

  it('makes south and west negative', () => {
    expect(dmsToDecimal([33, 52, 4], 'S')).toBeCloseTo(-33.8678, 4);
    expect(dmsToDecimal([74, 0, 21.6], 'W')).toBeCloseTo(-74.006, 4);
    expect(dmsToDecimal(151.2, 'w')).toBeCloseTo(-151.2, 4);
  });
});

describe('gpsFromExif', () => {
  it("takes exifr's signed latitude and longitude", () => {
    expect(gpsFromExif({ latitude: -33.86, longitude: 151.2 })).toEqual({
      kind: 'found',
      position: { lat: -33.86, lng: 151.2 },
    });
  });

  it('reads raw GPS tags with their reference signs', () => {
    const reading = gpsFromExif({
      GPSLatitude: [40, 42, 46.08],
      GPSLatitudeRef: 'N',
      GPSLongitude: [74, 0, 21.6],
      GPSLongitudeRef: 'W',
    });
    expect(reading.kind).toBe('found');
    if (reading.kind !== 'found') return;
    expect(reading.position.lat).toBeCloseTo(40.7128, 4);
    expect(reading.position.lng).toBeCloseTo(-74.006, 4);
  });

  it('says none when there is no GPS block, or only 0,0', () => {
    expect(gpsFromExif(undefined)).toEqual({ kind: 'none' });
    expect(gpsFromExif({ Make: 'Camera' })).toEqual({ kind: 'none' });
    expect(gpsFromExif({ latitude: 0, longitude: 0 })).toEqual({ kind: 'none' });
  });

  it('says invalid for numbers that make no position', () => {
    expect(gpsFromExif({ latitude: 91, longitude: 10 })).toEqual({ kind: 'invalid' });
    expect(gpsFromExif({ latitude: Number.NaN, longitude: 10 })).toEqual({ kind: 'invalid' });
    expect(gpsFromExif({ GPSLatitude: ['x'], GPSLongitude: [1, 2, 3] })).toEqual({ kind: 'invalid' });
  });
});

describe('readPhotoLocation', () => {
  const file = new Blob([new Uint8Array([1, 2, 3])]);

  it('reports a reader that does not load', async () => {
    const result = await readPhotoLocation(file, () => Promise.reject(new Error('chunk failed')));
    expect(result).toEqual({ kind: 'library-failed' });
  });

  it('reports a reader that fails on the file', async () => {
    const result = await readPhotoLocation(file, () => Promise.resolve({ gps: () => Promise.reject(new Error('bad')) }));
    expect(result).toEqual({ kind: 'read-failed' });
  });

  it('passes on a position, or none', async () => {
    const found = await readPhotoLocation(file, () => Promise.resolve({ gps: () => Promise.resolve({ latitude: 1.5, longitude: -2.5 }) }));
    expect(found).toEqual({ kind: 'found', position: { lat: 1.5, lng: -2.5 } });
    const none = await readPhotoLocation(file, () => Promise.resolve({ gps: () => Promise.resolve(undefined) }));
    expect(none).toEqual({ kind: 'none' });
    const bad = await readPhotoLocation(file, () => Promise.resolve({ gps: () => Promise.resolve({ latitude: 200, longitude: 0 }) }));
    expect(bad).toEqual({ kind: 'process-failed' });
  });
});
