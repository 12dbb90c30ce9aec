// Browse's Map view (docs/decisions/021-map-clusters.md): the listed items of the visible area as
// numbered clusters (split as you zoom) and single items with a card popup, from
// GET /api/items/clusters. Loaded on demand (React.lazy) with Leaflet: /browse's first load stays
// without them. Published (approximate) points only: the server never sends the exact ones.
import '@/components/map/leaflet-map';
import { useQuery, keepPreviousData, type UseQueryResult } from '@tanstack/react-query';
import L from 'leaflet';
import { Crosshair } from 'lucide-react';
import { use, useEffect, useRef, useState } from 'react';
import { CircleMarker, MapContainer, Marker, Popup, TileLayer, Tooltip, useMap, useMapEvents } from 'react-leaflet';
import { Link } from 'wouter';
import { DEFAULT_MAP_CENTER } from '#shared/constants.js';
import type { Clusters, ItemDetail, MapItem } from '#shared/items.js';
import { markerIconOptions } from '@/components/map/leaflet-map';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { loadBundle, useT } from '@/lib/i18n';
import { ApiError, getErrorMessage } from '@/lib/request';
import { useClientConfig } from '@/lib/use-client-config';
import { ITEMS_QUERY_KEY, useItem } from '../api';
import type { ItemListState } from '../use-item-list-state';

const texts = loadBundle('app');

/** OpenStreetMap's tiles, when the configuration cannot be fetched. */
const FALLBACK_TILE_URL = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
/** The pause after the map stops moving before its items are asked for. */
const MOVE_DEBOUNCE_MS = 250;
const MAX_ZOOM = 19;
const MERCATOR_MAX_LAT = 85.05;
/** The map's last view in this tab: Back and a refresh come back to it. */
const VIEW_KEY = 'browse-map-view';

type View = { lat: number; lng: number; zoom: number };
type Area = { bbox: string; zoom: number };

function savedView(): View | null {
  try {
    const v = JSON.parse(sessionStorage.getItem(VIEW_KEY) ?? 'null') as View | null;
    return v && [v.lat, v.lng, v.zoom].every(Number.isFinite) ? v : null;
  } catch {
    return null;
  }
}

const fixed = (n: number) => Number(n.toFixed(5));

/** The visible area as the API takes it: within ±180° (a view across the 180th meridian asks for the whole width). */
function areaOf(map: L.Map): Area {
  const b = map.getBounds();
  let west = b.getWest();
  let east = b.getEast();
  if (east - west >= 360 || west < -180 || east > 180) {
    // Wrapped around the world: the whole width (a narrower view across the meridian is rare).
    if (west < -180 && east < 180 && east > -180 && west + 360 > east) west = -180;
    else if (east > 180 && west > -180 && west < 180 && east - 360 < west) east = 180;
    else [west, east] = [-180, 180];
  }
  const south = Math.max(-MERCATOR_MAX_LAT, b.getSouth());
  const north = Math.min(MERCATOR_MAX_LAT, b.getNorth());
  return {
    bbox: [Math.max(-180, west), south, Math.min(180, east), north].map(fixed).join(','),
    zoom: Math.min(20, Math.max(0, Math.round(map.getZoom()))),
  };
}

