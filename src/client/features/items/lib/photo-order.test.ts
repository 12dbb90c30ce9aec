import { describe, expect, it } from 'vitest';
import { movePhoto, movePhotoTo } from './photo-order';

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

describe('movePhotoTo', () => {
  it('takes a photo out and puts it at the place it was dragged to, the others keeping their order', () => {
    expect(keys(movePhotoTo(photos, 3, 0))).toEqual([3, 1, 2]);
    expect(keys(movePhotoTo(photos, 1, 2))).toEqual([2, 3, 1]);
    expect(keys(movePhotoTo(photos, 1, 1))).toEqual([2, 1, 3]);
    expect(keys(movePhotoTo(photos, 2, 1))).toEqual([1, 2, 3]);
  });
  it('keeps a place beyond either end to the ends, and leaves the list alone for a photo not in it', () => {
    expect(keys(movePhotoTo(photos, 1, 9))).toEqual([2, 3, 1]);
    expect(keys(movePhotoTo(photos, 3, -4))).toEqual([3, 1, 2]);
    expect(keys(movePhotoTo(photos, 9, 0))).toEqual([1, 2, 3]);
  });
});
