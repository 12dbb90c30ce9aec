import { describe, expect, it } from 'vitest';
import { isAcceptedImage } from './image-files';

const f = (name: string, type: string) => ({ name, type });

describe('image file rules', () => {
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
