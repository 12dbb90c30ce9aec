import { describe, expect, it } from 'vitest';
import { listingsUrlFrom, listUrlSearch, parseListUrl, viewerPlaceFrom } from './list-url';

describe('the list state in the URL', () => {
  it('reads back what it writes: text, tag, type, page, place to 4 decimals, radius and order', () => {
    const state = parseListUrl('q=lamp+shade&tag=Free&page=2&lat=40.730612&lng=-73.98661&radius=5&sort=newest&type=want');
    expect(state).toEqual({
      q: 'lamp shade',
      tag: 'Free',
      page: 2,
      place: { lat: 40.7306, lng: -73.9866 },
      radiusKm: 5,
      sort: 'newest',
      type: 'want',
      view: 'list',
    });
    expect(listUrlSearch(state)).toBe('?q=lamp+shade&tag=Free&type=want&lat=40.7306&lng=-73.9866&radius=5&sort=newest&page=2');
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
      type: null,
      view: 'list',
    });
    expect(parseListUrl('type=wants').type).toBeNull();
    expect(parseListUrl('type=offer').type).toBe('offer');
    expect(parseListUrl('page=abc&lat=40&lng=-74&radius=7&sort=relevance')).toMatchObject({ page: 1, radiusKm: null, sort: null });
    expect(parseListUrl('lat=40&lng=&radius=5').place).toBeNull();
    expect(parseListUrl('sort=nearest&q=lamp').sort).toBeNull();
  });

  it('keeps best match first while searching, with or without a place', () => {
    const state = parseListUrl('q=lamps&sort=relevance');
    expect(state.sort).toBe('relevance');
    expect(listUrlSearch(state)).toBe('?q=lamps&sort=relevance');
    expect(listUrlSearch(parseListUrl('q=lamps&lat=1&lng=2&sort=relevance'))).toBe('?q=lamps&lat=1&lng=2&sort=relevance');
    expect(listUrlSearch({ ...state, q: '' })).toBe('');
    expect(parseListUrl('lat=1e1&lng=2').place).toBeNull();
  });
});

describe('the view in the URL', () => {
  it('keeps view=map (the Map view of Browse) and leaves the list, the default, out', () => {
    const state = parseListUrl('q=lamp&view=map');
    expect(state.view).toBe('map');
    expect(listUrlSearch(state)).toBe('?q=lamp&view=map');
    expect(listUrlSearch({ ...state, view: 'list' })).toBe('?q=lamp');
    expect(parseListUrl('view=globe').view).toBe('list');
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

describe('viewerPlaceFrom', () => {
  it("is the place of the list the item was opened from, else the device's, else none", () => {
    const device = { lat: 1.5, lng: 2.5 };
    expect(viewerPlaceFrom({ listUrl: '/browse?q=lamp&lat=40.7306&lng=-73.9866' }, device)).toEqual({ lat: 40.7306, lng: -73.9866 });
    expect(viewerPlaceFrom({ listUrl: '/browse?q=lamp' }, device)).toEqual(device);
    expect(viewerPlaceFrom({ listUrl: '/home' }, device)).toEqual(device);
    expect(viewerPlaceFrom({ listUrl: 'https://evil.example/?lat=1&lng=1' }, null)).toBeNull();
    expect(viewerPlaceFrom(null, null)).toBeNull();
  });
});
