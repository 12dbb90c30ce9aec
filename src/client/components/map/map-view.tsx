import { MapPinOff } from 'lucide-react';
import { Component, lazy, type ReactNode, Suspense, useRef } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useT } from '@/lib/i18n';
import { useClientConfig } from '@/lib/use-client-config';
import { useNearViewport } from '@/lib/use-near-viewport';
import { cn } from '@/lib/utils';
import type { LeafletMapProps } from './leaflet-map';

const LeafletMap = lazy(async () => ({ default: (await import('./leaflet-map')).LeafletMap }));

/** OpenStreetMap's tiles, used when the configuration cannot be fetched (the attribution is in the catalogue). */
const FALLBACK_TILE_URL = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';

function MapLoadFailed() {
  const t = useT();
  return (
    <div className="flex size-full flex-col items-center justify-center gap-2 p-4 text-center text-sm text-muted-foreground">
      <MapPinOff className="size-8" aria-hidden="true" />
      {t('items.map.loadFailed')}
    </div>
  );
}

class MapErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (this.state.failed) return <MapLoadFailed />;
    return this.props.children;
  }
}

function MapPlaceholder() {
  const t = useT();
  return (
    <div className="flex size-full items-center justify-center">
      <Spinner label={t('items.map.loading')} className="size-8 text-primary" />
    </div>
  );
}

export type MapViewProps = Omit<LeafletMapProps, 'tileUrl' | 'attribution'> & { className?: string };

/**
 * A map region (label 'Map'); Leaflet loads when the region comes near the screen (not with the
 * page: on a phone the map is far below the fold), tiles come from /api/config.
 */
export function MapView({ className, ...props }: MapViewProps) {
  const t = useT();
  const config = useClientConfig();
  const regionRef = useRef<HTMLDivElement>(null);
  const near = useNearViewport(regionRef);
  const tiles = config.data?.map ?? (config.isError ? { tileUrl: FALLBACK_TILE_URL, attribution: t('items.map.attribution') } : null);
  return (
    // isolate: Leaflet's z-indexed panes stay under the sticky header, dialogs and toasts.
    <div
      ref={regionRef}
      role="region"
      aria-label={t('items.map.region')}
      className={cn('relative isolate z-0 h-72 w-full overflow-hidden rounded-card border border-border bg-muted sm:h-96', className)}
    >
      <MapErrorBoundary>
        {tiles && near ? (
          <Suspense fallback={<MapPlaceholder />}>
            <LeafletMap tileUrl={tiles.tileUrl} attribution={tiles.attribution} {...props} />
          </Suspense>
        ) : (
          <MapPlaceholder />
        )}
      </MapErrorBoundary>
    </div>
  );
}
