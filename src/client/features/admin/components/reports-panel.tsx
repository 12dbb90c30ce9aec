import { Ban, Flag, type LucideIcon, Trash2, UserX } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'wouter';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { REPORT_STATUSES } from '#shared/constants.js';
import type { MessageId } from '#shared/i18n.js';
import type { AdminReport, ReportStatus } from '#shared/reports.js';
import { currentLanguage, T, useT } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { useAdminReports, useResolveReport } from '../api';
import { formatDateTime, reportCountText, reportReasonLabel, reportStatusLabel } from '../lib/admin-texts';
import { ADMIN_TOASTS, type AdminToast, notifyError, notifySuccess } from '../notify';
import { adminPersonPath } from './person-link';
import { ReasonDialog } from './reason-dialog';
import { QueryTable } from './data-table';

const EMPTY = {
  open: 'admin.reports.empty.open',
  dismissed: 'admin.reports.empty.dismissed',
  actioned: 'admin.reports.empty.actioned',
} as const satisfies Record<ReportStatus, MessageId>;

/** The name of the list of each status. */
const LIST_LABEL = {
  open: 'admin.reports.listLabel.open',
  dismissed: 'admin.reports.listLabel.dismissed',
  actioned: 'admin.reports.listLabel.actioned',
} as const satisfies Record<ReportStatus, MessageId>;

type Ask = (report: AdminReport, opener: HTMLElement) => void;

const TARGET_LABEL = {
  item: 'admin.reports.targetItem',
  user: 'admin.reports.targetUser',
  message: 'admin.reports.targetMessage',
  no_show: 'admin.reports.targetNoShow',
} as const satisfies Record<AdminReport['targetType'], MessageId>;

/** What was reported: a link to it while it exists, else its name struck through. */
function ReportedThing({ report }: { report: AdminReport }) {
  const t = useT();
  const href = report.item
    ? `/items/${report.item.id}`
    : report.targetType === 'user' && report.user
      ? adminPersonPath(report.user.username)
      : null;
  // A message reads as its (copied) text: admins are in no conversation, so there is nothing to open.
  if (report.targetType === 'message')
    return <blockquote className="border-l-4 border-border pl-3 text-base break-words whitespace-pre-line">{report.subject}</blockquote>;
  const name = report.item?.title ?? (report.targetType === 'user' ? (report.user?.username ?? report.subject) : report.subject);
  return (
    <h3 className="text-base font-semibold break-words">
      {href ? (
        <Link href={href} className="text-link underline underline-offset-4">
          {name}
        </Link>
      ) : (
        <>
          <s className="text-muted-foreground">{report.subject}</s>{' '}
          <span className="text-sm font-normal text-muted-foreground">{t('admin.reports.deleted')}</span>
        </>
      )}
    </h3>
  );
}

function DismissButton({ report }: { report: AdminReport }) {
  const t = useT();
  const dismiss = useResolveReport('dismiss');
  return (
    <Button
      variant="outline"
      aria-label={t('admin.reports.dismissLabel', { subject: report.subject })}
      disabled={dismiss.isPending}
      aria-busy={dismiss.isPending}
      onClick={() => dismiss.mutate(report.id, { onSuccess: () => notifySuccess(ADMIN_TOASTS.reportDismissed), onError: notifyError })}
    >
      {dismiss.isPending ? <Spinner /> : <Ban aria-hidden="true" />}
      {t('admin.reports.dismiss')}
    </Button>
  );
}

type DeleteButtonProps = { icon: LucideIcon; label: string; name: string; onClick: (opener: HTMLElement) => void };

/** Opens the confirmation of a delete; `name` says what it deletes to screen readers. */
function DeleteButton({ icon: Icon, label, name, onClick }: DeleteButtonProps) {
  return (
    <Button
      variant="outline"
      className="text-danger-text hover:text-danger-text"
      aria-label={name}
      onClick={(event) => onClick(event.currentTarget)}
    >
      <Icon aria-hidden="true" />
      {label}
    </Button>
  );
}

