import {
  type Channel,
  CHANNELS,
  DEFAULT_PREFERENCES,
  type FailedDelivery,
  type MarkReadBody,
  type Notification,
  type NotificationList,
  NOTIFICATION_TYPES,
  type Preferences,
  type PreferencesAnswer,
  type UpdatePreferencesBody,
} from '#shared/notifications.js';
import type { Db } from '../../db/client.js';
import {
  countUnread,
  markRead,
  type NotificationRow,
  selectFailedDeliveries,
  selectNotifications,
  selectPreferences,
  upsertPreferences,
} from './repository.js';

export { noticeExpiringListings, pruneNotifications, selectDeliveryDetails } from './repository.js';
/** Opening a conversation reads what the bell said about it. */
export { markConversationRead as readConversationNotifications } from './repository.js';

const FAILED_LISTED_MAX = 100;

const toNotification = (r: NotificationRow): Notification => ({
  id: r.id,
  type: r.type,
  read: r.read,
  count: Number(r.count),
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  actor: r.actor_id === null ? null : { id: r.actor_id, username: r.actor_username ?? '' },
  item: r.item_id === null ? null : { id: r.item_id, title: r.item_title ?? '' },
  conversationId: r.conversation_id,
  supportRequest: r.support_request_id === null ? null : { id: r.support_request_id, status: r.support_status ?? '' },
});

/** A page of my notifications, latest first, with my unread count. */
export async function listNotifications(db: Db, me: number, page: number, limit: number): Promise<NotificationList> {
  const rows = await selectNotifications(db, me, (page - 1) * limit, limit);
  return {
    notifications: rows.slice(0, limit).map(toNotification),
    unreadCount: await countUnread(db, me),
    page,
    hasMore: rows.length > limit,
  };
}

export async function unreadNotifications(db: Db, me: number): Promise<{ unreadCount: number }> {
  return { unreadCount: await countUnread(db, me) };
}

/** Marks some of my notifications, or all, read; answers what is left unread. */
export async function markNotificationsRead(db: Db, me: number, body: MarkReadBody): Promise<{ unreadCount: number }> {
  await markRead(db, me, 'all' in body ? 'all' : body.ids);
  return unreadNotifications(db, me);
}

/** My preferences: every type and channel, my choice or the default; `shown` the channels Settings offers me. */
export async function getPreferences(db: Db, me: number, shown: Channel[] = ['app', 'email']): Promise<PreferencesAnswer> {
  // A copy per type: the defaults share one object between types.
  const preferences: Record<string, Record<string, string>> = Object.fromEntries(
    NOTIFICATION_TYPES.map((type) => [type, { ...DEFAULT_PREFERENCES[type] }]),
  );
  for (const row of await selectPreferences(db, me)) {
    const type = preferences[row.type];
    if (type && row.channel in type) type[row.channel] = row.mode;
  }
  return { channels: CHANNELS.filter((c) => shown.includes(c)), preferences: preferences as Preferences };
}

/** Changes the types and channels named; the rest stay as they are. */
export async function updatePreferences(db: Db, me: number, body: UpdatePreferencesBody, shown?: Channel[]): Promise<PreferencesAnswer> {
  const rows = NOTIFICATION_TYPES.flatMap((type) =>
    Object.entries(body.preferences[type] ?? {}).flatMap(([channel, mode]) => (mode === undefined ? [] : [{ type, channel, mode }])),
  );
  await upsertPreferences(db, me, rows);
  return getPreferences(db, me, shown);
}

/** The deliveries the worker gave up on, for the admins. */
export async function listFailedDeliveries(db: Db): Promise<{ deliveries: FailedDelivery[]; total: number }> {
  const { rows, total } = await selectFailedDeliveries(db, FAILED_LISTED_MAX);
  return {
    deliveries: rows.map((r) => ({
      id: r.id,
      channel: r.channel,
      type: r.type,
      user: r.user_id === null ? null : { id: r.user_id, username: r.username ?? '' },
      attempts: Number(r.attempts),
      lastError: r.last_error,
      createdAt: r.created_at,
      failedAt: r.failed_at,
    })),
    total,
  };
}
