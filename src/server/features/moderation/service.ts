// The admins' graded actions (docs/decisions/025-moderation.md): each with a reason, written to the
// audit log and told to the person (a `moderation` notification), in one transaction.
import type { SessionUser } from '#shared/auth.js';
import * as supportPolicy from '#shared/policies/support.js';
import {
  type AdminPerson,
  MODERATION_LOG_CAP,
  MODERATION_MSG,
  type ModerationEntry,
  type MyModeration,
  type SupportReply,
} from '#shared/moderation.js';
import { PEOPLE_MSG } from '#shared/people.js';
import { ITEM_MSG } from '#shared/items.js';
import type { Db } from '../../db/client.js';
import { conflict, notFound } from '../../errors.js';
import { authorize } from '../../policies/index.js';
import { enqueue } from '../notifications/outbox.js';
import { reportsOfPerson } from '../reports/service.js';
import {
  type EntryRow,
  insertAction,
  insertReply,
  selectActions,
  selectItemForAction,
  selectItemsOf,
  selectNoticesOf,
  selectPerson,
  selectReplies,
  selectRegisteredFrom,
  selectSessionsOf,
  selectSupportForReply,
  setItemHidden,
  setSupportStatus,
  setSuspension,
} from './repository.js';
import { tellAdmins } from '../../users/repository.js';

/** Entries of a person's page, and notices of their Help page. */
const PERSON_LIST_CAP = 100;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const toEntry = (r: EntryRow): ModerationEntry => ({
  id: r.id,
  action: r.action,
  reason: r.reason,
  admin: r.admin,
  user: r.user,
  username: r.username,
  item: r.itemTitle === null ? null : { id: r.itemId, title: r.itemTitle },
  suspendedUntil: iso(r.suspendedUntil),
  createdAt: r.createdAt.toISOString(),
});

/** The audit log, newest first. */
export async function listActions(db: Db): Promise<ModerationEntry[]> {
  return (await selectActions(db, MODERATION_LOG_CAP)).map(toEntry);
}

/** Hides an item from everyone but its owner and the admins, or shows it again. */
export async function setHidden(db: Db, admin: SessionUser, itemId: number, hide: boolean, reason: string): Promise<void> {
  await db.transaction(async (tx) => {
    const item = await selectItemForAction(tx, itemId);
    if (!item) throw notFound(ITEM_MSG.notFound);
    if (hide && item.hiddenAt !== null) throw conflict(MODERATION_MSG.alreadyHidden);
    if (!hide && item.hiddenAt === null) throw conflict(MODERATION_MSG.notHidden);
    await setItemHidden(tx, itemId, hide ? reason : null);
    await insertAction(tx, {
      action: hide ? 'hide_item' : 'unhide_item',
      adminId: admin.id,
      userId: item.userId,
      itemId,
      username: item.username,
      itemTitle: item.title,
      reason,
    });
    await enqueue(tx, [{ type: 'moderation', recipientId: item.userId, itemId }]);
  });
}

/** A person this admin may warn or suspend (users.moderate: anyone but an admin). */
async function moderatedPerson(db: Db, admin: SessionUser, userId: number) {
  const person = await selectPerson(db, { id: userId });
  if (!person) throw notFound(PEOPLE_MSG.userNotFound);
  authorize(admin, 'user:moderate', person);
  return person;
}

/** A warning: a record and a notification, nothing else changes. */
export async function warn(db: Db, admin: SessionUser, userId: number, reason: string): Promise<void> {
  const person = await moderatedPerson(db, admin, userId);
  await db.transaction(async (tx) => {
    await insertAction(tx, { action: 'warn', adminId: admin.id, userId, username: person.username, reason });
    await enqueue(tx, [{ type: 'moderation', recipientId: userId }]);
  });
}