function ReportCard({ report, onDeleteItem, onDeleteUser }: { report: AdminReport; onDeleteItem: Ask; onDeleteUser: Ask }) {
  const t = useT();
  const open = report.status === 'open';
  const createdAt = formatDateTime(report.createdAt, currentLanguage());
  return (
    <li className="grid gap-3 rounded-card border border-border bg-card p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="grid min-w-0 gap-1">
          <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{t(TARGET_LABEL[report.targetType])}</p>
          <ReportedThing report={report} />
          {report.targetType !== 'user' && report.user ? (
            <p className="text-sm text-muted-foreground">
              <T
                id={
                  report.targetType === 'item'
                    ? 'admin.reports.postedBy'
                    : report.targetType === 'message'
                      ? 'admin.reports.sentBy'
                      : 'admin.reports.noShowBy'
                }
                values={{ name: report.user.username }}
                components={{
                  0: <Link href={adminPersonPath(report.user.username)} className="font-medium text-link underline underline-offset-4" />,
                }}
              />
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <Badge variant="warning">
            <Flag className="size-3" aria-hidden="true" />
            <span className="sr-only">{t('admin.reports.reasonPrefix')}</span>
            {reportReasonLabel(t, report.reason)}
          </Badge>
          {open ? null : (
            <Badge variant={report.status === 'actioned' ? 'success' : 'neutral'}>
              <span className="sr-only">{t('admin.reports.statusPrefix')}</span>
              {reportStatusLabel(t, report.status)}
            </Badge>
          )}
        </div>
      </div>

      {report.details ? (
        <p className="rounded-lg bg-muted px-3 py-2 text-sm break-words whitespace-pre-line">{report.details}</p>
      ) : (
        <p className="text-sm text-muted-foreground italic">{t('admin.reports.noDetails')}</p>
      )}

      <p className="text-sm text-muted-foreground">
        <T
          id={report.reporter ? 'admin.reports.reportedBy' : 'admin.reports.reportedByDeleted'}
          values={{ name: report.reporter?.username ?? '', date: createdAt }}
          components={{
            0: report.reporter ? (
              <Link href={adminPersonPath(report.reporter.username)} className="font-medium text-link underline underline-offset-4" />
            ) : (
              <span className="font-medium text-foreground" />
            ),
            1: <time dateTime={report.createdAt} />,
          }}
        />
        {open && report.openReports > 1 ? (
          <span className="font-medium text-foreground"> · {reportCountText(t, report.openReports)}</span>
        ) : null}
      </p>

      {open ? (
        <div className="flex flex-wrap gap-2">
          <DismissButton report={report} />
          {report.targetType === 'item' && report.item ? (
            <DeleteButton
              icon={Trash2}
              label={t('admin.reports.deleteItem')}
              name={t('admin.reports.deleteItemLabel', { title: report.item.title })}
              onClick={(opener) => onDeleteItem(report, opener)}
            />
          ) : null}
          {report.user ? (
            <DeleteButton
              icon={UserX}
              label={t('admin.reports.deleteUser')}
              name={t('admin.reports.deleteUserLabel', { name: report.user.username })}
              onClick={(opener) => onDeleteUser(report, opener)}
            />
          ) : null}
        </div>
      ) : report.resolvedAt ? (
        <p className="text-sm text-muted-foreground">
          <T
            id={report.resolvedBy ? 'admin.reports.resolvedBy' : 'admin.reports.resolvedByDeleted'}
            values={{
              status: reportStatusLabel(t, report.status),
              name: report.resolvedBy?.username ?? '',
              date: formatDateTime(report.resolvedAt, currentLanguage()),
            }}
            components={{ 0: <time dateTime={report.resolvedAt} /> }}
          />
        </p>
      ) : null}
    </li>
  );
}

/** A deletion decided on a report: the dialog asks for the reason, which is logged and told. */
function useReasonedDelete(mutation: ReturnType<typeof useResolveReport>, successTitle: AdminToast) {
  const [target, setTarget] = useState<AdminReport | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  return {
    target,
    mutation,
    opener,
    ask: (report: AdminReport, button: HTMLElement) => {
      opener.current = button;
      setTarget(report);
    },
    close: () => setTarget(null),
    confirm: (reason: string) => {
      if (!target) return;
      mutation.mutate(
        { id: target.id, reason },
        { onSuccess: () => notifySuccess(successTitle), onError: notifyError, onSettled: () => setTarget(null) },
      );
    },
  };
}

/** The Reports tab: open reports to act on, and the dismissed and actioned ones for the record. */
export function ReportsPanel() {
  const t = useT();
  const [status, setStatus] = useState<ReportStatus>('open');
  const reports = useAdminReports(status);
  const deleteItem = useReasonedDelete(useResolveReport('delete_item'), ADMIN_TOASTS.itemDeleted);
  const deleteUser = useReasonedDelete(useResolveReport('delete_user'), ADMIN_TOASTS.userDeleted);

  return (
    <div className="grid grid-cols-1 gap-4">
      <div role="group" aria-label={t('admin.reports.filterLabel')} className="flex flex-wrap gap-2">
        {REPORT_STATUSES.map((value) => (
          <Button
            key={value}
            variant="outline"
            size="sm"
            aria-pressed={status === value}
            className={cn(status === value && 'border-primary bg-primary-soft text-primary-soft-foreground hover:bg-primary-soft')}
            onClick={() => setStatus(value)}
          >
            {reportStatusLabel(t, value)}
          </Button>
        ))}
      </div>

      <QueryTable
        query={reports}
        loadingLabel={t('admin.reports.loading')}
        errorTitle={t('admin.reports.loadError')}
        emptyMessage={t(EMPTY[status])}
      >
        {(list) => (
          <ul aria-label={t(LIST_LABEL[status])} className={cn('grid gap-3', reports.isPlaceholderData && 'opacity-60 transition-opacity')}>
            {list.map((report) => (
              <ReportCard key={report.id} report={report} onDeleteItem={deleteItem.ask} onDeleteUser={deleteUser.ask} />
            ))}
          </ul>
        )}
      </QueryTable>

      <ReasonDialog
        open={deleteItem.target !== null}
        pending={deleteItem.mutation.isPending}
        returnFocusRef={deleteItem.opener}
        onClose={deleteItem.close}
        onConfirm={deleteItem.confirm}
        title={
          deleteItem.target?.item
            ? t('admin.reports.confirmItemTitle', { title: deleteItem.target.item.title })
            : t('admin.reports.confirmItemTitleAny')
        }
        description={t('admin.reports.confirmItemDescription')}
        confirmLabel={t('admin.reports.deleteItem')}
      />
      <ReasonDialog
        open={deleteUser.target !== null}
        pending={deleteUser.mutation.isPending}
        returnFocusRef={deleteUser.opener}
        onClose={deleteUser.close}
        onConfirm={deleteUser.confirm}
        title={
          deleteUser.target?.user
            ? t('admin.reports.confirmUserTitle', { name: deleteUser.target.user.username })
            : t('admin.reports.confirmUserTitleAny')
        }
        description={t('admin.reports.confirmUserDescription')}
        confirmLabel={t('admin.reports.deleteUser')}
      />
    </div>
  );
}
