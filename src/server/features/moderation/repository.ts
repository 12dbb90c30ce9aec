import { and, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { items, moderationActions, sessions, supportReplies, supportRequests, users } from '../../db/schema.js';

export type ActionValues = typeof moderationActions.$inferInsert;

/** Writes an entry of the audit log (in the caller's transaction when `db` is one). */
export async function insertAction(db: Db, values: ActionValues): Promise<number> {
  const [row] = await db.insert(moderationActions).values(values).returning({ id: moderationActions.id });
  return row!.id;
}

const actor = alias(users, 'actor');
const subject = alias(users, 'subject');

const entryColumns = {
  id: moderationActions.id,
  action: moderationActions.action,
  reason: moderationActions.reason,
  admin: { id: actor.id, username: actor.username },
  user: { id: subject.id, username: subject.username },
  username: moderationActions.username,
  itemId: moderationActions.itemId,
  itemTitle: moderationActions.itemTitle,
  suspendedUntil: moderationActions.suspendedUntil,
  createdAt: moderationActions.createdAt,
};

const entries = (db: Db) =>
  db
    .select(entryColumns)
    .from(moderationActions)
    .leftJoin(actor, eq(actor.id, moderationActions.adminId))
    .leftJoin(subject, eq(subject.id, moderationActions.userId));

export type EntryRow = Awaited<ReturnType<ReturnType<typeof entries>['execute']>>[number];

/** The newest entries, at most `limit`; of one person when `userId` is given. */
export function selectActions(db: Db, limit: number, userId?: number): Promise<EntryRow[]> {
  return entries(db)
    .where(userId === undefined ? undefined : eq(moderationActions.userId, userId))
    .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id))
    .limit(limit);
}

/** What a person is told of: the actions on them and their items (a deletion of the account tells nobody). */
export function selectNoticesOf(db: Db, userId: number, limit: number) {
  return db
    .select({
      id: moderationActions.id,
      action: moderationActions.action,
      reason: moderationActions.reason,
      itemId: moderationActions.itemId,
      itemTitle: moderationActions.itemTitle,
      suspendedUntil: moderationActions.suspendedUntil,
      createdAt: moderationActions.createdAt,
    })
    .from(moderationActions)
    .where(and(eq(moderationActions.userId, userId), ne(moderationActions.action, 'delete_user')))
    .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id))
    .limit(limit);
}

const registrar = alias(users, 'registrar');

export async function selectPerson(db: Db, where: { id: number } | { username: string }) {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      isAdmin: users.isAdmin,
      isVisible: users.isVisible,
      phoneNumber: users.phoneNumber,
      isPhoneVerified: users.isPhoneVerified,
      createdAt: users.createdAt,
      suspendedUntil: sql<Date | null>`CASE WHEN ${users.suspendedUntil} > now() THEN ${users.suspendedUntil} END`.mapWith(
        users.suspendedUntil,
      ),
      suspensionReason: users.suspensionReason,
      suspendedPermanently: users.suspendedPermanently,
      registeredFromId: registrar.id,
      registeredFromUsername: registrar.username,
    })
    .from(users)
    .leftJoin(registrar, eq(registrar.id, users.registeredFromUserId))
    .where('id' in where ? eq(users.id, where.id) : sql`lower(${users.username}) = lower(${where.username})`)
    .limit(1);
  return row;
}

/** The item an action names, locked for the change. */
export async function selectItemForAction(db: Db, id: number) {
  const [row] = await db
    .select({ id: items.id, title: items.title, userId: items.userId, hiddenAt: items.hiddenAt, username: users.username })
    .from(items)
    .innerJoin(users, eq(users.id, items.userId))
    .where(eq(items.id, id))
    .for('update', { of: items })
    .limit(1);
  return row;
}

export async function setItemHidden(db: Db, id: number, reason: string | null): Promise<void> {
  await db
    .update(items)
    .set(reason === null ? { hiddenAt: null, hiddenReason: null } : { hiddenAt: sql`now()`, hiddenReason: reason })
    .where(eq(items.id, id));
}

/** Sets a suspension of some days or a permanent one, or lifts it (null); answers when it ends (null: lifted, or permanent). */
export async function setSuspension(
  db: Db,
  userId: number,
  length: number | 'permanent' | null,
  reason: string | null,
): Promise<Date | null> {
  const [row] = await db
    .update(users)
    .set(
      length === null
        ? { suspendedUntil: null, suspendedPermanently: false, suspensionReason: null }
        : length === 'permanent'
          ? { suspendedUntil: null, suspendedPermanently: true, suspensionReason: reason }
          : { suspendedUntil: sql`now() + make_interval(days => ${length})`, suspendedPermanently: false, suspensionReason: reason },
    )
    .where(eq(users.id, userId))
    .returning({ until: users.suspendedUntil });
  return row?.until ?? null;
}

/** A person's items in every state, newest first (at most `limit`). */
export function selectItemsOf(db: Db, userId: number, limit: number) {
  return db
    .select({
      id: items.id,
      title: items.title,
      type: items.type,
      status: items.status,
      hiddenReason: sql<string | null>`CASE WHEN ${items.hiddenAt} IS NOT NULL THEN ${items.hiddenReason} END`,
      createdAt: items.createdAt,
    })
    .from(items)
    .where(eq(items.userId, userId))
    .orderBy(desc(items.createdAt), desc(items.id))
    .limit(limit);
}

/** A person's sessions still in force. */
export function selectSessionsOf(db: Db, userId: number) {
  return db
    .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt, persistent: sessions.persistent })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.createdAt));
}

/** Accounts registered on browsers where this person had signed in (users_registered_from_idx), newest first. */
export function selectRegisteredFrom(db: Db, userId: number, limit: number) {
  return db
    .select({
      id: users.id,
      username: users.username,
      createdAt: users.createdAt,
      suspended: sql<boolean>`(${users.suspendedPermanently} OR coalesce(${users.suspendedUntil} > now(), false))`,
    })
    .from(users)
    .where(eq(users.registeredFromUserId, userId))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit);
}

// ---- Support answers ----

/** A support request's author and status, locked for the change. */
export async function selectSupportForReply(db: Db, id: number, lock = true) {
  const query = db
    .select({ userId: supportRequests.userId, status: supportRequests.status })
    .from(supportRequests)
    .where(eq(supportRequests.id, id))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** A status that follows the thread (resolvedAt is cleared: only an admin's "resolved" sets it). */
export async function setSupportStatus(db: Db, id: number, status: 'pending' | 'in_progress' | 'resolved'): Promise<void> {
  await db.update(supportRequests).set({ status, resolvedAt: null }).where(eq(supportRequests.id, id));
}

export async function insertReply(db: Db, values: typeof supportReplies.$inferInsert): Promise<void> {
  await db.insert(supportReplies).values(values);
}

/** The replies of these requests, oldest first. */
export function selectReplies(db: Db, requestIds: number[]) {
  if (requestIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: supportReplies.id,
      supportRequestId: supportReplies.supportRequestId,
      fromAdmin: supportReplies.fromAdmin,
      author: users.username,
      body: supportReplies.body,
      createdAt: supportReplies.createdAt,
    })
    .from(supportReplies)
    .leftJoin(users, eq(users.id, supportReplies.authorId))
    .where(inArray(supportReplies.supportRequestId, requestIds))
    .orderBy(supportReplies.supportRequestId, supportReplies.id);
}
