/// <reference lib="webworker" />
// The service worker (docs/decisions/019-service-worker.md), built by vite-plugin-pwa's
// injectManifest strategy: Workbox fills in `self.__WB_MANIFEST` with the built app shell. What
// it does, in order of the listeners below:
//   - precaches the app shell (scripts, styles, index.html, icons) and serves it cache-first;
//   - page navigations go to the network as before (the server's HTML carries the language, the
//     item's link-preview tags and the preloads); only when the network fails does the precached
//     index.html answer, so the app opens offline;
//   - GET /api/items (the lists) and GET /api/items/:id: network first with a short timeout, the
//     last answer kept, so the last viewed list and item pages open offline;
//   - item photos (/uploads/): cache first, at most IMAGE_ENTRIES of them;
//   - nothing else, and never a write: every other request goes to the network untouched.
// A new version waits until the page says SKIP_WAITING (the "new version, reload" prompt), so a
// page never runs half old, half new code.
//   - a push (docs/decisions/020-web-push.md) is shown as a notification; a click on it focuses the
//     tab already on its page, or opens one (or, where opening is not allowed, takes an open tab there).
//   - the share target (docs/decisions/026-share-target.md): the share sheet's POST of photos to
//     /share-target is answered here: the files are kept in Cache Storage and the page goes to Post
//     item, which takes them from there.
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import * as navigationPreload from 'workbox-navigation-preload';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';
import {
  API_CACHE,
  API_TIMEOUT_SECONDS,
  IMAGE_CACHE,
  IMAGE_ENTRIES,
  isCachedApiPath,
  isSessionChange,
  OFFLINE_COPY_HEADER,
  keepShared,
  readPush,
  SKIP_WAITING,
} from './rules';
import { SHARE_FILES_FIELD, SHARE_TARGET_PATH, SHARED_PHOTOS_CACHE, sharedPostItemPath } from '#shared/share-target.js';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === SKIP_WAITING) void self.skipWaiting();
});
// The first worker takes the open page at once (it has nothing older to replace); a later one
// only after the page asked for it (above), and the page then reloads.
clientsClaim();

// Only the files by their own names: '/' is a page the server writes per language, never the
// precached index.html while online (directoryIndex and cleanURLs off).
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();

// Signing in or out changes what the item answers say (an owner sees more): the kept answers go.
self.addEventListener('fetch', (event) => {
  if (isSessionChange(event.request.method, new URL(event.request.url))) event.waitUntil(caches.delete(API_CACHE));
});

// The share sheet's POST: the files wait in Cache Storage (a fresh cache per share, numbered in the
// order shared) for Post item; anything unreadable still leads there, saying the photos were lost.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname === SHARE_TARGET_PATH,
  async ({ request }) => {
    try {
      const form = await request.formData();
      const files = form.getAll(SHARE_FILES_FIELD).filter((value): value is File => typeof value !== 'string');
      const kept = keepShared(files, (file) => new File([], file.name, { type: file.type }));
      await caches.delete(SHARED_PHOTOS_CACHE);
      const cache = await caches.open(SHARED_PHOTOS_CACHE);
      await Promise.all(
        kept.map((file, index) =>
          cache.put(
            `/shared-photos/${index}`,
            new Response(file, {
              headers: { 'content-type': file.type || 'application/octet-stream', 'x-file-name': encodeURIComponent(file.name) },
            }),
          ),
        ),
      );
      return Response.redirect(sharedPostItemPath(kept.length > 0), 303);
    } catch {
      return Response.redirect(sharedPostItemPath(false), 303);
    }
  },
  'POST',
);

// A page's request starts while the worker starts, not after it (the network answers pages online).
navigationPreload.enable();
const network = new NetworkOnly();
/** index.html without its language: offline, the page takes the device's (cookie, browser). */
async function offlineShell(): Promise<Response> {
  const cached = await matchPrecache('index.html');
  if (!cached) return Response.error();
  const html = (await cached.text()).replace(/<html lang="[^"]*">/, '<html>');
  return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } });
}
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await network.handle(options);
      } catch {
        return offlineShell();
      }
    },
    // Not the API, the photos or the server's own pages: those are never the app.
    { denylist: [/^\/(api|uploads|healthz|readyz|metrics|unsubscribe)(\/|$)/] },
  ),
);

/** Marks a kept API answer as such (OFFLINE_COPY_HEADER): the page shows that it is offline. */
const markOfflineCopy = {
  cachedResponseWillBeUsed: async ({ cachedResponse }: { cachedResponse?: Response }) => {
    if (!cachedResponse) return cachedResponse;
    const headers = new Headers(cachedResponse.headers);
    headers.set(OFFLINE_COPY_HEADER, '1');
    return new Response(await cachedResponse.blob(), { status: cachedResponse.status, statusText: cachedResponse.statusText, headers });
  },
};

registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && isCachedApiPath(url.pathname),
  new NetworkFirst({
    cacheName: API_CACHE,
    networkTimeoutSeconds: API_TIMEOUT_SECONDS,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 50, maxAgeSeconds: 7 * 24 * 60 * 60, purgeOnQuotaError: true }),
      markOfflineCopy,
    ],
  }),
);

registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && url.pathname.startsWith('/uploads/'),
  new CacheFirst({
    cacheName: IMAGE_CACHE,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: IMAGE_ENTRIES, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
    ],
  }),
);

self.addEventListener('push', (event) => {
  let data: unknown;
  try {
    data = event.data?.json();
  } catch {
    data = undefined;
  }
  const message = readPush(data, self.location.origin);
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      // A conversation's next message replaces the last one and still tells the person.
      renotify: message.tag !== undefined,
      icon: '/icons/icon-192.png',
      data: { path: message.path },
    } as NotificationOptions),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = (event.notification.data as { path?: unknown } | null)?.path;
  const url = new URL(typeof path === 'string' && path.startsWith('/') ? path : '/notifications', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const there = windows.find((w) => w.url === url);
      if (there) return there.focus();
      const opened = await self.clients.openWindow(url).catch(() => null);
      if (opened) return opened;
      // Opening a window is allowed only on a real click: otherwise an open tab of the site goes there.
      const tab = windows.find((w) => w.url.startsWith(self.location.origin));
      return tab?.navigate(url).then((w) => w?.focus().catch(() => w));
    })(),
  );
});
