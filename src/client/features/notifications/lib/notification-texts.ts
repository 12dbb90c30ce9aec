// A notification in words and as a link: where each kind leads (the conversation, the item, the
// support request) and what it says in the reader's language.
import type { MessageId } from '#shared/i18n.js';
import type { Notification } from '#shared/notifications.js';
import { type Channel, type ChannelMode, type NotificationType, notificationPath } from '#shared/notification-rules.js';
import { SUPPORT_STATUS_LABEL } from '#shared/support-labels.js';
import type { Translate } from '@/lib/i18n';

/** Where a notification leads (shared with the e-mails). */
export const entryHref = (n: Notification): string =>
  notificationPath({
    type: n.type,
    itemId: n.item?.id ?? null,
    conversationId: n.conversationId,
    supportRequestId: n.supportRequest?.id ?? null,
  });

const statusLabel = (t: Translate, status: string) =>
  Object.prototype.hasOwnProperty.call(SUPPORT_STATUS_LABEL, status)
    ? t(SUPPORT_STATUS_LABEL[status as keyof typeof SUPPORT_STATUS_LABEL])
    : status;

const ENTRY_TEXT = {
  message: 'notifications.entry.message',
  item_asked: 'notifications.entry.item_asked',
  item_promised: 'notifications.entry.item_promised',
  promise_withdrawn: 'notifications.entry.promise_withdrawn',
  item_gone: 'notifications.entry.item_gone',
  item_given_elsewhere: 'notifications.entry.item_given_elsewhere',
  listing_expiring: 'notifications.entry.listing_expiring',
  listing_expired: 'notifications.entry.listing_expired',
  alert_matched: 'notifications.entry.alert_matched',
  support_update: 'notifications.entry.support_update',
  thanks_received: 'notifications.entry.thanks_received',
  support_reply: 'notifications.entry.support_reply',
  moderation: 'notifications.entry.moderation',
} as const satisfies Record<NotificationType, MessageId>;

/**
 * The rows of the preferences in Settings: each sets the types it names together (a promise and its
 * withdrawal are one subject, as are an item promised and given to someone else, and a listing's
 * two notices).
 */
export const PREFERENCE_ROWS: readonly { types: readonly NotificationType[]; label: MessageId }[] = [
  { types: ['message'], label: 'notifications.settings.types.message' },
  { types: ['item_asked'], label: 'notifications.settings.types.item_asked' },
  { types: ['item_promised', 'promise_withdrawn'], label: 'notifications.settings.types.item_promised' },
  { types: ['item_gone', 'item_given_elsewhere'], label: 'notifications.settings.types.item_gone' },
  { types: ['listing_expiring', 'listing_expired'], label: 'notifications.settings.types.listing_expiring' },
  { types: ['alert_matched'], label: 'notifications.settings.types.alert_matched' },
  { types: ['support_update'], label: 'notifications.settings.types.support_update' },
  { types: ['thanks_received'], label: 'notifications.settings.types.thanks_received' },
  { types: ['support_reply'], label: 'notifications.settings.types.support_reply' },
  { types: ['moderation'], label: 'notifications.settings.types.moderation' },
];

export const MODE_TEXT = {
  on: 'notifications.settings.modes.on',
  off: 'notifications.settings.modes.off',
  instant: 'notifications.settings.modes.instant',
  daily: 'notifications.settings.modes.daily',
} as const satisfies Record<ChannelMode, MessageId>;

export const CHANNEL_TEXT = {
  app: 'notifications.settings.app',
  email: 'notifications.settings.email',
  push: 'notifications.settings.push',
} as const satisfies Record<Channel, MessageId>;

/** The sentence of a notification. */
export function entryText(t: Translate, n: Notification): string {
  return t(ENTRY_TEXT[n.type], {
    count: n.count,
    actor: n.actor?.username ?? t('notifications.entry.someone'),
    title: n.item?.title ?? '',
    status: n.supportRequest ? statusLabel(t, n.supportRequest.status) : '',
  });
}

/** The one action a notification's link offers besides opening: Renew for an expired listing. */
export const actionText = (t: Translate, n: Notification): string =>
  n.type === 'listing_expired' ? t('notifications.entry.renew') : t('notifications.entry.open');
