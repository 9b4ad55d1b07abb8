import { vi } from 'vitest';
import type { LeadListItem, LeadListResponse } from '#shared/schemas/leads.ts';

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export function listItem(overrides: Partial<LeadListItem> = {}): LeadListItem {
  return {
    id: 1,
    reference: 'L10001',
    firstName: 'Maria',
    lastName: 'Silva',
    email: 'maria@example.com',
    phone: null,
    vehicleMake: 'BMW',
    vehicleModel: 'X5',
    vehicleYear: 2020,
    budget: '25000.00',
    status: 'requested',
    emailSource: 'geral',
    origin: 'manual',
    starred: false,
    seen: true,
    lastInteractionAt: '2026-11-21T10:00:00.000Z',
    createdAt: '2026-11-21T10:00:00.000Z',
    ...overrides,
  };
}

export const page = (items: LeadListItem[], extra: Partial<LeadListResponse> = {}): LeadListResponse => ({
  items,
  total: items.length,
  capped: false,
  nextCursor: null,
  hidden: null,
  ...extra,
});

export interface Call {
  method: string;
  url: URL;
}

/** fetch stubbed by a handler; every call recorded with its parsed URL. */
export function stubFetch(handler: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = { method: init?.method ?? 'GET', url: new URL(String(input), 'http://localhost') };
      calls.push(call);
      return handler(call);
    }),
  );
  return calls;
}

/** A controllable IntersectionObserver: `intersect()` reports every observed element as in view. */
export function stubIntersectionObserver() {
  const observers = new Set<{ cb: IntersectionObserverCallback; els: Element[] }>();
  class IO {
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
  vi.stubGlobal('IntersectionObserver', IO);
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

export function stubResizeObserver() {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  vi.stubGlobal('ResizeObserver', ResizeObserverStub);
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
  Element.prototype.scrollIntoView ??= () => {};
}
