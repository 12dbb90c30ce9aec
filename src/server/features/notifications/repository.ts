import { type SQL, and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { EXPIRY_NOTICE_DAYS, type NotificationType } from '#shared/notification-rules.js';
import { type Db, queryRows } from '../../db/client.js';
import { notificationDeliveries, notificationEvents, notificationPreferences, notifications } from '../../db/schema.js';
import { publish } from '../../plugins/live.js';
import { enqueueFromRows } from './outbox.js';

// Raw rows carry timestamps in each driver's own text form; ISO 8601 in UTC from SQL is the same on both.
const iso = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

// ---- The in-app list --------------------------------------------------------------------------

export interface NotificationRow {
  id: number;
  type: NotificationType;
  read: boolean;
  count: number;
  created_at: string;
  updated_at: string;
  actor_id: number | null;
  actor_username: string | null;
  item_id: number | null;
  item_title: string | null;
  conversation_id: number | null;
  support_request_id: number | null;
  support_status: string | null;
}

/** A page of my notifications, latest event first (one more than asked: whether there are more). */
export async function selectNotifications(db: Db, userId: number, offset: number, limit: number): Promise<NotificationRow[]> {
  return queryRows<NotificationRow>(
    db,
    sql`SELECT n.id, n.type, (n.read_at IS NOT NULL) AS read, n.count,
               ${iso('n.created_at')} AS created_at, ${iso('n.updated_at')} AS updated_at,
               a.id AS actor_id, a.username AS actor_username, i.id AS item_id, i.title AS item_title,
               n.conversation_id, s.id AS support_request_id, s.status AS support_status
          FROM notifications n
          LEFT JOIN users a ON a.id = n.actor_id
          LEFT JOIN items i ON i.id = n.item_id
          LEFT JOIN support_requests s ON s.id = n.support_request_id
         WHERE n.user_id = ${userId}
         ORDER BY n.updated_at DESC, n.id DESC
         LIMIT ${limit + 1} OFFSET ${offset}`,
  );
}

/** How many of my notifications are unread (the bell): a range of the partial unread index. */
export async function countUnread(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

/** Marks some of my notifications (others' ids are ignored), or all of them, read. */
export async function markRead(db: Db, userId: number, ids: number[] | 'all'): Promise<void> {
  const read = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), ids === 'all' ? undefined : inArray(notifications.id, ids)))
    .returning({ id: notifications.id });
  // My other tabs' bells follow.
  if (read.length > 0) await publish(db, [userId], 'notification', { read: read.length });
}

/** Marks my unread entries about one conversation read (I opened it). A range of the unread-conversation index; usually no row. */
export async function markConversationRead(db: Db, userId: number, conversationId: number): Promise<void> {
  const read = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), eq(notifications.conversationId, conversationId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  if (read.length > 0) await publish(db, [userId], 'notification', { read: read.length });
}

// ---- Preferences ------------------------------------------------------------------------------

export interface PreferenceRow {
  type: string;
  channel: string;
  mode: string;
}

export async function selectPreferences(db: Db, userId: number, type?: NotificationType): Promise<PreferenceRow[]> {
  return db
    .select({ type: notificationPreferences.type, channel: notificationPreferences.channel, mode: notificationPreferences.mode })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, userId), type ? eq(notificationPreferences.type, type) : undefined));
}

export async function upsertPreferences(
  db: Db,
  userId: number,
  rows: { type: NotificationType; channel: string; mode: string }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(notificationPreferences)
    .values(rows.map((r) => ({ userId, ...r })))
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.type, notificationPreferences.channel],
      set: { mode: sql`excluded.mode` },
    });
}

// ---- Listing sweeps ---------------------------------------------------------------------------

/**
 * Listed items whose expiry is within EXPIRY_NOTICE_DAYS and whose owner was not yet told of this
 * expiry: marked told and told (listing_expiring) in one statement. A renewal moves expires_at, so
 * the next period is told again.
 */
