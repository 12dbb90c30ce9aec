// The e-mail channel of notifications (docs/decisions/014-notifications-outbox.md, "The e-mail
// channel"): one mail per notification to the person's verified address, in their language, with a
// link to what it is about and a one-click unsubscribe from that kind of news; news about one
// conversation waits out a window from its first news and goes as one mail; `daily` news waits
// for the person's digest.
import type { FastifyInstance } from 'fastify';
import { NOTIFICATION_TYPES, type NotificationType, notificationPath } from '#shared/notification-rules.js';
import { SUPPORT_STATUS_LABEL } from '#shared/support-labels.js';
import { DEFAULT_LANGUAGE, type Language, languageOrUndefined, type Message, type MessageId } from '#shared/i18n.js';
import type { Db } from '../../db/client.js';
import { translate } from '../../i18n.js';
import { composeMail } from '../../mail/compose.js';
import { unsubscribeLinks } from '../../mail/unsubscribe.js';
import { siteOrigin } from '../../plugins/client.js';
import type { MailSender } from '../../plugins/mail.js';
import {
  CONVERSATION_TYPES,
  deliveryIsPending,
  digestDueAt,
  conversationMailDueAt,
  releaseDeliveries,
  selectMailRecipient,
  type TakenDelivery,
  takeDeliveries,
  upsertPreferences,
} from './repository.js';
import { type DeliveryRow, type NotificationChannel, preferencesFor } from './worker.js';

const ENTRY = {
  message: 'server.mail.notifications.entry.message',
  item_asked: 'server.mail.notifications.entry.item_asked',
  item_promised: 'server.mail.notifications.entry.item_promised',
  promise_withdrawn: 'server.mail.notifications.entry.promise_withdrawn',
  item_gone: 'server.mail.notifications.entry.item_gone',
  item_given_elsewhere: 'server.mail.notifications.entry.item_given_elsewhere',
  listing_expiring: 'server.mail.notifications.entry.listing_expiring',
  listing_expired: 'server.mail.notifications.entry.listing_expired',
  alert_matched: 'server.mail.notifications.entry.alert_matched',
  support_update: 'server.mail.notifications.entry.support_update',
  thanks_received: 'server.mail.notifications.entry.thanks_received',
  support_reply: 'server.mail.notifications.entry.support_reply',
  moderation: 'server.mail.notifications.entry.moderation',
} as const satisfies Record<NotificationType, MessageId>;

const TEXT = {
  someone: 'server.mail.notifications.someone',
  open: 'server.mail.notifications.open',
  digestSubject: 'server.mail.notifications.digestSubject',
  digestIntro: 'server.mail.notifications.digestIntro',
} as const satisfies Record<string, MessageId>;

/** The unsubscribe topic of one notification type's e-mails: its handler turns that type's e-mail off. */
const notificationTopic = (type: NotificationType) => `notify-${type}`;
/** The unsubscribe topic of the daily digest (which may tell of several types): every type it carries goes off by e-mail. */
const DIGEST_TOPIC = 'notify-digest';

export interface EmailChannelOptions {
  db: Db;
  mail: MailSender;
  /** PUBLIC_URL: the links' origin. */
  site: string;
  digestHours: number;
  windowMs: number;
}

