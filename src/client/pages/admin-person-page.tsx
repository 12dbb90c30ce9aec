import { ArrowLeft, Ban, EyeOff, Eye, LogOut, type LucideIcon, ShieldCheck, Trash2, TriangleAlert, UserX } from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { LoadError } from '@/components/load-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { PageSpinner, Spinner } from '@/components/ui/spinner';
import { Cell, DataTable, RowHeader } from '@/features/admin/components/data-table';
import { useAuth } from '@/features/auth/auth-provider';
import { ModerationEntryItem } from '@/features/admin/components/moderation-log';
import { PersonLink } from '@/features/admin/components/person-link';
import { ReasonDialog } from '@/features/admin/components/reason-dialog';
import { formatDateTime, itemStatusLabel, reportReasonLabel, reportStatusLabel } from '@/features/admin/lib/admin-texts';
import { type ModerationCall, useAdminPerson, useEndSessions, useModerate } from '@/features/admin/moderation-api';
import { notifyError } from '@/features/admin/notify';
import { toast } from '@/components/ui/use-toast';
import type { AdminReport } from '#shared/reports.js';
import * as userPolicy from '#shared/policies/users.js';
import { currentLanguage, T, useT } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';

type Pending = { call: { kind: ModerationCall['kind']; userId?: number; itemId?: number }; title: string; withDays?: boolean };

const TARGET_LABEL = {
  item: 'admin.reports.targetItem',
  user: 'admin.reports.targetUser',
  message: 'admin.reports.targetMessage',
  no_show: 'admin.reports.targetNoShow',
} as const;

function ReportList({ reports, label, side }: { reports: AdminReport[]; label: string; side: 'by' | 'about' }) {
  const t = useT();
  if (reports.length === 0) return <p className="text-sm text-muted-foreground">{t('admin.person.none')}</p>;
  return (
    <ul aria-label={label} className="grid gap-2">
      {reports.map((r) => (
        <li key={r.id} className="grid gap-1 rounded-card border border-border bg-card p-3 text-sm shadow-xs">
          <p className="flex flex-wrap items-baseline gap-x-2">
            <span className="font-semibold">{t(TARGET_LABEL[r.targetType])}</span>
            {r.item ? (
              <Link href={`/items/${r.item.id}`} className="text-link underline underline-offset-4">
                {r.item.title}
              </Link>
            ) : (
              <span className="break-words">{r.subject}</span>
            )}
            <Badge variant="warning">{reportReasonLabel(t, r.reason)}</Badge>
            <Badge variant="neutral">{reportStatusLabel(t, r.status)}</Badge>
          </p>
          <p className="text-xs text-muted-foreground">
            {side === 'about' ? (
              r.reporter ? (
                <PersonLink username={r.reporter.username} />
              ) : (
                t('admin.texts.unknown')
              )
            ) : r.user ? (
              <PersonLink username={r.user.username} />
            ) : null}
            {' · '}
            <time dateTime={r.createdAt}>{formatDateTime(r.createdAt, currentLanguage())}</time>
          </p>
          {r.details ? <p className="break-words whitespace-pre-line">{r.details}</p> : null}
        </li>
      ))}
    </ul>
  );
}

