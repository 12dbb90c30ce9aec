import { beforeAll, describe, expect, it } from 'vitest';
import { loadEnglish } from '../test/english';
import { formatShortDate } from './format-date';

beforeAll(loadEnglish);

describe('formatShortDate', () => {
  it("formats as 'MMM d, yyyy'", () => {
    expect(formatShortDate('2025-03-07T12:00:00.000Z', { timeZone: 'UTC' })).toBe('Mar 7, 2025');
    expect(formatShortDate('2024-12-25T08:30:00Z', { timeZone: 'UTC' })).toBe('Dec 25, 2024');
    expect(formatShortDate('2025-09-01T00:00:00Z', { timeZone: 'UTC' })).toBe('Sep 1, 2025');
  });

  it("uses the viewer's time zone for the day", () => {
    expect(formatShortDate('2025-01-01T03:00:00Z', { timeZone: 'America/New_York' })).toBe('Dec 31, 2024');
  });

  it("in the viewer's own zone (no time zone given) reads as Intl's en-US short date, every month and day", () => {
    const intl = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
    for (let day = 0; day < 800; day += 1) {
      // Hours that cross midnight in most zones, over two years (a leap year among them).
      const date = new Date(Date.UTC(2023, 11, 30, (day * 7) % 24, 30) + day * 86_400_000);
      expect(formatShortDate(date.toISOString())).toBe(intl.format(date));
    }
  });

  it("falls back to 'Unknown date'", () => {
    expect(formatShortDate(undefined)).toBe('Unknown date');
    expect(formatShortDate(null)).toBe('Unknown date');
    expect(formatShortDate('')).toBe('Unknown date');
    expect(formatShortDate('not a date')).toBe('Unknown date');
    expect(formatShortDate('nonsense')).toBe('Unknown date');
  });

  it('gives the fallback asked for instead', () => {
    expect(formatShortDate('nope', { fallback: '' })).toBe('');
    expect(formatShortDate(null, { fallback: '' })).toBe('');
    expect(formatShortDate('2025-03-07T12:00:00Z', { timeZone: 'UTC', fallback: '' })).toBe('Mar 7, 2025');
  });
});

describe('formatShortDate in Spanish', () => {
  it('writes the day before the month, as Intl does for es', () => {
    const expected = new Intl.DateTimeFormat('es', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
      new Date('2025-03-07T12:00:00Z'),
    );
    expect(formatShortDate('2025-03-07T12:00:00.000Z', { timeZone: 'UTC', language: 'es' })).toBe(expected);
    expect(expected).toMatch(/^7 mar\.? 2025$/);
  });
});