/** Suspends a person for `days` days or permanently, until lifted (a new suspension replaces one in force). */
export async function suspend(db: Db, admin: SessionUser, userId: number, length: number | 'permanent', reason: string): Promise<void> {
  const person = await moderatedPerson(db, admin, userId);
  await db.transaction(async (tx) => {
    // The log's entry of a permanent one has no end.
    const until = await setSuspension(tx, userId, length, reason);
    await insertAction(tx, { action: 'suspend', adminId: admin.id, userId, username: person.username, reason, suspendedUntil: until });
    await enqueue(tx, [{ type: 'moderation', recipientId: userId }]);
  });
}

/** Lifts a suspension in force. */
export async function liftSuspension(db: Db, admin: SessionUser, userId: number, reason: string): Promise<void> {
  const person = await selectPerson(db, { id: userId });
  if (!person) throw notFound(PEOPLE_MSG.userNotFound);
  if (!person.suspendedUntil && !person.suspendedPermanently) throw conflict(MODERATION_MSG.notSuspended);
  await db.transaction(async (tx) => {
    await setSuspension(tx, userId, null, null);
    await insertAction(tx, { action: 'lift_suspension', adminId: admin.id, userId, username: person.username, reason });
    await enqueue(tx, [{ type: 'moderation', recipientId: userId }]);
  });
}

/** What an admin's deletion is about, read before it happens (the log keeps the names). */
export async function deletionSubject(db: Db, what: { itemId: number } | { userId: number }) {
  if ('itemId' in what) {
    const item = await selectItemForAction(db, what.itemId);
    return item && { userId: item.userId, username: item.username, itemId: item.id, itemTitle: item.title };
  }
  const person = await selectPerson(db, { id: what.userId });
  return person && { userId: person.id, username: person.username, itemId: null, itemTitle: null };
}

/**
 * Records an admin's deletion, after it happened. An item's owner is told (the notice on their Help
 * page says which item and why); a deleted account has nobody left to tell.
 */
export async function recordDeletion(
  db: Db,
  admin: SessionUser,
  subject: NonNullable<Awaited<ReturnType<typeof deletionSubject>>>,
  reason: string | null,
): Promise<void> {
  const isItem = subject.itemTitle !== null;
  await db.transaction(async (tx) => {
    await insertAction(tx, {
      action: isItem ? 'delete_item' : 'delete_user',
      adminId: admin.id,
      // The person is gone after a deletion of the account: the name stays in the entry.
      userId: isItem ? subject.userId : null,
      username: subject.username,
      itemTitle: subject.itemTitle,
      reason,
    });
    if (isItem && subject.userId !== admin.id) await enqueue(tx, [{ type: 'moderation', recipientId: subject.userId }]);
  });
}

/** The Help page's notices: one's suspension in force, and the actions on one's account and items. */
export async function myModeration(db: Db, userId: number): Promise<MyModeration> {
  const [person, notices] = await Promise.all([selectPerson(db, { id: userId }), selectNoticesOf(db, userId, PERSON_LIST_CAP)]);
  return {
    suspendedUntil: iso(person?.suspendedUntil ?? null),
    suspendedPermanently: person?.suspendedPermanently ?? false,
    suspensionReason: person?.suspendedUntil || person?.suspendedPermanently ? person.suspensionReason : null,
    notices: notices.map((n) => ({
      id: n.id,
      action: n.action,
      reason: n.reason,
      item: n.itemTitle === null ? null : { id: n.itemId, title: n.itemTitle },
      suspendedUntil: iso(n.suspendedUntil),
      createdAt: n.createdAt.toISOString(),
    })),
  };
}

