import { BellOff, Check, CheckCheck, Settings } from 'lucide-react';
import { Link } from 'wouter';
import type { Notification } from '#shared/notifications.js';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { currentLanguage, useT } from '@/lib/i18n';
import { getErrorMessage } from '@/lib/request';
import { cn } from '@/lib/utils';
import { useMarkRead, useNotifications } from '../api';
import { actionText, entryHref, entryText } from '../lib/notification-texts';

function when(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? ''
    : new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

function Entry({ notification: n, onRead }: { notification: Notification; onRead: (id: number) => void }) {
  const t = useT();
  const text = entryText(t, n);
  return (
    <li className={cn('flex items-stretch gap-1 rounded-card', !n.read && 'bg-primary-soft/50')}>
      <Link
        href={entryHref(n)}
        onClick={() => (n.read ? undefined : onRead(n.id))}
        className={cn(
          'flex min-h-11 min-w-0 flex-1 items-start gap-3 rounded-card px-3 py-3 transition-colors hover:bg-accent sm:px-4',
          'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
        )}
      >
        <span aria-hidden="true" className={cn('mt-2 size-2.5 shrink-0 rounded-full', n.read ? 'bg-transparent' : 'bg-primary')} />
        <span className="grid min-w-0 flex-1 gap-0.5">
          <span className={cn('text-pretty break-words', n.read ? 'text-foreground' : 'font-semibold')}>
            {n.read ? null : <span className="sr-only">{t('notifications.page.unread')}: </span>}
            {text}
          </span>
          <span className="flex flex-wrap items-center gap-x-2 text-sm text-muted-foreground">
            <time dateTime={n.updatedAt}>{when(n.updatedAt)}</time>
            <span aria-hidden="true">·</span>
            <span className="font-medium text-primary underline-offset-4">{actionText(t, n)}</span>
          </span>
        </span>
      </Link>
      {n.read ? null : (
        <Button
          variant="ghost"
          size="icon"
          className="my-auto mr-1 shrink-0"
          aria-label={t('notifications.page.markReadOf', { text })}
          title={t('notifications.page.markRead')}
          onClick={() => onRead(n.id)}
        >
          <Check aria-hidden="true" />
        </Button>
      )}
    </li>
  );
}

function Empty() {
  const t = useT();
  return (
    <div className="flex flex-col items-center gap-4 rounded-card border border-dashed border-input bg-card px-6 py-14 text-center">
      <span className="flex size-16 items-center justify-center rounded-2xl bg-primary-soft text-primary-soft-foreground">
        <BellOff className="size-8" aria-hidden="true" />
      </span>
      <p className="max-w-md text-pretty text-muted-foreground">{t('notifications.page.empty')}</p>
    </div>
  );
}

/** My notifications, latest first, with mark read (one or all) and "Show more". */
export function NotificationList() {
  const t = useT();
  const list = useNotifications();
  const markRead = useMarkRead();
  const read = (body: { ids: number[] } | { all: true }) =>
    markRead.mutate(body, {
      onError: (error) => toast({ variant: 'destructive', title: t('notifications.page.markFailed'), description: getErrorMessage(error) }),
    });

  if (list.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label={t('core.common.loading')} className="size-8 text-primary" />
      </div>
    );
  }
  if (list.isError && !list.data) {
    return (
      <LoadError
        title={t('notifications.page.loadFailed')}
        error={list.error}
        onRetry={() => void list.refetch()}
        retrying={list.isRefetching}
      />
    );
  }
  const entries = list.data.pages.flatMap((page) => page.notifications);
  const unreadCount = list.data.pages[0]?.unreadCount ?? 0;
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button asChild variant="ghost" className="-ml-3">
          <Link href="/settings#notifications">
            <Settings aria-hidden="true" />
            {t('notifications.page.settingsLink')}
          </Link>
        </Button>
        <Button variant="outline" onClick={() => read({ all: true })} disabled={unreadCount === 0 || markRead.isPending}>
          <CheckCheck aria-hidden="true" />
          {t('notifications.page.markAllRead')}
        </Button>
      </div>
      {entries.length === 0 ? (
        <Empty />
      ) : (
        <ul
          className="grid grid-cols-1 gap-1 overflow-hidden rounded-card border border-border bg-card p-1 shadow-sm"
          aria-label={t('notifications.page.title')}
        >
          {entries.map((n) => (
            <Entry key={n.id} notification={n} onRead={(id) => read({ ids: [id] })} />
          ))}
        </ul>
      )}
      {list.hasNextPage ? (
        <Button
          variant="outline"
          className="justify-self-center"
          onClick={() => void list.fetchNextPage()}
          disabled={list.isFetchingNextPage}
          aria-busy={list.isFetchingNextPage}
        >
          {list.isFetchingNextPage ? <Spinner /> : null}
          {t('notifications.page.more')}
        </Button>
      ) : null}
    </div>
  );
}
