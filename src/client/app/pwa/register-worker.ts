/// <reference types="vite-plugin-pwa/client" />
// Registers the service worker (src/client/sw/sw.ts) through vite-plugin-pwa's helper, which uses
// workbox-window. Loaded lazily once the page has loaded (schedule.ts): not part of the first load.
import { registerSW } from 'virtual:pwa-register';
import { offerUpdate } from './update-state';

/** How often an open page asks the server for a newer worker (besides each navigation). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

export function registerWorker(): void {
  const updateWorker = registerSW({
    immediate: true,
    // A new version is installed and waits: the page asks the person (never swaps code under them).
    // Applying it tells the waiting worker to take over, and the page reloads once it has. The
    // reload is ours, not the helper's: the helper skips it when the page had no worker at its
    // start (a first visit that meets a new version), which would leave it half old, half new.
    onNeedRefresh: () =>
      offerUpdate(async () => {
        navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
        await updateWorker(true);
      }),
    onNeedReload: () => undefined,
    onRegisteredSW: (_url, registration) => {
      if (!registration) return;
      setInterval(() => {
        if (navigator.onLine) void registration.update().catch(() => undefined);
      }, UPDATE_CHECK_MS);
    },
    onRegisterError: (error: unknown) => console.error('The service worker could not be registered', error),
  });
}
