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

/** A type="search" input with a magnifier at the left and, while results load, a spinner at the right. */
export function SearchInput({ hiddenLabel, busy = false, busyLabel, className, ...props }: SearchInputProps) {
  return (
    <div className="relative">
      {hiddenLabel ? (
        <label htmlFor={props.id} className="sr-only">
          {hiddenLabel}
        </label>
      ) : null}
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input type="search" className={cn('pr-10 pl-10', className)} {...props} />
      {busy ? (
        <span className="absolute top-1/2 right-3 -translate-y-1/2">
          <Spinner label={busyLabel} className="size-5 text-primary" />
        </span>
      ) : null}
    </div>
  );
}
