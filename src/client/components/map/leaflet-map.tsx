// The Leaflet map. Only ever loaded through React.lazy (map-view.tsx), so Leaflet, its CSS and
// its marker images stay out of pages without a map.
import 'leaflet/dist/leaflet.css';
import './leaflet-overrides.css';
import L, { type LeafletMouseEvent } from 'leaflet';
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png';
import markerIcon from 'leaflet/dist/images/marker-icon.png';
import markerShadow from 'leaflet/dist/images/marker-shadow.png';
import { type ReactNode, type RefObject, useEffect, useEffectEvent, useRef } from 'react';
import { Circle, MapContainer, Marker, Popup, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { useT } from '@/lib/i18n';

// Leaflet guesses its icon paths from its CSS file's address, which a bundler breaks: give the
// bundled images explicitly.
export const markerIconOptions = L.icon({
  iconUrl: markerIcon,
  iconRetinaUrl: markerIcon2x,
  shadowUrl: markerShadow,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
  tooltipAnchor: [16, -28],
  shadowSize: [41, 41],
});
L.Marker.prototype.options.icon = markerIconOptions;

export type LatLng = { lat: number; lng: number };

export type LeafletMapProps = {
  center: LatLng;
  zoom: number;
  tileUrl: string;
  attribution: string;
  marker?: LatLng | null;
  /** Popup content of the marker (opened by clicking or pressing Enter on it). */
  popup?: ReactNode;
  /** A click on the map picks a position. */
  onPick?: (position: LatLng) => void;
  /** Changing it moves the view to `center` (e.g. a location read from a photo). */
  viewKey?: string | number;
  /** Text of the marker for screen readers. */
  markerLabel?: string;
  /**
   * A translucent circle instead of a pin, for a place known only roughly (an item's published,
   * approximate point); clicking it opens the popup.
   */
  area?: { center: LatLng; radiusMeters: number } | null;
};

function ClickToPick({ onPick }: { onPick: (position: LatLng) => void }) {
  useMapEvents({
    click(event: LeafletMouseEvent) {
      onPick({ lat: event.latlng.lat, lng: event.latlng.lng });
    },
  });
  return null;
}

function FollowView({ center, viewKey }: { center: LatLng; viewKey?: string | number }) {
  const map = useMap();
  const first = useRef(true);
  // Only a new viewKey moves the map; clicks that change `center` alone do not.
  const moveToCenter = useEffectEvent(() => map.setView([center.lat, center.lng], Math.max(map.getZoom(), 13)));
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    moveToCenter();
  }, [viewKey]);
  return null;
}

/** Whatever Leaflet makes focusable inside the map: zoom buttons, attribution links, the marker. */
const INNER_STOPS = 'a[href], button, .leaflet-marker-icon, [tabindex]:not([tabindex="-1"])';

/**
 * The map is one Tab stop: its container (arrow keys move it, + and - zoom, Enter opens the
 * marker's popup, Escape closes it). Leaflet's own zoom buttons, attribution links and marker
 * would each be another stop; they stay for the mouse and touch. `popupLayer` is the marker or
 * circle whose popup Enter opens.
 */
function OneTabStop({ label, popupLayer }: { label: string; popupLayer: RefObject<L.Layer | null> }) {
  const t = useT();
  const roleDescription = t('items.map.roleDescription');
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    container.setAttribute('role', 'group');
    container.setAttribute('aria-roledescription', roleDescription);
    container.setAttribute('aria-label', label);
    const takeOut = () => {
      for (const el of container.querySelectorAll<HTMLElement>(INNER_STOPS)) {
        if (el !== container) el.tabIndex = -1;
      }
    };
    takeOut();
    // Leaflet adds elements later (the marker, attribution of tiles): each is taken out as it comes.
    const observer = new MutationObserver(takeOut);
    observer.observe(container, { childList: true, subtree: true });
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || event.target !== container) return;
      const layer = popupLayer.current;
      if (layer?.getPopup()) {
        event.preventDefault();
        layer.openPopup();
      }
    };
    container.addEventListener('keydown', onKeyDown);
    return () => {
      observer.disconnect();
      container.removeEventListener('keydown', onKeyDown);
    };
  }, [map, label, roleDescription, popupLayer]);
  return null;
}

export function LeafletMap({ center, zoom, tileUrl, attribution, marker, popup, onPick, viewKey, markerLabel, area }: LeafletMapProps) {
  const popupElement = popup ? (
    <Popup maxWidth={240} autoPanPaddingTopLeft={[60, 16]} autoPanPaddingBottomRight={[16, 16]}>
      {popup}
    </Popup>
  ) : null;
  const t = useT();
  const popupLayer = useRef<L.Layer | null>(null);
  const keys = t('items.map.keys', { popup: popup ? 'yes' : 'no' });
  return (
    <MapContainer center={[center.lat, center.lng]} zoom={zoom} scrollWheelZoom={false} className="size-full">
      <OneTabStop label={markerLabel ? t('items.map.labelWithMarker', { marker: markerLabel, keys }) : keys} popupLayer={popupLayer} />
      <TileLayer url={tileUrl} attribution={attribution} />
      {onPick ? <ClickToPick onPick={onPick} /> : null}
      <FollowView center={center} viewKey={viewKey} />
      {marker ? (
        <Marker
          ref={(layer) => {
            popupLayer.current = layer;
          }}
          position={[marker.lat, marker.lng]}
          icon={markerIconOptions}
          alt={markerLabel ?? t('items.map.marker')}
          keyboard={Boolean(popup)}
        >
          {popupElement}
        </Marker>
      ) : null}
      {area ? (
        <Circle
          ref={(layer) => {
            if (!marker) popupLayer.current = layer;
          }}
          center={[area.center.lat, area.center.lng]}
          radius={area.radiusMeters}
          pathOptions={{ color: '#15803d', weight: 2, fillColor: '#22c55e', fillOpacity: 0.2 }}
        >
          {popupElement}
        </Circle>
      ) : null}
    </MapContainer>
  );
}
