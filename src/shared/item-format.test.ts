import { describe, expect, it } from 'vitest';
import { thumbnailUrlOf } from './item-format.js';
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
