import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, MessageCircleOff } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { Link } from 'wouter';
import type { ConversationDetail, Message } from '#shared/conversations.js';
import { ITEM_STATUS_LABEL } from '#shared/item-format.js';
import { LoadError } from '@/components/load-error';
import { PageMessage } from '@/components/page-message';
import { Badge } from '@/components/ui/badge';
import { buttonVariants } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { currentLanguage, T, useT } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ApiError } from '@/lib/request';
import { cn } from '@/lib/utils';
import { refreshInbox, useConversation, useSendMessage } from '../api';
import { messageBody, messageSide, messageStamp, messageTime } from '../lib/conversation-texts';
import { BlockButton } from './block-button';
import { useReportSlot } from '../report-slot';
import { HandoverPanel } from './handover-panel';
import { MessageComposer } from './message-composer';
import { Thumbnail } from '@/components/thumbnail';

/** The item's state beside its title (nothing while it is available). */
const backLinkClass = '-ml-2 inline-flex min-h-11 items-center gap-2 rounded-lg px-2 font-medium text-link hover:underline';

function BackToMessages() {
  const t = useT();
  return (
    <Link href="/messages" className={backLinkClass}>
      <ArrowLeft className="size-4" aria-hidden="true" />
      {t('conversations.view.back')}
    </Link>
  );
}

type MessageBubbleProps = { message: Message; myId: number; otherName: string; role: ConversationDetail['role'] };

function MessageBubble({ message, myId, otherName, role }: MessageBubbleProps) {
  const t = useT();
  const report = useReportSlot();
  const side = messageSide(message.senderId, myId);
  const time = messageTime(message.createdAt);
  const stamp = messageStamp(t, message.createdAt, { language: currentLanguage() });
  if (side === 'app') {
    return (
      <li className="flex justify-center px-2">
        <p className="max-w-md rounded-xl bg-muted px-4 py-2 text-center text-sm text-muted-foreground">
          <span className="whitespace-pre-wrap break-words">{messageBody(t, message, role)}</span>{' '}
          <time dateTime={message.createdAt} title={stamp} className="text-xs">
            · {time}
          </time>
        </p>
      </li>
    );
  }
  const mine = side === 'mine';
  return (
    <li className={cn('flex items-end gap-1', mine ? 'justify-end' : 'justify-start')}>
      <div
        className={cn(
          'grid max-w-[85%] gap-1 rounded-2xl px-4 py-2 shadow-xs sm:max-w-[70%]',
          mine ? 'rounded-br-md bg-primary text-primary-foreground' : 'rounded-bl-md border border-border bg-card text-card-foreground',
        )}
      >
        <span className="sr-only">{mine ? t('conversations.view.you') : otherName}: </span>
        {/* Plain text: React escapes it; pre-wrap keeps the writer's line breaks. */}
        <p className="whitespace-pre-wrap break-words">{message.body}</p>
        <time
          dateTime={message.createdAt}
          title={stamp}
          className={cn('justify-self-end text-xs', mine ? 'text-primary-foreground' : 'text-muted-foreground')}
        >
          {time}
        </time>
      </div>
      {mine
        ? null
        : report({ target: { messageId: message.id }, label: t('conversations.view.reportMessage'), subject: otherName, iconOnly: true })}
    </li>
  );
}

