import { Plus, Search, X } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import type { MessageId } from '#shared/i18n.js';
import { ITEM_MSG, TAG_GROUPS, TAG_MAX_LENGTH } from '#shared/item-format.js';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { T, useT } from '@/lib/i18n';
import { addTag, filterTagGroups, removeTag } from '../lib/tags';
import { CommonTagList } from './common-tag-list';

const TAG_TOASTS = {
  duplicateTitle: 'items.tags.duplicateTitle',
  duplicate: 'items.tags.duplicate',
  limitTitle: 'items.tags.limitTitle',
  limit: 'items.tags.limit',
} as const satisfies Record<string, MessageId>;

type TagPickerProps = {
  tags: string[];
  onChange: (tags: string[]) => void;
};

/** Common tags in groups (searchable), a custom tag (Enter or Add), removable chips. */
export function TagPicker({ tags, onChange }: TagPickerProps) {
  const t = useT();
  const customId = useId();
  const searchId = useId();
  const countId = useId();
  const [custom, setCustom] = useState('');
  const [query, setQuery] = useState('');
  const groups = filterTagGroups(TAG_GROUPS, query);
  const added = new Set(tags.map((tag) => tag.toLowerCase()));

  /** Adds a tag; true when it was added. */
  const add = (raw: string): boolean => {
    const result = addTag(tags, raw, TAG_MAX_LENGTH);
    switch (result.kind) {
      case 'added':
        onChange(result.tags);
        return true;
      case 'duplicate':
        toast({ title: t(TAG_TOASTS.duplicateTitle), description: t(TAG_TOASTS.duplicate) });
        return false;
      case 'limit':
        toast({ variant: 'destructive', title: t(TAG_TOASTS.limitTitle), description: t(TAG_TOASTS.limit) });
        return false;
      case 'too-long':
        toast({ variant: 'destructive', title: t('items.toast.error'), description: t(ITEM_MSG.tagTooLong) });
        return false;
      case 'empty':
        return false;
    }
  };

  /** A common tag: chosen if it was not, dropped if it was (in whatever letter case it was added). */
  const toggle = (tag: string) => {
    const chosen = tags.find((other) => other.toLowerCase() === tag.toLowerCase());
    if (chosen) onChange(removeTag(tags, chosen));
    else add(tag);
  };

  const addCustom = () => {
    if (add(custom)) setCustom('');
  };

  const onCustomKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      // Enter adds the tag; it must not submit the whole form.
      event.preventDefault();
      addCustom();
    }
  };

  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-medium">
        <T id="items.tags.legend" components={{ 0: <span className="font-normal text-muted-foreground" /> }} />
      </legend>

      {tags.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={t('items.tags.chosen')}>
          {tags.map((tag) => (
            <li
              key={tag}
              className="inline-flex h-9 max-w-full items-center gap-1 rounded-full bg-primary-soft pr-1 pl-3 text-sm font-medium text-primary-soft-foreground"
            >
              <span className="truncate">{tag}</span>
              <button
                type="button"
                aria-label={t('items.tags.remove', { tag })}
                onClick={() => onChange(removeTag(tags, tag))}
                className="relative inline-flex size-7 shrink-0 items-center justify-center rounded-full hover:bg-card/70 after:absolute after:-inset-2 after:content-['']"
              >
                <X className="size-4" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}

      <div className="grid gap-3 rounded-card border border-border bg-muted/40 p-3">
        <div className="relative">
          <Label htmlFor={searchId} className="sr-only">
            {t('items.tags.searchLabel')}
          </Label>
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id={searchId}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={t('items.tags.searchPlaceholder')}
            autoComplete="off"
            className="pl-9"
            onKeyDown={(event) => {
              // Enter here filters; it must not submit the whole form.
              if (event.key === 'Enter') event.preventDefault();
            }}
          />
        </div>
        <CommonTagList groups={groups} isChosen={(tag) => added.has(tag.toLowerCase())} onToggle={toggle} />
      </div>

      <div className="grid gap-2">
        <Label htmlFor={customId}>{t('items.tags.customLabel')}</Label>
        <div className="flex gap-2">
          <Input
            id={customId}
            value={custom}
            onChange={(event) => setCustom(event.target.value)}
            onKeyDown={onCustomKeyDown}
            maxLength={TAG_MAX_LENGTH + 20}
            autoComplete="off"
            enterKeyHint="done"
            placeholder={t('items.tags.customPlaceholder')}
            aria-describedby={countId}
          />
          <Button type="button" variant="secondary" onClick={addCustom}>
            <Plus aria-hidden="true" />
            {t('items.tags.add')}
          </Button>
        </div>
      </div>
      <p id={countId} className="text-sm text-muted-foreground">
        {t('items.tags.count', { count: tags.length })}
      </p>
    </fieldset>
  );
}
