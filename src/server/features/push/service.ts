// Web Push (docs/decisions/020-web-push.md): the site's VAPID keys, the devices people turn push on
// for, and the notification channel that sends to them through the `web-push` library (RFC 8291
// encryption, RFC 8292 VAPID). The browser side (service worker, Settings toggle) subscribes with
// the public key and hands the subscription to POST /api/me/push-subscriptions.
import { isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';
import webpush from 'web-push';
import { PRODUCT_NAME } from '../../../shared/constants.js';
import { DEFAULT_LANGUAGE, languageOrUndefined } from '../../../shared/i18n.js';
import { PUSH_DEVICES_MAX, PUSH_MSG, type PushSubscriptionBody } from '../../../shared/push.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { getSecret } from '../../db/secrets.js';
import { badRequest, notFound } from '../../errors.js';
import { translate } from '../../i18n.js';
import { siteOrigin } from '../../plugins/client.js';
import { newsLines } from '../notifications/email-channel.js';
import { selectDeliveryDetails } from '../notifications/service.js';
import type { NotificationChannel } from '../notifications/worker.js';
import { deleteOwnSubscription, deleteSubscriptions, hasSubscription, selectSubscriptions, upsertSubscription } from './repository.js';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The VAPID keys: from the configuration; else, outside production, a pair made on first start and
 * kept in the database (every process of the site signs with the same one); in production without
 * them, none: push is off.
 */
export async function vapidKeys(db: Db, config: Config): Promise<VapidKeys | undefined> {
  if (config.push.vapid) return config.push.vapid;
  if (config.env === 'production') return undefined;
  return JSON.parse(await getSecret(db, 'vapid', () => JSON.stringify(webpush.generateVAPIDKeys()))) as VapidKeys;
}

/**
 * Whether the server may send to this endpoint: only the push services configured (PUSH_ENDPOINT_HOSTS;
 * by default the browsers' own), over https, by name (never an address), so a subscription cannot
 * make the server call into its own network. An entry with a scheme is a whole origin (a local test
 * push service).
 */
export function endpointAllowed(endpoint: string, hosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return hosts.some((entry) => {
    if (entry.includes('://')) return url.origin === entry;
    if (url.protocol !== 'https:' || isIP(url.hostname.replace(/^\[|\]$/g, ''))) return false;
    const host = url.hostname.toLowerCase();
    const allowed = entry.toLowerCase();
    return host === allowed || host.endsWith(`.${allowed}`);
  });
}

/** Turns push on for this device (its subscription), for the signed-in user. */
export async function subscribe(db: Db, config: Config, userId: number, body: PushSubscriptionBody): Promise<void> {
  if (!(await vapidKeys(db, config))) throw notFound(PUSH_MSG.off);
  if (!endpointAllowed(body.endpoint, config.push.endpointHosts)) throw badRequest(PUSH_MSG.endpointInvalid);
  await upsertSubscription(db, userId, { endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth }, PUSH_DEVICES_MAX);
}

/** Turns push off for this device. */
export async function unsubscribe(db: Db, userId: number, endpoint: string): Promise<void> {
  if (!(await deleteOwnSubscription(db, userId, endpoint))) throw notFound(PUSH_MSG.notFound);
}

/** What the service worker gets in each push: shown as a notification; a click opens `url`. */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  /** Notifications with one tag replace each other: a conversation's messages are one on the phone. */
  tag: string;
}

const PUSH_TTL_SECONDS = 24 * 60 * 60;
const PUSH_TIMEOUT_MS = 10_000;

/**
 * One push to one device: web-push encrypts the payload (RFC 8291) and signs the request (VAPID,
 * RFC 8292); fetch sends it, with a time limit, so the transport is the app's (only to endpoints
 * endpointAllowed passed). Answers the push service's status.
 */
async function sendPush(
  device: { endpoint: string; p256dh: string; auth: string },
  payload: string,
  keys: VapidKeys,
  subject: string,
): Promise<number> {
  const request = webpush.generateRequestDetails(
    { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
    payload,
    {
      vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: PUSH_TTL_SECONDS,
      urgency: 'normal',
    },
  );
  const res = await fetch(request.endpoint, {
    method: 'POST',
    headers: Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)])),
    body: request.body ? new Uint8Array(request.body) : null,
    redirect: 'error',
    signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
  });
  await res.body?.cancel();
  return res.status;
}

/**
 * The push channel: each delivery goes to every device of the person at once (a conversation's
 * messages share a tag, so the phone shows the latest as one). A device the push service says is
 * gone (404, 410) is removed. It is retried (the worker's back-off) only when no device took it, so
 * a device that did never gets it twice.
 */
export function pushChannel(opts: {
  db: Db;
  config: Config;
  site: string;
  log?: { warn(obj: object, msg: string): void };
}): NotificationChannel {
  const { db, config, site } = opts;
  return {
    name: 'push',
    accepts: (tx, userId) => hasSubscription(tx, userId),
    async deliver(delivery) {
      const keys = await vapidKeys(db, config);
      const devices = (await selectSubscriptions(db, delivery.userId)).filter((d) =>
        endpointAllowed(d.endpoint, config.push.endpointHosts),
      );
      const details = await selectDeliveryDetails(db, delivery.id);
      if (!keys || devices.length === 0 || !details) return { dropped: true };
      const language = languageOrUndefined(details.language) ?? DEFAULT_LANGUAGE;
      const [line] = newsLines(language, [details]);
      if (!line) return { dropped: true };
      const payload: PushPayload = {
        title: PRODUCT_NAME,
        body: translate(language, line.text),
        url: `${site}${line.path}`,
        tag: details.conversation_id !== null ? `conversation-${details.conversation_id}` : `notification-${delivery.id}`,
      };
      let sent = 0;
      let failure: unknown;
      const gone: number[] = [];
      for (const device of devices) {
        try {
          const status = await sendPush(device, JSON.stringify(payload), keys, config.push.subject);
          if (status === 404 || status === 410) gone.push(device.id);
          else if (status >= 200 && status < 300) sent++;
          else throw new Error(`the push service answered ${status}`);
        } catch (err) {
          failure = err;
          opts.log?.warn({ err, delivery: delivery.id, device: device.id }, 'a push service refused a notification');
        }
      }
      await deleteSubscriptions(db, gone);
      if (sent === 0 && failure !== undefined)
        throw failure instanceof Error ? failure : new Error('the push service refused the notification');
      if (sent === 0) return { dropped: true };
    },
  };
}

/** Registers the push channel with this process's worker when push is set up (VAPID keys). */
export async function registerPushChannel(app: FastifyInstance): Promise<void> {
  if (!(await vapidKeys(app.db, app.config))) {
    app.log.warn('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not set: push notifications are off');
    return;
  }
  app.notifications.registerChannel(pushChannel({ db: app.db, config: app.config, site: siteOrigin(app), log: app.log }));
}
