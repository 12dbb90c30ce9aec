import { useId } from 'react';
import { TAG_GROUPS } from '#shared/item-format.js';
import { useT } from '@/lib/i18n';
import { tagLabel } from '../lib/tags';
import { TagLink } from './tag-link';

/**
 * An item's tags under their tag groups (Item Type, Condition, ...), then the poster's own tags;
 * each tag links to Browse filtered by it.
 */
export function ItemTagGroups({ tags }: { tags: readonly string[] }) {
  const t = useT();
  const baseId = useId();
  const groupOf = new Map<string, string>(TAG_GROUPS.flatMap((g) => g.tags.map((tag) => [tag.toLowerCase(), g.label] as const)));
  const groups = [...TAG_GROUPS.map((g) => g.label), ''].map((label) => ({
    label,
    tags: tags.filter((tag) => (groupOf.get(tag.toLowerCase()) ?? '') === label),
  }));
  return (
    <section aria-label={t('items.detail.tags')} className="grid gap-3">
      {groups
        .filter((g) => g.tags.length > 0)
        .map((group, index) => (
          <div key={group.label || 'other'} className="grid gap-1.5">
            <p id={`${baseId}-${index}`} className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
              {group.label ? tagLabel(t, group.label) : t('items.detail.otherTags')}
            </p>
            <ul className="flex flex-wrap gap-2" aria-labelledby={`${baseId}-${index}`}>
              {group.tags.map((tag) => (
                <li key={tag} className="max-w-full">
                  <TagLink tag={tag} className="px-3 py-1 text-sm" />
                </li>
              ))}
            </ul>
          </div>
        ))}
    </section>
  );
}