/** Reports the visible area after each move (debounced), and at first. */
function FollowArea({ onArea }: { onArea: (area: Area) => void }) {
  const map = useMap();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const report = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const c = map.getCenter();
      sessionStorage.setItem(VIEW_KEY, JSON.stringify({ lat: c.lat, lng: c.lng, zoom: map.getZoom() }));
      onArea(areaOf(map));
    }, MOVE_DEBOUNCE_MS);
  };
  useMapEvents({ moveend: report, zoomend: report });
  useEffect(() => {
    onArea(areaOf(map));
    return () => clearTimeout(timer.current);
    // Once, at the start: later areas come from the map's events.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map]);
  return null;
}

/** While choosing a place: a click (or Enter on the map, for its centre) sets it; Escape stops. */
function PickPlace({ onPick, onCancel }: { onPick: (p: { lat: number; lng: number }) => void; onCancel: () => void }) {
  const map = useMap();
  useMapEvents({ click: (e) => onPick({ lat: e.latlng.lat, lng: e.latlng.lng }) });
  useEffect(() => {
    const container = map.getContainer();
    container.classList.add('leaflet-crosshair');
    const onKey = (event: KeyboardEvent) => {
      if (event.target !== container) return;
      if (event.key === 'Enter') {
        event.preventDefault();
        const c = map.getCenter();
        onPick({ lat: c.lat, lng: c.lng });
      } else if (event.key === 'Escape') onCancel();
    };
    container.addEventListener('keydown', onKey);
    container.focus();
    return () => {
      container.classList.remove('leaflet-crosshair');
      container.removeEventListener('keydown', onKey);
    };
  }, [map, onPick, onCancel]);
  return null;
}

const clusterIcons = new Map<string, L.DivIcon>();
/** A round marker with the count (bigger for more), named for screen readers by `label`. */
function clusterIcon(count: number, label: string): L.DivIcon {
  const key = `${count}|${label}`;
  let icon = clusterIcons.get(key);
  if (!icon) {
    const size = count < 10 ? 36 : count < 100 ? 42 : count < 1000 ? 48 : 56;
    const shown = count < 10_000 ? String(count) : `${Math.floor(count / 1000)}k`;
    const name = label.replace(/[<>&"]/g, '');
    icon = L.divIcon({
      html: `<span aria-hidden="true">${shown}</span><span class="sr-only">${name}</span>`,
      className: 'map-cluster',
      iconSize: [size, size],
    });
    clusterIcons.set(key, icon);
  }
  return icon;
}

function ClusterMarker({ latitude, longitude, count }: { latitude: number; longitude: number; count: number }) {
  const t = useT();
  const map = useMap();
  const label = t('items.browseMap.cluster', { count });
  return (
    <Marker
      position={[latitude, longitude]}
      icon={clusterIcon(count, label)}
      title={label}
      eventHandlers={{ click: () => map.setView([latitude, longitude], Math.min(map.getZoom() + 2, MAX_ZOOM)) }}
    />
  );
}

/** How many frames an opened popup waits for its card to take the focus (about a second). */
const FOCUS_TRIES = 60;

/** A single item's card in its popup: the item, loaded when the popup opens (GET /api/items/:id). */
function ItemCard({ item }: { item: UseQueryResult<ItemDetail> }) {
  const t = useT();
  if (item.data) {
    return (
      <>
        {item.data.thumbnailUrl ? (
          <img src={item.data.thumbnailUrl} alt="" width={208} height={156} className="aspect-[4/3] w-full rounded object-cover" />
        ) : null}
        <p className="font-semibold text-balance">{item.data.title}</p>
      </>
    );
  }
  if (item.isError) {
    return (
      <p role="alert" className="text-sm text-muted-foreground">
        {item.error instanceof ApiError && item.error.status === 404 ? t('items.browseMap.cardGone') : t('items.browseMap.cardFailed')}
      </p>
    );
  }
  return (
    <div className="flex aspect-[4/3] w-full items-center justify-center rounded bg-muted">
      <Spinner label={t('items.browseMap.cardLoading')} className="size-6 text-primary" />
    </div>
  );
}

/**
 * A single item's marker and card. The answer names the item by its id and point only (decision
 * 032): the card loads the item when the popup opens, and the marker is named by its title once it is
 * known (opened before, or its page visited), otherwise as one item to open. The card takes the focus
 * when its popup opens (a click, or Enter on the marker), so a keyboard user is in it at once; Escape
 * closes it, and a focus left in it (or on nothing) goes back to the marker rather than to the page's
 * start. Leaflet itself does neither: its Escape works only while the map has the focus, and
 * react-leaflet keeps the card mounted between openings, so this follows the popup's own add and
 * remove events.
 */
function ItemMarker({ item, listUrl }: { item: MapItem; listUrl: string }) {
  const t = useT();
  const marker = useRef<L.Marker>(null);
  const link = useRef<HTMLAnchorElement>(null);
  const frame = useRef(0);
  const [opened, setOpened] = useState(false);
  const detail = useItem(item.id, { enabled: opened });
  const name = detail.data?.title ?? t('items.browseMap.single');
  // Leaflet sets the marker's title and alt once: a name learnt later is written to its element.
  useEffect(() => {
    const element = marker.current?.getElement();
    if (!element) return;
    element.title = name;
    element.setAttribute('alt', name);
  }, [name]);
  const onOpen = () => {
    setOpened(true);
    const mapElement = marker.current?.getElement()?.closest('.leaflet-container');
    let tries = 0;
    const take = () => {
      const target = link.current;
      target?.focus({ preventScroll: true });
      // The card is rendered a moment after the popup opens, and while the map still moves (a zoom,
      // the popup's own pan) nothing in it takes the focus: again on the next frames, unless the
      // person has gone elsewhere.
      const active = document.activeElement;
      const waiting = active === document.body || (active !== null && mapElement?.contains(active) === true);
      if (active !== target && waiting && ++tries < FOCUS_TRIES) frame.current = requestAnimationFrame(take);
    };
    take();
  };
  const onClose = () => {
    cancelAnimationFrame(frame.current);
    const markerElement = marker.current?.getElement();
    const popupElement = link.current?.closest('.leaflet-popup');
    const inPopup = () => document.activeElement === document.body || popupElement?.contains(document.activeElement) === true;
    if (!markerElement || !inPopup()) return;
    // The popup fades out first: the focus moves once that has begun.
    requestAnimationFrame(() => {
      if (inPopup() && markerElement.isConnected) markerElement.focus({ preventScroll: true });
    });
  };
  return (
    <Marker ref={marker} position={[item.latitude, item.longitude]} icon={markerIconOptions} title={name} alt={name}>
      <Popup maxWidth={240} minWidth={180} eventHandlers={{ add: onOpen, remove: onClose }}>
        <div className="grid gap-2" aria-busy={detail.isFetching}>
          <ItemCard item={detail} />
          <Link
            ref={link}
            href={`/items/${item.id}`}
            state={{ listUrl }}
            className="font-medium text-primary underline underline-offset-2"
            onKeyDown={(event) => {
              if (event.key !== 'Escape') return;
              event.stopPropagation();
              marker.current?.closePopup();
            }}
          >
            {t('items.browseMap.viewItem')}
          </Link>
        </div>
      </Popup>
    </Marker>
  );
}

export type ItemsMapProps = {
  state: ItemListState;
  /** Choosing a place on the map (a click sets it). */
  picking: boolean;
  onPickingChange: (picking: boolean) => void;
};

/** The Map view (its default export, for React.lazy). */
export default function ItemsMap({ state, picking, onPickingChange }: ItemsMapProps) {
  use(texts);
  const t = useT();
  const config = useClientConfig();
  const tiles = config.data?.map ?? (config.isError ? { tileUrl: FALLBACK_TILE_URL, attribution: t('items.map.attribution') } : null);
  const [start] = useState<View>(
    () =>
      savedView() ??
      (state.location ? { ...state.location, zoom: 13 } : { lat: DEFAULT_MAP_CENTER.lat, lng: DEFAULT_MAP_CENTER.lng, zoom: 11 }),
  );
  const [area, setArea] = useState<Area | null>(null);
  const place = state.location;
  const filters = {
    ...(state.debouncedSearch
      ? { query: state.debouncedSearch, tag: state.tag || state.debouncedSearch }
      : state.tag
        ? { tag: state.tag }
        : {}),
    ...(state.type ? { type: state.type } : {}),
    ...(place && state.radiusKm !== null ? { lat: place.lat, lng: place.lng, radiusKm: state.radiusKm } : {}),
  };
  // A new area or filter cancels the request still under way (the query's AbortSignal).
  const answer = useQuery<Clusters>({
    queryKey: [ITEMS_QUERY_KEY, 'clusters', { ...area, ...filters }],
    enabled: area !== null,
    placeholderData: keepPreviousData,
  });
  const data = answer.data;
  const empty = data && !answer.isFetching && data.clusters.length === 0 && data.items.length === 0;

  if (!tiles) {
    return (
      <div className="flex h-[var(--phone-map-height,65vh)] min-h-80 items-center justify-center sm:h-[36rem]">
        <Spinner label={t('items.map.loading')} className="size-8 text-primary" />
      </div>
    );
  }
  return (
    <div className="grid gap-3">
      {picking ? (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-primary-soft px-3 py-2 text-sm text-primary-soft-foreground">
          <p className="inline-flex items-center gap-2" role="status">
            <Crosshair className="size-4 shrink-0" aria-hidden="true" />
            {t('items.browseMap.pickHint')}
          </p>
          <Button variant="ghost" onClick={() => onPickingChange(false)} className="text-primary-soft-foreground hover:bg-card/60">
            {t('items.browseMap.pickCancel')}
          </Button>
        </div>
      ) : null}
      <div
        role="region"
        aria-label={t('items.browseMap.label')}
        className="relative isolate z-0 h-[var(--phone-map-height,65vh)] min-h-80 w-full overflow-hidden rounded-card border border-border bg-muted sm:h-[36rem]"
      >
        <MapContainer center={[start.lat, start.lng]} zoom={start.zoom} maxZoom={MAX_ZOOM} className="size-full" worldCopyJump>
          <TileLayer url={tiles.tileUrl} attribution={tiles.attribution} />
          <FollowArea onArea={setArea} />
          {picking ? (
            <PickPlace
              onPick={(p) => {
                state.setPlace(p);
                onPickingChange(false);
              }}
              onCancel={() => onPickingChange(false)}
            />
          ) : null}
          {place ? (
            <CircleMarker
              center={[place.lat, place.lng]}
              radius={9}
              pathOptions={{ color: '#1d4ed8', weight: 3, fillColor: '#3b82f6', fillOpacity: 0.5 }}
            >
              <Tooltip>{t('items.browseMap.yourPlace')}</Tooltip>
            </CircleMarker>
          ) : null}
          {data?.clusters.map((c) => (
            <ClusterMarker key={`c${c.latitude},${c.longitude},${c.count}`} {...c} />
          ))}
          {data?.items.map((item) => (
            <ItemMarker key={item.id} item={item} listUrl={state.listUrl} />
          ))}
        </MapContainer>
        {picking ? (
          // The centre Enter would choose, for keyboard users.
          <Crosshair
            className="pointer-events-none absolute top-1/2 left-1/2 z-[1000] size-8 -translate-1/2 text-primary"
            aria-hidden="true"
          />
        ) : null}
        <div className="pointer-events-none absolute inset-x-0 top-2 z-[1000] flex justify-center" aria-live="polite">
          {answer.isFetching ? (
            <span className="inline-flex items-center gap-2 rounded-full bg-card px-3 py-1 text-sm shadow">
              <Spinner className="size-4" />
              {t('items.browseMap.loading')}
            </span>
          ) : empty ? (
            <span className="rounded-full bg-card px-3 py-1 text-sm font-medium shadow">{t('items.browseMap.empty')}</span>
          ) : null}
        </div>
        {answer.isError && !answer.isFetching ? (
          <div
            className="absolute inset-x-4 bottom-8 z-[1000] grid justify-items-center gap-2 rounded-card bg-card p-3 text-center text-sm shadow"
            role="alert"
          >
            {/* A 400 says what to change (zoom in: too many items here to search); trying again would not help. */}
            {answer.error instanceof ApiError && answer.error.status === 400 ? (
              <p>{getErrorMessage(answer.error)}</p>
            ) : (
              <>
                <p>
                  {t('items.browseMap.failed')} {getErrorMessage(answer.error)}
                </p>
                <Button variant="outline" onClick={() => void answer.refetch()}>
                  {t('core.common.tryAgain')}
                </Button>
              </>
            )}
          </div>
        ) : null}
      </div>
      <p className="text-sm text-muted-foreground">{t('items.browseMap.keys')}</p>
    </div>
  );
}
