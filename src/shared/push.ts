// The contract of Web Push subscriptions (docs/decisions/020-web-push.md): the site's public VAPID
// key for the browser's PushManager.subscribe, and a device's subscription added or removed.
import { z } from 'zod';
import type { MessageId } from './i18n.js';

export const PUSH_MSG = {
  off: 'notifications.push.api.off',
  endpointInvalid: 'notifications.push.api.endpointInvalid',
  keysInvalid: 'notifications.push.api.keysInvalid',
  notFound: 'notifications.push.api.notFound',
  endpointTaken: 'notifications.push.api.endpointTaken',
} as const satisfies Record<string, MessageId>;

/** The `code` of the 409 for an endpoint another account holds: the browser then makes a new subscription. */
export const PUSH_ENDPOINT_TAKEN = 'push_endpoint_taken';

/** The longest endpoint URL taken (push services' are a few hundred characters). */
const PUSH_ENDPOINT_MAX = 2048;
/** Devices one account keeps subscribed: a new one past it replaces the oldest. */
export const PUSH_DEVICES_MAX = 20;

const endpointSchema = z
  .string({ error: PUSH_MSG.endpointInvalid })
  .max(PUSH_ENDPOINT_MAX, PUSH_MSG.endpointInvalid)
  .pipe(z.url({ protocol: /^https?$/, error: PUSH_MSG.endpointInvalid }));

/** PushSubscription.toJSON() as browsers give it: the keys base64url, p256dh a P-256 point (65 bytes), auth 16 bytes. */
export const pushSubscriptionSchema = z.object({
  endpoint: endpointSchema,
  keys: z.object(
    {
      p256dh: z.string({ error: PUSH_MSG.keysInvalid }).regex(/^[A-Za-z0-9_-]{86,87}={0,1}$/, PUSH_MSG.keysInvalid),
      auth: z.string({ error: PUSH_MSG.keysInvalid }).regex(/^[A-Za-z0-9_-]{22}(==)?$/, PUSH_MSG.keysInvalid),
    },
    { error: PUSH_MSG.keysInvalid },
  ),
  expirationTime: z.number().nullable().optional(),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionSchema>;

export const removePushSubscriptionSchema = z.object({ endpoint: endpointSchema });

/** GET /api/push/key. */
export const pushKeySchema = z.object({ publicKey: z.string() });
