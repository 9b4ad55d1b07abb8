/**
 * Registers /sw.js. The page reloads when a new version takes control, or when the worker says
 * the cached app changed ('cache-updated'), so staff never work on a stale build.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const hadController = navigator.serviceWorker.controller !== null;
  let reloading = false;
  const reload = () => {
    if (reloading) return;
    reloading = true;
    window.location.reload();
  };
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (hadController) reload(); // the first install takes control silently
  });
  navigator.serviceWorker.addEventListener('message', (e: MessageEvent<{ type?: string }>) => {
    if (e.data?.type === 'cache-updated') reload();
  });
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      /* the app works without it */
    });
  };
  // The back office's code loads on demand (main.tsx), possibly after the page's load event.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register);
}
