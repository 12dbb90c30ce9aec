// This device's Web Push subscription (docs/decisions/020-web-push.md): whether the browser can do
// push at all, whether this device has it on, and turning it on (the permission is asked only then)
// or off. The service worker shows what arrives.
import { ApiError, apiJson, apiRequest } from '@/lib/request';
import { PUSH_ENDPOINT_TAKEN } from '#shared/push.js';

/** Push needs a service worker and the Push API (not every browser; iOS only once installed). */
export const pushSupported = (): boolean =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The VAPID public key (base64url) as the bytes PushManager.subscribe wants. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

/** The service worker's registration, once active; none (no worker on this page) is an error. */
async function registration(): Promise<ServiceWorkerRegistration> {
  if (!(await navigator.serviceWorker.getRegistration())) throw new Error('no service worker');
  const late = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the service worker did not start')), 10_000));
  return Promise.race([navigator.serviceWorker.ready, late]);
}

/** Whether this device is subscribed now. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  return (await registration()).pushManager.getSubscription();
}

export class PushBlockedError extends Error {}

/** Whether the server refused the subscription because another account here holds it (a shared browser). */
function takenByAnotherAccount(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 409) return false;
  try {
    return (JSON.parse(error.body) as { code?: unknown }).code === PUSH_ENDPOINT_TAKEN;
  } catch {
    return false;
  }
}

/**
 * Asks for permission (on the person's click), subscribes with the site's key and tells the server.
 * A subscription another account made in this browser stays that account's (the server refuses to
 * move it): this browser then ends it and makes a new one, so its news stop coming here.
 */
export async function turnPushOn(): Promise<void> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushBlockedError(permission);
  const { publicKey } = await apiJson<{ publicKey: string }>('GET', '/api/push/key');
  const reg = await registration();
  const subscribeAnew = () => reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
  const subscription = (await reg.pushManager.getSubscription()) ?? (await subscribeAnew());
  try {
    await apiJson('POST', '/api/me/push-subscriptions', subscription.toJSON());
  } catch (error) {
    if (!takenByAnotherAccount(error)) throw error;
    await subscription.unsubscribe();
    await apiJson('POST', '/api/me/push-subscriptions', (await subscribeAnew()).toJSON());
  }
}

/** Tells the server first (so nothing more is sent here), then ends the browser's subscription. */
export async function turnPushOff(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await apiRequest('DELETE', '/api/me/push-subscriptions', { endpoint: subscription.endpoint }).catch(() => undefined);
  await subscription.unsubscribe();
}
