import { describe, expect, it } from 'vitest';
import { withValues } from './i18n.js';
import { distanceMessage, radiusMessage, thumbnailUrlOf } from './item-format.js';
import { normaliseTags } from './items.js';

describe('normaliseTags', () => {
  it('trims, squeezes spaces, drops empties and duplicates in any letter case, keeping the first spelling', () => {
    expect(normaliseTags([' Like  New ', 'like new', '', '  ', 'Free', 'FREE', 'Books'])).toEqual(['Like New', 'Free', 'Books']);
  });
});

describe('thumbnailUrlOf', () => {
  it('names the thumbnail beside the display image, locally and in a bucket', () => {
    expect(thumbnailUrlOf('/uploads/abc.webp')).toBe('/uploads/abc-thumb.webp');
    expect(thumbnailUrlOf('https://cdn.example.org/i/abc.webp')).toBe('https://cdn.example.org/i/abc-thumb.webp');
  });
});

describe('distances in the person’s unit', () => {
  it('keeps the product rules’ km texts by default', () => {
    expect(distanceMessage(0.25)).toEqual(withValues('core.item.metersAway', { meters: 250 }));
    expect(distanceMessage(2.24)).toEqual(withValues('core.item.kmAway', { km: 2.2 }));
    expect(distanceMessage(2.24, 'km')).toEqual(withValues('core.item.kmAway', { km: 2.2 }));
    expect(distanceMessage(undefined, 'mi')).toBe('core.item.nearby');
  });
  it('says miles with one decimal under 10, whole miles beyond, and never 0 mi', () => {
    expect(distanceMessage(2.24, 'mi')).toEqual(withValues('core.item.miAway', { mi: 1.4 }));
    expect(distanceMessage(32, 'mi')).toEqual(withValues('core.item.miAway', { mi: 20 }));
    expect(distanceMessage(0.01, 'mi')).toEqual(withValues('core.item.miAway', { mi: 0.1 }));
  });
  it('labels the radius choices in the unit, the radius itself staying in km', () => {
    expect(radiusMessage(5)).toEqual(withValues('core.browse.withinKm', { km: 5 }));
    expect(radiusMessage(5, 'mi')).toEqual(withValues('core.browse.withinMi', { mi: 3.1 }));
    expect(radiusMessage(50, 'mi')).toEqual(withValues('core.browse.withinMi', { mi: 31 }));
  });
});
