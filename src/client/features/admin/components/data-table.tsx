import { Inbox } from 'lucide-react';
import { type ComponentProps, type ReactNode, useLayoutEffect, useRef } from 'react';
import { LoadError } from '@/components/load-error';
import { Spinner } from '@/components/ui/spinner';
import { useT } from '@/lib/i18n';
import { cn } from '@/lib/utils';

type DataTableProps = {
  /** Names the table (its caption) and the scrolling region around it. */
  label: string;
  /** The column headings. */
  columns: readonly string[];
  children: ReactNode;
  /** Dimmed while newer rows load. */
  stale?: boolean;
  /** The column of the rows' <RowHeader>: it stays in view while the table scrolls sideways. */
  stickyColumn?: number;
};

/**
 * Under 640 px (`max-sm`) the table is a list of cards: each row a block, each cell a line with its
 * column's name before it (from data-label), the row's heading first; actions wrap, nothing scrolls
 * sideways; an empty cell is left out.
 */
const CARDS = [
  'max-sm:block max-sm:[&_tbody]:block max-sm:[&_tr]:grid max-sm:[&_tr]:gap-1 max-sm:[&_tr]:p-3',
  'max-sm:[&_td]:flex max-sm:[&_td]:flex-wrap max-sm:[&_td]:gap-x-2 max-sm:[&_td]:p-0 max-sm:[&_td]:whitespace-normal',
  'max-sm:[&_th]:static max-sm:[&_th]:p-0 max-sm:[&_th]:shadow-none max-sm:[&_td]:min-w-0 max-sm:[&_td]:max-w-none',
  'max-sm:[&_td]:before:font-semibold max-sm:[&_td]:before:text-muted-foreground max-sm:[&_td]:before:content-[attr(data-label)]',
  // A cell with nothing in it (no actions on an admin's own row) shows no lone column name.
  'max-sm:[&_td:empty]:hidden',
].join(' ');

/** Keeps a column at the left edge of the scrolling region, above the cells scrolling under it. */
const STICKY = 'sticky left-0 z-10 shadow-[1px_0_0_var(--border)]';

/**
 * A table that scrolls sideways inside its own region on narrow screens. The region is focusable
 * and named, so keyboard users can scroll it too (axe: scrollable-region-focusable).
 */
export function DataTable({ label, columns, children, stale = false, stickyColumn }: DataTableProps) {
  const t = useT();
  // Under 640 px each row is a card and each cell names its column (CSS reads data-label): set from
  // the headings after every render, so the panels' cells need not repeat them.
  const body = useRef<HTMLTableSectionElement>(null);
  useLayoutEffect(() => {
    for (const row of body.current?.rows ?? []) {
      [...row.cells].forEach((cell, index) => cell.setAttribute('data-label', columns[index] ?? ''));
    }
  });
  return (
    <div className="grid grid-cols-1 gap-2">
      <p className="hidden text-xs text-muted-foreground sm:block md:hidden">{t('admin.table.scrollHint')}</p>
      <div
        role="region"
        aria-label={label}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a region that scrolls sideways must be reachable by keyboard to be scrolled (axe: scrollable-region-focusable)
        tabIndex={0}
        className={cn(
          'relative overflow-x-auto rounded-card border border-border bg-card shadow-sm focus-visible:outline-offset-2',
          stale && 'opacity-60 transition-opacity',
        )}
      >
        <table className={cn('w-full border-collapse text-left text-sm', CARDS)}>
          <caption className="sr-only">{label}</caption>
          <thead className="bg-muted text-xs font-semibold tracking-wide text-muted-foreground uppercase max-sm:sr-only">
            <tr>
              {columns.map((column, index) => (
                <th key={column} scope="col" className={cn('px-4 py-3 whitespace-nowrap', index === stickyColumn && `${STICKY} bg-muted`)}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody ref={body} className="divide-y divide-border">
            {children}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** A body cell; `nowrap` keeps short values (dates, ids) on one line. */
export function Cell({ className, nowrap = false, ...props }: ComponentProps<'td'> & { nowrap?: boolean }) {
  return <td className={cn('px-4 py-3 align-middle', nowrap && 'whitespace-nowrap', className)} {...props} />;
}

/** The row's heading cell (names the row for screen readers); pair it with `stickyColumn`. */
export function RowHeader({ className, ...props }: ComponentProps<'th'>) {
  return <th scope="row" className={cn('px-4 py-3 text-left align-middle font-semibold', STICKY, 'bg-card', className)} {...props} />;
}

function TableLoading({ label }: { label: string }) {
  return (
    <div className="flex justify-center rounded-card border border-border bg-card py-16">
      <Spinner label={label} className="size-8 text-primary" />
    </div>
  );
}

function TableEmpty({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-card border border-dashed border-input bg-card px-6 py-12 text-center">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-primary-soft text-primary-soft-foreground">
        <Inbox className="size-7" aria-hidden="true" />
      </span>
      <p className="text-lg text-pretty">{message}</p>
      {children}
    </div>
  );
}

type QueryLike<T> = {
  data: T[] | undefined;
  error: unknown;
  isPending: boolean;
  isFetching: boolean;
  isPlaceholderData?: boolean;
  refetch: () => unknown;
};

type QueryTableProps<T> = {
  query: QueryLike<T>;
  loadingLabel: string;
  errorTitle: string;
  emptyMessage: string;
  /** Shown under the empty message (e.g. a way out of a filter that found nothing). */
  emptyAction?: ReactNode;
  children: (rows: T[]) => ReactNode;
};

/** The states of one admin list: spinner, failure with a retry, designed empty state, or the rows. */
export function QueryTable<T>({ query, loadingLabel, errorTitle, emptyMessage, emptyAction, children }: QueryTableProps<T>) {
  if (query.isPending) return <TableLoading label={loadingLabel} />;
  if (!query.data) {
    return <LoadError title={errorTitle} error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  if (query.data.length === 0) return <TableEmpty message={emptyMessage}>{emptyAction}</TableEmpty>;
  return children(query.data);
}