/** Everything the admins need about one person, by name (any letter case; hidden accounts too). */
export async function adminPerson(db: Db, username: string): Promise<AdminPerson> {
  const person = await selectPerson(db, { username });
  if (!person) throw notFound(PEOPLE_MSG.userNotFound);
  const [items, by, about, actions, sessions, registeredOnDevices] = await Promise.all([
    selectItemsOf(db, person.id, PERSON_LIST_CAP),
    reportsOfPerson(db, person.id, 'by', PERSON_LIST_CAP),
    reportsOfPerson(db, person.id, 'about', PERSON_LIST_CAP),
    selectActions(db, PERSON_LIST_CAP, person.id),
    selectSessionsOf(db, person.id),
    selectRegisteredFrom(db, person.id, PERSON_LIST_CAP),
  ]);
  return {
    user: {
      id: person.id,
      username: person.username,
      isAdmin: person.isAdmin,
      isVisible: person.isVisible,
      phoneNumber: person.phoneNumber,
      isPhoneVerified: person.isPhoneVerified,
      createdAt: person.createdAt.toISOString(),
      suspendedUntil: iso(person.suspendedUntil),
      suspendedPermanently: person.suspendedPermanently,
      suspensionReason: person.suspendedUntil || person.suspendedPermanently ? person.suspensionReason : null,
      registeredFrom:
        person.registeredFromId !== null && person.registeredFromUsername !== null
          ? { id: person.registeredFromId, username: person.registeredFromUsername }
          : null,
    },
    registeredOnDevices: registeredOnDevices.map((a) => ({ ...a, createdAt: a.createdAt.toISOString() })),
    items: items.map((i) => ({ ...i, createdAt: i.createdAt.toISOString() })),
    reportsBy: by,
    reportsAbout: about,
    actions: actions.map(toEntry),
    sessions: sessions.map((s) => ({
      createdAt: s.createdAt.toISOString(),
      expiresAt: s.expiresAt.toISOString(),
      persistent: s.persistent,
    })),
  };
}

/** The id of a person by name, or 404. */
export async function personId(db: Db, username: string): Promise<number> {
  const person = await selectPerson(db, { username });
  if (!person) throw notFound(PEOPLE_MSG.userNotFound);
  return person.id;
}

// ---- Support answers ----

/**
 * Adds to a support request's thread. An admin's answer moves a pending request to in progress and
 * tells its author (`support_reply`); the author's follow-up puts it back to pending (the team has
 * something to read). Only the author and the admins may write; anyone else gets 404.
 */
export async function replyToSupport(db: Db, me: SessionUser, requestId: number, body: string): Promise<SupportReply[]> {
  await db.transaction(async (tx) => {
    const request = await selectSupportForReply(tx, requestId);
    if (!request) throw notFound(PEOPLE_MSG.supportNotFound);
    authorize(me, 'support:see', request);
    const fromAdmin = supportPolicy.answerAsTeam(me, request);
    await insertReply(tx, { supportRequestId: requestId, authorId: me.id, fromAdmin, body });
    const status = fromAdmin ? (request.status === 'pending' ? 'in_progress' : request.status) : 'pending';
    if (status !== request.status) await setSupportStatus(tx, requestId, status);
    if (fromAdmin && request.userId !== null) {
      await enqueue(tx, [{ type: 'support_reply', recipientId: request.userId, actorId: me.id, supportRequestId: requestId }]);
    }
    await tellAdmins(tx, 'support');
  });
  return supportThread(db, me, requestId);
}

/** A request's thread, oldest first, for its author or an admin (404 for anyone else). */
export async function supportThread(db: Db, me: SessionUser, requestId: number): Promise<SupportReply[]> {
  const request = await selectSupportForReply(db, requestId, false);
  if (!request) throw notFound(PEOPLE_MSG.supportNotFound);
  authorize(me, 'support:see', request);
  return (await selectReplies(db, [requestId])).map(toReply);
}

const toReply = (r: Awaited<ReturnType<typeof selectReplies>>[number]): SupportReply => ({
  id: r.id,
  fromAdmin: r.fromAdmin,
  author: r.author,
  body: r.body,
  createdAt: r.createdAt.toISOString(),
});

/** The threads of these requests, by request id. */
export async function threadsOf(db: Db, requestIds: number[]): Promise<Map<number, SupportReply[]>> {
  const out = new Map<number, SupportReply[]>();
  for (const r of await selectReplies(db, requestIds)) {
    const list = out.get(r.supportRequestId) ?? [];
    list.push(toReply(r));
    out.set(r.supportRequestId, list);
  }
  return out;
}
