import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ReportReason, ReportStatus } from '#shared/reports.js';
import type { Db } from '../../db/client.js';
import { conversations, items, messages, reports, users } from '../../db/schema.js';

type Person = { id: number; username: string };

export type ReportRow = {
  id: number;
  targetType: (typeof reports.$inferSelect)['targetType'];
  subject: string;
  reason: ReportReason;
  details: string;
  status: ReportStatus;
  createdAt: Date;
  resolvedAt: Date | null;
  itemId: number | null;
  reportedUserId: number | null;
  messageId: number | null;
};

export type AdminReportRow = ReportRow & {
  reporter: Person | null;
  item: { id: number; title: string; status: string } | null;
  reportedUser: Person | null;
  owner: Person | null;
  resolvedBy: Person | null;
  openReports: number;
};

const reportColumns = {
  id: reports.id,
  targetType: reports.targetType,
  subject: reports.subject,
  reason: reports.reason,
  details: reports.details,
  status: reports.status,
  createdAt: reports.createdAt,
  resolvedAt: reports.resolvedAt,
  itemId: reports.itemId,
  reportedUserId: reports.reportedUserId,
  messageId: reports.messageId,
};

/** The item a report would name: its title and owner. */
export async function selectReportableItem(db: Db, id: number): Promise<{ title: string; userId: number } | undefined> {
  const [row] = await db.select({ title: items.title, userId: items.userId }).from(items).where(eq(items.id, id)).limit(1);
  return row;
}

/** A message the reporter may report: one of a conversation they are in, with its sender. */
export async function selectReportableMessage(
  db: Db,
  id: number,
  reporterId: number,
): Promise<{ body: string; senderId: number | null; senderName: string | null } | undefined> {
  const [row] = await db
    .select({ body: messages.body, senderId: messages.senderId, senderName: users.username })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .leftJoin(users, eq(users.id, messages.senderId))
    .where(and(eq(messages.id, id), or(eq(conversations.ownerId, reporterId), eq(conversations.requesterId, reporterId))))
    .limit(1);
  return row;
}

/**
 * The hand-over of this item the reporter is one side of (an offer promised or given, the reporter
 * its owner or the person it was promised to): the item's title and the other person.
 */
export async function selectNoShowHandover(
  db: Db,
  itemId: number,
  reporterId: number,
): Promise<{ title: string; otherId: number } | undefined> {
  const [row] = await db
    .select({ title: items.title, ownerId: items.userId, promisedToId: items.promisedToId })
    .from(items)
    .where(
      and(
        eq(items.id, itemId),
        eq(items.type, 'offer'),
        inArray(items.status, ['promised', 'taken']),
        or(eq(items.userId, reporterId), eq(items.promisedToId, reporterId)),
      ),
    )
    .limit(1);
  if (!row || row.promisedToId === null) return undefined;
  return { title: row.title, otherId: row.ownerId === reporterId ? row.promisedToId : row.ownerId };
}

/**
 * Stores a report unless the reporter already has an open one of the same thing (the partial unique
 * indexes decide, also between racing requests); answers the new id, or undefined for a repeat.
 */
export async function insertReport(db: Db, values: typeof reports.$inferInsert): Promise<number | undefined> {
  const [row] = await db.insert(reports).values(values).onConflictDoNothing().returning({ id: reports.id });
  return row?.id;
}

export type OpenReportKey = { itemId: number } | { userId: number } | { messageId: number } | { noShowItemId: number };

/** The reporter's open report of this item, user, message or no-show. */
export async function selectOpenReportBy(db: Db, reporterId: number, target: OpenReportKey): Promise<ReportRow | undefined> {
  const about =
    'messageId' in target
      ? eq(reports.messageId, target.messageId)
      : 'noShowItemId' in target
        ? and(eq(reports.targetType, 'no_show'), eq(reports.itemId, target.noShowItemId))
        : 'itemId' in target
          ? and(eq(reports.targetType, 'item'), eq(reports.itemId, target.itemId))
          : and(eq(reports.targetType, 'user'), eq(reports.reportedUserId, target.userId));
  const [row] = await db
    .select(reportColumns)
    .from(reports)
    .where(and(eq(reports.reporterId, reporterId), eq(reports.status, 'open'), about))
    .limit(1);
  return row;
}

