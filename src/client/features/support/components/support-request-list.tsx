import { Inbox } from 'lucide-react';
import { LoadError } from '@/components/load-error';
import { Spinner } from '@/components/ui/spinner';
import { formatShortDate } from '@/lib/format-date';
import { cn } from '@/lib/utils';
import { useMySupportRequests } from '../api';
import { type StatusTone, statusBadge, supportTypeLabel } from '../lib/support-labels';

const TONE_CLASS: Record<StatusTone, string> = {
  yellow: 'bg-yellow-100 text-yellow-900 dark:bg-yellow-950 dark:text-yellow-200',
  green: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200',
  blue: 'bg-blue-100 text-blue-900 dark:bg-blue-950 dark:text-blue-200',
};

function StatusBadge({ status }: { status: string }) {
  const { label, tone } = statusBadge(status);
  return (
    <span className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap', TONE_CLASS[tone])}>
      <span className="sr-only">Status: </span>
      {label}
    </span>
  );
}

/** 'Your requests': type, description, date and status of each, newest first. */
export function SupportRequestList() {
  const requests = useMySupportRequests();

  if (requests.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label="Loading your requests…" className="size-8 text-primary" />
      </div>
    );
  }
  if (requests.isError) {
    return (
      <LoadError
        variant="inset"
        title="Could not load your requests"
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
        <p className="max-w-sm text-pretty text-muted-foreground">
          You have not sent any requests yet. When you do, you can follow their status here.
        </p>
      </div>
    );
  }

  const sorted = [...requests.data].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <ul className="grid gap-3">
      {sorted.map((request) => (
        <li key={request.id} className="grid gap-2 rounded-xl border border-border p-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="font-semibold">{supportTypeLabel(request.type)}</p>
            <StatusBadge status={request.status} />
          </div>
          <p className="text-sm leading-relaxed break-words whitespace-pre-wrap">{request.description}</p>
          <p className="text-xs text-muted-foreground">
            Sent <time dateTime={request.createdAt}>{formatShortDate(request.createdAt)}</time>
            {request.resolvedAt ? (
              <>
                {' · '}Resolved <time dateTime={request.resolvedAt}>{formatShortDate(request.resolvedAt)}</time>
              </>
            ) : null}
          </p>
        </li>
      ))}
    </ul>
  );
}
