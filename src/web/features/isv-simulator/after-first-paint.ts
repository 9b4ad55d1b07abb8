/**
 * Calls `run` once the page's first text or image has been presented (the first-contentful-paint
 * entry, already there after an in-app navigation), or after `maxWaitMs` at most. Returns a
 * cancel function. Used to fetch what is below the heading only once the heading shows.
 */
export function afterFirstContentfulPaint(run: () => void, maxWaitMs = 1_000): () => void {
  let done = false;
  let observer: PerformanceObserver | null = null;
  const fire = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    clearTimeout(fallback);
    run();
  };
  const fallback = setTimeout(fire, typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint') ? 0 : maxWaitMs);
  if (typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length) fire();
    });
    observer.observe({ type: 'paint', buffered: true });
  }
  return () => {
    done = true;
    observer?.disconnect();
    clearTimeout(fallback);
  };
}
