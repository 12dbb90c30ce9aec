// The notifications' types, channels and defaults, without zod (shared/notifications.ts has the
// schemas): the navigation bar's bell imports the poll interval from here on every page.
import type { MessageId } from './i18n.js';

/**
 * What a person can be told about (docs/product.md, Notifications). `alert_matched` is defined for
 * saved alerts; their feature writes it.
 */
export const NOTIFICATION_TYPES = [
  'message',
  'item_asked',
  'item_promised',
  'promise_withdrawn',
  'item_gone',
  'item_given_elsewhere',
  'listing_expiring',
  'listing_expired',
  'alert_matched',
  'support_update',
  'thanks_received',
  'support_reply',
  'moderation',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * Where a notification can go. `app` is the bell and /notifications, written by the worker itself;
 * every other channel gets delivery rows that its implementation sends: e-mail, and Web Push to the
 * devices a person turned it on for (docs/decisions/020-web-push.md).
 */
export const CHANNELS = ['app', 'email', 'push'] as const;
export type Channel = (typeof CHANNELS)[number];

/** How a channel may be set for one type: the app on or off; e-mail at once, in a daily digest, or off; push at once or off. */
export const CHANNEL_MODES = {
  app: ['on', 'off'],
  email: ['instant', 'daily', 'off'],
  push: ['instant', 'off'],
} as const satisfies Record<Channel, readonly string[]>;
export type ChannelMode<C extends Channel = Channel> = (typeof CHANNEL_MODES)[C][number];
export type Preferences = Record<NotificationType, { [C in Channel]: ChannelMode<C> }>;

const ON_AND_AT_ONCE = { app: 'on', email: 'instant', push: 'instant' } as const;

/**
 * What a person gets until they change it in Settings: everything in the app, by e-mail and by push
 * (on the devices they turned it on for); alerts by e-mail once a day and not by push.
 */
export const DEFAULT_PREFERENCES: Preferences = {
  message: ON_AND_AT_ONCE,
  item_asked: ON_AND_AT_ONCE,
  item_promised: ON_AND_AT_ONCE,
  promise_withdrawn: ON_AND_AT_ONCE,
  item_gone: ON_AND_AT_ONCE,
  item_given_elsewhere: ON_AND_AT_ONCE,
  listing_expiring: ON_AND_AT_ONCE,
  listing_expired: ON_AND_AT_ONCE,
  alert_matched: { app: 'on', email: 'daily', push: 'off' },
  support_update: ON_AND_AT_ONCE,
  thanks_received: { app: 'on', email: 'instant', push: 'off' },
  support_reply: ON_AND_AT_ONCE,
  moderation: { app: 'on', email: 'instant', push: 'off' },
};

/** A delivery row's state: waiting (or being sent), sent, given up after its attempts, or dropped (its thing went, or a block came). */
export const DELIVERY_STATUSES = ['pending', 'sent', 'failed', 'dropped'] as const;

/** Days before a listing's expiry that its owner is told (once per listing period). */
export const EXPIRY_NOTICE_DAYS = 3;
/** How often the open /notifications page asks for its list (until live updates push it). */
export const NOTIFICATIONS_POLL_MS = 30_000;
/** Notifications a page of /notifications lists. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
/** Ids one mark-read request may name. */
export const MARK_READ_IDS_MAX = 100;

export const NOTIFICATION_MSG = {
  idsInvalid: 'notifications.api.idsInvalid',
  readBody: 'notifications.api.readBody',
  preferencesInvalid: 'notifications.api.preferencesInvalid',
  pageInvalid: 'notifications.api.pageInvalid',
} as const satisfies Record<string, MessageId>;

/**
 * Where a notification leads (the in-app list and the e-mails alike): the conversation it is about,
 * else the item (listings: to renew it), else the help page's requests.
 */
export function notificationPath(n: {
  type: NotificationType;
  itemId: number | null;
  conversationId: number | null;
  supportRequestId: number | null;
}): string {
  if (n.type === 'listing_expiring' || n.type === 'listing_expired') return n.itemId !== null ? `/items/${n.itemId}` : '/my-items';
  if (n.type === 'moderation' && n.itemId === null) return '/help';
  if (n.conversationId !== null) return `/messages/${n.conversationId}`;
  if (n.itemId !== null) return `/items/${n.itemId}`;
  if (n.supportRequestId !== null) return '/help';
  return '/notifications';
}
