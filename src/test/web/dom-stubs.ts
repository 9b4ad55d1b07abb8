import { vi } from 'vitest';

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}

/**
 * What jsdom lacks and Radix (Select, Dialog, Popover, Tooltip) or the app's hooks call:
 * ResizeObserver, pointer capture, scrollIntoView, and a matchMedia that matches nothing (a
 * desktop browser). Installed once per test file by src/test/web-setup.ts; vi.stubGlobal in a test
 * replaces one, and vi.unstubAllGlobals() brings these back.
 */
export function installDomStubs(): void {
  globalThis.ResizeObserver ??= ResizeObserverStub;
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.setPointerCapture ??= () => {};
  Element.prototype.releasePointerCapture ??= () => {};
  Element.prototype.scrollIntoView ??= () => {};
  window.matchMedia ??= (query: string) => mediaQueryList(query, false);
}

function mediaQueryList(query: string, matches: boolean): MediaQueryList {
  return {
    matches,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  };
}

/** matchMedia answering `matches(query)`, e.g. a phone: `stubMatchMedia((q) => q.includes('max-width'))`. */
export function stubMatchMedia(matches: (query: string) => boolean): void {
  vi.stubGlobal('matchMedia', (query: string) => mediaQueryList(query, matches(query)));
}

/** A controllable IntersectionObserver: `intersect()` reports every observed element as in view. */
export function stubIntersectionObserver() {
  const observers = new Set<{ cb: IntersectionObserverCallback; els: Element[] }>();
  class IntersectionObserverStub {
    private entry: { cb: IntersectionObserverCallback; els: Element[] };
    constructor(cb: IntersectionObserverCallback) {
      this.entry = { cb, els: [] };
      observers.add(this.entry);
    }
    observe(el: Element) {
      this.entry.els.push(el);
    }
    unobserve() {}
    disconnect() {
      observers.delete(this.entry);
    }
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', IntersectionObserverStub);
  return {
    intersect(isIntersecting = true) {
      for (const o of observers)
        o.cb(
          o.els.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry),
          {} as IntersectionObserver,
        );
    },
  };
}