export async function noticeExpiringListings(db: Db): Promise<number> {
  const [row] = await queryRows<{ told: number }>(
    db,
    sql`WITH source AS (
          UPDATE items SET expiry_notice_for = expires_at
           WHERE status = 'available' AND expires_at > now()
             AND expires_at <= now() + make_interval(days => ${EXPIRY_NOTICE_DAYS})
             AND expiry_notice_for IS DISTINCT FROM expires_at
          RETURNING id AS item_id, user_id AS recipient_id, expires_at
        ), told AS (${enqueueFromRows('listing_expiring', true)})
        SELECT count(*)::int AS told FROM source`,
  );
  return Number(row?.told ?? 0);
}

// ---- The worker: events ----------------------------------------------------------------------

export type EventRow = typeof notificationEvents.$inferSelect;

/** Due events, oldest first, locked for this transaction; rows another worker holds are skipped. */
export async function claimEvents(tx: Db, limit: number): Promise<EventRow[]> {
  return tx
    .select()
    .from(notificationEvents)
    .where(and(isNull(notificationEvents.failedAt), sql`${notificationEvents.nextAttemptAt} <= now()`))
    .orderBy(notificationEvents.nextAttemptAt, notificationEvents.id)
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function deleteEvent(tx: Db, id: number): Promise<void> {
  await tx.delete(notificationEvents).where(eq(notificationEvents.id, id));
}

/** An event whose processing failed: tried again after `retryInMs`, or given up (kept, visible) when `giveUp`. */
export async function recordEventFailure(tx: Db, id: number, error: string, retryInMs: number, giveUp: boolean): Promise<void> {
  await tx
    .update(notificationEvents)
    .set({
      attempts: sql`${notificationEvents.attempts} + 1`,
      lastError: error,
      nextAttemptAt: sql`now() + make_interval(secs => ${retryInMs / 1000})`,
      failedAt: giveUp ? sql`now()` : null,
    })
    .where(eq(notificationEvents.id, id));
}

/**
 * Takes a key-share lock on every row the event refers to (the rows its notification and deliveries
 * will reference), skipping rows another transaction holds. False when one is held: a deletion of
 * the person, item, conversation or request is under way (it locks that row, then waits for this
 * event's row to cascade into it). The worker then leaves the event for a later round instead of
 * waiting: waiting here, while holding the event, would deadlock with that deletion.
 */
export async function lockSubjects(tx: Db, event: EventRow): Promise<boolean> {
  const wanted: [string, (number | null)[]][] = [
    ['users', [event.recipientId, event.actorId]],
    ['items', [event.itemId]],
    ['conversations', [event.conversationId]],
    ['support_requests', [event.supportRequestId]],
  ];
  for (const [table, maybeIds] of wanted) {
    const ids = [...new Set(maybeIds.filter((id): id is number => id !== null))];
    if (ids.length === 0) continue;
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`SELECT id FROM ${sql.identifier(table)} WHERE id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) FOR KEY SHARE SKIP LOCKED`,
    );
    if (rows.length < ids.length) return false;
  }
  return true;
}

/** Whether one of two users has blocked the other. */
export async function blockedBetween(db: Db, a: number, b: number): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`SELECT 1 AS one FROM user_blocks
         WHERE (blocker_id = ${a} AND blocked_id = ${b}) OR (blocker_id = ${b} AND blocked_id = ${a}) LIMIT 1`,
  );
  return rows.length > 0;
}

/**
 * Whether a listing event still says something true when it is delivered: "expires in 3 days" only
 * while it is listed with that same expiry (not renewed, given or removed since); "has expired" only
 * while it is expired.
 */
export async function listingEventStands(db: Db, event: EventRow): Promise<boolean> {
  if (event.itemId === null) return false;
  const [row] = await queryRows<{ stands: boolean }>(
    db,
    event.type === 'listing_expiring'
      ? // Compared with the event's own column: a JavaScript Date would lose the microseconds.
        sql`SELECT (i.status = 'available' AND i.expires_at = e.expires_at) AS stands
              FROM items i JOIN notification_events e ON e.id = ${event.id} WHERE i.id = ${event.itemId}`
      : sql`SELECT (status = 'expired' OR (status = 'available' AND expires_at <= now())) AS stands FROM items WHERE id = ${event.itemId}`,
  );
  return row?.stands === true;
}

/**
 * The in-app entry of an event. Events about one conversation of the same type are one unread entry:
 * a new one adds to its count and moves it to the top, until the entry is read.
 */
