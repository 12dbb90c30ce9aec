import { Inbox, Search } from 'lucide-react';
import { Link } from 'wouter';
import type { ConversationSummary } from '#shared/conversations.js';
import { LoadError } from '@/components/load-error';
import { buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { currentLanguage, useT } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { useConversations } from '../api';
import { badgeCount } from '../unread';
import { itemStateText, lastMessagePreview, listDate, messageBody } from '../lib/conversation-texts';
import { Thumbnail } from '@/components/thumbnail';

function ConversationRow({ conversation }: { conversation: ConversationSummary }) {
  const t = useT();
  const { item, other, lastMessage, unread } = conversation;
  const unreadNow = unread > 0;
  const date = lastMessage?.createdAt ?? conversation.updatedAt;
  const state = itemStateText(t, conversation);
  return (
    <li>
      <Link
        href={`/messages/${conversation.id}`}
        className={cn(
          'flex min-h-11 items-center gap-3 rounded-card px-3 py-3 transition-colors hover:bg-accent sm:gap-4 sm:px-4',
          'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
        )}
      >
        <Thumbnail src={item.thumbnailUrl} size="sm" />
        <span className="grid min-w-0 flex-1 grid-cols-1 gap-0.5">
          <span className="flex items-baseline justify-between gap-3">
            {/* Both shorten on a narrow screen, so where the item stands is never cut off entirely. */}
            <span className="flex min-w-0 items-baseline gap-1">
              <span className={cn('min-w-0 truncate', unreadNow ? 'font-bold' : 'font-semibold')}>{item.title}</span>
              {state ? (
                <span className="max-w-[55%] shrink-0 truncate text-xs text-muted-foreground">
                  <span className="sr-only">, </span>
                  <span aria-hidden="true">· </span>
                  {state}
                </span>
              ) : null}
            </span>
            <time dateTime={date} className="shrink-0 text-xs text-muted-foreground">
              {listDate(t, date, { language: currentLanguage() })}
            </time>
          </span>
          <span className="flex items-center justify-between gap-3">
            <span className="min-w-0 truncate text-sm text-muted-foreground">
              <span className="font-medium text-foreground">{other.username}</span>
              <span aria-hidden="true"> · </span>
              <span className="sr-only">: </span>
              <span className={cn(!lastMessage && 'italic', unreadNow && 'text-foreground')}>
                {lastMessagePreview(t, lastMessage ? messageBody(t, lastMessage, conversation.role) : null)}
              </span>
            </span>
            {unreadNow ? (
              <span className="flex min-w-6 shrink-0 items-center justify-center rounded-full bg-primary px-1.5 text-xs leading-6 font-bold text-primary-foreground">
                <span aria-hidden="true">{badgeCount(unread)}</span>
                <span className="sr-only">{t('conversations.list.unread', { count: unread })}</span>
              </span>
            ) : null}
          </span>
        </span>
      </Link>
    </li>
  );
}

function EmptyInbox() {
  const t = useT();
  return (
    <div className="flex flex-col items-center gap-4 rounded-card border border-dashed border-input bg-card px-6 py-14 text-center">
      <span className="flex size-16 items-center justify-center rounded-2xl bg-primary-soft text-primary-soft-foreground">
        <Inbox className="size-8" aria-hidden="true" />
      </span>
      <p className="text-lg font-semibold">{t('conversations.list.emptyTitle')}</p>
      <p className="max-w-md text-pretty text-muted-foreground">{t('conversations.list.emptyText')}</p>
      <Link href="/browse" className={buttonVariants()}>
        <Search aria-hidden="true" />
        {t('conversations.list.browse')}
      </Link>
    </div>
  );
}

/** My conversations, newest first; refreshed every few seconds while shown. */
export function ConversationList() {
  const t = useT();
  const { data, isPending, isError, error, refetch, isRefetching } = useConversations();
  if (isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label={t('conversations.list.loading')} className="size-8 text-primary" />
      </div>
    );
  }
  if (isError && !data) {
    return <LoadError title={t('conversations.list.loadError')} error={error} onRetry={() => void refetch()} retrying={isRefetching} />;
  }
  if (data.length === 0) return <EmptyInbox />;
  return (
    <ul
      className="grid grid-cols-1 divide-y divide-border overflow-hidden rounded-card border border-border bg-card p-1 shadow-sm"
      aria-label={t('conversations.list.label')}
    >
      {data.map((conversation) => (
        <ConversationRow key={conversation.id} conversation={conversation} />
      ))}
    </ul>
  );
}
