import { beforeAll, describe, expect, it } from 'vitest';
import { say } from '@/lib/i18n';
import { loadEnglish } from '../../../test/english';
import { coordinateText, EMPTY_POST_FORM, parsePosition, postItemFormSchema } from './post-item-schema';

beforeAll(loadEnglish);

/** The first message of each field, in English (the form's FieldError says the ids in the page's language). */
function messages(values: Partial<typeof EMPTY_POST_FORM>) {
  const result = postItemFormSchema.safeParse({ ...EMPTY_POST_FORM, ...values });
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    out[key] ??= say(issue.message);
  }
  return out;
}

describe('postItemFormSchema', () => {
  it('asks for every field of an empty form, with the form messages', () => {
    expect(messages({})).toEqual({
      title: 'Please enter a title',
      description: 'Please enter a description',
      images: 'Please upload an image',
      latitude: 'Please select a location on the map',
      longitude: 'Please select a location on the map',
    });
  });

  it('needs a photo for an offer only: a want may have none', () => {
    expect(messages({ type: 'offer' }).images).toBe('Please upload an image');
    expect(messages({ type: 'want' }).images).toBeUndefined();
    expect(messages({ type: 'want' }).title).toBe('Please enter a title');
  });

  it('uses the shared minimum-length messages', () => {
    const m = messages({ title: 'ab', description: 'too short' });
    expect(m.title).toBe('Title must be at least 3 characters');
    expect(m.description).toBe('Description must be at least 10 characters');
  });

  it('checks the coordinate ranges', () => {
    const m = messages({ latitude: '91', longitude: 'abc' });
    expect(m.latitude).toBe('Latitude must be between -90 and 90');
    expect(m.longitude).toBe('Longitude must be between -180 and 180');
  });

  it('gives the API body for a complete form', () => {
    const result = postItemFormSchema.parse({
      type: 'offer',
      title: '  Oak chair ',
      description: 'A sturdy oak chair, pick up today.',
      images: ['/uploads/abc.webp', '/uploads/def.webp'],
      latitude: '40.7128',
      longitude: '-74.006',
      tags: ['Furniture'],
    });
    expect(result).toEqual({
      type: 'offer',
      title: 'Oak chair',
      description: 'A sturdy oak chair, pick up today.',
      images: ['/uploads/abc.webp', '/uploads/def.webp'],
      latitude: 40.7128,
      longitude: -74.006,
      tags: ['Furniture'],
    });
  });
});

describe('exact location', () => {
  it('is off in an empty form and passed on when chosen', () => {
    const filled = {
      ...EMPTY_POST_FORM,
      title: 'Menu of the day',
      description: 'Soup and bread at the market stall.',
      images: ['/uploads/abc.webp', '/uploads/def.webp'],
      latitude: '40.7128',
      longitude: '-74.006',
    };
    expect(postItemFormSchema.parse(filled).exactLocation).toBe(false);
    const result = postItemFormSchema.parse({ ...filled, exactLocation: true });
    expect(result.exactLocation).toBe(true);
  });
});

describe('coordinates as text', () => {
  it('rounds to six decimals', () => {
    expect(coordinateText(40.712812345)).toBe('40.712812');
    expect(coordinateText(-74)).toBe('-74');
  });

  it('parses a valid pair only', () => {
    expect(parsePosition('40.5', '-74.25')).toEqual({ lat: 40.5, lng: -74.25 });
    expect(parsePosition('', '-74.25')).toBeNull();
    expect(parsePosition('95', '0')).toBeNull();
    expect(parsePosition('x', '1')).toBeNull();
  });
});
