// Pure helpers of the admin dashboard (docs/product.md, Pages, Admin dashboard, and States): the
// texts come from the `admin` and `reports` catalogue sections through the `t` they are given.
import type { Language, MessageId } from '#shared/i18n.js';
import type { SupportRequest } from '#shared/people.js';
import { ITEM_STATUS_LABEL } from '#shared/item-format.js';
import { ADMIN_REPORTS_CAP, REPORT_REASON_LABELS, REPORT_STATUS_LABELS } from '#shared/reports.js';
import { SUPPORT_STATUS_LABEL, SUPPORT_TYPE_LABEL } from '#shared/support-labels.js';
import type { Translate } from '@/lib/i18n';

export { type StatusTone, supportStatusTone } from '#shared/support-labels.js';

/** The label of a known key of a map of ids, else undefined. */
function labelOf<M extends Record<string, MessageId>>(t: Translate, labels: M, key: string): string | undefined {
  return Object.prototype.hasOwnProperty.call(labels, key) ? t(labels[key as keyof M] as MessageId) : undefined;
}

/** 'in_progress' -> 'In progress'; an unknown value is shown as it is, underscores as spaces. */
export function supportStatusLabel(t: Translate, status: string): string {
  return labelOf(t, SUPPORT_STATUS_LABEL, status) ?? status.replace(/_/g, ' ');
}

/** An item's status in words ('taken' -> 'Given'); an unknown value is shown as it is. */
export function itemStatusLabel(t: Translate, status: string): string {
  return labelOf(t, ITEM_STATUS_LABEL, status) ?? status;
}

export function supportTypeLabel(t: Translate, type: string): string {
  return labelOf(t, SUPPORT_TYPE_LABEL, type) ?? type.replace(/_/g, ' ');
}

/** The admin UI resolves a pending request, and one in progress since an admin answered it (docs/decisions/025). */
export function canResolve(request: Pick<SupportRequest, 'status'>): boolean {
  return request.status !== 'resolved';
}

/** The number on the Support Requests tab: the requests waiting for the team. */
export function pendingCount(requests: readonly Pick<SupportRequest, 'status'>[] | undefined): number {
  return requests?.filter((r) => r.status === 'pending').length ?? 0;
}

/** The support table's User column: the name, else the id the request still carries, else 'Unknown'. */
export function requesterText(t: Translate, request: Pick<SupportRequest, 'username' | 'userId'>): string {
  if (request.username) return request.username;
  return request.userId ? t('admin.texts.userNumber', { id: request.userId }) : t('admin.texts.unknown');
}

/** The notes table's Creator column. */
export function creatorText(t: Translate, username: string | null | undefined): string {
  return username ? username : t('admin.texts.unknown');
}

export function phoneText(t: Translate, phoneNumber: string | null | undefined): string {
  return phoneNumber ? phoneNumber : t('admin.texts.notSet');
}

export function yesNo(t: Translate, value: boolean): string {
  return value ? t('admin.texts.yes') : t('admin.texts.no');
}

/** The locale of the dates of each language: English as the dashboard always wrote them. */
const DATE_LOCALE: Record<Language, string> = { en: 'en-US', es: 'es-419' };

/** 'Mar 7, 2025, 2:30 PM' in the viewer's time zone (or the one given); '—' when unusable. */
export function formatDateTime(value: string | null | undefined, language: Language, timeZone?: string): string {
  const date = value ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) return '—';
  return new Intl.DateTimeFormat(DATE_LOCALE[language], { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date);
}

/** 'Spam or advertising'; an unknown reason is shown as it is. */
export function reportReasonLabel(t: Translate, reason: string): string {
  return labelOf(t, REPORT_REASON_LABELS, reason) ?? reason;
}

export function reportStatusLabel(t: Translate, status: string): string {
  return labelOf(t, REPORT_STATUS_LABELS, status) ?? status;
}

/** '3 open reports of this' beside a report that is not alone. */
export function reportCountText(t: Translate, openReports: number): string {
  return t('admin.texts.openReports', { count: openReports });
}

/** The number on the Reports tab: the list is capped, so a full list may hide more. */
export function openReportsBadge(count: number): string {
  return count >= ADMIN_REPORTS_CAP ? `${ADMIN_REPORTS_CAP}+` : String(count);
}