/** One part of the person page: a heading of its own that names the region. */
function PersonSection({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-2">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A graded action's button: opens the reason dialog for its call (the button gets focus back when the dialog closes). */
function AskButton({
  pending,
  ask,
  icon: Icon,
  label,
  ariaLabel,
  danger = false,
  small = false,
}: {
  pending: Pending;
  ask: (p: Pending, button: HTMLElement) => void;
  icon: LucideIcon;
  label: string;
  ariaLabel?: string;
  danger?: boolean;
  small?: boolean;
}) {
  return (
    <Button
      size={small ? 'sm' : undefined}
      variant="outline"
      className={danger ? 'text-danger-text hover:text-danger-text' : undefined}
      aria-label={ariaLabel}
      onClick={(e) => ask(pending, e.currentTarget)}
    >
      <Icon aria-hidden="true" />
      {label}
    </Button>
  );
}

/** /admin/users/:username (admins only): one person's items, reports, the actions on them, their sessions, and the graded actions. */
export function AdminPersonPage({ username }: { username: string }) {
  const t = useT();
  useDocumentTitle(t('admin.person.title', { name: username }));
  const person = useAdminPerson(username);
  const { user: me } = useAuth();
  const moderate = useModerate();
  const endSessions = useEndSessions(username);
  const [, navigate] = useLocation();
  const [pending, setPending] = useState<Pending | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const ask = (p: Pending, button: HTMLElement) => {
    opener.current = button;
    setPending(p);
  };

  if (person.isPending) return <PageSpinner label={t('admin.person.loading')} />;
  if (!person.data)
    return (
      <LoadError
        title={t('admin.person.loadError')}
        error={person.error}
        onRetry={() => void person.refetch()}
        retrying={person.isFetching}
      />
    );
  const { user, items, reportsBy, reportsAbout, actions, sessions, registeredOnDevices } = person.data;
  const lang = currentLanguage();
  const suspended = user.suspendedUntil !== null || user.suspendedPermanently;

  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <Button asChild variant="ghost" className="-ml-3">
          <Link href="/admin">
            <ArrowLeft aria-hidden="true" />
            {t('admin.person.back')}
          </Link>
        </Button>
      </div>
      <div className="grid gap-2">
        <h1 className="text-3xl font-bold tracking-tight break-words">{user.username}</h1>
        <p className="text-muted-foreground">
          {t('admin.person.joined', { date: formatDateTime(user.createdAt, lang) })} ·{' '}
          <Link href={`/u/${encodeURIComponent(user.username)}`} className="text-link underline underline-offset-4">
            {t('admin.person.profile')}
          </Link>
        </p>
        <div className="flex flex-wrap gap-2">
          {user.isAdmin ? <Badge variant="success">{t('admin.person.admin')}</Badge> : null}
          {user.isVisible ? null : <Badge variant="neutral">{t('admin.person.hiddenAccount')}</Badge>}
        </div>
        {suspended ? (
          <p role="status" className="flex items-start gap-2 rounded-card border border-border bg-warning-soft p-3 text-sm">
            <Ban className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>
              {user.suspendedUntil
                ? t('admin.person.suspended', { date: formatDateTime(user.suspendedUntil, lang), reason: user.suspensionReason ?? '' })
                : t('admin.person.suspendedPermanently', { reason: user.suspensionReason ?? '' })}
            </span>
          </p>
        ) : null}
        {user.registeredFrom ? (
          <p className="text-sm text-muted-foreground">
            <T
              id="admin.person.registeredFrom"
              values={{ name: user.registeredFrom.username }}
              components={{ 0: <PersonLink username={user.registeredFrom.username} /> }}
            />
          </p>
        ) : null}
      </div>

      {!userPolicy.moderate(me ?? null, user) ? null : (
        <PersonSection id="person-actions" title={t('admin.person.actions')}>
          <div className="flex flex-wrap gap-2">
            <AskButton
              ask={ask}
              pending={{ call: { kind: 'warn', userId: user.id }, title: t('admin.person.warnTitle', { name: user.username }) }}
              icon={TriangleAlert}
              label={t('admin.person.warn')}
            />
            {suspended ? (
              <AskButton
                ask={ask}
                pending={{ call: { kind: 'lift', userId: user.id }, title: t('admin.person.liftTitle', { name: user.username }) }}
                icon={ShieldCheck}
                label={t('admin.person.lift')}
              />
            ) : (
              <AskButton
                ask={ask}
                pending={{
                  call: { kind: 'suspend', userId: user.id },
                  title: t('admin.person.suspendTitle', { name: user.username }),
                  withDays: true,
                }}
                icon={Ban}
                label={t('admin.person.suspend')}
              />
            )}
            <AskButton
              ask={ask}
              pending={{ call: { kind: 'delete_user', userId: user.id }, title: t('admin.person.deleteTitle', { name: user.username }) }}
              icon={UserX}
              label={t('admin.person.delete')}
              danger
            />
          </div>
        </PersonSection>
      )}

      {registeredOnDevices.length > 0 ? (
        <PersonSection id="person-devices" title={t('admin.person.fromDevices', { count: registeredOnDevices.length })}>
          <ul aria-label={t('admin.person.fromDevicesLabel', { name: user.username })} className="grid gap-1 text-sm">
            {registeredOnDevices.map((a) => (
              <li key={a.id} className="flex flex-wrap items-baseline gap-x-2">
                <PersonLink username={a.username} />
                <span className="text-muted-foreground">
                  {t('admin.person.fromDevicesEntry', { date: formatDateTime(a.createdAt, lang) })}
                </span>
                {a.suspended ? <Badge variant="warning">{t('admin.moderation.actions.suspend')}</Badge> : null}
              </li>
            ))}
          </ul>
        </PersonSection>
      ) : null}

      <PersonSection id="person-items" title={t('admin.person.items', { count: items.length })}>
        {items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('admin.person.none')}</p>
        ) : (
          <DataTable
            label={t('admin.person.itemsLabel', { name: user.username })}
            columns={[t('admin.person.colTitle'), t('admin.person.colStatus'), t('admin.person.colPosted'), t('admin.person.colActions')]}
            stickyColumn={0}
          >
            {items.map((item) => (
              <tr key={item.id}>
                <RowHeader>
                  <Link href={`/items/${item.id}`} className="text-link underline underline-offset-4">
                    {item.title}
                  </Link>
                </RowHeader>
                <Cell>
                  {itemStatusLabel(t, item.status)}
                  {item.hiddenReason !== null ? (
                    <>
                      {' · '}
                      <Badge variant="warning">{t('admin.person.hidden')}</Badge>{' '}
                      <span className="text-muted-foreground">{item.hiddenReason}</span>
                    </>
                  ) : null}
                </Cell>
                <Cell nowrap>{formatDateTime(item.createdAt, lang)}</Cell>
                <Cell>
                  <div className="flex flex-wrap gap-2">
                    {item.hiddenReason === null ? (
                      <AskButton
                        ask={ask}
                        pending={{ call: { kind: 'hide', itemId: item.id }, title: t('admin.person.hideTitle', { title: item.title }) }}
                        icon={EyeOff}
                        label={t('admin.person.hide')}
                        ariaLabel={t('admin.person.hideLabel', { title: item.title })}
                        small
                      />
                    ) : (
                      <AskButton
                        ask={ask}
                        pending={{ call: { kind: 'unhide', itemId: item.id }, title: t('admin.person.unhideTitle', { title: item.title }) }}
                        icon={Eye}
                        label={t('admin.person.unhide')}
                        ariaLabel={t('admin.person.unhideLabel', { title: item.title })}
                        small
                      />
                    )}
                    <AskButton
                      ask={ask}
                      pending={{
                        call: { kind: 'delete_item', itemId: item.id },
                        title: t('admin.person.deleteItemTitle', { title: item.title }),
                      }}
                      icon={Trash2}
                      label={t('admin.person.deleteItem')}
                      ariaLabel={t('admin.person.deleteItemLabel', { title: item.title })}
                      danger
                      small
                    />
                  </div>
                </Cell>
              </tr>
            ))}
          </DataTable>
        )}
      </PersonSection>

      <PersonSection id="person-about" title={t('admin.person.reportsAbout', { count: reportsAbout.length })}>
        <ReportList reports={reportsAbout} label={t('admin.person.reportsAboutLabel')} side="about" />
      </PersonSection>
      <PersonSection id="person-by" title={t('admin.person.reportsBy', { count: reportsBy.length })}>
        <ReportList reports={reportsBy} label={t('admin.person.reportsByLabel')} side="by" />
      </PersonSection>
      <PersonSection id="person-log" title={t('admin.person.log', { count: actions.length })}>
        {actions.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('admin.person.none')}</p>
        ) : (
          <ul aria-label={t('admin.person.logLabel')} className="grid gap-2">
            {actions.map((entry) => (
              <ModerationEntryItem key={entry.id} entry={entry} />
            ))}
          </ul>
        )}
      </PersonSection>
      <PersonSection id="person-sessions" title={t('admin.person.sessions', { count: sessions.length })}>
        {sessions.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('admin.person.noSessions')}</p>
        ) : (
          <>
            <ul className="grid gap-1 text-sm">
              {sessions.map((s) => (
                <li key={`${s.createdAt}-${s.expiresAt}`}>
                  {t('admin.person.session', { start: formatDateTime(s.createdAt, lang), end: formatDateTime(s.expiresAt, lang) })}
                </li>
              ))}
            </ul>
            <div>
              <Button
                variant="outline"
                disabled={endSessions.isPending}
                aria-busy={endSessions.isPending}
                onClick={() =>
                  endSessions.mutate(undefined, {
                    onSuccess: () => toast({ title: t('admin.person.sessionsEnded') }),
                    onError: notifyError,
                  })
                }
              >
                {endSessions.isPending ? <Spinner /> : <LogOut aria-hidden="true" />}
                {t('admin.person.endSessions')}
              </Button>
            </div>
          </>
        )}
      </PersonSection>

      <ReasonDialog
        open={pending !== null}
        title={pending?.title ?? ''}
        description={t('admin.person.reasonHint')}
        confirmLabel={t('admin.person.confirm')}
        pending={moderate.isPending}
        withDays={pending?.withDays}
        returnFocusRef={opener}
        onClose={() => setPending(null)}
        onConfirm={(reason, days) => {
          if (!pending) return;
          const call = { ...pending.call, reason, days } as ModerationCall;
          moderate.mutate(call, {
            onSuccess: () => {
              toast({ title: t('admin.person.done') });
              setPending(null);
              if (call.kind === 'delete_user') navigate('/admin');
            },
            onError: notifyError,
          });
        }}
      />
    </div>
  );
}
