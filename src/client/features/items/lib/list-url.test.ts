import { describe, expect, it } from 'vitest';
import { listingsUrlFrom, listUrlSearch, parseListUrl } from './list-url';

describe('the list state in the URL', () => {
  it('reads back what it writes: text, tag, page, place to 4 decimals, radius and order', () => {
    const state = parseListUrl('q=lamp+shade&tag=Free&page=2&lat=40.730612&lng=-73.98661&radius=5&sort=newest');
    expect(state).toEqual({ q: 'lamp shade', tag: 'Free', page: 2, place: { lat: 40.7306, lng: -73.9866 }, radiusKm: 5, sort: 'newest' });
    expect(listUrlSearch(state)).toBe('?q=lamp+shade&tag=Free&lat=40.7306&lng=-73.9866&radius=5&sort=newest&page=2');
    expect(parseListUrl(listUrlSearch(state).slice(1))).toEqual(state);
  });

  it('leaves defaults out: the plain list is the bare path', () => {
    expect(listUrlSearch(parseListUrl(''))).toBe('');
    expect(listUrlSearch(parseListUrl('page=1&sort=nearest&lat=1&lng=2'))).toBe('?lat=1&lng=2');
  });

  it('ignores broken values, and a radius or an order without a place', () => {
    expect(parseListUrl('page=0&lat=91&lng=10&radius=5&sort=newest')).toEqual({
      q: '',
      tag: '',
      page: 1,
      place: null,
      radiusKm: null,
      sort: null,
    });
    expect(parseListUrl('page=abc&lat=40&lng=-74&radius=7&sort=relevance')).toMatchObject({ page: 1, radiusKm: null, sort: null });
    expect(parseListUrl('lat=40&lng=&radius=5').place).toBeNull();
    expect(parseListUrl('lat=1e1&lng=2').place).toBeNull();
  });
});

describe('listingsUrlFrom', () => {
  it("is the list the item was opened from, else the fallback; never another site's address", () => {
    expect(listingsUrlFrom({ listUrl: '/browse?q=lamp&page=2' }, '/home')).toBe('/browse?q=lamp&page=2');
    expect(listingsUrlFrom({ listUrl: '/home' }, '/browse')).toBe('/home');
    expect(listingsUrlFrom(null, '/browse')).toBe('/browse');
    for (const bad of ['//evil.example/browse', 'https://evil.example/', '/settings', '/browse/../admin', '/browse#x', 42]) {
      expect(listingsUrlFrom({ listUrl: bad }, '/browse')).toBe('/browse');
    }
  });
});
