import { Clock, MapPin, Search, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'wouter';
import { CARD_TAGS_SHOWN } from '#shared/constants.js';
import type { ListedItem } from '#shared/items.js';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { useDistanceUnit } from '@/lib/distance-unit';
import { distanceMessage } from '#shared/item-format.js';
import { T, useT } from '@/lib/i18n';
import { formatShortDate } from '@/lib/format-date';
import { formatAge } from '@/lib/relative-time';
import { TagLink } from './tag-link';

type ItemCardProps = {
  item: ListedItem;
  /** Shows the trash button (owner or admin); it asks the list to confirm the delete. */
  onDelete?: (item: ListedItem, trigger: HTMLButtonElement) => void;
  /** The first cards of a page are fetched eagerly: they are the page's largest paint. */
  priority?: boolean;
  /** The list's address: the item page's "Back to listings" returns there (kept in the history entry). */
  listUrl?: string;
};

/** One item in a list: the whole card links to the item page; the trash button sits beside it. */
export function ItemCard({ item, onDelete, priority = false, listUrl }: ItemCardProps) {
  const t = useT();
  const unit = useDistanceUnit();
  const titleId = useId();
  const wantedId = useId();
  const detailsId = useId();
  const wanted = item.type === 'want';
  const shownTags = item.tags.slice(0, CARD_TAGS_SHOWN);
  const moreTags = item.tags.length - shownTags.length;
  const age = formatAge(item.createdAt);

  return (
    <article
      className={cn(
        'group relative flex h-full flex-col overflow-hidden rounded-card border border-border bg-card text-card-foreground shadow-sm transition-shadow',
        'hover:shadow-md has-[>a:focus-visible]:outline-2 has-[>a:focus-visible]:outline-offset-2 has-[>a:focus-visible]:outline-ring',
      )}
    >
      {/* The item link covers the whole card (its ::before); tag links and the poster's link sit above it. */}
      <Link
        href={`/items/${item.id}`}
        state={listUrl ? { listUrl } : undefined}
        aria-labelledby={wanted ? `${wantedId} ${titleId}` : titleId}
        aria-describedby={detailsId}
        className="flex flex-1 flex-col outline-none before:absolute before:inset-0"
      >
        <div className="relative aspect-[4/3] w-full overflow-hidden bg-muted">
          {item.thumbnailUrl ? (
            <img
              src={item.thumbnailUrl}
              alt={item.title}
              width={480}
              height={360}
              loading={priority ? 'eager' : 'lazy'}
              decoding="async"
              className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.02]"
            />
          ) : (
            // A want posted without a photo.
            <div className="flex size-full flex-col items-center justify-center gap-2 text-muted-foreground">
              <Search className="size-12" aria-hidden="true" />
              <span className="text-sm">{t('core.item.noPhoto')}</span>
            </div>
          )}
          {wanted ? (
            <Badge id={wantedId} variant="wanted" className="absolute top-2 left-2 px-3 py-1 text-sm shadow-sm">
              {t('core.item.wanted')}
            </Badge>
          ) : null}
        </div>
        <div className="flex flex-1 flex-col gap-3 p-4 pb-2">
          <h2 id={titleId} className="line-clamp-2 text-lg leading-snug font-semibold tracking-tight break-words">
            {item.title}
          </h2>
          <div id={detailsId} className="flex flex-1 flex-col gap-3">
            <p className="line-clamp-2 text-sm break-words text-muted-foreground">{item.description}</p>
            <div className="mt-auto flex flex-wrap items-center justify-between gap-x-3 gap-y-1 pt-1 text-sm text-muted-foreground">
              <span className="inline-flex items-center gap-1">
                <MapPin className="size-4 shrink-0 text-primary" aria-hidden="true" />
                {t(distanceMessage(item.distance, unit))}
              </span>
              {age ? (
                <span className="inline-flex items-center gap-1">
                  <Clock className="size-4 shrink-0" aria-hidden="true" />
                  <time dateTime={item.createdAt} title={formatShortDate(item.createdAt)}>
                    {age}
                  </time>
                </span>
              ) : null}
            </div>
          </div>
        </div>
      </Link>
      {/* Each tag links to Browse filtered by it (above the card's own link). */}
      {item.tags.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5 px-4 pb-2" aria-label={t('core.item.tags')}>
          {shownTags.map((tag) => (
            <li key={tag} className="max-w-full">
              <TagLink tag={tag} className="max-w-40" />
            </li>
          ))}
          {moreTags > 0 ? (
            <li>
              <Badge variant="outline">{t('core.item.moreTags', { count: moreTags })}</Badge>
            </li>
          ) : null}
        </ul>
      ) : null}
      <p className="min-w-0 truncate px-4 pb-4 text-sm text-muted-foreground">
        <T
          id="core.item.postedBy"
          values={{ username: item.username || t('core.item.unknownUser') }}
          components={{
            // A hidden account has no name here, and no profile to go to.
            0: item.username ? (
              <Link
                href={`/u/${encodeURIComponent(item.username)}`}
                className="relative z-10 font-medium text-foreground underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              />
            ) : (
              <span className="font-medium text-foreground" />
            ),
          }}
        />
      </p>
      {onDelete ? (
        <button
          type="button"
          aria-label={t('core.item.deleteNamed', { title: item.title })}
          onClick={(event) => onDelete(item, event.currentTarget)}
          className={cn(
            'absolute top-2 right-2 inline-flex size-11 items-center justify-center rounded-full',
            'bg-card/95 text-danger-text shadow-md ring-1 ring-black/5 transition-colors hover:bg-destructive hover:text-destructive-foreground',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
          )}
        >
          <Trash2 className="size-5" aria-hidden="true" />
        </button>
      ) : null}
    </article>
  );
}
