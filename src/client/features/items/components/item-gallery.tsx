import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';
import { thumbnailUrlOf } from '#shared/item-format.js';
import { useT } from '@/lib/i18n';
import { cn } from '@/lib/utils';

/** How far (px) a finger must travel sideways for a swipe to change the photo. */
const SWIPE_PX = 40;

const navButton =
  'absolute top-1/2 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-card/95 text-foreground shadow-md ring-1 ring-black/5 hover:bg-card';

/**
 * The item page's photos: the one shown large (the cover first), Previous and Next buttons, and a
 * row of thumbnails to pick one. Left and Right arrow keys (Home, End) move while focus is on one
 * of the gallery's buttons (on a thumbnail, focus follows to the photo's thumbnail); on a touch screen a sideways swipe does (pointer events). One photo: just the photo.
 */
export function ItemGallery({ images, title }: { images: readonly string[]; title: string }) {
  const t = useT();
  const [index, setIndex] = useState(0);
  const count = images.length;
  const current = Math.min(index, count - 1);
  const swipe = useRef<{ id: number; x: number; y: number } | null>(null);
  const thumbs = useRef<HTMLDivElement>(null);

  const show = (next: number, focusThumb = false) => {
    const n = (next + count) % count;
    setIndex(n);
    if (focusThumb) thumbs.current?.querySelectorAll<HTMLButtonElement>('button')[n]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (count < 2) return;
    const onThumb = thumbs.current?.contains(event.target as Node) ?? false;
    const moves: Record<string, number> = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: count - 1 };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    show(next, onThumb);
  };

  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType === 'mouse' || count < 2) return;
    swipe.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = swipe.current;
    swipe.current = null;
    if (!start || start.id !== event.pointerId) return;
    const dx = event.clientX - start.x;
    if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < Math.abs(event.clientY - start.y)) return;
    show(dx < 0 ? current + 1 : current - 1);
  };

  const photo = (
    <img
      src={images[current]}
      alt={count > 1 ? t('items.gallery.alt', { title, n: current + 1, count }) : title}
      width={1200}
      height={900}
      decoding="async"
      fetchPriority={current === 0 ? 'high' : undefined}
      draggable={false}
      className="size-full object-contain select-none"
    />
  );

  if (count < 2) {
    return <div className="aspect-[4/3] w-full overflow-hidden rounded-card border border-border bg-muted shadow-sm">{photo}</div>;
  }

  return (
    <section aria-roledescription="carousel" aria-label={t('items.gallery.label')} className="grid gap-3">
      <div
        className="relative aspect-[4/3] w-full touch-pan-y overflow-hidden rounded-card border border-border bg-muted shadow-sm"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (swipe.current = null)}
      >
        {photo}
        <button
          type="button"
          onKeyDown={onKeyDown}
          onClick={() => show(current - 1)}
          aria-label={t('items.gallery.previous')}
          className={cn(navButton, 'left-2')}
        >
          <ChevronLeft className="size-6" aria-hidden="true" />
        </button>
        <button
          type="button"
          onKeyDown={onKeyDown}
          onClick={() => show(current + 1)}
          aria-label={t('items.gallery.next')}
          className={cn(navButton, 'right-2')}
        >
          <ChevronRight className="size-6" aria-hidden="true" />
        </button>
        <p
          aria-live="polite"
          className="absolute bottom-2 left-1/2 -translate-x-1/2 rounded-full bg-black/60 px-3 py-1 text-sm font-medium text-white"
        >
          {t('items.gallery.position', { n: current + 1, count })}
        </p>
      </div>
      <div ref={thumbs} className="flex gap-2 overflow-x-auto pb-1">
        {images.map((url, i) => (
          <button
            key={url}
            type="button"
            onKeyDown={onKeyDown}
            onClick={() => show(i)}
            aria-label={t('items.gallery.show', { n: i + 1, count })}
            aria-current={i === current ? 'true' : undefined}
            className={cn(
              'size-16 shrink-0 overflow-hidden rounded-lg border-2 bg-muted sm:size-20',
              i === current ? 'border-primary' : 'border-transparent opacity-80 hover:opacity-100',
            )}
          >
            <img src={thumbnailUrlOf(url)} alt="" loading="lazy" className="size-full object-cover" />
          </button>
        ))}
      </div>
    </section>
  );
}
