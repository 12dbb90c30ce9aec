import { Search } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'wouter';
import { distanceMessage } from '#shared/item-format.js';
import { useDistanceUnit } from '@/lib/distance-unit';
import { useT } from '@/lib/i18n';
import { useItemList } from '../api';
import { rememberedPlace } from '../lib/remembered-place';

/** How many items the strip shows. */
const STRIP_ITEMS = 6;

/**
 * Under the sign-in card on a phone (docs/product.md, Auth and password reset): a row of the items
 * nearest to the place remembered on this device, else the newest, from the public list
 * (GET /api/items), each a link to its page. Nothing when the list is empty or fails.
 */
export default function VisitorItemsStrip() {
  const t = useT();
  const unit = useDistanceUnit();
  const headingId = useId();
  const place = rememberedPlace();
  const list = useItemList({ page: 1, limit: STRIP_ITEMS, ...(place ? { lat: place.lat, lng: place.lng } : {}) });
  const items = list.data?.items ?? [];
  if (items.length === 0) return null;

  return (
    <section aria-labelledby={headingId} className="mt-6 grid gap-3">
      <h2 id={headingId} className="text-lg font-semibold tracking-tight">
        {t(place ? 'auth.page.nearHeading' : 'auth.page.newestHeading')}
      </h2>
      <ul className="flex snap-x gap-3 overflow-x-auto pb-2">
        {items.map((item) => (
          <li key={item.id} className="w-36 shrink-0 snap-start">
            <Link
              href={`/items/${item.id}`}
              className="flex h-full flex-col overflow-hidden rounded-card border border-border bg-card shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              <span className="flex aspect-[4/3] w-full items-center justify-center bg-muted text-muted-foreground">
                {item.thumbnailUrl ? (
                  <img src={item.thumbnailUrl} alt="" width={144} height={108} loading="lazy" className="size-full object-cover" />
                ) : (
                  <Search className="size-8" aria-hidden="true" />
                )}
              </span>
              <span className="grid gap-1 p-2">
                <span className="line-clamp-2 text-sm leading-snug font-semibold break-words">
                  {item.type === 'want' ? `${t('core.item.wanted')}: ` : null}
                  {item.title}
                </span>
                {item.distance !== undefined && item.distance !== null ? (
                  <span className="text-xs text-muted-foreground">{t(distanceMessage(item.distance, unit))}</span>
                ) : null}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
