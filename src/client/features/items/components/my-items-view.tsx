import { MessagesSquare, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { MessageId } from '#shared/i18n.js';
import type { ItemStatus, MyItem } from '#shared/items.js';
import { LoadError } from '@/components/load-error';
import { ShareSomethingButton } from '@/components/share-something-button';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { formatShortDate } from '@/lib/format-date';
import { T, type Translate, useT } from '@/lib/i18n';
import { getErrorMessage } from '@/lib/request';
import { cn } from '@/lib/utils';
import { useMyItems, useUpdateItem } from '../api';
import { isRenewDue } from '../lib/item-rules';
import { Badge } from '@/components/ui/badge';
import { ItemStatusBadge } from './item-status-badge';
import { ListEmptyState } from './list-empty-state';
import { Pager } from './pager';
import { Thumbnail } from '@/components/thumbnail';

const FILTERS: { status: ItemStatus | undefined; label: MessageId; empty: MessageId }[] = [
  { status: undefined, label: 'items.mine.filter.all', empty: 'items.mine.empty.all' },
  { status: 'available', label: 'items.mine.filter.available', empty: 'items.mine.empty.available' },
  { status: 'promised', label: 'items.mine.filter.promised', empty: 'items.mine.empty.promised' },
  { status: 'taken', label: 'items.mine.filter.taken', empty: 'items.mine.empty.taken' },
  { status: 'expired', label: 'items.mine.filter.expired', empty: 'items.mine.empty.expired' },
];

/** The line under the title: to whom, or until when. */
function stateText(t: Translate, item: MyItem): string {
  if (item.status === 'promised' && item.promisedTo) return t('items.mine.promisedTo', { username: item.promisedTo.username });
  if (item.status === 'taken') {
    return item.promisedTo ? t('items.mine.givenTo', { username: item.promisedTo.username }) : t('items.mine.givenAway');
  }
  if (item.status === 'expired') {
    return item.expiresAt ? t('items.mine.expiredOn', { date: formatShortDate(item.expiresAt) }) : t('items.mine.expired');
  }
  return item.expiresAt ? t('items.mine.listedUntil', { date: formatShortDate(item.expiresAt) }) : t('items.mine.listed');
}

function MyItemRow({ item }: { item: MyItem }) {
  const t = useT();
  const update = useUpdateItem(item.id);
  const renew = () =>
    update.mutate(
      { renew: true },
      {
        onSuccess: () => toast({ title: t('items.toast.success'), description: t('items.owner.renewDone') }),
        onError: (error) => toast({ variant: 'destructive', title: t('items.toast.error'), description: getErrorMessage(error) }),
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
            {item.type === 'want' ? <Badge variant="wanted">{t('core.item.wanted')}</Badge> : null}
            <ItemStatusBadge status={item.status} />
            {item.hiddenReason !== undefined ? <Badge variant="warning">{t('items.mine.hiddenBadge')}</Badge> : null}
          </div>
          <p className="text-sm text-muted-foreground">{stateText(t, item)}</p>
          {item.hiddenReason !== undefined ? (
            <p className="text-sm break-words">{t('items.detail.hidden', { reason: item.hiddenReason })}</p>
          ) : null}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2 sm:justify-end">
        {item.conversations > 0 ? (
          <Button asChild variant="ghost" size="sm">
            <Link href="/messages">
              <MessagesSquare aria-hidden="true" />
              {t('items.mine.asked', { count: item.conversations })}
            </Link>
          </Button>
        ) : null}
        {renewable ? (
          <Button variant="outline" size="sm" onClick={renew} disabled={update.isPending} aria-busy={update.isPending}>
            {update.isPending ? <Spinner /> : <RefreshCw aria-hidden="true" />}
            <T id="items.mine.renew" values={{ title: item.title }} components={{ 0: <span className="sr-only" /> }} />
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/** /my-items: everything I have shared, in every state, to renew what expired and follow the rest. */
export function MyItemsView() {
  const t = useT();
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
          <h1 className="text-3xl font-bold tracking-tight">{t('items.mine.title')}</h1>
          <p className="mt-1 text-pretty text-muted-foreground">{t('items.mine.intro')}</p>
        </div>
        <ShareSomethingButton />
      </div>

      <div role="group" aria-label={t('items.mine.filters')} className="flex flex-wrap gap-2">
        {FILTERS.map((f, index) => (
          <Button
            key={f.label}
            variant={index === filter ? 'default' : 'outline'}
            size="sm"
            aria-pressed={index === filter}
            onClick={() => choose(index)}
          >
            {t(f.label)}
          </Button>
        ))}
      </div>

      {isError && !data ? (
        <LoadError title={t('items.mine.loadError')} error={error} onRetry={() => void refetch()} retrying={isRefetching} />
      ) : isPending || !data ? (
        <div className="flex justify-center py-12">
          <Spinner label={t('items.mine.loading')} />
        </div>
      ) : data.items.length === 0 ? (
        <ListEmptyState
          searching={false}
          message={t(current.empty)}
          action={current.status === undefined ? <ShareSomethingButton /> : undefined}
        />
      ) : (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {t('items.mine.count', { count: data.pagination.total })}
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
