import { CircleCheck, Gift, Info, Undo2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { ConversationDetail } from '../../../../shared/conversations.js';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/request';
import { useHandOver, usePromiseItem } from '../api';

const failed = (error: unknown) => toast({ variant: 'destructive', title: 'Error', description: getErrorMessage(error) });

function Panel({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <section
      aria-label="Hand-over"
      className="flex flex-col gap-3 rounded-card border border-border bg-primary-soft p-3 text-primary-soft-foreground sm:flex-row sm:items-center sm:justify-between sm:p-4"
    >
      <p className="flex items-start gap-2 text-sm">
        <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>{children}</span>
      </p>
      {actions ? <div className="flex flex-wrap gap-2 sm:justify-end">{actions}</div> : null}
    </section>
  );
}

/** The owner's side: promise the item to this person, then mark it given or withdraw. */
function OwnerPanel({ conversation }: { conversation: ConversationDetail }) {
  const { item, other } = conversation;
  const promise = usePromiseItem(conversation.id);
  const handOver = useHandOver(conversation.id, item.id);
  const busy = promise.isPending || handOver.isPending;
  const change = (status: 'taken' | 'available', done: string) =>
    handOver.mutate(status, { onSuccess: () => toast({ title: 'Success', description: done }), onError: failed });

  if (item.status === 'available') {
    return (
      <Panel
        actions={
          <Button
            size="sm"
            disabled={busy}
            aria-busy={promise.isPending}
            onClick={() =>
              promise.mutate(undefined, {
                onSuccess: () => toast({ title: 'Success', description: `Promised to ${other.username}` }),
                onError: failed,
              })
            }
          >
            {promise.isPending ? <Spinner /> : <Gift aria-hidden="true" />}
            Promise to {other.username}
          </Button>
        }
      >
        Promising it takes it off the lists; everyone else who asked is told it has gone.
      </Panel>
    );
  }
  if (item.status === 'promised' && item.promisedHere) {
    return (
      <Panel
        actions={
          <>
            <Button
              size="sm"
              disabled={busy}
              aria-busy={handOver.isPending && handOver.variables === 'taken'}
              onClick={() => change('taken', 'Item marked as given')}
            >
              {handOver.isPending && handOver.variables === 'taken' ? <Spinner /> : <CircleCheck aria-hidden="true" />}
              Mark as given
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={busy}
              aria-busy={handOver.isPending && handOver.variables === 'available'}
              onClick={() => change('available', 'Promise withdrawn')}
            >
              {handOver.isPending && handOver.variables === 'available' ? <Spinner /> : <Undo2 aria-hidden="true" />}
              Withdraw promise
            </Button>
          </>
        }
      >
        You promised this item to <strong>{other.username}</strong>.
      </Panel>
    );
  }
  if (item.status === 'promised') {
    return (
      <Panel>
        This item is promised to someone else.{' '}
        <Link href={`/items/${item.id}`} className="font-medium underline underline-offset-4">
          Manage it on its page
        </Link>
        .
      </Panel>
    );
  }
  if (item.status === 'taken')
    return (
      <Panel>
        {item.promisedHere ? (
          <>
            You gave this item to <strong>{other.username}</strong>.
          </>
        ) : (
          'This item has gone.'
        )}
      </Panel>
    );
  return (
    <Panel>
      This item has expired.{' '}
      <Link href={`/items/${item.id}`} className="font-medium underline underline-offset-4">
        Renew it on its page
      </Link>{' '}
      to promise it.
    </Panel>
  );
}

/** The requester's side: whether it is theirs now, or gone. */
function RequesterPanel({ conversation }: { conversation: ConversationDetail }) {
  const { item } = conversation;
  if (item.status === 'promised' && item.promisedHere) {
    return (
      <Panel>
        This item is promised to you.{' '}
        <Link href={`/items/${item.id}`} className="font-medium underline underline-offset-4">
          See the exact place on its page
        </Link>
        .
      </Panel>
    );
  }
  if (item.status === 'taken' && item.promisedHere) return <Panel>The owner marked this item as given to you.</Panel>;
  if (item.status === 'promised' || item.status === 'taken') return <Panel>This item has gone to someone else.</Panel>;
  if (item.status === 'expired') return <Panel>This listing has expired.</Panel>;
  return null;
}

/** Where the item stands between the two, with what the owner can do about it. */
export function HandoverPanel({ conversation }: { conversation: ConversationDetail }) {
  return conversation.role === 'owner' ? <OwnerPanel conversation={conversation} /> : <RequesterPanel conversation={conversation} />;
}
