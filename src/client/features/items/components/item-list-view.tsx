import { LocateFixed, MapPin, X } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react';
import type { ListedItem } from '../../../../shared/items.js';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { SearchInput } from '@/components/ui/search-input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/request';
import { canManageItem, type Viewer } from '../lib/item-rules';
import type { ItemListState } from '../use-item-list-state';
import { ItemCard } from './item-card';
import { Pager } from './pager';

// The dialog (Radix) loads with the first trash click: visitors never need it.
const DeleteItemDialog = lazy(async () => ({ default: (await import('./delete-item-dialog')).DeleteItemDialog }));

export const SEARCH_PLACEHOLDER = 'Search items by title, description or tags...';
const FETCH_FAILED = 'Failed to fetch items';

type ItemListViewProps = {
  state: ItemListState;
  /** The signed-in user: owners and admins get a delete button on cards. */
  viewer: Viewer;
  /** The designed empty state; gets the search text the (empty) results were asked for. */
  renderEmpty: (search: string) => ReactNode;
  /** Shown while there is nothing yet (Browse: a spinner in place of the grid). */
  loading?: ReactNode;
};

/** Search box, location filter, the grid of cards, pager and the list's states (Home and Browse). */
export function ItemListView({ state, viewer, renderEmpty, loading }: ItemListViewProps) {
  const searchId = useId();
  const resultsRef = useRef<HTMLElement>(null);
  const [deleteTarget, setDeleteTarget] = useState<ListedItem | null>(null);
  const deleteTriggerRef = useRef<HTMLButtonElement | null>(null);
  const [dialogLoaded, setDialogLoaded] = useState(false);
  const { list } = state;

  useEffect(() => {
    if (list.error) {
      toast({ variant: 'destructive', title: FETCH_FAILED, description: getErrorMessage(list.error) });
    }
  }, [list.error]);

  const onPageChange = (page: number) => {
    state.goToPage(page);
    const top = resultsRef.current?.getBoundingClientRect().top;
    if (top !== undefined && top < 0) resultsRef.current?.scrollIntoView({ block: 'start' });
  };

  const onDelete = (item: ListedItem, trigger: HTMLButtonElement) => {
    setDialogLoaded(true);
    deleteTriggerRef.current = trigger;
    setDeleteTarget(item);
  };

  const data = list.data;
  const refreshing = list.isFetching && !list.isPending;

  let results: ReactNode;
  if (list.isPending) {
    results = loading ?? (
      <div className="flex justify-center py-16">
        <Spinner label="Loading items…" className="size-8 text-primary" />
      </div>
    );
  } else if (!data) {
    results = <LoadError title={FETCH_FAILED} error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  } else if (data.items.length === 0) {
    results = <div aria-live="polite">{renderEmpty(state.debouncedSearch)}</div>;
  } else {
    const { pagination } = data;
    results = (
      <div className="grid gap-8">
        {/* The previous results stay at full strength while new ones load (a dimmed list fails
            contrast for low-vision readers); aria-busy and the search box's spinner say it is loading. */}
        <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3" aria-busy={list.isPlaceholderData || undefined}>
          {data.items.map((item, index) => (
            <li key={item.id}>
              <ItemCard item={item} priority={index < 3} onDelete={canManageItem(viewer, item) ? onDelete : undefined} />
            </li>
          ))}
        </ul>
        <div className="grid gap-4">
          <Pager
            currentPage={pagination.currentPage}
            totalPages={pagination.totalPages}
            hasPrevPage={pagination.hasPrevPage}
            hasNextPage={pagination.hasNextPage}
            onPageChange={onPageChange}
          />
          <p className="text-center text-sm text-muted-foreground" aria-live="polite">
            Showing {data.items.length} of {pagination.totalIsEstimate ? 'about ' : ''}
            {pagination.total} items
          </p>
        </div>
      </div>
    );
  }

  return (
    <div className="grid gap-6">
      <div className="grid gap-3 rounded-card border border-border bg-card p-4 shadow-sm sm:p-5">
        <div className="flex flex-col gap-3 sm:flex-row">
          <form
            role="search"
            className="flex-1"
            onSubmit={(event) => {
              event.preventDefault();
              state.applySearchNow();
            }}
          >
            <SearchInput
              id={searchId}
              hiddenLabel="Search items"
              value={state.search}
              onChange={(event) => state.setSearch(event.target.value)}
              placeholder={SEARCH_PLACEHOLDER}
              autoComplete="off"
              enterKeyHint="search"
              maxLength={200}
              busy={refreshing}
              busyLabel="Updating results…"
            />
          </form>
          <Button
            variant="outline"
            onClick={state.requestLocation}
            disabled={state.locating}
            aria-busy={state.locating}
            className="sm:w-auto"
          >
            {state.locating ? <Spinner /> : <LocateFixed aria-hidden="true" />}
            {state.locating ? 'Getting location...' : 'Use my current location'}
          </Button>
        </div>
        {state.location ? (
          <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-primary-soft px-3 py-1 text-primary-soft-foreground">
            <p className="inline-flex items-center gap-2 text-sm font-medium">
              <MapPin className="size-4 shrink-0" aria-hidden="true" />
              Showing items nearest to your location
            </p>
            <Button variant="ghost" onClick={state.clearLocation} className="-mr-2 text-primary-soft-foreground hover:bg-card/60">
              <X aria-hidden="true" />
              Clear location filter
            </Button>
          </div>
        ) : null}
      </div>

      <section ref={resultsRef} aria-label="Items" aria-busy={list.isFetching} className="scroll-mt-24">
        {results}
      </section>

      {dialogLoaded ? (
        <Suspense fallback={null}>
          <DeleteItemDialog item={deleteTarget} returnFocusRef={deleteTriggerRef} onClose={() => setDeleteTarget(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}
