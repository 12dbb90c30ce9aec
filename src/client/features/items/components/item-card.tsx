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
  const detailsId = useId();
  const wanted = item.type === 'want';
  const shownTags = item.tags.slice(0, CARD_TAGS_SHOWN);
  const moreTags = item.tags.length - shownTags.length;
  const age = formatAge(item.createdAt);

  return (
    <article
      className={cn(
        // A phone: the photo at the left, so a card is short and the first ones fit on the first screen.
        'group relative flex h-full flex-col overflow-hidden max-sm:grid max-sm:grid-cols-[7rem_minmax(0,1fr)] max-sm:content-start rounded-card border border-border bg-card text-card-foreground shadow-sm transition-shadow',
        'hover:shadow-md has-[.card-link:focus-visible]:outline-2 has-[.card-link:focus-visible]:outline-offset-2 has-[.card-link:focus-visible]:outline-ring',
      )}
    >
      <div className="relative aspect-[4/3] w-full overflow-hidden bg-muted max-sm:row-span-3 max-sm:aspect-auto max-sm:min-h-32">
        {item.thumbnailUrl ? (
          <img
            src={item.thumbnailUrl}
            // The title below names the card: the photo adds nothing for a screen reader.
            alt=""
            width={480}
            height={360}
            loading={priority ? 'eager' : 'lazy'}
            decoding="async"
            className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.02]"
          />
        ) : (
          // A want posted without a photo.
          <div className="flex size-full flex-col items-center justify-center gap-2 text-muted-foreground">
            <Search className="size-12 max-sm:size-8" aria-hidden="true" />
            <span className="text-sm">{t('core.item.noPhoto')}</span>
          </div>
        )}
        {wanted ? (
          // Said once, by the link's name ('Wanted {title}').
          <Badge
            aria-hidden="true"
            variant="wanted"
            className="absolute top-2 left-2 px-3 py-1 text-sm shadow-sm max-sm:px-2 max-sm:text-xs"
          >
            {t('core.item.wanted')}
          </Badge>
        ) : null}
      </div>
      <div className={cn('flex flex-1 flex-col gap-3 p-4 pb-2 max-sm:gap-1.5 max-sm:p-3 max-sm:pb-1', onDelete && 'max-sm:pr-12')}>
        <h2 className="line-clamp-2 text-lg leading-snug max-sm:text-base font-semibold tracking-tight break-words">
          {/* The item link is the title, named by what it shows; it covers the whole card (its
              ::before), and tag links and the poster's link sit above it. */}
          <Link
            href={`/items/${item.id}`}
            state={listUrl ? { listUrl } : undefined}
            aria-describedby={detailsId}
            className="card-link outline-none before:absolute before:inset-0"
          >
            {wanted ? (
              <>
                <span className="sr-only">{t('core.item.wanted')}</span>{' '}
              </>
            ) : null}
            {item.title}
          </Link>
        </h2>
        <div id={detailsId} className="flex flex-1 flex-col gap-3 max-sm:gap-1">
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
      {/* Each tag links to Browse filtered by it (above the card's own link). */}
      {item.tags.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5 px-4 pb-2 max-sm:px-3" aria-label={t('core.item.tags')}>
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
      <p className="min-w-0 truncate px-4 pb-4 text-sm text-muted-foreground max-sm:px-3 max-sm:pb-3">
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
