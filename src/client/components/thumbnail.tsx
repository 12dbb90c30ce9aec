import { cn } from '@/lib/utils';

const SIZES = {
  sm: { width: 64, height: 48, className: 'h-12 w-16' },
  md: { width: 80, height: 60, className: 'h-15 w-20' },
} as const;

/** An item's small picture in a row (decorative: the row names the item). */
export function Thumbnail({ src, size = 'md', className }: { src: string; size?: keyof typeof SIZES; className?: string }) {
  const s = SIZES[size];
  // A want posted without a photo has none: an empty tile of the same size.
  if (!src)
    return (
      <span aria-hidden="true" className={cn(s.className, 'inline-block shrink-0 rounded-lg border border-border bg-muted', className)} />
    );
  return (
    <img
      src={src}
      alt=""
      width={s.width}
      height={s.height}
      loading="lazy"
      decoding="async"
      className={cn(s.className, 'shrink-0 rounded-lg border border-border bg-muted object-cover', className)}
    />
  );
}
