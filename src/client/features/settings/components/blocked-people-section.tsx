import { Ban, UserRoundCheck } from 'lucide-react';
import { Link } from 'wouter';
import type { Block } from '../../../../shared/blocks.js';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { formatShortDate } from '@/lib/format-date';
import { getErrorMessage } from '@/lib/request';
import { useBlocks, useUnblock } from '../api';
import { SettingsSection } from './settings-section';

function BlockedPersonRow({ block }: { block: Block }) {
  const unblock = useUnblock();
  const { username } = block.user;
  const onUnblock = () =>
    unblock.mutate(block.id, {
      onSuccess: () => toast({ title: 'Unblocked', description: `${username} can send you messages again.` }),
      onError: (error) => toast({ variant: 'destructive', title: `Could not unblock ${username}`, description: getErrorMessage(error) }),
    });

  return (
    <li className="flex flex-wrap items-center gap-3 rounded-xl border border-border p-3">
      <div className="min-w-0 flex-1">
        <Link
          href={`/u/${encodeURIComponent(username)}`}
          className="rounded-sm font-semibold break-words underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          {username}
        </Link>
        <p className="text-sm text-muted-foreground">Blocked on {formatShortDate(block.createdAt)}</p>
      </div>
      <Button
        variant="outline"
        onClick={onUnblock}
        disabled={unblock.isPending}
        aria-busy={unblock.isPending}
        aria-label={`Unblock ${username}`}
      >
        {unblock.isPending ? <Spinner /> : <UserRoundCheck aria-hidden="true" />}
        Unblock
      </Button>
    </li>
  );
}

/** The people I blocked, each with an Unblock button; loading, failure and an empty list each say so. */
export function BlockedPeopleSection() {
  const blocks = useBlocks();

  return (
    <SettingsSection icon={Ban} title="Blocked people" description="You and the people you block cannot send each other messages.">
      {blocks.data ? (
        blocks.data.length > 0 ? (
          <ul className="grid gap-2" aria-label="People you blocked">
            {blocks.data.map((block) => (
              <BlockedPersonRow key={block.id} block={block} />
            ))}
          </ul>
        ) : (
          <p className="rounded-xl border border-dashed border-input px-4 py-6 text-center text-pretty text-muted-foreground">
            You have not blocked anyone. People you block cannot send you messages.
          </p>
        )
      ) : blocks.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner label="Loading the people you blocked…" className="size-6 text-primary" />
        </div>
      ) : (
        <LoadError
          variant="inset"
          title="Could not load the people you blocked"
          error={blocks.error}
          onRetry={() => void blocks.refetch()}
          retrying={blocks.isFetching}
        />
      )}
    </SettingsSection>
  );
}
