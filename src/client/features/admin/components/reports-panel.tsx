import { Ban, Flag, type LucideIcon, Trash2, UserX } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { REPORT_STATUSES } from '../../../../shared/constants.js';
import type { AdminReport, ReportStatus } from '../../../../shared/reports.js';
import { cn } from '@/lib/utils';
import { useAdminReports, useResolveReport } from '../api';
import { formatDateTime, reportCountText, reportReasonLabel, reportStatusLabel } from '../lib/admin-texts';
import { ADMIN_TOASTS, notifyError, notifySuccess } from '../notify';
import { useConfirmDelete } from '../use-confirm-delete';
import { QueryTable } from './data-table';

const EMPTY: Record<ReportStatus, string> = {
  open: 'No open reports',
  dismissed: 'No dismissed reports',
  actioned: 'No actioned reports',
};

type Ask = (report: AdminReport, opener: HTMLElement) => void;

/** What was reported: a link to it while it exists, else its name struck through. */
function ReportedThing({ report }: { report: AdminReport }) {
  const href = report.item
    ? `/items/${report.item.id}`
    : report.targetType === 'user' && report.user
      ? `/u/${encodeURIComponent(report.user.username)}`
      : null;
  const name = report.item?.title ?? (report.targetType === 'user' ? (report.user?.username ?? report.subject) : report.subject);
  return (
    <h3 className="text-base font-semibold break-words">
      {href ? (
        <Link href={href} className="text-link underline-offset-4 hover:underline">
          {name}
        </Link>
      ) : (
        <>
          <s className="text-muted-foreground">{report.subject}</s>{' '}
          <span className="text-sm font-normal text-muted-foreground">(deleted)</span>
        </>
      )}
    </h3>
  );
}

function DismissButton({ report }: { report: AdminReport }) {
  const dismiss = useResolveReport('dismiss');
  return (
    <Button
      variant="outline"
      aria-label={`Dismiss the report of ${report.subject}`}
      disabled={dismiss.isPending}
      aria-busy={dismiss.isPending}
      onClick={() => dismiss.mutate(report.id, { onSuccess: () => notifySuccess(ADMIN_TOASTS.reportDismissed), onError: notifyError })}
    >
      {dismiss.isPending ? <Spinner /> : <Ban aria-hidden="true" />}
      Dismiss
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
  const open = report.status === 'open';
  return (
    <li className="grid gap-3 rounded-card border border-border bg-card p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="grid min-w-0 gap-1">
          <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            {report.targetType === 'item' ? 'Item' : 'User'}
          </p>
          <ReportedThing report={report} />
          {report.targetType === 'item' && report.user ? (
            <p className="text-sm text-muted-foreground">
              Posted by{' '}
              <Link
                href={`/u/${encodeURIComponent(report.user.username)}`}
                className="font-medium text-link underline-offset-4 hover:underline"
              >
                {report.user.username}
              </Link>
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <Badge variant="warning">
            <Flag className="size-3" aria-hidden="true" />
            <span className="sr-only">Reason: </span>
            {reportReasonLabel(report.reason)}
          </Badge>
          {open ? null : (
            <Badge variant={report.status === 'actioned' ? 'success' : 'neutral'}>
              <span className="sr-only">Status: </span>
              {reportStatusLabel(report.status)}
            </Badge>
          )}
        </div>
      </div>

      {report.details ? (
        <p className="rounded-lg bg-muted px-3 py-2 text-sm break-words whitespace-pre-line">{report.details}</p>
      ) : (
        <p className="text-sm text-muted-foreground italic">No details given.</p>
      )}

      <p className="text-sm text-muted-foreground">
        Reported by <span className="font-medium text-foreground">{report.reporter?.username ?? 'a deleted user'}</span> on{' '}
        <time dateTime={report.createdAt}>{formatDateTime(report.createdAt)}</time>
        {open && report.openReports > 1 ? (
          <span className="font-medium text-foreground"> · {reportCountText(report.openReports)}</span>
        ) : null}
      </p>

      {open ? (
        <div className="flex flex-wrap gap-2">
          <DismissButton report={report} />
          {report.targetType === 'item' && report.item ? (
            <DeleteButton
              icon={Trash2}
              label="Delete item"
              name={`Delete item ${report.item.title}`}
              onClick={(opener) => onDeleteItem(report, opener)}
            />
          ) : null}
          {report.user ? (
            <DeleteButton
              icon={UserX}
              label="Delete user"
              name={`Delete user ${report.user.username}`}
              onClick={(opener) => onDeleteUser(report, opener)}
            />
          ) : null}
        </div>
      ) : report.resolvedAt ? (
        <p className="text-sm text-muted-foreground">
          {reportStatusLabel(report.status)} by {report.resolvedBy?.username ?? 'a deleted admin'} on{' '}
          <time dateTime={report.resolvedAt}>{formatDateTime(report.resolvedAt)}</time>
        </p>
      ) : null}
    </li>
  );
}

/** The Reports tab: open reports to act on, and the dismissed and actioned ones for the record. */
export function ReportsPanel() {
  const [status, setStatus] = useState<ReportStatus>('open');
  const reports = useAdminReports(status);
  const deleteItem = useConfirmDelete<AdminReport>(useResolveReport('delete_item'), ADMIN_TOASTS.itemDeleted);
  const deleteUser = useConfirmDelete<AdminReport>(useResolveReport('delete_user'), ADMIN_TOASTS.userDeleted);

  return (
    <div className="grid grid-cols-1 gap-4">
      <div role="group" aria-label="Show reports" className="flex flex-wrap gap-2">
        {REPORT_STATUSES.map((value) => (
          <Button
            key={value}
            variant="outline"
            size="sm"
            aria-pressed={status === value}
            className={cn(status === value && 'border-primary bg-primary-soft text-primary-soft-foreground hover:bg-primary-soft')}
            onClick={() => setStatus(value)}
          >
            {reportStatusLabel(value)}
          </Button>
        ))}
      </div>

      <QueryTable query={reports} loadingLabel="Loading reports…" errorTitle="Could not load reports" emptyMessage={EMPTY[status]}>
        {(list) => (
          <ul
            aria-label={`${reportStatusLabel(status)} reports`}
            className={cn('grid gap-3', reports.isPlaceholderData && 'opacity-60 transition-opacity')}
          >
            {list.map((report) => (
              <ReportCard key={report.id} report={report} onDeleteItem={deleteItem.ask} onDeleteUser={deleteUser.ask} />
            ))}
          </ul>
        )}
      </QueryTable>

      <ConfirmDialog
        {...deleteItem.dialog}
        title={`Delete “${deleteItem.target?.item?.title ?? 'item'}”?`}
        description="This permanently deletes the item and its photo, and closes every open report of it. This cannot be undone."
        confirmLabel="Delete item"
      />
      <ConfirmDialog
        {...deleteUser.dialog}
        title={`Delete ${deleteUser.target?.user?.username ?? 'user'}?`}
        description="This permanently deletes the account with its items, photos, notes, payment links and sessions, and closes every open report of them and their items. This cannot be undone."
        confirmLabel="Delete user"
      />
    </div>
  );
}
