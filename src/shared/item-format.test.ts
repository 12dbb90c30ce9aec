import { describe, expect, it } from 'vitest';
import { distanceText, thumbnailUrlOf } from './item-format.js';
import { normaliseTags } from './items.js';

describe('distanceText', () => {
  it('reads metres under 1 km, kilometres above, Nearby without a distance', () => {
    expect(distanceText(0.2345)).toBe('235 m away');
    expect(distanceText(0)).toBe('0 m away');
    expect(distanceText(1)).toBe('1 km away');
    expect(distanceText(3.46)).toBe('3.5 km away');
    expect(distanceText(12.6)).toBe('13 km away');
    expect(distanceText(undefined)).toBe('Nearby');
    expect(distanceText(null)).toBe('Nearby');
    expect(distanceText(Number.NaN)).toBe('Nearby');
  });
});

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
