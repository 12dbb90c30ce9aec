import { Search } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';
import { Input } from './input';
import { Spinner } from './spinner';

type SearchInputProps = Omit<ComponentProps<'input'>, 'type'> & {
  /**
   * A visually hidden label: the box's accessible name (needs `id`). Leave it out when a visible
   * <Label> names the box. A plain <label>: Radix's Label adds only double-click handling, which a
   * hidden label never gets, and would put the Radix primitive in /browse's first load.
   */
  hiddenLabel?: string;
  /** Newer results are on their way: a spinner shows at the right end of the box. */
  busy?: boolean;
  /** What screen readers hear for that spinner, e.g. 'Searching…'. */
  busyLabel?: string;
};

/**
 * A type="search" input with a magnifier at the left and, while results load, a spinner at the right.
 * On a phone a placeholder may be longer than the box is wide, and an input cuts it mid-word: there
 * the placeholder is drawn as wrapping text over the box (the input keeps it as its own placeholder
 * for assistive technology), and the box grows to hold it.
 */
export function SearchInput({ hiddenLabel, busy = false, busyLabel, className, placeholder, ...props }: SearchInputProps) {
  return (
    <div className="relative">
      {hiddenLabel ? (
        <label htmlFor={props.id} className="sr-only">
          {hiddenLabel}
        </label>
      ) : null}
      <Search
        className="pointer-events-none absolute top-1/2 left-3 z-10 size-5 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        type="search"
        placeholder={placeholder}
        className={cn(
          'peer pr-10 pl-10',
          placeholder && 'max-sm:absolute max-sm:inset-0 max-sm:h-full max-sm:placeholder:text-transparent',
          className,
        )}
        {...props}
      />
      {placeholder ? (
        // In the flow, so its lines set the box's height; seen only while the box is empty.
        <span
          aria-hidden="true"
          className="pointer-events-none invisible relative block min-h-11 border border-transparent px-10 py-2 text-base text-muted-foreground peer-placeholder-shown:visible sm:hidden"
        >
          {placeholder}
        </span>
      ) : null}
      {busy ? (
        <span className="absolute top-1/2 right-3 z-10 -translate-y-1/2">
          <Spinner label={busyLabel} className="size-5 text-primary" />
        </span>
      ) : null}
    </div>
  );
}
