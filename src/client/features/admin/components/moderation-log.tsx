import { MODERATION_ACTION_LABELS, type ModerationEntry } from '#shared/moderation.js';
import { currentLanguage, T, useT } from '@/lib/i18n';
import { Link } from 'wouter';
import { formatDateTime } from '../lib/admin-texts';
import { useModerationLog } from '../moderation-api';
import { QueryTable } from './data-table';
import { PersonLink } from './person-link';

/** One entry: what was done, to whom or what, by whom, when and why. */
export function ModerationEntryItem({ entry }: { entry: ModerationEntry }) {
  const t = useT();
  return (
    <li className="grid gap-1 rounded-card border border-border bg-card p-3 text-sm shadow-xs">
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className="font-semibold">{t(MODERATION_ACTION_LABELS[entry.action])}</span>
        {entry.user ? (
          <PersonLink username={entry.user.username} />
        ) : entry.username ? (
          <s className="text-muted-foreground">{entry.username}</s>
        ) : null}
        {entry.item ? (
          entry.item.id !== null && entry.action !== 'delete_item' ? (
            <Link href={`/items/${entry.item.id}`} className="text-link underline underline-offset-4">
              {entry.item.title}
            </Link>
          ) : (
            <s className="text-muted-foreground">{entry.item.title}</s>
          )
        ) : null}
      </p>
      <p className="break-words whitespace-pre-line">{entry.reason ?? t('admin.moderation.noReason')}</p>
      <p className="text-xs text-muted-foreground">
        <T
          id="admin.moderation.byOn"
          values={{ name: entry.admin?.username ?? t('admin.texts.unknown'), date: formatDateTime(entry.createdAt, currentLanguage()) }}
          components={{ 0: <time dateTime={entry.createdAt} /> }}
        />
        {entry.suspendedUntil
          ? ` · ${t('admin.moderation.until', { date: formatDateTime(entry.suspendedUntil, currentLanguage()) })}`
          : entry.action === 'suspend'
            ? ` · ${t('admin.moderation.permanently')}`
            : ''}
      </p>
    </li>
  );
}

/** The audit log tab: the newest actions of every admin. */
export function ModerationLogPanel() {
  const t = useT();
  const log = useModerationLog();
  return (
    <QueryTable
      query={log}
      loadingLabel={t('admin.moderation.loading')}
      errorTitle={t('admin.moderation.loadError')}
      emptyMessage={t('admin.moderation.empty')}
    >
      {(entries) => (
        <ul aria-label={t('admin.tabs.log')} className="grid gap-2">
          {entries.map((entry) => (
            <ModerationEntryItem key={entry.id} entry={entry} />
          ))}
        </ul>
      )}
    </QueryTable>
  );
}
