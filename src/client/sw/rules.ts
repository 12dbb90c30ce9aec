// What the service worker keeps (docs/decisions/019-service-worker.md), shared with the page and
// its tests: plain functions, no Workbox.
import { MAX_IMAGES, PRODUCT_NAME } from '#shared/constants.js';

/** The page asks a waiting new worker to take over with this message ("new version, reload"). */
export const SKIP_WAITING = 'SKIP_WAITING';
/** Set on an API answer the worker took from its cache, not the network: the page then says it is offline. */
export const OFFLINE_COPY_HEADER = 'x-offline-copy';
/** The kept API answers: the item lists and single items. */
export const API_CACHE = 'api-items';
/** The kept item photos. */
export const IMAGE_CACHE = 'item-photos';
/** How many photos are kept (the oldest used goes first). */
export const IMAGE_ENTRIES = 200;
/** How long an API read waits for the network before the kept answer is used. */
export const API_TIMEOUT_SECONDS = 4;

/** GET answers kept for offline use: the item lists (/api/items) and one item (/api/items/:id). Nothing per person. */
export function isCachedApiPath(pathname: string): boolean {
  return pathname === '/api/items' || /^\/api\/items\/[1-9]\d{0,8}$/.test(pathname);
}

/** A request that signs in or out: the kept item answers (an owner's view holds more) are dropped. */
export function isSessionChange(method: string, url: URL): boolean {
  return method === 'POST' && /^\/api\/(login|register|logout)$/.test(url.pathname);
}

/** A push as the server sends it (features/push/service.ts PushPayload), read defensively: a bad one still shows the site's name. */
export interface PushMessage {
  title: string;
  body: string;
  /** Where a click leads: always a path on this site. */
  path: string;
  tag: string | undefined;
}

export function readPush(data: unknown, origin: string): PushMessage {
  const d = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  const text = (v: unknown, max: number) => (typeof v === 'string' ? v.slice(0, max) : '');
  let path = '/notifications';
  if (typeof d.url === 'string') {
    try {
      // Only the path: a click opens this site, whatever origin the server wrote (PUBLIC_URL).
      const url = new URL(d.url, origin);
      if (url.protocol === 'https:' || url.protocol === 'http:') path = `${url.pathname}${url.search}`;
    } catch {
      // keep /notifications
    }
  }
  return { title: text(d.title, 100) || PRODUCT_NAME, body: text(d.body, 500), path, tag: text(d.tag, 100) || undefined };
}

/**
 * Which shared files the worker keeps for Post item: images up to one more than fit (so the form
 * says that only MAX_IMAGES were taken) and the first other file, emptied (so the form says it is
 * not an image, without keeping a large video). Post item then treats them as if they were chosen.
 */
export function keepShared<F extends { type: string }>(files: readonly F[], empty: (file: F) => F): F[] {
  const images = files.filter((f) => f.type.toLowerCase().startsWith('image/')).slice(0, MAX_IMAGES + 1);
  const other = files.find((f) => !f.type.toLowerCase().startsWith('image/'));
  return other ? [...images, empty(other)] : images;
}
