import { MessagesSquare, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { ItemStatus, MyItem } from '../../../../shared/items.js';
import { LoadError } from '@/components/load-error';
import { ShareSomethingButton } from '@/components/share-something-button';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { formatShortDate } from '@/lib/format-date';
import { getErrorMessage } from '@/lib/request';
import { cn } from '@/lib/utils';
import { useMyItems, useUpdateItem } from '../api';
import { isRenewDue } from '../lib/item-rules';
import { ItemStatusBadge } from './item-status-badge';
import { ListEmptyState } from './list-empty-state';
import { Pager } from './pager';
import { Thumbnail } from '@/components/thumbnail';

const FILTERS: { status: ItemStatus | undefined; label: string; empty: string }[] = [
  { status: undefined, label: 'All', empty: 'You have not shared anything yet.' },
  { status: 'available', label: 'On offer', empty: 'Nothing of yours is on offer right now.' },
  { status: 'promised', label: 'Promised', empty: 'Nothing is promised to anyone yet.' },
  { status: 'taken', label: 'Given', empty: 'Nothing given away yet.' },
  { status: 'expired', label: 'Expired', empty: 'None of your items has expired.' },
];

/** The line under the title: to whom, or until when. */
function stateText(item: MyItem): string {
  if (item.status === 'promised' && item.promisedTo) return `Promised to ${item.promisedTo.username}`;
  if (item.status === 'taken') return item.promisedTo ? `Given to ${item.promisedTo.username}` : 'Given away';
  if (item.status === 'expired') return item.expiresAt ? `Expired on ${formatShortDate(item.expiresAt)}` : 'Expired';
  return item.expiresAt ? `Listed until ${formatShortDate(item.expiresAt)}` : 'Listed';
}

function askedText(count: number): string {
  return count === 1 ? '1 person asked' : `${count} people asked`;
}

function MyItemRow({ item }: { item: MyItem }) {
  const update = useUpdateItem(item.id);
  const renew = () =>
    update.mutate(
      { renew: true },
      {
        onSuccess: () => toast({ title: 'Success', description: 'Item renewed' }),
        onError: (error) => toast({ variant: 'destructive', title: 'Error', description: getErrorMessage(error) }),
      },
    );
  const renewable = (item.status === 'available' || item.status === 'expired') && isRenewDue(item);

  return (
    <li className="flex flex-col gap-3 rounded-card border border-border bg-card p-3 shadow-sm sm:flex-row sm:items-center sm:gap-4 sm:p-4">
      <div className="flex min-w-0 flex-1 items-center gap-3 sm:gap-4">
        <Thumbnail src={item.thumbnailUrl} />
        <div className="grid min-w-0 gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="min-w-0 font-semibold break-words">
              <Link href={`/items/${item.id}`} className="underline-offset-4 hover:underline">
                {item.title}
              </Link>
            </h2>
            <ItemStatusBadge status={item.status} />
          </div>
          <p className="text-sm text-muted-foreground">{stateText(item)}</p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2 sm:justify-end">
        {item.conversations > 0 ? (
          <Button asChild variant="ghost" size="sm">
            <Link href="/messages">
              <MessagesSquare aria-hidden="true" />
              {askedText(item.conversations)}
            </Link>
          </Button>
        ) : null}
        {renewable ? (
          <Button variant="outline" size="sm" onClick={renew} disabled={update.isPending} aria-busy={update.isPending}>
            {update.isPending ? <Spinner /> : <RefreshCw aria-hidden="true" />}
            Renew<span className="sr-only"> {item.title}</span>
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/** /my-items: everything I have shared, in every state, to renew what expired and follow the rest. */
export function MyItemsView() {
  const [filter, setFilter] = useState(0);
  const [page, setPage] = useState(1);
  const current = FILTERS[filter]!;
  const { data, isPending, isError, error, refetch, isRefetching, isPlaceholderData } = useMyItems(page, current.status);

  const choose = (index: number) => {
    setFilter(index);
    setPage(1);
  };

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">My items</h1>
          <p className="mt-1 text-pretty text-muted-foreground">
            Everything you have shared: renew what has expired, follow what is promised.
          </p>
        </div>
        <ShareSomethingButton />
      </div>

      <div role="group" aria-label="Show" className="flex flex-wrap gap-2">
        {FILTERS.map((f, index) => (
          <Button
            key={f.label}
            variant={index === filter ? 'default' : 'outline'}
            size="sm"
            aria-pressed={index === filter}
            onClick={() => choose(index)}
          >
            {f.label}
          </Button>
        ))}
      </div>

      {isError && !data ? (
        <LoadError title="Could not load your items" error={error} onRetry={() => void refetch()} retrying={isRefetching} />
      ) : isPending || !data ? (
        <div className="flex justify-center py-12">
          <Spinner label="Loading your items…" />
        </div>
      ) : data.items.length === 0 ? (
        <ListEmptyState
          searching={false}
          message={current.empty}
          action={current.status === undefined ? <ShareSomethingButton /> : undefined}
        />
      ) : (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {data.pagination.total === 1 ? '1 item' : `${data.pagination.total} items`}
          </p>
          <ul className={cn('grid gap-3 transition-opacity', isPlaceholderData && 'opacity-60')} aria-busy={isPlaceholderData}>
            {data.items.map((item) => (
              <MyItemRow key={item.id} item={item} />
            ))}
          </ul>
          <Pager {...data.pagination} onPageChange={setPage} />
        </>
      )}
    </div>
  );
}
