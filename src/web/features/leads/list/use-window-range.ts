import { useCallback, useLayoutEffect, useRef, useState } from 'react';

interface Options {
  /** Row height before the first row is measured. */
  estimate: number;
  /** Rows rendered beyond each edge of the viewport. */
  overscan?: number;
}

export interface WindowRange {
  start: number;
  end: number;
}

/** Which of `count` equal-height rows the viewport shows (a windowing range; nothing outside a few screens is rendered). */
export function computeRange(
  count: number,
  listTop: number,
  viewportHeight: number,
  rowHeight: number,
  overscan: number,
): WindowRange {
  const first = Math.floor(Math.max(0, -listTop) / rowHeight);
  const visible = Math.ceil(Math.max(0, viewportHeight) / rowHeight) + 1;
  return { start: Math.min(count, Math.max(0, first - overscan)), end: Math.min(count, first + visible + overscan) };
}

/**
 * Windowing against the page's own scroll (the admin shell scrolls the document): the list keeps
 * only the rows near the viewport in the DOM, so 100,000 loaded leads scroll like 50. Rows must
 * share one height (single-line cells); the first rendered row is measured to learn it.
 */
export function useWindowRange<E extends HTMLElement>(count: number, { estimate, overscan = 12 }: Options) {
  const listRef = useRef<E>(null);
  const [rowHeight, setRowHeight] = useState(estimate);
  const [range, setRange] = useState<WindowRange>(() =>
    computeRange(count, 0, typeof window === 'undefined' ? 800 : window.innerHeight, estimate, overscan),
  );

  useLayoutEffect(() => {
    const update = () => {
      const top = listRef.current?.getBoundingClientRect().top ?? 0;
      const next = computeRange(count, top, window.innerHeight, rowHeight, overscan);
      setRange((prev) => (prev.start === next.start && prev.end === next.end ? prev : next));
    };
    update();
    // Capture: scrolls of any ancestor reach the window listener too (scroll does not bubble).
    window.addEventListener('scroll', update, { passive: true, capture: true });
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update, { capture: true });
      window.removeEventListener('resize', update);
    };
  }, [count, rowHeight, overscan]);

  const measureRef = useCallback((el: HTMLElement | null) => {
    const height = el?.getBoundingClientRect().height ?? 0;
    if (height > 0) setRowHeight((prev) => (Math.abs(prev - height) > 0.5 ? height : prev));
  }, []);

  return {
    listRef,
    range,
    measureRef,
    padTop: range.start * rowHeight,
    padBottom: Math.max(0, count - range.end) * rowHeight,
  };
}