export async function insertInAppNotification(tx: Db, event: EventRow): Promise<void> {
  await tx.execute(
    sql`INSERT INTO notifications (user_id, type, actor_id, item_id, conversation_id, support_request_id)
        VALUES (${event.recipientId}, ${event.type}, ${event.actorId}, ${event.itemId}, ${event.conversationId}, ${event.supportRequestId})
        ON CONFLICT (user_id, type, conversation_id) WHERE read_at IS NULL AND conversation_id IS NOT NULL
        DO UPDATE SET count = notifications.count + 1, updated_at = now(), actor_id = excluded.actor_id`,
  );
  // The recipient's open pages (bell, list) fetch anew when this commits.
  await publish(tx, [event.recipientId], 'notification', { type: event.type });
}

export async function insertDeliveries(tx: Db, event: EventRow, channels: { channel: string; mode: string }[]): Promise<void> {
  if (channels.length === 0) return;
  await tx.insert(notificationDeliveries).values(
    channels.map(({ channel, mode }) => ({
      channel,
      mode,
      userId: event.recipientId,
      type: event.type,
      actorId: event.actorId,
      itemId: event.itemId,
      conversationId: event.conversationId,
      supportRequestId: event.supportRequestId,
    })),
  );
}

// ---- The worker: deliveries of the other channels ---------------------------------------------

export type DeliveryRow = typeof notificationDeliveries.$inferSelect;

/**
 * Claims due deliveries of these channels: each is leased to this worker until `leaseMs` from now
 * (its attempt counted), in one short statement, so the sending itself holds no lock or transaction.
 * Another worker skips rows being claimed and sees leased ones as not due.
 */
export async function claimDeliveries(db: Db, channels: string[], limit: number, leaseMs: number): Promise<DeliveryRow[]> {
  if (channels.length === 0) return [];
  const due = db
    .select({ id: notificationDeliveries.id })
    .from(notificationDeliveries)
    .where(
      and(
        eq(notificationDeliveries.status, 'pending'),
        inArray(notificationDeliveries.channel, channels),
        sql`${notificationDeliveries.nextAttemptAt} <= now()`,
      ),
    )
    .orderBy(notificationDeliveries.nextAttemptAt, notificationDeliveries.id)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(notificationDeliveries)
    .set({
      attempts: sql`${notificationDeliveries.attempts} + 1`,
      nextAttemptAt: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
      updatedAt: sql`now()`,
    })
    .where(inArray(notificationDeliveries.id, due))
    .returning();
}

type Outcome =
  { status: 'sent' | 'dropped' } | { status: 'failed'; error: string } | { retryInMs: number; error?: string; countAttempt: boolean };

/**
 * Records how an attempt went: sent, dropped, given up, or due again later. Only a pending row: one
 * a channel already settled (sent together with another, e-mail's coalescing) stays as it is.
 */
export async function settleDelivery(db: Db, id: number, outcome: Outcome): Promise<void> {
  const set =
    'status' in outcome
      ? { status: outcome.status, ...(outcome.status === 'failed' ? { lastError: outcome.error } : {}) }
      : {
          nextAttemptAt: sql`now() + make_interval(secs => ${outcome.retryInMs / 1000})`,
          ...(outcome.error === undefined ? {} : { lastError: outcome.error }),
          ...(outcome.countAttempt ? {} : { attempts: sql`${notificationDeliveries.attempts} - 1` }),
        };
  await db
    .update(notificationDeliveries)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(notificationDeliveries.id, id), eq(notificationDeliveries.status, 'pending')));
}

export interface FailedDeliveryRow {
  id: number;
  channel: string;
  type: NotificationType;
  user_id: number | null;
  username: string | null;
  attempts: number;
  last_error: string | null;
  created_at: string;
  failed_at: string;
}

