import { ArrowLeft, CalendarDays, Info, LogIn, MapPin, MapPinOff, MessagesSquare, Search, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { ItemDetail } from '#shared/items.js';
import { distanceMessage } from '#shared/item-format.js';
import { useDistanceUnit } from '@/lib/distance-unit';
import { signInPath } from '#shared/next-path.js';
import { MapView } from '@/components/map/map-view';
import { Badge } from '@/components/ui/badge';
import { buttonVariants } from '@/components/ui/button';
import { formatShortDate } from '@/lib/format-date';
import { T, useT } from '@/lib/i18n';
import { useClientConfig } from '@/lib/use-client-config';
import * as itemPolicy from '#shared/policies/items.js';
import type { Viewer } from '../lib/item-rules';
import { listingsUrlFrom, viewerPlaceFrom } from '../lib/list-url';
import { distanceKm } from '../lib/photo-distance';
import { rememberedPlace } from '../lib/remembered-place';
import { itemPageUrl } from '../lib/share-links';
import { ItemGallery } from './item-gallery';
import { ItemTagGroups } from './item-tag-groups';
import { ItemOwnerActions } from './item-owner-actions';
import { ItemStatusBadge } from './item-status-badge';
import { ShareButtons } from './share-buttons';

/** Radius of the circle drawn around an approximate point: the published point is 200-700 m off (docs/decisions/006). */
const APPROXIMATE_RADIUS_M = 700;

/**
 * How to reach the owner: the owner goes to their messages, a visitor signs in, a signed-in
 * user writes (the form comes from the page: it belongs to the conversations feature).
 */
function ContactSection({ item, viewer, contact }: { item: ItemDetail; viewer: Viewer; contact?: ReactNode }) {
  const t = useT();
  let body: ReactNode = null;
  if (viewer && viewer.id === item.userId) {
    body = (
      <Link href="/messages" className={buttonVariants({ variant: 'outline' })}>
        <MessagesSquare aria-hidden="true" />
        {t('items.detail.seeMessages')}
      </Link>
    );
  } else if (item.status === 'promised' || item.status === 'taken') {
    const mine = itemPolicy.isPromisee(viewer ?? null, { ...item, promisedToId: item.promisedTo?.id ?? null });
    body = (
      <p className="flex items-start gap-2 rounded-card border border-border bg-primary-soft px-4 py-3 text-primary-soft-foreground">
        <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {t(
          mine
            ? item.status === 'promised'
              ? 'items.detail.promisedToYou'
              : 'items.detail.givenToYou'
            : item.status === 'promised'
              ? 'items.detail.promisedElsewhere'
              : 'items.detail.gone',
        )}
      </p>
    );
  } else if (item.status !== 'available') {
    return null;
  } else if (!viewer) {
    body = (
      <Link href={signInPath(`/items/${item.id}`)} className={buttonVariants()}>
        <LogIn aria-hidden="true" />
        {t('items.detail.signInToContact')}
      </Link>
    );
  } else {
    body = contact ?? null;
  }
  if (!body) return null;
  return (
    <section aria-label={t('items.detail.contact')} className="grid justify-items-start gap-3">
      {body}
    </section>
  );
}

/**
 * Everything docs/product.md, Pages lists for /items/{id}. `contact`, `thanks` and `report` come from the page:
 * they belong to other features (conversations, profiles, reports).
 */
export function ItemDetailView({
  item,
  viewer,
  contact,
  thanks,
  report,
}: {
  item: ItemDetail;
  viewer: Viewer;
  contact?: ReactNode;
  /** After a hand-over, the thanks its two people leave each other (profiles feature). */
  thanks?: ReactNode;
  report?: ReactNode;
}) {
  const t = useT();
  const config = useClientConfig();
  const unit = useDistanceUnit();
  const hasLocation = item.latitude !== null && item.longitude !== null;
  // How far the item's published point is from the viewer's chosen place, when one is known
  // (docs/product.md, Item detail), in the viewer's unit as on the cards.
  const place = hasLocation ? viewerPlaceFrom(window.history.state, rememberedPlace()) : null;
  const distance = place ? distanceKm(place, { lat: item.latitude as number, lng: item.longitude as number }) : null;
  const url = itemPageUrl(item.id, config.data?.publicUrl, window.location.origin);

  return (
    <div className="grid gap-8">
      <div>
        <Link
          href={listingsUrlFrom(window.history.state, viewer ? '/home' : '/browse')}
          className="-ml-2 inline-flex min-h-11 items-center gap-2 rounded-lg px-2 font-medium text-link hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t('items.detail.backToListings')}
        </Link>
      </div>

      <article className="grid gap-8 lg:grid-cols-2 lg:items-start">
        {item.images.length > 0 ? (
          <ItemGallery images={item.images} title={item.title} />
        ) : (
          // A want posted without a photo.
          <div className="flex aspect-[4/3] flex-col items-center justify-center gap-3 rounded-card border border-dashed border-input bg-muted text-muted-foreground">
            <Search className="size-16" aria-hidden="true" />
            <span>{t('core.item.noPhoto')}</span>
          </div>
        )}

        <div className="grid min-w-0 gap-6">
          <header className="grid gap-3">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <h1 className="min-w-0 text-3xl font-bold tracking-tight text-balance break-words">{item.title}</h1>
              <div className="flex flex-wrap gap-2">
                {item.type === 'want' ? (
                  <Badge variant="wanted" className="px-3 py-1 text-sm">
                    {t('core.item.wanted')}
                  </Badge>
                ) : null}
                <ItemStatusBadge status={item.status} />
              </div>
            </div>
            <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-muted-foreground">
              <p className="inline-flex items-center gap-2">
                <UserRound className="size-4 shrink-0" aria-hidden="true" />
                <span>
                  {item.username ? (
                    <T
                      id="items.detail.postedBy"
                      values={{ username: item.username }}
                      components={{
                        0: (
                          <Link
                            href={`/u/${encodeURIComponent(item.username)}`}
                            className="font-medium text-link underline-offset-4 hover:underline"
                          />
                        ),
                      }}
                    />
                  ) : (
                    <T id="items.detail.postedByUnknown" components={{ 0: <span className="font-medium text-foreground" /> }} />
                  )}
                </span>
              </p>
              <p className="inline-flex items-center gap-2">
                <CalendarDays className="size-4 shrink-0" aria-hidden="true" />
                <span>
                  <T
                    id="items.detail.postedOn"
                    values={{ date: formatShortDate(item.createdAt) }}
                    components={{ 0: <time dateTime={item.createdAt} className="font-medium text-foreground" /> }}
                  />
                </span>
              </p>
              {distance !== null ? (
                <p className="inline-flex items-center gap-2">
                  <MapPin className="size-4 shrink-0 text-primary" aria-hidden="true" />
                  <span className="font-medium text-foreground">{t(distanceMessage(distance, unit))}</span>
                </p>
              ) : null}
            </div>
          </header>

          <p className="text-base leading-relaxed break-words whitespace-pre-line">{item.description}</p>

          {item.tags.length > 0 ? <ItemTagGroups tags={item.tags} /> : null}

          <ContactSection item={item} viewer={viewer} contact={contact} />

          {thanks}

          {itemPolicy.manage(viewer ?? null, item) ? <ItemOwnerActions item={item} /> : null}

          <section aria-labelledby="share-heading" className="grid gap-2">
            <h2 id="share-heading" className="text-sm font-semibold">
              {t('items.detail.shareHeading')}
            </h2>
            <ShareButtons url={url} title={item.title} description={item.description} />
          </section>

          {report}
        </div>
      </article>

      <section aria-labelledby="location-heading" className="grid gap-3">
        <h2 id="location-heading" className="text-xl font-semibold tracking-tight">
          {t('items.detail.location')}
        </h2>
        {hasLocation ? (
          <>
            <MapView
              center={{ lat: item.latitude as number, lng: item.longitude as number }}
              zoom={item.locationIsApproximate ? 14 : 15}
              marker={item.locationIsApproximate ? null : { lat: item.latitude as number, lng: item.longitude as number }}
              area={
                item.locationIsApproximate
                  ? { center: { lat: item.latitude as number, lng: item.longitude as number }, radiusMeters: APPROXIMATE_RADIUS_M }
                  : null
              }
              markerLabel={t('items.detail.markerLabel', { title: item.title })}
              popup={
                <>
                  <strong>{item.title}</strong> <br />
                  {t('items.detail.locatedHere')}
                </>
              }
            />
            {item.locationIsApproximate ? (
              <p className="flex items-start gap-2 text-sm text-muted-foreground">
                <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                {t('items.detail.approximate')}
              </p>
            ) : null}
          </>
        ) : (
          <p className="flex items-center gap-3 rounded-card border border-dashed border-input bg-card px-4 py-6 text-muted-foreground">
            <MapPinOff className="size-5 shrink-0" aria-hidden="true" />
            {t('items.detail.noLocation')}
          </p>
        )}
      </section>
    </div>
  );
}
