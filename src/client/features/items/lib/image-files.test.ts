import { describe, expect, it } from 'vitest';
import { isAcceptedImage, refusalOf } from './image-files';

const f = (name: string, type: string) => ({ name, type });

describe('image file rules', () => {
  it('accepts WebP, by type or by name', () => {
    expect(isAcceptedImage(f('a.webp', 'image/webp'))).toBe(true);
    expect(isAcceptedImage(f('a.WEBP', ''))).toBe(true);
  });

  it('refuses HEIC with its own advice, any other file as not a photo', () => {
    expect(isAcceptedImage(f('IMG_0001.HEIC', 'image/heic'))).toBe(false);
    expect(refusalOf([f('IMG_0001.HEIC', '')])).toBe('items.image.heic');
    expect(refusalOf([f('a.txt', 'text/plain'), f('b.heif', 'image/heif')])).toBe('items.image.heic');
    expect(refusalOf([f('a.txt', 'text/plain')])).toBe('items.image.notImage');
    expect(refusalOf([])).toBeNull();
  });

  it('accepts JPEG, PNG and GIF', () => {
    expect(isAcceptedImage(f('a.jpg', 'image/jpeg'))).toBe(true);
    expect(isAcceptedImage(f('a.png', 'image/png'))).toBe(true);
    expect(isAcceptedImage(f('a.gif', 'image/gif'))).toBe(true);
    expect(isAcceptedImage(f('photo.JPEG', ''))).toBe(true);
  });

  it('refuses anything else', () => {
    expect(isAcceptedImage(f('a.txt', 'text/plain'))).toBe(false);
    expect(isAcceptedImage(f('a.pdf', 'application/pdf'))).toBe(false);
    expect(isAcceptedImage(f('notes', ''))).toBe(false);
    expect(isAcceptedImage(f('a.jpg', 'text/plain'))).toBe(false);
  });
});