/** The news a mail (or a push) tells, one line per notification type and conversation (a conversation's messages are one line with their count). */
export function newsLines(language: Language, rows: TakenDelivery[]): { text: Message; path: string }[] {
  const groups = new Map<string, TakenDelivery[]>();
  for (const row of rows) {
    const key = `${row.type}:${row.conversation_id ?? `d${row.id}`}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups.values()].map((group) => {
    const last = group.at(-1)!;
    const status = last.support_status;
    const actors = [...new Set(group.map((r) => r.actor_username).filter((a): a is string => a !== null))];
    const values = {
      count: group.length,
      actor: actors.length > 0 ? actors.join(', ') : translate(language, TEXT.someone),
      title: last.item_title ?? '',
      status:
        status !== null && Object.prototype.hasOwnProperty.call(SUPPORT_STATUS_LABEL, status)
          ? translate(language, SUPPORT_STATUS_LABEL[status as keyof typeof SUPPORT_STATUS_LABEL])
          : (status ?? ''),
    };
    return {
      text: { id: ENTRY[last.type], values },
      path: notificationPath({
        type: last.type,
        itemId: last.item_id,
        conversationId: last.conversation_id,
        supportRequestId: last.support_request_id,
      }),
    };
  });
}

export function emailChannel(opts: EmailChannelOptions): NotificationChannel {
  const { db, site } = opts;

  async function send(delivery: DeliveryRow, to: string, language: string | null, rows: TakenDelivery[], digest: boolean) {
    const news = newsLines(
      languageOrUndefined(language) ?? DEFAULT_LANGUAGE,
      rows.filter((r) => r.status === 'sent'),
    );
    const first = news[0];
    if (!first) return;
    const unsubscribe = await unsubscribeLinks(db, site, delivery.userId, digest ? DIGEST_TOPIC : notificationTopic(delivery.type));
    const common = { to, language, site, unsubscribe };
    await opts.mail.send(
      digest
        ? composeMail({
            ...common,
            subject: { id: TEXT.digestSubject, values: { count: rows.length } },
            paragraphs: [TEXT.digestIntro],
            list: news.map((n) => ({ text: n.text, url: `${site}${n.path}` })),
            action: { label: TEXT.open, url: `${site}/notifications` },
          })
        : composeMail({
            ...common,
            subject: first.text,
            paragraphs: news.map((n) => n.text),
            action: { label: TEXT.open, url: `${site}${first.path}` },
          }),
    );
  }

  return {
    name: 'email',
    async deliver(delivery) {
      // Already sent with another (coalesced by another worker's mail) while it waited here.
      if (!(await deliveryIsPending(db, delivery.id))) return { dropped: true };
      const recipient = await selectMailRecipient(db, delivery.userId);
      // No verified address (none, not yet confirmed, or removed since): nothing to send, now or later.
      if (!recipient?.email || !recipient.verified) return { dropped: true };

      let scope: Parameters<typeof takeDeliveries>[2] = 'one';
      if (delivery.mode === 'daily') {
        const due = await digestDueAt(db, delivery.userId, opts.digestHours);
        if (due.getTime() > Date.now()) return { later: due };
        scope = 'digest';
      } else if (delivery.conversationId !== null && (CONVERSATION_TYPES as readonly string[]).includes(delivery.type)) {
        // A burst is one mail: the first news about a conversation waits out the window (ten messages
        // in five minutes send one e-mail), and everything that came meanwhile goes with it.
        const due = await conversationMailDueAt(db, delivery.userId, delivery.conversationId, opts.windowMs);
        if (due.getTime() > Date.now()) return { later: due };
        scope = { conversationId: delivery.conversationId };
      }
      const rows = await takeDeliveries(db, delivery, scope);
      if (rows.length === 0) return { dropped: true };
      try {
        await send(delivery, recipient.email, recipient.language, rows, scope === 'digest');
      } catch (err) {
        // Back to waiting, all of them: this one is retried by the worker and takes the others along again.
        await releaseDeliveries(
          db,
          rows.filter((r) => r.status === 'sent').map((r) => r.id),
          opts.windowMs,
        );
        throw err;
      }
    },
  };
}

/** Registers the e-mail channel with this process's worker, and each notification type's unsubscribe topic. */
export function registerEmailChannel(app: FastifyInstance): void {
  const { digestHours, emailWindowMs } = app.config.notifications;
  app.notifications.registerChannel(
    emailChannel({ db: app.db, mail: app.mail, site: siteOrigin(app), digestHours, windowMs: emailWindowMs }),
  );
  for (const type of NOTIFICATION_TYPES) {
    app.unsubscribeTopics.set(notificationTopic(type), (db, userId) =>
      upsertPreferences(db, userId, [{ type, channel: 'email', mode: 'off' }]),
    );
  }
  app.unsubscribeTopics.set(DIGEST_TOPIC, async (db, userId) => {
    const daily: NotificationType[] = [];
    for (const type of NOTIFICATION_TYPES) if ((await preferencesFor(db, userId, type)).email === 'daily') daily.push(type);
    await upsertPreferences(
      db,
      userId,
      daily.map((type) => ({ type, channel: 'email', mode: 'off' })),
    );
  });
}
