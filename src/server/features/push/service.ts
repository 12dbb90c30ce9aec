// Web Push (docs/decisions/020-web-push.md): the site's VAPID keys, the devices people turn push on
// for, and the notification channel that sends to them through the `web-push` library (RFC 8291
// encryption, RFC 8292 VAPID). The browser side (service worker, Settings toggle) subscribes with
// the public key and hands the subscription to POST /api/me/push-subscriptions.
import { lookup, type LookupAddress, type LookupOptions } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, isIPv4 } from 'node:net';
import type { FastifyInstance } from 'fastify';
import webpush from 'web-push';
import { PRODUCT_NAME } from '#shared/constants.js';
import { DEFAULT_LANGUAGE, languageOrUndefined } from '#shared/i18n.js';
import { PUSH_DEVICES_MAX, PUSH_ENDPOINT_TAKEN, PUSH_MSG, type PushSubscriptionBody } from '#shared/push.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { getSecret } from '../../db/secrets.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import { translate } from '../../i18n.js';
import { canonicalAddress } from '../../plugins/client-address.js';
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
 * How the server may send to this endpoint, or null: never. Only to the push services configured
 * (PUSH_ENDPOINT_HOSTS; by default the browsers' own), over https on port 443, by name (never an
 * address, and at send time only to public addresses: pushLookup), so a subscription cannot make
 * the server call into its own network. An entry with a scheme is a whole origin (a local test push
 * service, outside production only); it is sent to as it is.
 */
function endpointRule(endpoint: string, hosts: readonly string[]): 'host' | 'origin' | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  if (hosts.some((entry) => entry.includes('://') && url.origin === entry)) return 'origin';
  // An https URL names no port only when it is 443 (the URL parser drops the default port).
  if (url.protocol !== 'https:' || url.port !== '' || isIP(url.hostname.replace(/^\[|\]$/g, ''))) return null;
  const host = url.hostname.toLowerCase();
  const named = hosts.some((entry) => {
    if (entry.includes('://')) return false;
    const allowed = entry.toLowerCase();
    return host === allowed || host.endsWith(`.${allowed}`);
  });
  return named ? 'host' : null;
}

/** Whether the server may send to this endpoint (endpointRule). */
export const endpointAllowed = (endpoint: string, hosts: readonly string[]): boolean => endpointRule(endpoint, hosts) !== null;

// Where a push never goes, whatever a push service's name resolves to: this host, private and
// shared networks, link-local (cloud metadata), multicast, reserved and documentation ranges, and
// the IPv6 ranges that carry an IPv4 address inside (NAT64, 6to4, Teredo, IPv4-compatible).
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 96],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001::', 32],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');

/** Whether an address is one the server may send a push to (IPv4 mapped into IPv6 is judged as IPv4). */
export function isPublicAddress(address: string): boolean {
  const canonical = canonicalAddress(address);
  if (!isIP(canonical)) return false;
  return !NOT_PUBLIC.check(canonical, isIPv4(canonical) ? 'ipv4' : 'ipv6');
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * The name lookup of a push's connection: it answers only public addresses, so the connection goes
 * to the address checked (no second lookup a name could answer differently).
 */
export function pushLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused || addresses.length === 0) {
      const problem = new Error(`push: ${hostname} resolves to ${refused?.address ?? 'no address'}, not a public address`);
      return callback(Object.assign(problem, { code: 'EPUSHADDRESS' }), []);
    }
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
}

/** The endpoint as one string (browsers give it so already): another spelling of the URL, or a fragment (never sent), is the same endpoint. */
function canonicalEndpoint(endpoint: string): string {
  const url = new URL(endpoint);
  url.hash = '';
  return url.href;
}

/**
 * Turns push on for this device (its subscription), for the signed-in user. An endpoint another
 * account holds is refused (409), not moved: anyone who learnt it could otherwise take that
 * account's device (its notifications stop, the newcomer's go there). Keeping one row per account
 * and endpoint would be no better: a shared browser would keep getting the first account's news
 * after it signed out. The browser answers a 409 with a new subscription of its own, so turning
 * push on still works for the next person on a shared device.
 */
export async function subscribe(db: Db, config: Config, userId: number, body: PushSubscriptionBody): Promise<void> {
  if (!(await vapidKeys(db, config))) throw notFound(PUSH_MSG.off);
  if (!endpointAllowed(body.endpoint, config.push.endpointHosts)) throw badRequest(PUSH_MSG.endpointInvalid);
  const device = { endpoint: canonicalEndpoint(body.endpoint), p256dh: body.keys.p256dh, auth: body.keys.auth };
  if (!(await upsertSubscription(db, userId, device, PUSH_DEVICES_MAX))) {
    throw new AppError(409, PUSH_MSG.endpointTaken, { code: PUSH_ENDPOINT_TAKEN });
  }
}

/** Turns push off for this device. */
export async function unsubscribe(db: Db, userId: number, endpoint: string): Promise<void> {
  if (!(await deleteOwnSubscription(db, userId, canonicalEndpoint(endpoint)))) throw notFound(PUSH_MSG.notFound);
}

/** What the service worker gets in each push: shown as a notification; a click opens `url`. */
interface PushPayload {
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
 * RFC 8292); the app sends it itself, with a time limit and no redirects, only to endpoints
 * endpointRule passed and, for a push service named by host, only to public addresses
 * (pushLookup). Answers the push service's status.
 */
async function sendPush(
  device: { endpoint: string; p256dh: string; auth: string },
  payload: string,
  keys: VapidKeys,
  subject: string,
  rule: 'host' | 'origin',
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
  const url = new URL(request.endpoint);
  return new Promise<number>((resolve, reject) => {
    const send = url.protocol === 'https:' ? https.request : http.request;
    const req = send(
      url,
      {
        method: 'POST',
        headers: Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)])),
        ...(rule === 'host' ? { lookup: pushLookup } : {}),
        signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end(request.body ? Buffer.from(request.body) : undefined);
  });
}

/**
 * The push channel: each delivery goes to every device of the person at once (a conversation's
 * messages share a tag, so the phone shows the latest as one). A device the push service says is
 * gone (404, 410) is removed. It is retried (the worker's back-off) only when no device took it, so
 * a device that did never gets it twice.
 */
function pushChannel(opts: { db: Db; config: Config; site: string; log?: { warn(obj: object, msg: string): void } }): NotificationChannel {
  const { db, config, site } = opts;
  return {
    name: 'push',
    accepts: (tx, userId) => hasSubscription(tx, userId),
    async deliver(delivery) {
      const keys = await vapidKeys(db, config);
      const devices = (await selectSubscriptions(db, delivery.userId)).flatMap((d) => {
        const rule = endpointRule(d.endpoint, config.push.endpointHosts);
        return rule ? [{ ...d, rule }] : [];
      });
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
          const status = await sendPush(device, JSON.stringify(payload), keys, config.push.subject, device.rule);
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
