// The state behind Home and Browse (docs/product.md, States): search text, its debounced copy that is
// sent, the page, the location filter with its radius, and the order. All but the text being typed
// live in the URL's query (lib/list-url.ts): Back, refresh and a shared link restore the list. The
// chosen place is also remembered on the device (lib/remembered-place.ts).
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { BROWSE_GEOLOCATION, FIRST_PAGE, LIST_SEARCH_DEBOUNCE_MS, PAGE_SIZE } from '#shared/constants.js';
import { toast } from '@/components/ui/use-toast';
import { GeolocationUnsupportedError, geolocationErrorCode, getCurrentPosition } from '@/lib/geolocation';
import { translate } from '@/lib/i18n';
import { type ItemListParams, useItemList } from './api';
import { LOCATION_TOASTS, locationErrorMessage } from './lib/location-messages';
import {
  type ListSort,
  type ListType,
  type ListUrlState,
  type ListView,
  listUrlSearch,
  parseListUrl,
  type RadiusKm,
  roundPlace,
} from './lib/list-url';
import { forgetPlace as forgetStoredPlace, isPlaceOff, rememberedPlace, rememberPlace, setPlaceOff } from './lib/remembered-place';

export function useItemListState() {
  const [path, navigate] = useLocation();
  const url = parseListUrl(useSearch());
  const [remembered, setRemembered] = useState(rememberedPlace);
  const [placeOff, setOff] = useState(isPlaceOff);
  // The place in effect: the URL's, else the one remembered on this device (unless cleared in this tab).
  const state: ListUrlState = url.place || placeOff || !remembered ? url : { ...url, place: remembered };
  const [search, setSearch] = useState(url.q);
  const [locating, setLocating] = useState(false);
  const mounted = useRef(true);

  // Navigation reads the newest state, so the callbacks (and the debounce timer) stay put between renders.
  const latest = useRef({ state, path });
  useLayoutEffect(() => {
    latest.current = { state, path };
  });
  const go = useCallback(
    (change: Partial<ListUrlState>, { replace = false }: { replace?: boolean } = {}) => {
      const { state: now, path: at } = latest.current;
      // Already gone elsewhere (a card was opened as the search pause ended): the list no longer writes
      // the URL. The app's router is the browser's history, so its address is the window's.
      if (window.location.pathname !== at) return;
      const next = { ...now, ...change };
      if (!next.place) next.radiusKm = null;
      // Best match first needs a search; nearest and newest a place.
      if (next.sort === 'relevance' ? !next.q : !next.place) next.sort = null;
      navigate(`${at}${listUrlSearch(next)}`, { replace });
    },
    [navigate],
  );

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // A remembered place shows in the URL too (so a refresh, Back or a copied link keep it).
  const placeFromDevice = !url.place && state.place !== null;
  useEffect(() => {
    if (placeFromDevice) go({}, { replace: true });
  }, [placeFromDevice, go]);

  // Back or a link changed the text in the URL: the box shows it (not when the URL took the typed text).
  const committed = useRef(url.q);
  useEffect(() => {
    if (url.q === committed.current) return;
    committed.current = url.q;
    setSearch(url.q);
  }, [url.q]);

  // The text updates at once; the query (and page 1) follows after a pause in typing.
  useEffect(() => {
    if (search === committed.current) return;
    const timer = setTimeout(() => {
      // Enter may have applied this text during the pause: going again would take a page chosen
      // since (Next) back to page 1.
      if (search === committed.current) return;
      committed.current = search;
      go({ q: search, page: FIRST_PAGE }, { replace: true });
    }, LIST_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, go]);

  /** Enter in the search box: no need to wait for the pause (and Back returns to the search before). */
  const applySearchNow = useCallback(() => {
    if (search === committed.current) return;
    committed.current = search;
    go({ q: search, page: FIRST_PAGE });
  }, [search, go]);

  const requestLocation = useCallback(() => {
    setLocating(true);
    getCurrentPosition(BROWSE_GEOLOCATION).then(
      (position) => {
        if (!mounted.current) return;
        const place = roundPlace(position);
        rememberPlace(place);
        setRemembered(place);
        setOff(false);
        go({ place, page: FIRST_PAGE });
        setLocating(false);
        toast({ title: LOCATION_TOASTS.obtainedTitle, description: LOCATION_TOASTS.obtained });
      },
      (error: unknown) => {
        if (!mounted.current) return;
        setLocating(false);
        if (error instanceof GeolocationUnsupportedError) {
          toast({ variant: 'destructive', title: LOCATION_TOASTS.unsupportedTitle, description: LOCATION_TOASTS.unsupported });
        } else {
          toast({
            variant: 'destructive',
            title: LOCATION_TOASTS.errorTitle,
            description: locationErrorMessage(geolocationErrorCode(error)),
          });
        }
      },
    );
  }, [go]);

  const clearLocation = useCallback(() => {
    setPlaceOff(true);
    setOff(true);
    go({ place: null, page: FIRST_PAGE });
    toast({ title: LOCATION_TOASTS.cleared });
  }, [go]);

  /** "Forget my place": off this device, and off the list. */
  const forgetPlace = useCallback(() => {
    forgetStoredPlace();
    setRemembered(null);
    setOff(false);
    go({ place: null, page: FIRST_PAGE });
    toast({ title: translate('core.browse.placeForgotten') });
  }, [go]);

  /** A place chosen on the map: the list's place, remembered on this device like a shared location. */
  const setPlace = useCallback(
    (position: { lat: number; lng: number }) => {
      const place = roundPlace(position);
      rememberPlace(place);
      setRemembered(place);
      setOff(false);
      go({ place, page: FIRST_PAGE });
      toast({ title: translate('core.browse.placeChosen') });
    },
    [go],
  );
  /** List or Map (a history entry of its own: Back returns to the other view). */
  const setView = useCallback((view: ListView) => go({ view }), [go]);

  const setRadius = useCallback((radiusKm: RadiusKm | null) => go({ radiusKm, page: FIRST_PAGE }), [go]);
  const setSort = useCallback((sort: ListSort) => go({ sort, page: FIRST_PAGE }), [go]);
  const clearTag = useCallback(() => go({ tag: '', page: FIRST_PAGE }), [go]);
  /** A tag chip: filters by the tag, or (pressed again) clears it. */
  const toggleTag = useCallback(
    (tag: string) => go({ tag: latest.current.state.tag.toLowerCase() === tag.toLowerCase() ? '' : tag, page: FIRST_PAGE }),
    [go],
  );
  const setType = useCallback((type: ListType) => go({ type, page: FIRST_PAGE }), [go]);
  const goToPage = useCallback((next: number) => go({ page: Math.max(FIRST_PAGE, next) }), [go]);

  const { place } = state;
  const params: ItemListParams = {
    page: state.page,
    limit: PAGE_SIZE,
    ...(place ? { lat: place.lat, lng: place.lng } : {}),
    ...(place && state.radiusKm !== null ? { radiusKm: state.radiusKm } : {}),
    ...(state.sort !== null ? { sort: state.sort } : {}),
    ...(state.type ? { type: state.type } : {}),
    // The search text goes as both query and tag (docs/product.md, API); a tag of the URL as the tag.
    ...(state.q ? { query: state.q, tag: state.tag || state.q } : state.tag ? { tag: state.tag } : {}),
  };
  const list = useItemList(params);

  // A page past the end is answered with the last page: the URL keeps the page asked for (a refresh
  // asks again), and the pager works from the page answered.
  // The first answer (or failure) ends the initial load; later loads keep the old page on screen.
  const [settled, setSettled] = useState(false);
  if (!settled && !list.isPending) setSettled(true);

  return {
    search,
    setSearch,
    applySearchNow,
    /** The text the shown results were asked for. */
    debouncedSearch: state.q,
    /** A tag the list is filtered by apart from the text (a link's `?tag=`), or ''. */
    tag: state.tag,
    clearTag,
    toggleTag,
    /** All (null), only offers or only wants. */
    type: state.type,
    setType,
    page: state.page,
    goToPage,
    location: place,
    /** A place is remembered on this device ("Forget my place" shows). */
    placeRemembered: remembered !== null,
    locating,
    requestLocation,
    clearLocation,
    forgetPlace,
    radiusKm: state.radiusKm,
    setRadius,
    setPlace,
    /** Browse's List or Map view. */
    view: state.view,
    setView,
    /** The order asked for (null: the default, nearest first with a place, else newest). */
    sort: state.sort,
    setSort,
    /** This list's address (path and query): "Back to listings" on an item page returns here. */
    listUrl: `${path}${listUrlSearch(state)}`,
    list,
    /** True until the first answer: nothing to show yet. */
    isInitialLoad: !settled && list.isPending,
  };
}

export type ItemListState = ReturnType<typeof useItemListState>;
