import { Inbox } from 'lucide-react';
import { LoadError } from '@/components/load-error';
import { Spinner } from '@/components/ui/spinner';
import { formatShortDate } from '@/lib/format-date';
import { T, useT } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/request';
import { SUPPORT_REPLY_MAX } from '#shared/moderation.js';
import { useFollowUp, useMySupportRequests } from '../api';
import { type StatusTone, statusBadge, supportTypeLabel } from '../lib/support-labels';

const TONE_CLASS: Record<StatusTone, string> = {
  yellow: 'bg-yellow-100 text-yellow-900 dark:bg-yellow-950 dark:text-yellow-200',
  green: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200',
  blue: 'bg-blue-100 text-blue-900 dark:bg-blue-950 dark:text-blue-200',
};

function StatusBadge({ status }: { status: string }) {
  const t = useT();
  const { label, text, tone } = statusBadge(status);
  return (
    <span className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap', TONE_CLASS[tone])}>
      <span className="sr-only">{t('support.list.status')} </span>
      {label ? t(label) : text}
    </span>
  );
}

/** 'Your requests': type, description, date and status of each, newest first. */
export function SupportRequestList() {
  const t = useT();
  const requests = useMySupportRequests();

  if (requests.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label={t('support.list.loading')} className="size-8 text-primary" />
      </div>
    );
  }
  if (requests.isError) {
    return (
      <LoadError
        variant="inset"
        title={t('support.list.loadFailed')}
        error={requests.error}
        onRetry={() => void requests.refetch()}
        retrying={requests.isFetching}
      />
    );
  }
  if (requests.data.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-input px-6 py-10 text-center">
        <span className="flex size-12 items-center justify-center rounded-2xl bg-primary-soft text-primary-soft-foreground">
          <Inbox className="size-6" aria-hidden="true" />
        </span>
        <p className="max-w-sm text-pretty text-muted-foreground">{t('support.list.empty')}</p>
      </div>
    );
  }

  const sorted = [...requests.data].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <ul className="grid gap-3">
      {sorted.map((request) => (
        <li key={request.id} className="grid gap-2 rounded-xl border border-border p-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="font-semibold">{t(supportTypeLabel(request.type))}</p>
            <StatusBadge status={request.status} />
          </div>
          <p className="text-sm leading-relaxed break-words whitespace-pre-wrap">{request.description}</p>
          <p className="text-xs text-muted-foreground">
            <T
              id="support.list.sent"
              values={{ date: formatShortDate(request.createdAt) }}
              components={{ 0: <time dateTime={request.createdAt} /> }}
            />
            {request.resolvedAt ? (
              <>
                {' · '}
                <T
                  id="support.list.resolved"
                  values={{ date: formatShortDate(request.resolvedAt) }}
                  components={{ 0: <time dateTime={request.resolvedAt} /> }}
                />
              </>
            ) : null}
          </p>
          {request.replies && request.replies.length > 0 ? (
            <ol aria-label={t('support.thread.label')} className="grid gap-2">
              {request.replies.map((reply) => (
                <li
                  key={reply.id}
                  className={cn(
                    'rounded-lg px-3 py-2 text-sm',
                    reply.fromAdmin ? 'bg-primary-soft text-primary-soft-foreground' : 'bg-muted',
                  )}
                >
                  <p className="text-xs font-semibold">{reply.fromAdmin ? t('support.thread.team') : t('support.thread.you')}</p>
                  <p className="break-words whitespace-pre-wrap">{reply.body}</p>
                </li>
              ))}
            </ol>
          ) : null}
          {request.replies && request.replies.length > 0 ? <FollowUp id={request.id} /> : null}
        </li>
      ))}
    </ul>
  );
}

/** A follow-up once the team has answered. */
function FollowUp({ id }: { id: number }) {
  const t = useT();
  const [body, setBody] = useState('');
  const send = useFollowUp(id);
  const fieldId = useId();
  return (
    <form
      className="grid gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (!body.trim()) return;
        send.mutate(body.trim(), {
          onSuccess: () => setBody(''),
          onError: (error) => toast({ variant: 'destructive', title: t('support.thread.failed'), description: getErrorMessage(error) }),
        });
      }}
    >
      <label htmlFor={fieldId} className="text-sm font-medium">
        {t('support.thread.reply')}
      </label>
      <Textarea id={fieldId} rows={2} maxLength={SUPPORT_REPLY_MAX} value={body} onChange={(event) => setBody(event.target.value)} />
      <div className="flex justify-end">
        <Button type="submit" size="sm" disabled={send.isPending || !body.trim()} aria-busy={send.isPending}>
          {send.isPending ? <Spinner /> : null}
          {t('support.thread.send')}
        </Button>
      </div>
    </form>
  );
}
