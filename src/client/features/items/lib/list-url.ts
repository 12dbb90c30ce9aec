// The state of Home and Browse in their URL's query (docs/product.md, Home and Browse): Back, refresh
// and a shared link show the same list. `q` text, `tag`, `page`, `lat`/`lng` (4 decimals, about
// 11 m), `radius` (km, one of the offered radii), `sort` (nearest/newest with a place; relevance,
// best match first, while searching), `type` (offer or want; absent: both) and `view` (`map` for the
// Map view of Browse; absent: the list). Unknown or broken values are ignored.
import {
  FIRST_PAGE,
  LATITUDE_MAX,
  LATITUDE_MIN,
  LIST_RADIUS_CHOICES_KM,
  LONGITUDE_MAX,
  LONGITUDE_MIN,
  SEARCH_TEXT_MAX,
} from '#shared/constants.js';
import type { Position } from '@/lib/geolocation';

export type ListSort = 'nearest' | 'newest' | 'relevance';
/** All (null), only offers or only wants. */
export type ListType = 'offer' | 'want' | null;
export type RadiusKm = (typeof LIST_RADIUS_CHOICES_KM)[number];

export type ListUrlState = {
  /** The search text the list was asked for ('' for none). */
  q: string;
  tag: string;
  page: number;
  place: Position | null;
  /** Only with a place; null: any distance. */
  radiusKm: RadiusKm | null;
  /** nearest/newest only with a place, relevance only with text; null: the default (nearest first with a place, else newest). */
  sort: ListSort | null;
  /** null: offers and wants. */
  type: ListType;
  /** Browse's List or Map view (docs/decisions/021); Home shows the list only. */
  view: ListView;
};

export type ListView = 'list' | 'map';

/** A coordinate as the URL and the API get it: 4 decimals. */
const round4 = (n: number) => Math.round(n * 1e4) / 1e4;

export const roundPlace = (p: Position): Position => ({ lat: round4(p.lat), lng: round4(p.lng) });

function coordinate(raw: string | null, min: number, max: number): number | null {
  if (raw === null || !/^-?\d{1,3}(\.\d+)?$/.test(raw)) return null;
  const n = Number(raw);
  return n >= min && n <= max ? round4(n) : null;
}

export function parseListUrl(search: string): ListUrlState {
  const params = new URLSearchParams(search);
  const lat = coordinate(params.get('lat'), LATITUDE_MIN, LATITUDE_MAX);
  const lng = coordinate(params.get('lng'), LONGITUDE_MIN, LONGITUDE_MAX);
  const place = lat !== null && lng !== null ? { lat, lng } : null;
  const page = Number(params.get('page'));
  const radius = Number(params.get('radius'));
  const sort = params.get('sort');
  const q = (params.get('q') ?? '').slice(0, SEARCH_TEXT_MAX);
  const type = params.get('type');
  return {
    q,
    tag: (params.get('tag') ?? '').slice(0, SEARCH_TEXT_MAX),
    page: Number.isSafeInteger(page) && page >= FIRST_PAGE ? page : FIRST_PAGE,
    place,
    radiusKm: place && (LIST_RADIUS_CHOICES_KM as readonly number[]).includes(radius) ? (radius as RadiusKm) : null,
    sort: place && (sort === 'nearest' || sort === 'newest') ? sort : q && sort === 'relevance' ? sort : null,
    type: type === 'offer' || type === 'want' ? type : null,
    view: params.get('view') === 'map' ? 'map' : 'list',
  };
}

/** The query string of a list state ('' for the plain list), defaults left out. */
export function listUrlSearch(state: ListUrlState): string {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  if (state.tag) params.set('tag', state.tag);
  if (state.type) params.set('type', state.type);
  if (state.place) {
    params.set('lat', String(round4(state.place.lat)));
    params.set('lng', String(round4(state.place.lng)));
    if (state.radiusKm !== null) params.set('radius', String(state.radiusKm));
  }
  // Nearest first is the default with a place (newest without); best match first only while searching.
  const sort = state.sort === 'relevance' ? state.q && state.sort : state.place && state.sort === 'newest' && state.sort;
  if (sort) params.set('sort', sort);
  if (state.page > FIRST_PAGE) params.set('page', String(state.page));
  if (state.view === 'map') params.set('view', 'map');
  const search = params.toString();
  return search ? `?${search}` : '';
}

/**
 * Where "Back to listings" goes: the list the item was opened from (the card keeps its address in the
 * history entry, so it survives a refresh of the item page), else the fallback.
 */
export function listingsUrlFrom(historyState: unknown, fallback: string): string {
  const listUrl = (historyState as { listUrl?: unknown } | null)?.listUrl;
  return typeof listUrl === 'string' && /^\/(browse|home)(\?[^#\\]*)?$/.test(listUrl) ? listUrl : fallback;
}

/**
 * The viewer's chosen place, for an item page's distance: the place of the list the item was opened
 * from (its address in the history entry), else the place remembered on this device, else null.
 */
export function viewerPlaceFrom(historyState: unknown, remembered: Position | null): Position | null {
  const listUrl = listingsUrlFrom(historyState, '');
  const fromList = listUrl ? parseListUrl(listUrl.slice(listUrl.indexOf('?') + 1)).place : null;
  return fromList ?? remembered;
}
