import { TriangleAlert } from 'lucide-react';
import type { FailedDelivery } from '#shared/notifications.js';
import { LoadError } from '@/components/load-error';
import { Spinner } from '@/components/ui/spinner';
import { currentLanguage, useT } from '@/lib/i18n';
import { useFailedDeliveries } from '../api';

function Row({ delivery: d }: { delivery: FailedDelivery }) {
  const t = useT();
  const failedAt = new Date(d.failedAt);
  return (
    <li className="grid gap-1 px-4 py-3">
      <span className="font-medium">
        {t('notifications.admin.summary', {
          channel: d.channel,
          type: d.type,
          user: d.user?.username ?? t('notifications.admin.deletedUser'),
          attempts: d.attempts,
        })}
      </span>
      <span className="text-sm break-words text-muted-foreground">
        <time dateTime={d.failedAt}>
          {new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'medium', timeStyle: 'short' }).format(failedAt)}
        </time>
        {' · '}
        <code>{d.lastError ?? t('notifications.admin.noError')}</code>
      </span>
    </li>
  );
}

/** The admins' view of deliveries the worker gave up on (e-mail that kept failing, say). */
export function FailedDeliveries() {
  const t = useT();
  const failed = useFailedDeliveries();
  return (
    <section aria-labelledby="failed-deliveries" className="grid gap-3 rounded-card border border-border bg-card p-4 shadow-sm sm:p-6">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary-soft-foreground">
          <TriangleAlert className="size-5" aria-hidden="true" />
        </span>
        <div className="grid gap-1">
          <h2 id="failed-deliveries" className="text-xl font-semibold">
            {t('notifications.admin.title')}
          </h2>
          <p className="text-pretty text-muted-foreground">{t('notifications.admin.intro')}</p>
        </div>
      </div>
      {failed.isPending ? (
        <Spinner label={t('core.common.loading')} className="size-6 text-primary" />
      ) : failed.isError ? (
        <LoadError
          title={t('notifications.admin.loadFailed')}
          error={failed.error}
          onRetry={() => void failed.refetch()}
          retrying={failed.isRefetching}
        />
      ) : failed.data.deliveries.length === 0 ? (
        <p className="text-muted-foreground">{t('notifications.admin.empty')}</p>
      ) : (
        <ul className="divide-y divide-border rounded-xl border border-border">
          {failed.data.deliveries.map((d) => (
            <Row key={d.id} delivery={d} />
          ))}
        </ul>
      )}
    </section>
  );
}
