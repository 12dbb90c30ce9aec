import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { TAG_GROUPS } from '#shared/item-format.js';
import { useT } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import type { ListType } from '../lib/list-url';
import { tagLabel } from '../lib/tags';

const chip = cn(
  'inline-flex min-h-9 shrink-0 items-center rounded-full border px-3 text-sm font-medium whitespace-nowrap transition-colors',
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
);
const chipState = (pressed: boolean) =>
  pressed ? 'border-primary bg-primary text-primary-foreground' : 'border-border bg-card text-foreground hover:bg-muted';

/** All / Offers / Wants: toggle buttons (aria-pressed); exactly one is pressed. */
function TypeFilter({ value, onChange }: { value: ListType; onChange: (type: ListType) => void }) {
  const t = useT();
  const labelId = useId();
  const choices: { type: ListType; label: string }[] = [
    { type: null, label: t('core.browse.typeAll') },
    { type: 'offer', label: t('core.browse.typeOffers') },
    { type: 'want', label: t('core.browse.typeWants') },
  ];
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span id={labelId} className="text-sm font-medium">
        {t('core.browse.typeLabel')}
      </span>
      <div role="group" aria-labelledby={labelId} className="flex gap-1.5">
        {choices.map((choice) => (
          <button
            key={choice.type ?? 'all'}
            type="button"
            aria-pressed={value === choice.type}
            onClick={() => onChange(choice.type)}
            className={cn(chip, chipState(value === choice.type))}
          >
            {choice.label}
          </button>
        ))}
      </div>
    </div>
  );
}

/**
 * The tag groups as filter chips, one row that scrolls sideways: each chip is a toggle button
 * (aria-pressed) that filters the list by its tag, or clears that filter when pressed again. The
 * chips are one Tab stop (the chosen tag's chip, else the first); the arrow keys, Home and End move
 * between them (a roving tabindex).
 */
function TagGroupChips({ tag, onToggle }: { tag: string; onToggle: (tag: string) => void }) {
  const t = useT();
  const baseId = useId();
  const chosen = tag.toLowerCase();
  const names = TAG_GROUPS.flatMap((group) => group.tags);
  const chosenIndex = names.findIndex((name) => name.toLowerCase() === chosen);
  const [focused, setFocused] = useState<number | null>(null);
  const stop = focused ?? Math.max(chosenIndex, 0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = names.length - 1;
    const next = {
      ArrowRight: Math.min(stop + 1, last),
      ArrowDown: Math.min(stop + 1, last),
      ArrowLeft: Math.max(stop - 1, 0),
      ArrowUp: Math.max(stop - 1, 0),
      Home: 0,
      End: last,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setFocused(next);
    buttons.current[next]?.focus();
  };

  let index = 0;
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the arrow keys move focus between the chips inside
    <div
      role="group"
      aria-label={t('core.browse.tagChips')}
      className="-mx-1 flex gap-4 overflow-x-auto px-1 pt-1 pb-2"
      onKeyDown={onKeyDown}
    >
      {TAG_GROUPS.map((group, groupIndex) => (
        <div key={group.label} role="group" aria-labelledby={`${baseId}-${groupIndex}`} className="flex shrink-0 items-center gap-1.5">
          <span
            id={`${baseId}-${groupIndex}`}
            className="text-xs font-semibold tracking-wide whitespace-nowrap text-muted-foreground uppercase"
          >
            {tagLabel(t, group.label)}
          </span>
          {group.tags.map((name) => {
            const at = index++;
            return (
              <button
                key={name}
                ref={(element) => {
                  buttons.current[at] = element;
                }}
                type="button"
                tabIndex={at === stop ? 0 : -1}
                aria-pressed={chosen === name.toLowerCase()}
                onClick={() => onToggle(name)}
                onFocus={() => setFocused(at)}
                className={cn(chip, chipState(chosen === name.toLowerCase()))}
              >
                {tagLabel(t, name)}
              </button>
            );
          })}
        </div>
      ))}
    </div>
  );
}

/** Browse's filters under the search row (loaded on demand: the /browse budget). */
export default function ListFilters(props: {
  type: ListType;
  onType: (type: ListType) => void;
  tag: string;
  onTag: (tag: string) => void;
}) {
  return (
    <div className="grid gap-2">
      <TypeFilter value={props.type} onChange={props.onType} />
      <TagGroupChips tag={props.tag} onToggle={props.onTag} />
    </div>
  );
}
