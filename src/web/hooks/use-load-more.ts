import { useEffect, useRef, useState } from 'react';

/**
 * Calls `loadMore` while a sentinel element is within `margin` of the viewport and nothing is
 * loading. Re-checked after each page, because the observer only reports changes and the sentinel
 * can still be in range once a short page has arrived.
 */
export function useLoadMore({
  canLoad,
  loading,
  loadMore,
  margin = '800px',
  pages,
}: {
  canLoad: boolean;
  loading: boolean;
  loadMore: () => void;
  margin?: string;
  pages: number;
}) {
  const sentinelRef = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const el = sentinelRef.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => setNear(entries.some((e) => e.isIntersecting)), {
      rootMargin: `0px 0px ${margin} 0px`,
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [margin]);

  useEffect(() => {
    if (near && canLoad && !loading) loadMore();
  }, [near, canLoad, loading, loadMore, pages]);

  return sentinelRef;
}
