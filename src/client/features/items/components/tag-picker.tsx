import { Plus, Search, X } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { MAX_TAGS } from '../../../../shared/constants.js';
import { ITEM_MSG, TAG_GROUPS, TAG_MAX_LENGTH } from '../../../../shared/item-format.js';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { addTag, filterTagGroups, removeTag } from '../lib/tags';
import { CommonTagList } from './common-tag-list';

export const TAG_TOASTS = {
  duplicateTitle: 'Tag already added',
  duplicate: "You've already added this tag",
  limitTitle: 'Tag limit reached',
  limit: 'You can add up to 10 tags',
} as const;

type TagPickerProps = {
  tags: string[];
  onChange: (tags: string[]) => void;
};

/** Common tags in groups (searchable), a custom tag (Enter or Add), removable chips. */
export function TagPicker({ tags, onChange }: TagPickerProps) {
  const customId = useId();
  const searchId = useId();
  const countId = useId();
  const [custom, setCustom] = useState('');
  const [query, setQuery] = useState('');
  const groups = filterTagGroups(TAG_GROUPS, query);
  const added = new Set(tags.map((t) => t.toLowerCase()));

  /** Adds a tag; true when it was added. */
  const add = (raw: string): boolean => {
    const result = addTag(tags, raw, TAG_MAX_LENGTH);
    switch (result.kind) {
      case 'added':
        onChange(result.tags);
        return true;
      case 'duplicate':
        toast({ title: TAG_TOASTS.duplicateTitle, description: TAG_TOASTS.duplicate });
        return false;
      case 'limit':
        toast({ variant: 'destructive', title: TAG_TOASTS.limitTitle, description: TAG_TOASTS.limit });
        return false;
      case 'too-long':
        toast({ variant: 'destructive', title: 'Error', description: ITEM_MSG.tagTooLong });
        return false;
      case 'empty':
        return false;
    }
  };

  /** A common tag: chosen if it was not, dropped if it was (in whatever letter case it was added). */
  const toggle = (tag: string) => {
    const chosen = tags.find((t) => t.toLowerCase() === tag.toLowerCase());
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
        Tags <span className="font-normal text-muted-foreground">(optional)</span>
      </legend>

      {tags.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Chosen tags">
          {tags.map((tag) => (
            <li
              key={tag}
              className="inline-flex h-9 max-w-full items-center gap-1 rounded-full bg-primary-soft pr-1 pl-3 text-sm font-medium text-primary-soft-foreground"
            >
              <span className="truncate">{tag}</span>
              <button
                type="button"
                aria-label={`Remove tag ${tag}`}
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
            Search common tags
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
            placeholder="Search common tags..."
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
        <Label htmlFor={customId}>Add a custom tag</Label>
        <div className="flex gap-2">
          <Input
            id={customId}
            value={custom}
            onChange={(event) => setCustom(event.target.value)}
            onKeyDown={onCustomKeyDown}
            maxLength={TAG_MAX_LENGTH + 20}
            autoComplete="off"
            enterKeyHint="done"
            placeholder="e.g. Garden"
            aria-describedby={countId}
          />
          <Button type="button" variant="secondary" onClick={addCustom}>
            <Plus aria-hidden="true" />
            Add
          </Button>
        </div>
      </div>
      <p id={countId} className="text-sm text-muted-foreground">
        {tags.length} of {MAX_TAGS} tags
      </p>
    </fieldset>
  );
}
