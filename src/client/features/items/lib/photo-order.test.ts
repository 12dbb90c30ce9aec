import { describe, expect, it } from 'vitest';
import { movePhoto } from './photo-order';

const photos = [{ key: 1 }, { key: 2 }, { key: 3 }];
const keys = (list: { key: number }[]) => list.map((p) => p.key);

describe('movePhoto', () => {
  it('moves a photo one place left or right (moving to the front makes it the cover)', () => {
    expect(keys(movePhoto(photos, 2, -1))).toEqual([2, 1, 3]);
    expect(keys(movePhoto(photos, 2, 1))).toEqual([1, 3, 2]);
  });
  it('leaves the order as it is at either end, or for a photo not in the list', () => {
    expect(keys(movePhoto(photos, 1, -1))).toEqual([1, 2, 3]);
    expect(keys(movePhoto(photos, 3, 1))).toEqual([1, 2, 3]);
    expect(keys(movePhoto(photos, 9, 1))).toEqual([1, 2, 3]);
  });
});
