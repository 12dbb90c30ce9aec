import { Check } from 'lucide-react';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { cn } from '@/lib/utils';
import { type TagGroup, tagLabel } from '../lib/tags';
import { useT } from '@/lib/i18n';

type CommonTagListProps = {
  groups: TagGroup[];
  /** Whether a tag is among the chosen ones (any letter case). */
  isChosen: (tag: string) => boolean;
  onToggle: (tag: string) => void;
};

const NEXT: Record<string, number> = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 };

/**
 * The common tags as one multi-select listbox (WAI-ARIA listbox pattern): a single Tab stop; the
 * arrow keys move through every group's tags, Home and End jump to the ends, Space or Enter
 * chooses or drops the tag, and each option says whether it is chosen (aria-selected). Focus
 * roves: only the active option is in the Tab order, and the keys are handled on the listbox, where
 * they arrive from the focused option.
 */
export function CommonTagList({ groups, isChosen, onToggle }: CommonTagListProps) {
  const t = useT();
  const baseId = useId();
  const all = groups.flatMap((group) => group.tags);
  const [active, setActive] = useState(0);
  const current = Math.min(active, all.length - 1);
  const options = useRef(new Map<string, HTMLElement>());

  const moveTo = (index: number) => {
    const next = Math.max(0, Math.min(all.length - 1, index));
    setActive(next);
    options.current.get(all[next]!)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key in NEXT) moveTo(current + NEXT[event.key]!);
    else if (event.key === 'Home') moveTo(0);
    else if (event.key === 'End') moveTo(all.length - 1);
    else if (event.key === ' ' || event.key === 'Enter') {
      // Enter must not submit the whole form.
      const tag = all[current];
      if (tag) onToggle(tag);
    } else return;
    event.preventDefault();
  };

  if (all.length === 0) {
    return <p className="py-4 text-center text-sm text-muted-foreground">{t('picker.noMatch')}</p>;
  }
  return (
    <div
      role="listbox"
      aria-multiselectable="true"
      aria-label={t('picker.commonTags')}
      aria-orientation="vertical"
      // Focusable only by script or a click between the options, never a Tab stop of its own: the
      // active option is (roving tabindex), and the keys work from either.
      tabIndex={-1}
      onKeyDown={onKeyDown}
      className="grid max-h-64 gap-3 overflow-y-auto p-1"
    >
      {groups.map((group) => (
        <div key={group.label} role="group" aria-labelledby={`${baseId}-${group.label}`} className="grid gap-1.5">
          <p id={`${baseId}-${group.label}`} className="px-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            {tagLabel(t, group.label)}
          </p>
          <div className="flex flex-wrap gap-1.5">
            {group.tags.map((tag) => {
              const chosen = isChosen(tag);
              const index = all.indexOf(tag);
              return (
                // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- Space and Enter choose the focused option in the listbox's onKeyDown, where its key events arrive
                <div
                  key={tag}
                  ref={(el) => {
                    if (el) options.current.set(tag, el);
                    else options.current.delete(tag);
                  }}
                  role="option"
                  aria-selected={chosen}
                  tabIndex={index === current ? 0 : -1}
                  onClick={() => {
                    setActive(index);
                    onToggle(tag);
                  }}
                  onFocus={() => setActive(index)}
                  className={cn(
                    'inline-flex h-11 cursor-pointer items-center gap-1 rounded-full border px-3 text-sm font-medium transition-colors select-none',
                    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                    chosen ? 'border-transparent bg-primary text-primary-foreground' : 'border-input bg-card hover:bg-accent',
                  )}
                >
                  {chosen ? <Check className="size-4" aria-hidden="true" /> : null}
                  {tagLabel(t, tag)}
                </div>
              );
            })}
          </div>
        </div>
      ))}
    </div>
  );
}
