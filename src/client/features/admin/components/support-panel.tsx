import { CircleCheck, MessageSquareReply, RefreshCw, Send } from 'lucide-react';
import { useId, useState } from 'react';
import { Dialog, DialogCloseButton, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Textarea } from '@/components/ui/textarea';
import { SUPPORT_REPLY_MAX } from '#shared/moderation.js';
import { cn } from '@/lib/utils';
import { useReplyToSupport, useSupportThread } from '../moderation-api';
import { PersonLink } from './person-link';
import type { SupportRequest } from '#shared/people.js';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { currentLanguage, T, useT } from '@/lib/i18n';
import { useResolveSupportRequest, useSupportRequests } from '../api';
import {
  canResolve,
  formatDateTime,
  requesterText,
  type StatusTone,
  supportStatusLabel,
  supportStatusTone,
  supportTypeLabel,
} from '../lib/admin-texts';
import { ADMIN_TOASTS, notifyError, notifySuccess } from '../notify';
import { Cell, DataTable, QueryTable } from './data-table';

const COLUMNS = [
  'admin.support.columns.date',
  'admin.support.columns.user',
  'admin.support.columns.type',
  'admin.support.columns.description',
  'admin.support.columns.status',
  'admin.support.columns.actions',
] as const;

const TONE_CLASSES: Record<StatusTone, string> = {
  yellow: 'bg-yellow-100 text-yellow-900 dark:bg-yellow-950 dark:text-yellow-200',
  green: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200',
  blue: 'bg-blue-100 text-blue-900 dark:bg-blue-950 dark:text-blue-200',
};

function SupportStatusBadge({ status }: { status: string }) {
  const t = useT();
  return (
    <Badge className={TONE_CLASSES[supportStatusTone(status)]}>
      <span className="sr-only">{t('admin.support.statusPrefix')}</span>
      {supportStatusLabel(t, status)}
    </Badge>
  );
}

/** 'Mark resolved': each row its own update, so one slow save does not block the others. */
function ResolveButton({ request }: { request: SupportRequest }) {
  const t = useT();
  const resolve = useResolveSupportRequest();
  return (
    <Button
      variant="outline"
      disabled={resolve.isPending}
      aria-busy={resolve.isPending}
      onClick={() => resolve.mutate(request.id, { onSuccess: () => notifySuccess(ADMIN_TOASTS.resolved), onError: notifyError })}
    >
      {resolve.isPending ? <Spinner /> : <CircleCheck aria-hidden="true" />}
      {t('admin.support.markResolved')}
    </Button>
  );
}

/** 'Answer': the request's thread and a reply box; answering moves a pending request to in progress and tells its author. */
function AnswerButton({ request }: { request: SupportRequest }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [body, setBody] = useState('');
  const [button, setButton] = useState<HTMLButtonElement | null>(null);
  const thread = useSupportThread(request.id, open);
  const reply = useReplyToSupport(request.id);
  const fieldId = useId();
  return (
    <>
      <Button
        ref={setButton}
        variant="outline"
        aria-label={t('admin.support.answerLabel', { name: request.username ?? '' })}
        onClick={() => setOpen(true)}
      >
        <MessageSquareReply aria-hidden="true" />
        {t('admin.support.answer')}
      </Button>
      <Dialog open={open} onOpenChange={(next) => !reply.isPending && setOpen(next)}>
        <DialogContent returnFocusTo={button} className="max-w-lg gap-4">
          <DialogCloseButton disabled={reply.isPending} />
          <DialogTitle className="pr-10 text-lg font-semibold">
            {t('admin.support.answerTitle', { name: request.username ?? '' })}
          </DialogTitle>
          <DialogDescription className="text-sm break-words whitespace-pre-line text-muted-foreground">
            {request.description}
          </DialogDescription>
          {thread.data && thread.data.length > 0 ? (
            <ol aria-label={t('admin.support.thread')} className="grid max-h-64 gap-2 overflow-y-auto">
              {thread.data.map((r) => (
                <li key={r.id} className={cn('rounded-lg px-3 py-2 text-sm', r.fromAdmin ? 'bg-primary-soft' : 'bg-muted')}>
                  <p className="text-xs font-semibold">
                    {r.fromAdmin ? t('admin.support.fromTeam', { name: r.author ?? '' }) : (r.author ?? '')}
                  </p>
                  <p className="break-words whitespace-pre-line">{r.body}</p>
                </li>
              ))}
            </ol>
          ) : null}
          <form
            className="grid gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              if (!body.trim()) return;
              reply.mutate(body.trim(), {
                onSuccess: () => {
                  setBody('');
                  notifySuccess(ADMIN_TOASTS.answered);
                },
                onError: notifyError,
              });
            }}
          >
            <label htmlFor={fieldId} className="text-sm font-medium">
              {t('admin.support.yourAnswer')}
            </label>
            <Textarea
              id={fieldId}
              rows={4}
              required
              maxLength={SUPPORT_REPLY_MAX}
              value={body}
              onChange={(event) => setBody(event.target.value)}
            />
            <div className="flex justify-end">
              <Button type="submit" disabled={reply.isPending || !body.trim()} aria-busy={reply.isPending}>
                {reply.isPending ? <Spinner /> : <Send aria-hidden="true" />}
                {t('admin.support.send')}
              </Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}

/** The Support Requests tab (docs/product.md, Pages); the list refreshes itself every 30 seconds. */
export function SupportPanel({ query }: { query: ReturnType<typeof useSupportRequests> }) {
  const t = useT();
  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">{t('admin.support.refreshHint')}</p>
        <Button variant="outline" onClick={() => void query.refetch()} disabled={query.isFetching} aria-busy={query.isFetching}>
          {query.isFetching ? <Spinner /> : <RefreshCw aria-hidden="true" />}
          {t('admin.support.refresh')}
        </Button>
      </div>
      <QueryTable
        query={query}
        loadingLabel={t('admin.support.loading')}
        errorTitle={t('admin.support.loadError')}
        emptyMessage={t('admin.support.empty')}
      >
        {(list) => (
          <DataTable label={t('admin.support.tableLabel')} columns={COLUMNS.map((column) => t(column))}>
            {list.map((request) => (
              <tr key={request.id}>
                <Cell nowrap className="text-muted-foreground">
                  <time dateTime={request.createdAt}>{formatDateTime(request.createdAt, currentLanguage())}</time>
                </Cell>
                <Cell nowrap className="font-medium">
                  {request.username ? <PersonLink username={request.username} /> : requesterText(t, request)}
                </Cell>
                <Cell nowrap>{supportTypeLabel(t, request.type)}</Cell>
                <Cell className="max-w-md min-w-64 break-words whitespace-pre-line">{request.description}</Cell>
                <Cell nowrap>
                  <div className="grid justify-items-start gap-1">
                    <SupportStatusBadge status={request.status} />
                    {request.resolvedAt ? (
                      <span className="text-xs text-muted-foreground">
                        <T
                          id="admin.support.resolvedOn"
                          values={{ date: formatDateTime(request.resolvedAt, currentLanguage()) }}
                          components={{ 0: <time dateTime={request.resolvedAt} /> }}
                        />
                      </span>
                    ) : null}
                  </div>
                </Cell>
                <Cell nowrap>
                  <div className="flex flex-wrap gap-2">
                    <AnswerButton request={request} />
                    {canResolve(request) ? <ResolveButton request={request} /> : null}
                  </div>
                </Cell>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryTable>
    </div>
  );
}
