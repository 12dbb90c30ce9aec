import { Link } from 'wouter';
import { badgeVariants } from '@/components/ui/badge';
import { useT } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { tagLabel } from '../lib/tags';

/** The address of Browse filtered by a tag. */
const browseByTag = (tag: string) => `/browse?tag=${encodeURIComponent(tag)}`;

/**
 * A tag as a link to Browse filtered by it (on a card it sits above the card's own link). Its name
 * says where it goes: "Show items tagged Furniture".
 */
export function TagLink({ tag, className }: { tag: string; className?: string }) {
  const t = useT();
  const label = tagLabel(t, tag);
  return (
    <Link
      href={browseByTag(tag)}
      aria-label={t('core.item.filterByTag', { tag: label })}
      className={cn(
        badgeVariants(),
        'relative z-10 min-h-6 truncate underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        className,
      )}
    >
      {label}
    </Link>
  );
}
