// Starts the service worker's registration once the page has loaded and the browser is idle, from
// a chunk of its own: the installable app adds nothing to what /browse needs first
// (scripts/bundle-budget.mjs). Only in the built app (the dev server has no worker).
export function registerWorkerWhenIdle(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => void import('./register-worker').then(({ registerWorker }) => registerWorker());
  const whenIdle = () => {
    if ('requestIdleCallback' in window) requestIdleCallback(register, { timeout: 5000 });
    else setTimeout(register, 1000);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