/** Deliveries given up, newest first, for the admins (at most `limit`), and how many there are. */
export async function selectFailedDeliveries(db: Db, limit: number): Promise<{ rows: FailedDeliveryRow[]; total: number }> {
  const rows = await queryRows<FailedDeliveryRow>(
    db,
    sql`SELECT d.id, d.channel, d.type, u.id AS user_id, u.username, d.attempts, d.last_error,
               ${iso('d.created_at')} AS created_at, ${iso('d.updated_at')} AS failed_at
          FROM notification_deliveries d
          LEFT JOIN users u ON u.id = d.user_id
         WHERE d.status = 'failed'
         ORDER BY d.updated_at DESC, d.id DESC
         LIMIT ${limit}`,
  );
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notificationDeliveries)
    .where(eq(notificationDeliveries.status, 'failed'));
  return { rows, total: Number(count?.n ?? 0) };
}

// ---- Pruning ----------------------------------------------------------------------------------

const PRUNE_BATCH = 5000;

/** Deletes, a batch at a time (short locks), the rows `pick` (a select of ids) names, until none is left. */
async function deleteInBatches(db: Db, table: 'notifications' | 'notification_deliveries', pick: SQL): Promise<number> {
  let total = 0;
  for (;;) {
    const rows = await queryRows<{ id: number }>(
      db,
      sql`DELETE FROM ${sql.identifier(table)} WHERE id IN (${pick} LIMIT ${PRUNE_BATCH}) RETURNING id`,
    );
    total += rows.length;
    if (rows.length < PRUNE_BATCH) return total;
  }
}

/**
 * Removes bell entries without news for `keepDays`, read or not, and deliveries of other channels
 * settled (sent, dropped, failed) that long ago; pending ones are never removed (by the
 * notifications_updated_at_idx and notification_deliveries_settled_idx indexes).
 */
export async function pruneNotifications(db: Db, keepDays: number): Promise<{ notifications: number; deliveries: number }> {
  const before = sql`now() - make_interval(days => ${keepDays})`;
  return {
    notifications: await deleteInBatches(db, 'notifications', sql`SELECT id FROM notifications WHERE updated_at < ${before}`),
    deliveries: await deleteInBatches(
      db,
      'notification_deliveries',
      sql`SELECT id FROM notification_deliveries WHERE status <> 'pending' AND updated_at < ${before}`,
    ),
  };
}

// ---- The e-mail channel -----------------------------------------------------------------------

export interface MailRecipient {
  email: string | null;
  verified: boolean;
  language: string | null;
}

export async function selectMailRecipient(db: Db, userId: number): Promise<MailRecipient | undefined> {
  const [row] = await queryRows<{ email: string | null; verified: boolean; language: string | null }>(
    db,
    sql`SELECT email, is_email_verified AS verified, language FROM users WHERE id = ${userId}`,
  );
  return row;
}

export async function deliveryIsPending(db: Db, id: number): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`SELECT 1 AS one FROM notification_deliveries WHERE id = ${id} AND status = 'pending'`,
  );
  return rows.length > 0;
}

/** Conversation news that e-mail coalesces: the first question and the messages after it. */
export const CONVERSATION_TYPES = ['message', 'item_asked'] as const;
const conversationTypes = sql.raw(CONVERSATION_TYPES.map((t) => `'${t}'`).join(', '));

/**
 * When the e-mail of this person's news about this conversation is due: a window after its first
 * waiting news. One time for the whole burst, so its rows come due together and go in one mail; news
 * after a mail starts a window of its own (rows another process had leased when a mail went, and so
 * were not in it, are past their window already and go at once).
 */
export async function conversationMailDueAt(db: Db, userId: number, conversationId: number, windowMs: number): Promise<Date> {
  const [row] = await queryRows<{ at: string }>(
    db,
    sql`SELECT ${iso(`(min(created_at) + make_interval(secs => ${windowMs / 1000}))`)} AS at
          FROM notification_deliveries
         WHERE user_id = ${userId} AND conversation_id = ${conversationId} AND channel = 'email'
           AND status = 'pending' AND mode = 'instant' AND type IN (${conversationTypes})`,
  );
  return new Date(row!.at);
}

/** When this person's next digest is due: a digest period after the first news it holds, and after the previous digest. */
export async function digestDueAt(db: Db, userId: number, digestHours: number): Promise<Date> {
  const [row] = await queryRows<{ at: string }>(
    db,
    sql`SELECT ${iso(`(greatest(
                min(created_at) FILTER (WHERE status = 'pending'), max(updated_at) FILTER (WHERE status = 'sent')
              ) + make_interval(hours => ${Number(digestHours)}))`)} AS at
          FROM notification_deliveries WHERE user_id = ${userId} AND channel = 'email' AND mode = 'daily'`,
  );
  return row?.at ? new Date(row.at) : new Date();
}

