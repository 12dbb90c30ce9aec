// The state behind Home and Browse (SPEC section 4): search text, its debounced copy that is
// sent, the page, and the location filter.
import { useCallback, useEffect, useRef, useState } from 'react';
import { BROWSE_GEOLOCATION, FIRST_PAGE, LIST_SEARCH_DEBOUNCE_MS, PAGE_SIZE } from '../../../shared/constants.js';
import { toast } from '@/components/ui/use-toast';
import { GeolocationUnsupportedError, geolocationErrorCode, getCurrentPosition, type Position } from '@/lib/geolocation';
import { type ItemListParams, useItemList } from './api';
import { LOCATION_TOASTS, locationErrorMessage } from './lib/location-messages';

export function useItemListState() {
  const [search, setSearch] = useState('');
  const [debouncedSearch, setDebouncedSearch] = useState('');
  const [page, setPage] = useState(FIRST_PAGE);
  const [location, setLocation] = useState<Position | null>(null);
  const [locating, setLocating] = useState(false);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // The text updates at once; the query (and page 1) follows after a pause in typing.
  useEffect(() => {
    if (search === debouncedSearch) return;
    const timer = setTimeout(() => {
      setDebouncedSearch(search);
      setPage(FIRST_PAGE);
    }, LIST_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, debouncedSearch]);

  /** Enter in the search box: no need to wait for the pause. */
  const applySearchNow = useCallback(() => {
    if (search === debouncedSearch) return;
    setDebouncedSearch(search);
    setPage(FIRST_PAGE);
  }, [search, debouncedSearch]);

  const requestLocation = useCallback(() => {
    setLocating(true);
    getCurrentPosition(BROWSE_GEOLOCATION).then(
      (position) => {
        if (!mounted.current) return;
        setLocation(position);
        setPage(FIRST_PAGE);
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
  }, []);

  const clearLocation = useCallback(() => {
    setLocation(null);
    setPage(FIRST_PAGE);
    toast({ title: LOCATION_TOASTS.cleared });
  }, []);

  const params: ItemListParams = {
    page,
    limit: PAGE_SIZE,
    ...(location ? { lat: location.lat, lng: location.lng } : {}),
    ...(debouncedSearch ? { query: debouncedSearch, tag: debouncedSearch } : {}),
  };
  const list = useItemList(params);

  // The first answer (or failure) ends the initial load; later loads keep the old page on screen.
  const [settled, setSettled] = useState(false);
  if (!settled && !list.isPending) setSettled(true);

  const goToPage = useCallback((next: number) => setPage(Math.max(FIRST_PAGE, next)), []);

  return {
    search,
    setSearch,
    applySearchNow,
    /** The text the shown results were asked for. */
    debouncedSearch,
    page,
    goToPage,
    location,
    locating,
    requestLocation,
    clearLocation,
    list,
    /** True until the first answer: nothing to show yet. */
    isInitialLoad: !settled && list.isPending,
  };
}

export type ItemListState = ReturnType<typeof useItemListState>;