function ConversationScreen({ conversation, myId }: { conversation: ConversationDetail; myId: number }) {
  const { item, other, messages } = conversation;
  const send = useSendMessage(conversation.id);
  const queryClient = useQueryClient();
  const logRef = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);
  const lastId = messages.at(-1)?.id;
  const t = useT();

  useDocumentTitle(`${item.title} · ${other.username}`);

  // Opening the conversation (and each new message seen) marks it read: the badge follows.
  useEffect(() => {
    void refreshInbox(queryClient);
  }, [lastId, queryClient]);

  // New messages scroll into view, unless the reader has scrolled up to read older ones.
  useLayoutEffect(() => {
    const log = logRef.current;
    if (log && stickToBottom.current) log.scrollTop = log.scrollHeight;
  }, [lastId]);

  const scrollToNewest = () => {
    stickToBottom.current = true;
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  };

  return (
    <div className="mx-auto grid w-full max-w-3xl grid-cols-1 gap-4">
      <div>
        <BackToMessages />
      </div>
      <header className="flex items-center gap-3 rounded-card border border-border bg-card p-3 shadow-sm sm:gap-4 sm:p-4">
        <Link href={`/items/${item.id}`} tabIndex={-1} aria-hidden="true" className="shrink-0">
          <Thumbnail src={item.thumbnailUrl} />
        </Link>
        <div className="grid min-w-0 flex-1 gap-1">
          <h1 className="text-xl font-bold tracking-tight break-words sm:text-2xl">
            <Link href={`/items/${item.id}`} className="underline-offset-4 hover:underline">
              {item.title}
            </Link>
          </h1>
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
            <span>
              <T
                id={conversation.role === 'owner' ? 'conversations.view.askedBy' : 'conversations.view.sharedBy'}
                values={{ name: other.username }}
                components={{
                  0: (
                    <Link
                      href={`/u/${encodeURIComponent(other.username)}`}
                      className="inline-flex min-h-11 items-center font-medium text-link underline-offset-4 hover:underline sm:min-h-0"
                    />
                  ),
                }}
              />
            </span>
            {item.status !== 'available' ? (
              <Badge variant="neutral">
                {Object.prototype.hasOwnProperty.call(ITEM_STATUS_LABEL, item.status)
                  ? t(ITEM_STATUS_LABEL[item.status as keyof typeof ITEM_STATUS_LABEL])
                  : item.status}
              </Badge>
            ) : null}
          </p>
        </div>
        <div className="shrink-0 self-start">
          <BlockButton username={other.username} />
        </div>
      </header>

      <HandoverPanel conversation={conversation} />

      <div
        ref={logRef}
        role="log"
        aria-live="polite"
        aria-label={t('conversations.view.logLabel', { name: other.username })}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a log that scrolls must be reachable by keyboard to be scrolled (axe: scrollable-region-focusable)
        tabIndex={0}
        onScroll={(event) => {
          const log = event.currentTarget;
          stickToBottom.current = log.scrollHeight - log.scrollTop - log.clientHeight < 80;
        }}
        className={cn(
          'max-h-[55dvh] min-h-48 overflow-y-auto rounded-card border border-border bg-background p-3 sm:p-4',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        )}
      >
        {messages.length === 0 ? (
          <p className="py-10 text-center text-muted-foreground">{t('conversations.view.empty')}</p>
        ) : (
          <ol className="grid gap-3">
            {messages.map((message) => (
              <MessageBubble key={message.id} message={message} myId={myId} otherName={other.username} role={conversation.role} />
            ))}
          </ol>
        )}
      </div>

      <MessageComposer
        className="rounded-card border border-border bg-card p-3 shadow-sm sm:p-4"
        placeholder={t('conversations.view.placeholder', { name: other.username })}
        pending={send.isPending}
        send={(body) => send.mutateAsync(body)}
        onSent={() => requestAnimationFrame(scrollToNewest)}
      />
    </div>
  );
}

/** One conversation, refreshed every few seconds; 'Conversation not found' for a wrong id. */
export function ConversationView({ id, myId }: { id: number; myId: number }) {
  const t = useT();
  const valid = Number.isSafeInteger(id) && id > 0;
  const { data, isPending, isError, error, refetch, isRefetching } = useConversation(id);

  if (!valid || (isError && !data && error instanceof ApiError && (error.status === 404 || error.status === 400))) {
    return <ConversationNotFound />;
  }
  if (isError && !data) {
    return (
      <div className="mx-auto grid w-full max-w-3xl grid-cols-1 gap-4">
        <div>
          <BackToMessages />
        </div>
        <h1 className="sr-only">{t('conversations.view.heading')}</h1>
        <LoadError title={t('conversations.view.loadError')} error={error} onRetry={() => void refetch()} retrying={isRefetching} />
      </div>
    );
  }
  if (isPending || !data) return <PageSpinner label={t('conversations.view.loading')} />;
  return <ConversationScreen conversation={data} myId={myId} />;
}

function ConversationNotFound() {
  const t = useT();
  useDocumentTitle(t('conversations.view.notFoundTitle'));
  return (
    <PageMessage
      icon={MessageCircleOff}
      title={t('conversations.view.notFoundTitle')}
      actions={
        <Link href="/messages" className={buttonVariants({ variant: 'outline' })}>
          <ArrowLeft aria-hidden="true" />
          {t('conversations.view.back')}
        </Link>
      }
    >
      {t('conversations.view.notFoundText')}
    </PageMessage>
  );
}
