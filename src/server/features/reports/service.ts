import type { SessionUser } from '#shared/auth.js';
import { ADMIN_REPORTS_CAP, type AdminReport, type Report, REPORT_MSG, type ReportAction, type ReportStatus } from '#shared/reports.js';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import type { ImageStorage } from '../../plugins/storage.js';
import { authorize } from '../../policies/index.js';
import { removeUser } from '../admin/service.js';
import { findUserKnownTo, tellAdmins } from '../../users/repository.js';
import { removeItem } from '../items/service.js';
import { deletionSubject, recordDeletion } from '../moderation/service.js';
import {
  type AdminReportRow,
  closeReports,
  insertReport,
  type ReportRow,
  selectAdminReport,
  selectAdminReports,
  selectOpenReportBy,
  selectOpenReportIdsOfItem,
  selectOpenReportIdsOfUser,
  selectReport,
  selectNoShowHandover,
  selectReportableItem,
  selectReportableMessage,
  selectReportsOfPerson,
} from './repository.js';

type Log = { warn: (obj: object, msg: string) => void };

const toReport = (r: ReportRow): Report => ({
  id: r.id,
  targetType: r.targetType,
  subject: r.subject,
  reason: r.reason,
  status: r.status,
  createdAt: r.createdAt.toISOString(),
});

const toAdminReport = (r: AdminReportRow): AdminReport => ({
  ...toReport(r),
  details: r.details,
  resolvedAt: r.resolvedAt ? r.resolvedAt.toISOString() : null,
  reporter: r.reporter,
  item: r.item,
  user: r.targetType === 'item' ? r.owner : r.reportedUser,
  resolvedBy: r.resolvedBy,
  openReports: r.openReports,
});

type Target = { itemId: number } | { username: string } | { messageId: number } | { noShowItemId: number };

/** A message as a report's subject: its first characters. */
const SUBJECT_MAX = 200;

/**
 * What a report names: the item (not one's own), a user one may see (not oneself), a message of
 * one's own conversation (not one's own message), or the other side of one's hand-over (a no-show).
 */
async function resolveTarget(db: Db, reporter: SessionUser, body: Target) {
  if ('messageId' in body) {
    const message = await selectReportableMessage(db, body.messageId, reporter.id);
    if (!message || message.senderId === null) throw notFound(REPORT_MSG.messageNotFound);
    authorize(reporter, 'report:message', { senderId: message.senderId });
    return {
      key: { messageId: body.messageId },
      values: {
        targetType: 'message' as const,
        messageId: body.messageId,
        reportedUserId: message.senderId,
        subject: message.body.slice(0, SUBJECT_MAX),
      },
    };
  }
  if ('noShowItemId' in body) {
    const handover = await selectNoShowHandover(db, body.noShowItemId, reporter.id);
    if (!handover) throw notFound(REPORT_MSG.noShowNotFound);
    return {
      key: { noShowItemId: body.noShowItemId },
      values: { targetType: 'no_show' as const, itemId: body.noShowItemId, reportedUserId: handover.otherId, subject: handover.title },
    };
  }
  if ('itemId' in body) {
    const item = await selectReportableItem(db, body.itemId);
    if (!item) throw notFound(REPORT_MSG.itemNotFound);
    authorize(reporter, 'report:item', item);
    return { key: { itemId: body.itemId }, values: { targetType: 'item' as const, itemId: body.itemId, subject: item.title } };
  }
  const user = await findUserKnownTo(db, body.username, reporter);
  if (!user) throw notFound(REPORT_MSG.userNotFound);
  authorize(reporter, 'report:user', user);
  return { key: { userId: user.id }, values: { targetType: 'user' as const, reportedUserId: user.id, subject: user.username } };
}

/**
 * Files a report of an item, a user, a message or a no-show. Reporting the same thing again while the first report is
 * open changes nothing: the answer is that report, with `created` false.
 */
export async function createReport(
  db: Db,
  reporter: SessionUser,
  body: { itemId?: number; username?: string; messageId?: number; noShowItemId?: number; reason: Report['reason']; details: string },
): Promise<{ report: Report; created: boolean }> {
  const target: Target =
    body.itemId !== undefined
      ? { itemId: body.itemId }
      : body.messageId !== undefined
        ? { messageId: body.messageId }
        : body.noShowItemId !== undefined
          ? { noShowItemId: body.noShowItemId }
          : { username: body.username ?? '' };
  const { key, values } = await resolveTarget(db, reporter, target);
  const id = await insertReport(db, { ...values, reporterId: reporter.id, reason: body.reason, details: body.details });
  if (id !== undefined) await tellAdmins(db, 'reports');
  const row = id !== undefined ? await selectReport(db, id) : await selectOpenReportBy(db, reporter.id, key);
  // Only possible when the open report was closed between the insert and this read: try once more.
  if (!row) return createReport(db, reporter, body);
  return { report: toReport(row), created: id !== undefined };
}

/** Reports a person filed, or reports about them, newest first (the admins' page of a person). */
export async function reportsOfPerson(db: Db, userId: number, side: 'by' | 'about', limit: number): Promise<AdminReport[]> {
  return (await selectReportsOfPerson(db, userId, side, limit)).map(toAdminReport);
}

/** Reports of one status for the admins, newest first (at most ADMIN_REPORTS_CAP). */
export async function listReports(db: Db, status: ReportStatus): Promise<AdminReport[]> {
  return (await selectAdminReports(db, status, ADMIN_REPORTS_CAP)).map(toAdminReport);
}

async function getAdminReport(db: Db, id: number): Promise<AdminReport> {
  const row = await selectAdminReport(db, id);
  if (!row) throw notFound(REPORT_MSG.notFound);
  return toAdminReport(row);
}

/**
 * An admin's decision on an open report: dismiss it, or delete the reported item or user (the
 * owner, for an item report). Deleting closes every open report of what was deleted as actioned.
 */
export async function resolveReport(
  db: Db,
  storage: ImageStorage,
  admin: SessionUser,
  id: number,
  action: ReportAction,
  log: Log,
  reason: string | null = null,
): Promise<AdminReport> {
  const report = await getAdminReport(db, id);
  if (report.status !== 'open') throw conflict(REPORT_MSG.alreadyResolved);

  if (action === 'dismiss') {
    if ((await closeReports(db, [id], 'dismissed', admin.id)).length === 0) throw conflict(REPORT_MSG.alreadyResolved);
    await tellAdmins(db, 'reports');
    return getAdminReport(db, id);
  }

  let related: number[];
  if (action === 'delete_item') {
    if (report.targetType !== 'item') throw badRequest(REPORT_MSG.notAnItemReport);
    if (!report.item) throw notFound(REPORT_MSG.itemNotFound);
    // Collected first: once the item is gone its reports no longer name it.
    related = await selectOpenReportIdsOfItem(db, report.item.id);
    const subject = await deletionSubject(db, { itemId: report.item.id });
    await removeItem(db, storage, report.item.id, log);
    if (subject) await recordDeletion(db, admin, subject, reason);
  } else {
    if (!report.user) throw notFound(report.targetType === 'item' ? REPORT_MSG.ownerUnknown : REPORT_MSG.userNotFound);
    related = await selectOpenReportIdsOfUser(db, report.user.id);
    const subject = await deletionSubject(db, { userId: report.user.id });
    await removeUser(db, storage, admin, report.user.id, log);
    if (subject) await recordDeletion(db, admin, subject, reason);
  }
  await closeReports(db, [id, ...related], 'actioned', admin.id);
  await tellAdmins(db, 'reports');
  return getAdminReport(db, id);
}
