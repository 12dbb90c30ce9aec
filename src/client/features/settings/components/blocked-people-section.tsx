import { Ban, UserRoundCheck } from 'lucide-react';
import { Link } from 'wouter';
import type { Block } from '#shared/blocks.js';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { formatShortDate } from '@/lib/format-date';
import { useT } from '@/lib/i18n';
import { getErrorMessage } from '@/lib/request';
import { useBlocks, useUnblock } from '../api';
import { SettingsSection } from './settings-section';

function BlockedPersonRow({ block }: { block: Block }) {
  const t = useT();
  const unblock = useUnblock();
  const { username } = block.user;
  const onUnblock = () =>
    unblock.mutate(block.id, {
      onSuccess: () =>
        toast({ title: t('settings.blocked.unblockedTitle'), description: t('settings.blocked.unblockedText', { username }) }),
      onError: (error) =>
        toast({ variant: 'destructive', title: t('settings.blocked.unblockFailed', { username }), description: getErrorMessage(error) }),
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
        <p className="text-sm text-muted-foreground">{t('settings.blocked.blockedOn', { date: formatShortDate(block.createdAt) })}</p>
      </div>
      <Button
        variant="outline"
        onClick={onUnblock}
        disabled={unblock.isPending}
        aria-busy={unblock.isPending}
        aria-label={t('settings.blocked.unblockLabel', { username })}
      >
        {unblock.isPending ? <Spinner /> : <UserRoundCheck aria-hidden="true" />}
        {t('settings.blocked.unblock')}
      </Button>
    </li>
  );
}

/** The people I blocked, each with an Unblock button; loading, failure and an empty list each say so. */
export function BlockedPeopleSection() {
  const t = useT();
  const blocks = useBlocks();

  return (
    <SettingsSection icon={Ban} title={t('settings.blocked.title')} description={t('settings.blocked.description')}>
      {blocks.data ? (
        blocks.data.length > 0 ? (
          <ul className="grid gap-2" aria-label={t('settings.blocked.listLabel')}>
            {blocks.data.map((block) => (
              <BlockedPersonRow key={block.id} block={block} />
            ))}
          </ul>
        ) : (
          <p className="rounded-xl border border-dashed border-input px-4 py-6 text-center text-pretty text-muted-foreground">
            {t('settings.blocked.empty')}
          </p>
        )
      ) : blocks.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner label={t('settings.blocked.loading')} className="size-6 text-primary" />
        </div>
      ) : (
        <LoadError
          variant="inset"
          title={t('settings.blocked.loadFailed')}
          error={blocks.error}
          onRetry={() => void blocks.refetch()}
          retrying={blocks.isFetching}
        />
      )}
    </SettingsSection>
  );
}
