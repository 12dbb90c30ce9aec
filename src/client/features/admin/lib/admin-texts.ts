// Pure helpers of the admin dashboard (docs/product.md, Pages, Admin dashboard, and States).
import type { SupportRequest } from '../../../../shared/people.js';
import { ADMIN_REPORTS_CAP, REPORT_REASON_LABELS, REPORT_STATUS_LABELS } from '../../../../shared/reports.js';

/** Badge colours of a support request: yellow pending, green resolved, blue otherwise. */
export type StatusTone = 'yellow' | 'green' | 'blue';

export function supportStatusTone(status: string): StatusTone {
  if (status === 'pending') return 'yellow';
  if (status === 'resolved') return 'green';
  return 'blue';
}

const STATUS_LABELS: Record<string, string> = { pending: 'Pending', in_progress: 'In progress', resolved: 'Resolved' };
const TYPE_LABELS: Record<string, string> = {
  account_deletion: 'Account deletion',
  technical_issue: 'Technical issue',
  other: 'Other',
};

/** 'in_progress' -> 'In progress'; an unknown value is shown as it is, underscores as spaces. */
export function supportStatusLabel(status: string): string {
  return STATUS_LABELS[status] ?? status.replace(/_/g, ' ');
}

export function supportTypeLabel(type: string): string {
  return TYPE_LABELS[type] ?? type.replace(/_/g, ' ');
}

/** The admin UI moves only pending requests to resolved. */
export function canResolve(request: Pick<SupportRequest, 'status'>): boolean {
  return request.status === 'pending';
}

/** The number on the Support Requests tab. */
export function pendingCount(requests: readonly Pick<SupportRequest, 'status'>[] | undefined): number {
  return requests?.filter(canResolve).length ?? 0;
}

/** The support table's User column: the name, else the id the request still carries, else 'Unknown'. */
export function requesterText(request: Pick<SupportRequest, 'username' | 'userId'>): string {
  if (request.username) return request.username;
  return request.userId ? `User #${request.userId}` : 'Unknown';
}

/** The notes table's Creator column. */
export function creatorText(username: string | null | undefined): string {
  return username ? username : 'Unknown';
}

export function phoneText(phoneNumber: string | null | undefined): string {
  return phoneNumber ? phoneNumber : 'Not set';
}

export function yesNo(value: boolean): 'Yes' | 'No' {
  return value ? 'Yes' : 'No';
}

/** 'Mar 7, 2025, 2:30 PM' in the viewer's time zone (or the one given); '—' when unusable. */
export function formatDateTime(value: string | null | undefined, timeZone?: string): string {
  const date = value ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) return '—';
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date);
}

/** 'Spam or advertising'; an unknown reason is shown as it is. */
export function reportReasonLabel(reason: string): string {
  return REPORT_REASON_LABELS[reason as keyof typeof REPORT_REASON_LABELS] ?? reason;
}

export function reportStatusLabel(status: string): string {
  return REPORT_STATUS_LABELS[status as keyof typeof REPORT_STATUS_LABELS] ?? status;
}

/** '3 open reports of this' beside a report that is not alone. */
export function reportCountText(openReports: number): string {
  return `${openReports} open reports of this`;
}

/** The number on the Reports tab: the list is capped, so a full list may hide more. */
export function openReportsBadge(count: number): string {
  return count >= ADMIN_REPORTS_CAP ? `${ADMIN_REPORTS_CAP}+` : String(count);
}
