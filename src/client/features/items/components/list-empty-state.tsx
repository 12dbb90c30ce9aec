import { PackageOpen, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { translate } from '@/lib/i18n';

type ListEmptyStateProps = {
  /** A search found nothing (a different picture than an empty board). */
  searching: boolean;
  message: string;
  action?: ReactNode;
};

/** The designed empty state of an item list. */
export function ListEmptyState({ searching, message, action }: ListEmptyStateProps) {
  const Icon = searching ? SearchX : PackageOpen;
  return (
    <div className="flex flex-col items-center gap-4 rounded-card border border-dashed border-input bg-card px-6 py-14 text-center">
      <span className="flex size-16 items-center justify-center rounded-2xl bg-primary-soft text-primary-soft-foreground">
        <Icon className="size-8" aria-hidden="true" />
      </span>
      <p className="max-w-lg text-lg text-pretty break-words">{message}</p>
      {action}
    </div>
  );
}

/** 'No items found matching "{search}"' (docs/product.md, Pages). */
export function noMatchText(search: string): string {
  return translate('core.browse.noMatch', { search });
}