export async function selectReport(db: Db, id: number): Promise<ReportRow | undefined> {
  const [row] = await db.select(reportColumns).from(reports).where(eq(reports.id, id)).limit(1);
  return row;
}

const reporter = alias(users, 'reporter');
const reported = alias(users, 'reported');
const owner = alias(users, 'owner');
const resolver = alias(users, 'resolver');

// Spelled out: Drizzle leaves columns in a select list unqualified, which would bind them to the subquery's table.
const openReportsOfSameThing = sql<number>`(
  SELECT count(*) FROM reports o WHERE o.status = 'open' AND (
    (reports.item_id IS NOT NULL AND o.item_id = reports.item_id)
    OR (reports.reported_user_id IS NOT NULL AND o.reported_user_id = reports.reported_user_id)
    OR (reports.item_id IS NULL AND reports.reported_user_id IS NULL AND o.id = reports.id)
  ))`.mapWith(Number);

const adminReportQuery = (db: Db) =>
  db
    .select({
      ...reportColumns,
      reporter: { id: reporter.id, username: reporter.username },
      item: { id: items.id, title: items.title, status: items.status },
      reportedUser: { id: reported.id, username: reported.username },
      owner: { id: owner.id, username: owner.username },
      resolvedBy: { id: resolver.id, username: resolver.username },
      openReports: openReportsOfSameThing,
    })
    .from(reports)
    .leftJoin(reporter, eq(reporter.id, reports.reporterId))
    .leftJoin(items, eq(items.id, reports.itemId))
    .leftJoin(owner, eq(owner.id, items.userId))
    .leftJoin(reported, eq(reported.id, reports.reportedUserId))
    .leftJoin(resolver, eq(resolver.id, reports.resolvedById));

/** Reports of one status, newest first, at most `limit`. */
export function selectAdminReports(db: Db, status: ReportStatus, limit: number): Promise<AdminReportRow[]> {
  return adminReportQuery(db).where(eq(reports.status, status)).orderBy(desc(reports.createdAt), desc(reports.id)).limit(limit);
}

/** Reports a person filed, or reports about them (of them, their messages, their no-shows, their items), newest first. */
export function selectReportsOfPerson(db: Db, userId: number, side: 'by' | 'about', limit: number): Promise<AdminReportRow[]> {
  const where =
    side === 'by'
      ? eq(reports.reporterId, userId)
      : or(eq(reports.reportedUserId, userId), and(eq(reports.targetType, 'item'), eq(items.userId, userId)));
  return adminReportQuery(db).where(where).orderBy(desc(reports.createdAt), desc(reports.id)).limit(limit);
}

export async function selectAdminReport(db: Db, id: number): Promise<AdminReportRow | undefined> {
  const [row] = await adminReportQuery(db).where(eq(reports.id, id)).limit(1);
  return row;
}

/** Ids of the open reports of an item. */
export async function selectOpenReportIdsOfItem(db: Db, itemId: number): Promise<number[]> {
  const rows = await db
    .select({ id: reports.id })
    .from(reports)
    .where(and(eq(reports.status, 'open'), eq(reports.itemId, itemId)));
  return rows.map((r) => r.id);
}

/** Ids of the open reports of a user and of any of their items. */
export async function selectOpenReportIdsOfUser(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: reports.id })
    .from(reports)
    .where(
      and(
        eq(reports.status, 'open'),
        or(
          eq(reports.reportedUserId, userId),
          inArray(reports.itemId, db.select({ id: items.id }).from(items).where(eq(items.userId, userId))),
        ),
      ),
    );
  return rows.map((r) => r.id);
}

/** Closes those of the reports that are still open; answers the ids it closed. */
export async function closeReports(db: Db, ids: number[], status: Exclude<ReportStatus, 'open'>, adminId: number): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .update(reports)
    .set({ status, resolvedAt: sql`now()`, resolvedById: adminId })
    .where(and(inArray(reports.id, ids), eq(reports.status, 'open')))
    .returning({ id: reports.id });
  return rows.map((r) => r.id);
}