/** One delivery with what its message names (as a mail's rows), and the recipient's language: for channels that send each alone (push). */
export async function selectDeliveryDetails(db: Db, id: number): Promise<(TakenDelivery & { language: string | null }) | undefined> {
  const [row] = await queryRows<TakenDelivery & { language: string | null }>(
    db,
    sql`SELECT d.id, d.type, 'sent' AS status, a.username AS actor_username, d.item_id, i.title AS item_title,
               d.conversation_id, d.support_request_id, s.status AS support_status, u.language
          FROM notification_deliveries d
          JOIN users u ON u.id = d.user_id
          LEFT JOIN users a ON a.id = d.actor_id
          LEFT JOIN items i ON i.id = d.item_id
          LEFT JOIN support_requests s ON s.id = d.support_request_id
         WHERE d.id = ${id}`,
  );
  return row;
}

/** A delivery one mail took, with what the mail names (the in-app row's columns). */
export type TakenDelivery = Pick<
  NotificationRow,
  'id' | 'type' | 'actor_username' | 'item_id' | 'item_title' | 'conversation_id' | 'support_request_id' | 'support_status'
> & { status: 'sent' | 'dropped' };

/**
 * Takes the pending e-mail deliveries one mail will cover, settling them in one statement: those of
 * this person in `mine`'s mode (just `mine`; all of them, a digest; or those of one conversation) that nobody else holds — due and not
 * leased, or leased by the same claim as `mine` (same lease end and claim time: this worker's batch).
 * A row another worker leased is left to it, so no delivery is taken twice. One whose actor is now
 * blocked either way is dropped. Answers the taken rows, oldest first, with what the mail names.
 */
export async function takeDeliveries(
  db: Db,
  mine: DeliveryRow,
  scope: 'one' | 'digest' | { conversationId: number },
): Promise<TakenDelivery[]> {
  const which =
    scope === 'one'
      ? sql`d.id = ${mine.id}`
      : scope === 'digest'
        ? sql`TRUE`
        : sql`d.conversation_id = ${scope.conversationId} AND d.type IN (${conversationTypes})`;
  return queryRows<TakenDelivery>(
    db,
    sql`WITH me AS (SELECT updated_at, next_attempt_at FROM notification_deliveries WHERE id = ${mine.id}),
        taken AS (
          UPDATE notification_deliveries d
             SET status = CASE WHEN EXISTS (
                   SELECT 1 FROM user_blocks b
                    WHERE (b.blocker_id = d.actor_id AND b.blocked_id = d.user_id) OR (b.blocker_id = d.user_id AND b.blocked_id = d.actor_id)
                 ) THEN 'dropped' ELSE 'sent' END,
                 updated_at = now()
            FROM me
           WHERE d.user_id = ${mine.userId} AND d.channel = 'email' AND d.status = 'pending' AND d.mode = ${mine.mode}
             AND ${which}
             AND (d.next_attempt_at <= now() OR (d.updated_at = me.updated_at AND d.next_attempt_at = me.next_attempt_at))
          RETURNING d.id, d.type, d.status, d.actor_id, d.item_id, d.conversation_id, d.support_request_id
        )
        SELECT t.id, t.type, t.status, a.username AS actor_username, t.item_id, i.title AS item_title,
               t.conversation_id, t.support_request_id, s.status AS support_status
          FROM taken t
          LEFT JOIN users a ON a.id = t.actor_id
          LEFT JOIN items i ON i.id = t.item_id
          LEFT JOIN support_requests s ON s.id = t.support_request_id
         ORDER BY t.id`,
  );
}

/** Puts deliveries a mail failed to carry back to pending, due again in `retryInMs` (their own attempt is not counted). */
export async function releaseDeliveries(db: Db, ids: number[], retryInMs: number): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(notificationDeliveries)
    .set({ status: 'pending', nextAttemptAt: sql`now() + make_interval(secs => ${retryInMs / 1000})`, updatedAt: sql`now()` })
    .where(inArray(notificationDeliveries.id, ids));
}
