import { Ban, ShieldAlert } from 'lucide-react';
import { Link } from 'wouter';
import { MODERATION_ACTION_LABELS } from '#shared/moderation.js';
import { formatShortDate } from '@/lib/format-date';
import { useT } from '@/lib/i18n';
import { useMyModeration } from '../api';

/**
 * The moderators' notices to the signed-in person (where a `moderation` notification leads): a
 * suspension in force with its end and reason, and each action on their account or items with its reason.
 * Shows nothing when there is none.
 */
export function ModerationNotices() {
  const t = useT();
  const mine = useMyModeration();
  if (!mine.data || (mine.data.notices.length === 0 && !mine.data.suspendedUntil && !mine.data.suspendedPermanently)) return null;
  const { suspendedUntil, suspendedPermanently, suspensionReason, notices } = mine.data;
  return (
    <section aria-labelledby="moderation-notices" className="grid gap-3 rounded-card border border-border bg-card p-4 shadow-sm sm:p-6">
      <h2 id="moderation-notices" className="flex items-center gap-2 text-xl font-semibold">
        <ShieldAlert className="size-5 text-danger-text" aria-hidden="true" />
        {t('support.notices.title')}
      </h2>
      {suspendedUntil || suspendedPermanently ? (
        <p role="status" className="flex items-start gap-2 rounded-lg bg-muted p-3 text-sm">
          <Ban className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            {suspendedUntil
              ? t('support.notices.suspended', { date: formatShortDate(suspendedUntil), reason: suspensionReason ?? '' })
              : t('support.notices.suspendedPermanently', { reason: suspensionReason ?? '' })}
          </span>
        </p>
      ) : null}
      <ul className="grid gap-2">
        {notices.map((n) => (
          <li key={n.id} className="grid gap-1 rounded-lg border border-border p-3 text-sm">
            <p className="font-semibold">
              {t(MODERATION_ACTION_LABELS[n.action])}
              {n.item ? (
                <>
                  {': '}
                  {n.item.id !== null && n.action !== 'delete_item' ? (
                    <Link href={`/items/${n.item.id}`} className="text-link underline underline-offset-4">
                      {n.item.title}
                    </Link>
                  ) : (
                    n.item.title
                  )}
                </>
              ) : null}
            </p>
            <p className="break-words whitespace-pre-line">
              {t('support.notices.reason', { reason: n.reason ?? t('admin.moderation.noReason') })}
            </p>
            <p className="text-xs text-muted-foreground">
              <time dateTime={n.createdAt}>{formatShortDate(n.createdAt)}</time>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
