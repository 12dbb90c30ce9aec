import { beforeAll } from 'vitest';
import { loadEnglish } from '../test/english';
import { describe, expect, it } from 'vitest';
import { formatAge } from './relative-time';

const now = Date.parse('2026-03-10T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

beforeAll(loadEnglish);

describe('formatAge', () => {
  it('says how long ago in English with the largest whole unit', () => {
    const en = (ms: number) => formatAge(ago(ms), { now, language: 'en' });
    expect(en(2 * HOUR + 5 * MIN)).toBe('2 hr. ago');
    expect(en(3 * DAY + 2 * HOUR)).toBe('3 days ago');
    expect(en(1 * DAY)).toBe('1 day ago');
    expect(en(5 * MIN)).toBe('5 min. ago');
    expect(en(15 * DAY)).toBe('2 wk. ago');
    expect(en(400 * DAY)).toBe('1 yr. ago');
  });

  it('says it in Spanish', () => {
    const es = (ms: number) => formatAge(ago(ms), { now, language: 'es' });
    expect(es(2 * HOUR)).toBe('hace 2 h');
    expect(es(3 * DAY)).toBe('hace 3 d');
  });

  it("is 'just now' under a minute or for a clock a little ahead, and empty without a date", () => {
    expect(formatAge(ago(20_000), { now, language: 'en' })).toBe('Just now');
    expect(formatAge(ago(-30_000), { now, language: 'en' })).toBe('Just now');
    expect(formatAge('', { now })).toBe('');
    expect(formatAge('not a date', { now })).toBe('');
  });
});
